// Runs one scenario in the real Codex CLI against the stand-in model and writes what was observed.
//   node run-scenario.mjs SCENARIO_DIR --out DIR [--hookwire 'node /path/to/dist/hookwire.cjs']
// Without --hookwire the scenario's hooks are Codex's own ($CODEX_HOME/hooks.json, trust bypassed with
// --dangerously-bypass-hook-trust). With it, the same hooks are the project's .hookwire/hooks.json, trusted
// with `hookwire trust`, and `hookwire init codex` installs hookwire into Codex, trust hashes included, so
// Codex runs without the bypass. CODEX_BIN names the codex executable.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  installThroughHookwire,
  scenarioWorld,
  startStandIn,
  writeObserved,
} from '../lib/scenario-world.mjs';

const world = scenarioWorld('codex');
const { work, home, project, state, meta, log } = world;
const codex = process.env.CODEX_BIN ?? 'codex';
const { standIn, port } = await startStandIn(world, join(import.meta.dirname, 'stand-in-responses.mjs'));
writeFileSync(
  join(home, 'config.toml'),
  `model = "gpt-5"\nmodel_provider = "standin"\n\n[model_providers.standin]\nname = "standin"\nbase_url = "http://127.0.0.1:${port}/v1"\nwire_api = "responses"\nenv_key = "STANDIN_KEY"\n`,
);

const env = { ...process.env, CODEX_HOME: home, STANDIN_KEY: 'x', HOOKWIRE_STATE_DIR: state };
delete env.CLAUDE_PROJECT_DIR;
const flags = ['exec', '--skip-git-repo-check', '-s', 'danger-full-access'];
if (world.hookwire === undefined) {
  writeFileSync(join(home, 'hooks.json'), world.read('hooks.json'));
  flags.push('--dangerously-bypass-hook-trust');
} else {
  installThroughHookwire(world, env, 'codex');
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
    .replace(/Wall time: [\d.]+ seconds\n/, '')
    // Under load the shell tool can outlast Codex's first wait: the session it names differs per run.
    .replace(/Process running with session ID \d+/, 'Process running with session ID <N>');
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
writeObserved(
  world,
  run,
  { modelRequests: requests.split('\n').filter(Boolean).length, modelSaw, userSaw },
  'codex-output.txt',
);
