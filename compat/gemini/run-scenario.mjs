// Runs one scenario in the real Gemini CLI against the stand-in model and writes what was observed.
//   node run-scenario.mjs SCENARIO_DIR --out DIR [--hookwire 'node /path/to/dist/hookwire.cjs']
// Without --hookwire the scenario's hooks are Gemini's own (native.json, in Gemini's format, as the project's
// .gemini/settings.json). With it, the scenario's hooks.json (Claude Code's format) is the project's
// .hookwire/hooks.json, trusted with `hookwire trust`, and `hookwire init gemini --trust-folder` installs
// hookwire into the project's .gemini/settings.json. Either way the project is a folder Gemini trusts (the
// native run writes trustedFolders.json itself). GEMINI_BIN names the gemini executable.
import { spawn, spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { out: { type: 'string' }, hookwire: { type: 'string' } },
});
const scenario = resolve(positionals[0]);
const out = resolve(values.out ?? mkdtempSync(join(tmpdir(), 'gemini-compat-')));
const gemini = process.env.GEMINI_BIN ?? 'gemini';
const work = mkdtempSync(join(tmpdir(), 'gemini-work-'));
const home = join(work, 'home');
const project = join(work, 'project');
const state = join(work, 'hookwire-state');
for (const directory of [join(home, '.gemini'), project, state, out])
  mkdirSync(directory, { recursive: true });
const fill = (text) => text.replaceAll('{{HOOKS}}', join(work, 'hooks')).replaceAll('{{WORK}}', work);
mkdirSync(join(work, 'hooks'));
for (const name of readdirSync(join(scenario, 'hooks'))) {
  writeFileSync(join(work, 'hooks', name), fill(readFileSync(join(scenario, 'hooks', name), 'utf8')), {
    mode: 0o755,
  });
}
const meta = JSON.parse(readFileSync(join(scenario, 'scenario.json'), 'utf8'));
writeFileSync(join(work, 'script.json'), fill(readFileSync(join(scenario, 'script.json'), 'utf8')));

const log = join(work, 'requests.jsonl');
const portFile = join(work, 'port');
const standIn = spawn(
  process.execPath,
  [join(import.meta.dirname, 'stand-in-gemini.mjs'), join(work, 'script.json'), log, portFile],
  { stdio: 'inherit' },
);
while (!existsSync(portFile)) await new Promise((done) => setTimeout(done, 20));
const port = readFileSync(portFile, 'utf8');
writeFileSync(
  join(home, '.gemini', 'settings.json'),
  `${JSON.stringify({ security: { auth: { selectedType: 'gemini-api-key' } } }, null, 2)}\n`,
);

const env = {
  ...process.env,
  HOME: home,
  GEMINI_API_KEY: 'stand-in',
  GOOGLE_GEMINI_BASE_URL: `http://127.0.0.1:${port}`,
  HOOKWIRE_STATE_DIR: state,
};
delete env.CLAUDE_PROJECT_DIR;
delete env.GEMINI_CLI_HOME;
if (values.hookwire === undefined) {
  const hooks = JSON.parse(fill(readFileSync(join(scenario, 'native.json'), 'utf8')));
  mkdirSync(join(project, '.gemini'));
  writeFileSync(join(project, '.gemini', 'settings.json'), `${JSON.stringify({ hooks }, null, 2)}\n`);
  writeFileSync(
    join(home, '.gemini', 'trustedFolders.json'),
    `${JSON.stringify({ [project]: 'TRUST_FOLDER' }, null, 2)}\n`,
  );
} else {
  mkdirSync(join(project, '.hookwire'));
  writeFileSync(
    join(project, '.hookwire', 'hooks.json'),
    fill(readFileSync(join(scenario, 'hooks.json'), 'utf8')),
  );
  const setup = (args) => {
    const result = spawnSync('sh', ['-c', `${values.hookwire} ${args}`], {
      cwd: project,
      env,
      encoding: 'utf8',
    });
    if (result.status !== 0) throw new Error(`${args}: ${result.stderr}`);
  };
  setup('trust --project . --settings .hookwire/hooks.json --yes');
  setup(`init gemini --trust-folder --hookwire ${JSON.stringify(values.hookwire)}`);
}
const run = spawnSync(gemini, ['--yolo', '-p', meta.prompt], {
  cwd: project,
  env,
  encoding: 'utf8',
  timeout: 120_000,
});
standIn.kill();

const normalize = (text) =>
  text
    .replaceAll(work, '<WORK>')
    .replace(/Process Group PGID: \d+/g, 'Process Group PGID: <PGID>')
    .replace(/run_shell_command_\d+_\d+/g, 'run_shell_command_<ID>')
    .replace(/total duration: \d+ms/g, 'total duration: <N>ms')
    // Gemini names the hook it ran: the scenario's command natively, `hookwire` (its entry's name) otherwise.
    .replace(/(succeeded, \d+ failed) \([^)]*\)/g, '$1 (<HOOK>)')
    .replace(/Hook\(s\) \[[^\]]*\]/g, 'Hook(s) [<HOOK>]');
const seen = new Set();
const modelSaw = [];
const requests = existsSync(log) ? readFileSync(log, 'utf8') : '';
const streamed = requests
  .split('\n')
  .filter(Boolean)
  .map((line) => JSON.parse(line))
  .filter((request) => request.streaming);
for (const request of streamed) {
  for (const content of request.body?.contents ?? []) {
    for (const part of content.parts ?? []) {
      const text =
        part.text !== undefined
          ? `${content.role}: ${part.text}`
          : part.functionCall !== undefined
            ? `call: ${part.functionCall.name} ${JSON.stringify(part.functionCall.args)}`
            : part.functionResponse !== undefined
              ? `tool output: ${JSON.stringify(part.functionResponse.response)}`
              : undefined;
      // Gemini's own session context is the same in both modes and says nothing of hooks.
      if (text === undefined || text.startsWith('user: <session_context>')) continue;
      const shown = normalize(text);
      if (seen.has(shown)) continue;
      seen.add(shown);
      modelSaw.push(shown);
    }
  }
}
// What the user was shown: the answer on stdout and Gemini's lines on stderr, without its start-up notices
// (the same in both modes) and the first-run notice of project hooks, which lists each mode's own commands.
const noise =
  /^(YOLO mode is enabled|Warning: 256-color|Ripgrep is not available|Approval mode overridden|Loaded cached credentials|\[Routing\]|\[STARTUP\]|\s+at |\s*$)/;
let inHookNotice = false;
const userSaw = [];
for (const line of `${run.stdout}\n${run.stderr}`.split('\n')) {
  if (line.startsWith('WARNING: The following project-level hooks')) inHookNotice = true;
  if (inHookNotice) {
    if (line.startsWith('please review the project settings')) inHookNotice = false;
    continue;
  }
  if (!noise.test(line)) userSaw.push(normalize(line));
}
const ran = join(work, 'ran.txt');
const observed = {
  scenario: meta.name,
  mode: values.hookwire === undefined ? 'native' : 'hookwire',
  exitCode: run.status,
  toolRan: existsSync(ran) ? readFileSync(ran, 'utf8') : null,
  modelRequests: streamed.length,
  modelSaw,
  userSaw,
};
writeFileSync(join(out, 'observed.json'), `${JSON.stringify(observed, null, 2)}\n`);
writeFileSync(join(out, 'gemini-output.txt'), `${run.stdout}\n--- stderr\n${run.stderr}`);
console.log(join(out, 'observed.json'));
rmSync(work, { recursive: true, force: true });
