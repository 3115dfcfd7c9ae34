// Runs one scenario in the real Cline CLI (`cline "<prompt>"`, act mode, headless) against the stand-in model
// (the openai-compatible provider, `cline auth -p openai-compatible -b <stand-in>`) and writes what was
// observed.
//   node run-scenario.mjs SCENARIO_DIR --out DIR [--hookwire 'node /path/to/dist/hookwire.cjs']
// Without --hookwire the scenario's native/ files (Cline hook files written by hand, each doing what the
// Claude-shaped hooks do) are the project's .cline/hooks/. With it, the hooks (hooks.json, Claude Code's
// shape) are the project's .hookwire/hooks.json, trusted with `hookwire trust`, and `hookwire init cline`
// writes .cline/hooks/. CLINE_BIN names the cline executable.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
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

const world = scenarioWorld('cline', ['.cline']);
const { work, home, project, meta } = world;
const cline = process.env.CLINE_BIN ?? 'cline';
spawnSync('git', ['init', '-q', project]);
const { standIn, port } = await startStandIn(
  world,
  join(import.meta.dirname, '..', 'copilot', 'stand-in-chat.mjs'),
);
const env = hostEnvironment(world, { HOME: home });
const auth = spawnSync(
  cline,
  [
    'auth',
    '-p',
    'openai-compatible',
    '-b',
    `http://127.0.0.1:${port}/v1`,
    '-k',
    'stand-in',
    '-m',
    'stand-in',
  ],
  { cwd: project, env, encoding: 'utf8', timeout: 300_000 },
);
if (auth.status !== 0)
  throw new Error(
    `cline auth (${auth.status ?? auth.signal}): ${auth.error ?? ''}${auth.stdout}${auth.stderr}`,
  );

// Files the scenario's tool calls read, in the project.
for (const [name, text] of Object.entries(meta.files ?? {})) writeFileSync(join(project, name), text);
const hooks = join(project, '.cline', 'hooks');
if (world.hookwire === undefined) {
  mkdirSync(hooks, { recursive: true });
  for (const name of readdirSync(join(resolve(process.argv[2]), 'native')))
    writeFileSync(join(hooks, name), world.read(join('native', name)), { mode: 0o755 });
} else {
  installThroughHookwire(world, env, 'cline');
  if (meta.breakHookwire) {
    // The hook files' hookwire is gone (uninstalled, moved): they must fail closed.
    for (const name of readdirSync(hooks).filter((file) => !file.includes('.'))) {
      const file = join(hooks, name);
      const text = readFileSync(file, 'utf8');
      const broken = text.replace(/^(answer=\$\(|exec )\S+/m, '$1/nonexistent/hookwire');
      if (broken === text) throw new Error(`${file} names no command to break`);
      writeFileSync(file, broken);
    }
  }
}
const run = spawnSync(cline, [meta.prompt], { cwd: project, env, encoding: 'utf8', timeout: 300_000 });
// Cline runs TaskComplete and the other lifecycle hooks detached: give them a moment to record.
await new Promise((done) => setTimeout(done, 1500));
standIn.kill();

// Run-specific text: the work directory, the terminal's colours, and the stand-in SDK's warnings.
const normalize = (text) => text.replaceAll(work, '<WORK>').replace(/\u001b\[[0-9;]*m/g, '');
const noise = /AI SDK Warning|^\s+at |AI_SDK_LOG_WARNINGS/;
const model = linesSeenOnce(normalize);
const completions = loggedRequests(world, (entry) => entry.url.endsWith('/chat/completions'));
for (const { body } of completions)
  for (const message of body.messages ?? [])
    if (message.role !== 'system') model.show(chatMessageLine(message, '\n'));
const userSaw = userLines(run, normalize, noise);
for (const [file, what] of [
  ['stop.txt', 'a Stop hook ran'],
  ['events.txt', 'events fired'],
]) {
  const path = join(work, file);
  if (!existsSync(path)) continue;
  const lines = readFileSync(path, 'utf8').trim().split('\n');
  userSaw.push(file === 'stop.txt' ? `(${what} ${lines.length} time(s))` : `(${what}: ${lines.join(', ')})`);
}
await writeObserved(
  world,
  run,
  { modelRequests: completions.length, modelSaw: model.lines, userSaw },
  'cline-output.txt',
);
