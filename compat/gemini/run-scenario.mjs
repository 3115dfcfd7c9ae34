// Runs one scenario in the real Gemini CLI against the stand-in model and writes what was observed.
//   node run-scenario.mjs SCENARIO_DIR --out DIR [--hookwire 'node /path/to/dist/hookwire.cjs']
// Without --hookwire the scenario's hooks are Gemini's own (native.json, in Gemini's format, as the project's
// .gemini/settings.json). With it, the scenario's hooks.json (Claude Code's format) is the project's
// .hookwire/hooks.json, trusted with `hookwire trust`, and `hookwire init gemini --trust-folder` installs
// hookwire into the project's .gemini/settings.json. Either way the project is a folder Gemini trusts (the
// native run writes trustedFolders.json itself). GEMINI_BIN names the gemini executable.
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
  writeObserved,
} from '../lib/scenario-world.mjs';

const world = scenarioWorld('gemini', ['.gemini']);
const { work, home, project, meta } = world;
const gemini = process.env.GEMINI_BIN ?? 'gemini';
const { standIn, port } = await startStandIn(world, join(import.meta.dirname, 'stand-in-gemini.mjs'));
writeFileSync(
  join(home, '.gemini', 'settings.json'),
  `${JSON.stringify({ security: { auth: { selectedType: 'gemini-api-key' } } }, null, 2)}\n`,
);

const env = hostEnvironment(world, {
  HOME: home,
  GEMINI_API_KEY: 'stand-in',
  GOOGLE_GEMINI_BASE_URL: `http://127.0.0.1:${port}`,
});
delete env.GEMINI_CLI_HOME;
if (world.hookwire === undefined) {
  const hooks = JSON.parse(world.read('native.json'));
  mkdirSync(join(project, '.gemini'));
  writeFileSync(join(project, '.gemini', 'settings.json'), `${JSON.stringify({ hooks }, null, 2)}\n`);
  writeFileSync(
    join(home, '.gemini', 'trustedFolders.json'),
    `${JSON.stringify({ [project]: 'TRUST_FOLDER' }, null, 2)}\n`,
  );
} else {
  installThroughHookwire(world, env, 'gemini --trust-folder');
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
const model = linesSeenOnce(normalize);
const streamed = loggedRequests(world, (request) => request.streaming);
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
      model.show(text);
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
await writeObserved(
  world,
  run,
  { modelRequests: streamed.length, modelSaw: model.lines, userSaw },
  'gemini-output.txt',
);
