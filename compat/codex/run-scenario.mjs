// Runs one scenario in the real Codex CLI against the stand-in model and writes what was observed.
//   node run-scenario.mjs SCENARIO_DIR --out DIR [--hookwire 'node /path/to/dist/hookwire.cjs']
// Without --hookwire the scenario's hooks are Codex's own ($CODEX_HOME/hooks.json, trust bypassed with
// --dangerously-bypass-hook-trust). With it, the same hooks are the project's .hookwire/hooks.json, trusted
// with `hookwire trust`, and `hookwire init codex` installs hookwire into Codex, trust hashes included, so
// Codex runs without the bypass. CODEX_BIN names the codex executable.
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
const out = resolve(values.out ?? mkdtempSync(join(tmpdir(), 'codex-compat-')));
const codex = process.env.CODEX_BIN ?? 'codex';
const work = mkdtempSync(join(tmpdir(), 'codex-work-'));
const home = join(work, 'home');
const project = join(work, 'project');
const state = join(work, 'hookwire-state');
for (const directory of [home, project, state, out]) mkdirSync(directory, { recursive: true });
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
  [join(import.meta.dirname, 'stand-in-responses.mjs'), join(work, 'script.json'), log, portFile],
  { stdio: 'inherit' },
);
while (!existsSync(portFile)) await new Promise((done) => setTimeout(done, 20));
const port = readFileSync(portFile, 'utf8');
writeFileSync(
  join(home, 'config.toml'),
  `model = "gpt-5"\nmodel_provider = "standin"\n\n[model_providers.standin]\nname = "standin"\nbase_url = "http://127.0.0.1:${port}/v1"\nwire_api = "responses"\nenv_key = "STANDIN_KEY"\n`,
);

const env = { ...process.env, CODEX_HOME: home, STANDIN_KEY: 'x', HOOKWIRE_STATE_DIR: state };
delete env.CLAUDE_PROJECT_DIR;
const flags = ['exec', '--skip-git-repo-check', '-s', 'danger-full-access'];
if (values.hookwire === undefined) {
  writeFileSync(join(home, 'hooks.json'), hooks);
  flags.push('--dangerously-bypass-hook-trust');
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
  setup(`init codex --hookwire ${JSON.stringify(values.hookwire)}`);
}
const run = spawnSync(codex, [...flags, meta.prompt], {
  cwd: project,
  env,
  encoding: 'utf8',
  timeout: 120_000,
});
standIn.kill();

const normalize = (text) =>
  text
    .replaceAll(work, '<WORK>')
    .replace(/Chunk ID: \w+\n/, '')
    .replace(/Wall time: [\d.]+ seconds\n/, '');
const seen = new Set();
const modelSaw = [];
const requests = existsSync(log) ? readFileSync(log, 'utf8') : '';
for (const line of requests.split('\n').filter(Boolean)) {
  for (const item of JSON.parse(line).body?.input ?? []) {
    const text =
      item.type === 'function_call_output'
        ? `tool output: ${item.output}`
        : item.type === 'message'
          ? `${item.role}: ${item.content.map((part) => part.text ?? '').join('')}`
          : undefined;
    // Codex's own instructions and environment are the same in both modes and say nothing of hooks.
    if (
      text === undefined ||
      /^(developer: You are a coding agent|developer: <skills_instructions>|user: <environment_context>)/.test(
        text,
      )
    )
      continue;
    const shown = normalize(text);
    if (seen.has(shown)) continue;
    seen.add(shown);
    modelSaw.push(shown);
  }
}
const userSaw = `${run.stdout}\n${run.stderr}`
  .split('\n')
  .filter((line) => /^hook: |ERROR codex_core::tools::router/.test(line))
  .map((line) => normalize(line.replace(/^\S+Z\s+/, '')));
const ran = join(work, 'ran.txt');
const observed = {
  scenario: meta.name,
  mode: values.hookwire === undefined ? 'native' : 'hookwire',
  exitCode: run.status,
  toolRan: existsSync(ran) ? readFileSync(ran, 'utf8') : null,
  modelRequests: requests.split('\n').filter(Boolean).length,
  modelSaw,
  userSaw,
};
writeFileSync(join(out, 'observed.json'), `${JSON.stringify(observed, null, 2)}\n`);
writeFileSync(join(out, 'codex-output.txt'), `${run.stdout}\n--- stderr\n${run.stderr}`);
console.log(join(out, 'observed.json'));
rmSync(work, { recursive: true, force: true });
