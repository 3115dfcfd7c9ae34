// What hookwire's plugin adds to a tool call inside the real OpenCode (or Kilo), per event (issue 37): one
// `opencode run` session of N bash calls against the stand-in model (compat/copilot/stand-in-chat.mjs), a
// PreToolUse hooks file with one `true` hook on Bash, and two timing plugins that OpenCode calls before and
// after hookwire's (plugins load in name order and their hooks are awaited in turn: `0-timer.js`,
// `hookwire.js`, `zz-timer.js`), so each `tool.execute.before` is timed inside the host's own runtime (Bun).
//   node bench/opencode-plugin-session.mjs --cli PATH [--host opencode|kilo] [--calls 20] --mode MODE
// MODE: `daemon` (the plugin `hookwire init` writes: the warm daemon from the plugin's process), `spawn` (the
// same plugin with HOOKWIRE_DAEMON=0: a `hookwire run` per event, as before), `native` (a hand-written
// plugin that spawns the hook, `/bin/sh -c true`, with the payload on stdin: the floor of one hook).
// Prints the median, quartiles and the first event (which starts the daemon) in ms. `npm run build` first.
// Run it offline: unshare -n sh -c 'ip link set lo up; node bench/opencode-plugin-session.mjs ...'.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: {
    cli: { type: 'string' },
    host: { type: 'string', default: 'opencode' },
    calls: { type: 'string', default: '20' },
    mode: { type: 'string', default: 'daemon' },
  },
});
const root = join(import.meta.dirname, '..');
const hookwire = `${process.execPath} ${join(root, 'dist', 'hookwire.cjs')}`;
const kilo = values.host === 'kilo';
const work = mkdtempSync(join(tmpdir(), 'hookwire-session-bench-'));
const [home, project, state, runtime] = ['home', 'project', 'state', 'run'].map((name) => join(work, name));
for (const directory of [home, project, state]) mkdirSync(directory, { recursive: true });
mkdirSync(runtime, { mode: 0o700 });
spawnSync('git', ['init', '-q', project]);
const times = join(work, 'times.txt');
const calls = Number(values.calls);
writeFileSync(
  join(work, 'script.json'),
  JSON.stringify({
    untooled: 'Title',
    turns: [
      ...Array.from({ length: calls }, (_, index) => ({
        tool: 'bash',
        args: { command: `true ${index}`, description: 'bench' },
      })),
      { say: 'DONE' },
    ],
  }),
);
const log = join(work, 'requests.jsonl');
const portFile = join(work, 'port');
const standIn = spawn(process.execPath, [
  join(root, 'compat', 'copilot', 'stand-in-chat.mjs'),
  join(work, 'script.json'),
  log,
  portFile,
]);
while (!existsSync(portFile) || readFileSync(portFile, 'utf8') === '')
  await new Promise((done) => setTimeout(done, 20));
