// Runs one scenario in the real Factory Droid (`droid exec --auto high`) against the stand-in model (a
// `customModels` entry whose baseUrl is ../copilot/stand-in-chat.mjs) and writes what was observed.
//   node run-scenario.mjs SCENARIO_DIR --out DIR [--hookwire 'node /path/to/dist/hookwire.cjs']
// Without --hookwire the scenario's hooks (hooks.json, Claude Code's shape, which is also Droid's) are
// Droid's own, in the project's .factory/settings.json, each matcher under Droid's tool names (Bash →
// Execute, Write → Create). With it, the same hooks are the project's .hookwire/hooks.json, trusted with
// `hookwire trust`, and `hookwire init droid` installs hookwire. DROID_BIN names the droid executable.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  installThroughHookwire,
  scenarioWorld,
  startStandIn,
  writeObserved,
} from '../lib/scenario-world.mjs';

const world = scenarioWorld('droid', ['.factory']);
const { work, home, project, state, meta, log } = world;
const droid = process.env.DROID_BIN ?? 'droid';
spawnSync('git', ['init', '-q', project]);
const { standIn, port } = await startStandIn(
  world,
  join(import.meta.dirname, '..', 'copilot', 'stand-in-chat.mjs'),
);
const model = {
  model: 'stand-in',
  displayName: 'Stand In',
  baseUrl: `http://127.0.0.1:${port}/v1`,
  apiKey: 'stand-in',
  provider: 'generic-chat-completion-api',
  maxOutputTokens: 4096,
};
writeFileSync(join(home, '.factory', 'settings.json'), `${JSON.stringify({ customModels: [model] })}\n`);

const env = { ...process.env, HOME: home, HOOKWIRE_STATE_DIR: state };
delete env.CLAUDE_PROJECT_DIR;
if (world.hookwire === undefined) {
  const droidNames = { Bash: 'Execute', Write: 'Create' };
  const native = JSON.parse(world.read('hooks.json'), (key, value) =>
    key === 'matcher' && typeof value === 'string'
      ? value.replace(/\b(Bash|Write)\b/g, (name) => droidNames[name])
      : value,
  );
  mkdirSync(join(project, '.factory'));
  writeFileSync(join(project, '.factory', 'settings.json'), `${JSON.stringify(native, null, 2)}\n`);
} else {
  installThroughHookwire(world, env, 'droid');
}
const run = spawnSync(droid, ['exec', '--model', 'custom:stand-in', '--auto', 'high', meta.prompt], {
  cwd: project,
  env,
  encoding: 'utf8',
  timeout: 120_000,
});
standIn.kill();

// Run-specific text: the work directory, dates, ids.
const normalize = (text) =>
  text
    .replaceAll(work, '<WORK>')
    .replace(/\b\d{4}-\d{2}-\d{2}\b/g, '<date>')
    .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, '<id>');
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
  // The system prompt and Droid's own reminders (its tool list, the folder) are the same in both modes.
  for (const message of (body.messages ?? []).slice(1)) {
    const text = textOf(message.content);
    if (text.startsWith('<system-reminder>')) continue;
    const calls = (message.tool_calls ?? []).map(
      (call) => ` [calls ${call.function.name} ${call.function.arguments}]`,
    );
    const shown = normalize(`${message.role}: ${text}${calls.join('')}`);
    if (seen.has(shown)) continue;
    seen.add(shown);
    modelSaw.push(shown);
  }
}
const userSaw = `${run.stdout}\n${run.stderr}`
  .split('\n')
  .filter((line) => line.trim() !== '')
  .map(normalize);
writeObserved(world, run, { modelRequests: completions.length, modelSaw, userSaw }, 'droid-output.txt');
