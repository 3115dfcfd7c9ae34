// Runs one scenario in the real Qwen Code (`qwen -p`, on Node 22) against the stand-in model and writes what
// was observed.
//   node run-scenario.mjs SCENARIO_DIR --out DIR [--hookwire 'node /path/to/dist/hookwire.cjs']
// Without --hookwire the scenario's hooks (hooks.json, Claude Code's shape, which is also Qwen's) are Qwen's
// own, in $QWEN_HOME/settings.json, each `timeout` turned from seconds into Qwen's milliseconds. With it,
// the same hooks are the project's .hookwire/hooks.json, trusted with `hookwire trust`, and `hookwire init
// qwen` installs hookwire into Qwen. QWEN_BIN names the qwen executable, NODE22_BIN a Node 22 directory.
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
const out = resolve(values.out ?? mkdtempSync(join(tmpdir(), 'qwen-compat-')));
const qwen = process.env.QWEN_BIN ?? 'qwen';
const work = mkdtempSync(join(tmpdir(), 'qwen-work-'));
const home = join(work, 'home');
const qwenHome = join(home, '.qwen');
const project = join(work, 'project');
const state = join(work, 'hookwire-state');
for (const directory of [qwenHome, project, state, out]) mkdirSync(directory, { recursive: true });
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
const hooks = fill(readFileSync(join(scenario, 'hooks.json'), 'utf8'));

const log = join(work, 'requests.jsonl');
const portFile = join(work, 'port');
const standIn = spawn(
  process.execPath,
  [join(import.meta.dirname, '..', 'copilot', 'stand-in-chat.mjs'), join(work, 'script.json'), log, portFile],
  { stdio: 'inherit' },
);
while (!existsSync(portFile)) await new Promise((done) => setTimeout(done, 20));
const port = readFileSync(portFile, 'utf8');

const env = {
  ...process.env,
  HOME: home,
  QWEN_HOME: qwenHome,
  PATH: process.env.NODE22_BIN ? `${process.env.NODE22_BIN}:${process.env.PATH}` : process.env.PATH,
  OPENAI_BASE_URL: `http://127.0.0.1:${port}/v1`,
  OPENAI_API_KEY: 'stand-in',
  OPENAI_MODEL: 'stand-in',
  QWEN_CODE_SUPPRESS_YOLO_WARNING: '1',
  HOOKWIRE_STATE_DIR: state,
};
delete env.CLAUDE_PROJECT_DIR;
if (values.hookwire === undefined) {
  // Qwen counts a command hook's timeout in milliseconds; hookwire's hooks file, as Claude Code, in seconds.
  const native = JSON.parse(hooks, (key, value) => (key === 'timeout' ? value * 1000 : value));
  writeFileSync(join(qwenHome, 'settings.json'), `${JSON.stringify(native, null, 2)}\n`);
} else {
  mkdirSync(join(project, '.hookwire'));
  writeFileSync(join(project, '.hookwire', 'hooks.json'), hooks);
  const setup = (args) => {
    const result = spawnSync('sh', ['-c', `${values.hookwire} ${args}`], {
      cwd: project,
      env,
      encoding: 'utf8',
    });
    if (result.status !== 0) throw new Error(`${args}: ${result.stderr}`);
  };
  setup('trust --project . --settings .hookwire/hooks.json --yes');
  setup(`init qwen --hookwire ${JSON.stringify(values.hookwire)}`);
}
const run = spawnSync(qwen, ['--auth-type', 'openai', '--yolo', '-p', meta.prompt], {
  cwd: project,
  env,
  encoding: 'utf8',
  timeout: 120_000,
});
standIn.kill();

// Run-specific text: the work directory, dates, tool-use ids, and the project's own .hookwire/hooks.json in
// the folder listing Qwen shows the model (it is there only in the hookwire run).
const normalize = (text) =>
  text
    .replaceAll(work, '<WORK>')
    .replace(/├───\.git\/\.\.\.\n└───\.hookwire\/\n {4}└───hooks\.json/, '└───.git/...')
    .replace(/\b\d{4}-\d{2}-\d{2}\b/g, '<date>')
    .replace(/toolu_\w+/g, '<tool use id>');
const seen = new Set();
const modelSaw = [];
const requests = existsSync(log) ? readFileSync(log, 'utf8') : '';
const completions = requests
  .split('\n')
  .filter(Boolean)
  .map((line) => JSON.parse(line))
  .filter((entry) => entry.url.endsWith('/chat/completions'));
const textOf = (content) =>
  typeof content === 'string' ? content : (content ?? []).map((part) => part.text ?? '').join('');
for (const { body } of completions) {
  const [system, ...messages] = body.messages ?? [];
  // Qwen's system prompt is the same in both modes; what hooks add to it is tagged.
  const added = textOf(system?.content).match(
    /<qwen:[a-z-]+-context hidden="true">[\s\S]*?<\/qwen:[a-z-]+-context>/g,
  );
  for (const message of [...(added ?? []).map((text) => ({ role: 'system', content: text })), ...messages]) {
    const calls = (message.tool_calls ?? []).map(
      (call) => ` [calls ${call.function.name} ${call.function.arguments}]`,
    );
    const shown = normalize(`${message.role}: ${textOf(message.content)}${calls.join('')}`);
    if (seen.has(shown)) continue;
    seen.add(shown);
    modelSaw.push(shown);
  }
}
const userSaw = `${run.stdout}\n${run.stderr}`
  .split('\n')
  .filter((line) => line.trim() !== '' && !/^Ripgrep not available/.test(line))
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
writeFileSync(join(out, 'qwen-output.txt'), `${run.stdout}\n--- stderr\n${run.stderr}`);
console.log(join(out, 'observed.json'));
rmSync(work, { recursive: true, force: true });
