// Runs one scenario in the real GitHub Copilot CLI (`copilot -p`) against the stand-in model and writes what
// was observed.
//   node run-scenario.mjs SCENARIO_DIR --out DIR [--hookwire 'node /path/to/dist/hookwire.cjs']
// Without --hookwire the scenario's hooks are Copilot's own: copilot-hooks.json (Copilot's format and output
// shapes) as a user hooks file, $COPILOT_HOME/hooks/scenario.json. With it, the same hooks in Claude Code's
// shape (hooks.json) are the project's .hookwire/hooks.json, trusted with `hookwire trust`, and `hookwire
// init copilot` installs hookwire into Copilot. COPILOT_BIN names the copilot executable.
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  chatMessageLine,
  hostEnvironment,
  installThroughHookwire,
  linesSeenOnce,
  loggedRequests,
  scenarioWorld,
  startStandIn,
  userLines,
  writeObserved,
} from '../lib/scenario-world.mjs';

const world = scenarioWorld('copilot');
const { work, home, project, meta } = world;
const copilot = process.env.COPILOT_BIN ?? 'copilot';
spawnSync('git', ['init', '-q', project]);
const { standIn, port } = await startStandIn(world, join(import.meta.dirname, 'stand-in-chat.mjs'));

const env = hostEnvironment(world, {
  COPILOT_HOME: home,
  COPILOT_OFFLINE: 'true',
  COPILOT_PROVIDER_BASE_URL: `http://127.0.0.1:${port}/v1`,
  COPILOT_MODEL: 'stand-in',
  COPILOT_AUTO_UPDATE: 'false',
});
if (world.hookwire === undefined) {
  mkdirSync(join(home, 'hooks'));
  writeFileSync(join(home, 'hooks', 'scenario.json'), world.read('copilot-hooks.json'));
} else {
  installThroughHookwire(world, env, 'copilot');
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
    .replace(/hook from "[^"]*"/g, 'hook from "<hooks file>"')
    // A tool that took long gets its duration at the end of its line (the machine's load, not the hook's).
    .replace(/ +\d+s$/, '');
const model = linesSeenOnce(normalize);
const completions = loggedRequests(world, (entry) => entry.url.endsWith('/chat/completions'));
// The first message is Copilot's system prompt: the same in both modes, and silent about hooks.
for (const { body } of completions)
  for (const message of (body.messages ?? []).slice(1)) model.show(chatMessageLine(message));
// `Package extraction took ...`: the first start of a fresh home unpacks Copilot's package, a notice of its
// own that comes with the machine's load.
const userSaw = userLines(run, normalize, /^(Changes|Duration|Tokens|Resume|Package extraction) /);
await writeObserved(
  world,
  run,
  { modelRequests: completions.length, modelSaw: model.lines, userSaw },
  'copilot-output.txt',
);
