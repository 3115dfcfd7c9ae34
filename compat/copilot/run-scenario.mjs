// Runs one scenario in the real GitHub Copilot CLI (`copilot -p`) against the stand-in model and writes what
// was observed.
//   node run-scenario.mjs SCENARIO_DIR --out DIR [--hookwire 'node /path/to/dist/hookwire.cjs']
// Without --hookwire the scenario's hooks are Copilot's own: copilot-hooks.json (Copilot's format and output
// shapes) as a user hooks file, $COPILOT_HOME/hooks/scenario.json. With it, the same hooks in Claude Code's
// shape (hooks.json) are the project's .hookwire/hooks.json, trusted with `hookwire trust`, and `hookwire
// init copilot` installs hookwire into Copilot. COPILOT_BIN names the copilot executable.
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
const out = resolve(values.out ?? mkdtempSync(join(tmpdir(), 'copilot-compat-')));
const copilot = process.env.COPILOT_BIN ?? 'copilot';
const work = mkdtempSync(join(tmpdir(), 'copilot-work-'));
const home = join(work, 'home');
const project = join(work, 'project');
const state = join(work, 'hookwire-state');
for (const directory of [home, project, state, out]) mkdirSync(directory, { recursive: true });
spawnSync('git', ['init', '-q', project]);
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
  [join(import.meta.dirname, 'stand-in-chat.mjs'), join(work, 'script.json'), log, portFile],
  { stdio: 'inherit' },
);
while (!existsSync(portFile)) await new Promise((done) => setTimeout(done, 20));
const port = readFileSync(portFile, 'utf8');

const env = {
  ...process.env,
  COPILOT_HOME: home,
  COPILOT_OFFLINE: 'true',
  COPILOT_PROVIDER_BASE_URL: `http://127.0.0.1:${port}/v1`,
  COPILOT_MODEL: 'stand-in',
  COPILOT_AUTO_UPDATE: 'false',
  HOOKWIRE_STATE_DIR: state,
};
delete env.CLAUDE_PROJECT_DIR;
if (values.hookwire === undefined) {
  mkdirSync(join(home, 'hooks'));
  writeFileSync(
    join(home, 'hooks', 'scenario.json'),
    fill(readFileSync(join(scenario, 'copilot-hooks.json'), 'utf8')),
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
  setup(`init copilot --hookwire ${JSON.stringify(values.hookwire)}`);
}
const run = spawnSync(copilot, ['-p', meta.prompt, '--allow-all-tools'], {
  cwd: project,
  env,
  encoding: 'utf8',
  timeout: 120_000,
});
standIn.kill();

// Run-specific text: the work directory, the clock Copilot puts in each prompt, the hooks file's name.
const normalize = (text) =>
  text
    .replaceAll(work, '<WORK>')
    .replace(/<current_datetime>[^<]*<\/current_datetime>/g, '<current_datetime/>')
    .replace(/hook from "[^"]*"/g, 'hook from "<hooks file>"');
const seen = new Set();
const modelSaw = [];
const requests = existsSync(log) ? readFileSync(log, 'utf8') : '';
const completions = requests
  .split('\n')
  .filter(Boolean)
  .map((line) => JSON.parse(line))
  .filter((entry) => entry.url.endsWith('/chat/completions'));
for (const { body } of completions) {
  // The first message is Copilot's system prompt: the same in both modes, and silent about hooks.
  for (const message of (body.messages ?? []).slice(1)) {
    const content =
      typeof message.content === 'string'
        ? message.content
        : (message.content ?? []).map((part) => part.text ?? '').join('');
    const calls = (message.tool_calls ?? []).map(
      (call) => ` [calls ${call.function.name} ${call.function.arguments}]`,
    );
    const shown = normalize(`${message.role}: ${content}${calls.join('')}`);
    if (seen.has(shown)) continue;
    seen.add(shown);
    modelSaw.push(shown);
  }
}
const userSaw = `${run.stdout}\n${run.stderr}`
  .split('\n')
  .filter((line) => line.trim() !== '' && !/^(Changes|Duration|Tokens|Resume) /.test(line))
  .map(normalize);
const ran = join(work, 'ran.txt');
const observed = {
  scenario: meta.name,
  mode: values.hookwire === undefined ? 'native' : 'hookwire',
  exitCode: run.status,
  toolRan: existsSync(ran) ? readFileSync(ran, 'utf8') : null,
  modelRequests: completions.length,
  modelSaw,
  userSaw,
};
writeFileSync(join(out, 'observed.json'), `${JSON.stringify(observed, null, 2)}\n`);
writeFileSync(join(out, 'copilot-output.txt'), `${run.stdout}\n--- stderr\n${run.stderr}`);
console.log(join(out, 'observed.json'));
rmSync(work, { recursive: true, force: true });