const port = readFileSync(portFile, 'utf8');
const config = {
  model: 'standin/stand-in',
  provider: {
    standin: {
      npm: '@ai-sdk/openai-compatible',
      name: 'Stand In',
      options: { baseURL: `http://127.0.0.1:${port}/v1`, apiKey: 'stand-in' },
      models: { 'stand-in': { name: 'Stand In', tool_call: true } },
    },
  },
};
writeFileSync(join(project, kilo ? 'kilo.json' : 'opencode.json'), JSON.stringify(config));
const plugins = join(project, kilo ? '.kilo' : '.opencode', 'plugins');
mkdirSync(plugins, { recursive: true });
writeFileSync(
  join(plugins, '0-timer.js'),
  `export const TimerStart = async () => ({ 'tool.execute.before': async (input) => { (globalThis.hookwireBench ??= new Map()).set(input.callID, performance.now()); } });\n`,
);
writeFileSync(
  join(plugins, 'zz-timer.js'),
  `import { appendFileSync } from 'node:fs';\nexport const TimerEnd = async () => ({ 'tool.execute.before': async (input) => { appendFileSync(${JSON.stringify(times)}, (performance.now() - globalThis.hookwireBench.get(input.callID)).toFixed(3) + '\\n'); } });\n`,
);
const env = {
  ...process.env,
  HOME: home,
  XDG_CONFIG_HOME: join(home, '.config'),
  XDG_DATA_HOME: join(home, '.local', 'share'),
  XDG_CACHE_HOME: join(home, '.cache'),
  XDG_STATE_HOME: join(home, '.local', 'state'),
  XDG_RUNTIME_DIR: runtime,
  HOOKWIRE_STATE_DIR: state,
  HOOKWIRE_DAEMON_IDLE_MS: '30000',
  npm_config_registry: 'http://127.0.0.1:9',
  npm_config_offline: 'true',
  OPENCODE_DISABLE_AUTOUPDATE: '1',
  OPENCODE_DISABLE_MODELS_FETCH: '1',
  KILO_DISABLE_AUTOUPDATE: '1',
  KILO_DISABLE_MODELS_FETCH: '1',
  KILO_DISABLE_CODEBASE_INDEXING: '1',
  PWD: project,
};
delete env.CLAUDE_PROJECT_DIR;
if (values.mode === 'native') {
  writeFileSync(
    join(plugins, 'hookwire.js'),
    `import { spawn } from 'node:child_process';
export const Native = async () => ({
  'tool.execute.before': async (input, output) => {
    if (input.tool !== 'bash') return;
    const code = await new Promise((done) => {
      const child = spawn('/bin/sh', ['-c', 'true'], { stdio: 'pipe' });
      child.stdout.resume();
      child.stderr.resume();
      child.on('close', done);
      child.stdin.end(JSON.stringify({ ...input, args: output.args }));
    });
    if (code === 2) throw new Error('blocked');
  },
});\n`,
  );
} else {
  mkdirSync(join(project, '.hookwire'));
  const hooks = {
    hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: 'true' }] }] },
  };
  writeFileSync(join(project, '.hookwire', 'hooks.json'), JSON.stringify(hooks));
  for (const args of ['trust --project . --settings .hookwire/hooks.json --yes', `init ${values.host}`]) {
    const result = spawnSync('sh', ['-c', `${hookwire} ${args}`], { cwd: project, env, encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`${args}: ${result.stderr}`);
  }
  if (values.mode === 'spawn') env.HOOKWIRE_DAEMON = '0';
}
const run = spawnSync(values.cli, ['run', 'run it'], {
  cwd: project,
  env,
  encoding: 'utf8',
  timeout: 900_000,
});
standIn.kill();
const measured = existsSync(times) ? readFileSync(times, 'utf8').trim().split('\n').map(Number) : [];
const [first, ...rest] = measured;
const sorted = [...rest].sort((a, b) => a - b);
const at = (q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]?.toFixed(2);
console.log(
  `${values.host} ${values.mode}: ${measured.length} tool.execute.before of ${calls}; median ${at(0.5)} ms [${at(0.25)}-${at(0.75)}], first ${first?.toFixed(2)} ms (exit ${run.status})`,
);
if (measured.length < calls) console.log(run.stderr.slice(-2000));
// The daemon this run started, if any, goes with its runtime directory.
const logs = existsSync(join(runtime, 'hookwire'))
  ? (await import('node:fs')).readdirSync(join(runtime, 'hookwire'))
  : [];
for (const name of logs.filter((file) => file.endsWith('.log'))) {
  const pid = /pid (\d+)/.exec(readFileSync(join(runtime, 'hookwire', name), 'utf8'))?.[1];
  try {
    if (pid !== undefined) process.kill(Number(pid), 'SIGTERM');
  } catch {
    // Gone already (idle, or the bin changed).
  }
}
rmSync(work, { recursive: true, force: true });
