// Runs one scenario in the real Qwen Code (`qwen -p`, on Node 22) against the stand-in model and writes what
// was observed.
//   node run-scenario.mjs SCENARIO_DIR --out DIR [--hookwire 'node /path/to/dist/hookwire.cjs']
// Without --hookwire the scenario's hooks (hooks.json, Claude Code's shape, which is also Qwen's) are Qwen's
// own, in $QWEN_HOME/settings.json, each `timeout` turned from seconds into Qwen's milliseconds. With it,
// the same hooks are the project's .hookwire/hooks.json, trusted with `hookwire trust`, and `hookwire init
// qwen` installs hookwire into Qwen. QWEN_BIN names the qwen executable, NODE22_BIN a Node 22 directory.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  installThroughHookwire,
  scenarioWorld,
  startStandIn,
  writeObserved,
} from '../lib/scenario-world.mjs';

const world = scenarioWorld('qwen', ['.qwen']);
const { work, home, project, state, meta, log } = world;
const qwen = process.env.QWEN_BIN ?? 'qwen';
const qwenHome = join(home, '.qwen');
spawnSync('git', ['init', '-q', project]);
const { standIn, port } = await startStandIn(
  world,
  join(import.meta.dirname, '..', 'copilot', 'stand-in-chat.mjs'),
);

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
if (world.hookwire === undefined) {
  // Qwen counts a command hook's timeout in milliseconds; hookwire's hooks file, as Claude Code, in seconds.
  const native = JSON.parse(world.read('hooks.json'), (key, value) =>
    key === 'timeout' ? value * 1000 : value,
  );
  writeFileSync(join(qwenHome, 'settings.json'), `${JSON.stringify(native, null, 2)}\n`);
} else {
  installThroughHookwire(world, env, 'qwen');
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
writeObserved(world, run, { modelRequests: completions.length, modelSaw, userSaw }, 'qwen-output.txt');
