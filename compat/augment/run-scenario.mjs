// Runs one scenario in the real Auggie (`auggie --print`) against the stand-in Augment backend
// (stand-in-backend.mjs, named as the session's tenantURL in AUGMENT_SESSION_AUTH) and writes what was
// observed.
//   node run-scenario.mjs SCENARIO_DIR --out DIR [--hookwire 'node /path/to/dist/hookwire.cjs']
// Without --hookwire the scenario's hooks (hooks.json, Claude Code's shape) are Auggie's own, in the
// project's .augment/settings.json, each matcher under Auggie's tool names (Bash → launch-process, Write →
// save-file) and each timeout in milliseconds (Auggie's unit). With it, the same hooks are the project's
// .hookwire/hooks.json, trusted with `hookwire trust`, and `hookwire init augment` installs hookwire.
// AUGGIE_BIN names Auggie's augment.mjs.
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  hostEnvironment,
  installThroughHookwire,
  linesSeenOnce,
  loggedRequests,
  scenarioWorld,
  startStandIn,
  userLines,
  writeObserved,
} from '../lib/scenario-world.mjs';

const world = scenarioWorld('augment', ['.augment']);
const { work, home, project, meta } = world;
const auggie = process.env.AUGGIE_BIN ?? 'auggie';
spawnSync('git', ['init', '-q', project]);
const { standIn, port } = await startStandIn(world, join(import.meta.dirname, 'stand-in-backend.mjs'));

const session = { accessToken: 'stand-in', tenantURL: `http://127.0.0.1:${port}/`, scopes: ['email'] };
const env = hostEnvironment(world, { HOME: home, AUGMENT_SESSION_AUTH: JSON.stringify(session) });
if (world.hookwire === undefined) {
  const auggieNames = {
    Bash: 'launch-process',
    Write: 'save-file',
    Edit: 'str-replace-editor',
    Read: 'view',
  };
  const native = JSON.parse(world.read('hooks.json'), (key, value) => {
    if (key === 'matcher' && typeof value === 'string')
      return value.replace(/\b(Bash|Write|Edit|Read)\b/g, (name) => auggieNames[name]);
    // Claude Code's timeouts are seconds, Auggie's milliseconds.
    if (key === 'timeout' && typeof value === 'number') return value * 1000;
    return value;
  });
  // Claude Code's UserPromptSubmit is Auggie's PromptSubmit.
  if (native.hooks?.UserPromptSubmit !== undefined) {
    native.hooks.PromptSubmit = native.hooks.UserPromptSubmit;
    delete native.hooks.UserPromptSubmit;
  }
  mkdirSync(join(project, '.augment'));
  writeFileSync(join(project, '.augment', 'settings.json'), `${JSON.stringify(native, null, 2)}\n`);
} else {
  installThroughHookwire(world, env, 'augment');
}
const run = spawnSync(process.execPath, [auggie, '--print', meta.prompt], {
  cwd: project,
  env,
  encoding: 'utf8',
  timeout: 120_000,
});
standIn.kill();

// Run-specific text: the work directory, dates, ids, durations.
const normalize = (text) =>
  text
    .replaceAll(work, '<WORK>')
    .replace(/\b\d{4}-\d{2}-\d{2}\b/g, '<date>')
    .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, '<id>')
    .replace(/\b\d+ ?ms\b/g, '<n>ms');
const model = linesSeenOnce(normalize);
const shown = model.show;
const chats = loggedRequests(world, (entry) => entry.url.replace(/^\/+/, '') === 'chat-stream');
for (const { body } of chats) {
  // What the model reads: the earlier exchanges (its own calls among them), then this request's nodes (the
  // user's text, tool results); the IDE-state nodes (the folder) are the same in both modes.
  for (const exchange of body.chat_history ?? []) {
    for (const node of exchange.request_nodes ?? []) nodeLine(node);
    if (exchange.response_text) shown(`assistant: ${exchange.response_text}`);
    for (const node of exchange.response_nodes ?? [])
      if (node.type === 5) shown(`assistant: [calls ${node.tool_use.tool_name} ${node.tool_use.input_json}]`);
  }
  for (const node of body.nodes ?? []) nodeLine(node);
}
function nodeLine(node) {
  if (node.type === 0) shown(`user: ${node.text_node?.content ?? ''}`);
  else if (node.type === 1)
    shown(
      `tool${node.tool_result_node?.is_error ? ' (error)' : ''}: ${node.tool_result_node?.content ?? ''}`,
    );
}
const userSaw = userLines(run, normalize, /^Request ID: /);
await writeObserved(
  world,
  run,
  { modelRequests: chats.length, modelSaw: model.lines, userSaw },
  'auggie-output.txt',
);
