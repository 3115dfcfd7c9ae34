/**
 * What hookwire's OpenCode/Kilo plugin costs per event (issue 37: the plugin talks to the daemon without a
 * process per event), measured in this process the way OpenCode calls it: the plugin's
 * `tool.execute.before(input, output)` awaited, for a PreToolUse that one `true` hook matches and for one
 * that no hook matches (the hooks file has 41 hooks, as target 4's), through the two paths the plugin takes:
 *
 *   npx tsx bench/plugin-transport.ts [--rounds 40]
 *
 * - daemon: the plugin asks the warm daemon over its socket from its own process (started by the warm-up);
 * - spawn: the plugin starts `node dist/hookwire.cjs run --host opencode ...` per event (no daemon), as
 *   every plugin before it did;
 * - floor: `/bin/sh -c true` spawned from this process with the same payload (one hook's own spawn) and a
 *   call of an async function (no hook).
 * Interleaved in random order; medians and quartiles in ms. `npm run build` first (dist/hookwire.cjs).
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { version } from '../src/common/version.js';
import { daemonSocketPath } from '../src/daemon-protocol/daemon-socket.js';
import { openCodePluginSource } from '../src/hosts/opencode/opencode-plugin-source.js';
import { trustFiles } from '../test/support/trust-files.js';

const { values } = parseArgs({ options: { rounds: { type: 'string', default: '40' } } });
const rounds = Number(values.rounds);
const root = fileURLToPath(new URL('../', import.meta.url));
const bin = join(root, 'dist', 'hookwire.cjs');
const work = mkdtempSync(join(tmpdir(), 'hookwire-plugin-bench-'));
const runtime = join(work, 'run');
mkdirSync(runtime, { mode: 0o700 });
const state = join(work, 'state');
mkdirSync(state);
process.env.XDG_RUNTIME_DIR = runtime;
process.env.HOOKWIRE_STATE_DIR = state;
process.env.HOOKWIRE_DAEMON_IDLE_MS = '60000';
delete process.env.CLAUDE_PROJECT_DIR;

// 41 hooks: one `true` on Bash, 40 on other tools and events (target 4's file).
const preToolUse: unknown[] = [{ matcher: 'Bash', hooks: [{ type: 'command', command: 'true' }] }];
const postToolUse: unknown[] = [];
const stop: unknown[] = [];
for (let index = 0; index < 20; index++) {
  preToolUse.push({ matcher: `Other${index}`, hooks: [{ type: 'command', command: `true ${index}` }] });
  (index % 2 === 0 ? postToolUse : stop).push({ hooks: [{ type: 'command', command: `true ${index}` }] });
}
const hooks = { PreToolUse: preToolUse, PostToolUse: postToolUse, Stop: stop };
const project = join(work, 'project');
mkdirSync(join(project, '.hookwire'), { recursive: true });
const hooksFile = join(project, '.hookwire', 'hooks.json');
writeFileSync(hooksFile, JSON.stringify({ hooks }));
trustFiles(state, [hooksFile]);

type ToolHook = (input: object, output: { args: object }) => Promise<void>;
async function pluginWith(name: string, withDaemon: boolean): Promise<ToolHook> {
  const file = join(work, `${name}.mjs`);
  writeFileSync(
    file,
    openCodePluginSource({
      host: 'opencode',
      command: `${JSON.stringify(process.execPath)} ${JSON.stringify(bin)} run --host opencode --settings ${JSON.stringify(hooksFile)}`,
      runArguments: ['run', '--host', 'opencode', '--settings', hooksFile],
      daemon: withDaemon
        ? {
            node: process.execPath,
            hookwire: bin,
            socketName: basename(daemonSocketPath(bin, {}) ?? ''),
            version,
          }
        : null,
      events: ['tool.execute.before'],
      version,
    }),
  );
  const module = (await import(pathToFileURL(file).href)) as {
    HookwirePlugin: (context: object) => Promise<Record<string, ToolHook>>;
  };
  const plugin = await module.HookwirePlugin({ client: {}, directory: project });
  return plugin['tool.execute.before'] as ToolHook;
}

const payload = (tool: string) => ({ tool, sessionID: 'ses_bench', callID: 'call_1' });
const args = () => ({ args: { command: 'x'.repeat(900), description: 'bench' } });
const daemon = await pluginWith('daemon', true);
const spawned = await pluginWith('spawn', false);

function shTrue(): Promise<void> {
  return new Promise((resolve) => {
    const child = spawn('/bin/sh', ['-c', 'true'], { stdio: ['pipe', 'pipe', 'pipe'] });
    child.stdout.resume();
    child.stderr.resume();
    child.on('close', () => resolve());
    // `true` may exit before reading its stdin, as a hook may.
    child.stdin.on('error', () => undefined);
    child.stdin.end(JSON.stringify({ ...payload('bash'), ...args() }));
  });
}

const cases: Record<string, () => Promise<void>> = {
  'daemon, one `true` hook': () => daemon(payload('bash'), args()),
  'daemon, no hook matches': () => daemon(payload('read'), args()),
  'spawn hookwire run, one `true` hook': () => spawned(payload('bash'), args()),
  'spawn hookwire run, no hook matches': () => spawned(payload('read'), args()),
  'floor: sh -c true': shTrue,
  'floor: an async call': async () => undefined,
};
const times = new Map<string, number[]>(Object.keys(cases).map((name) => [name, []]));
const timesOf = (name: string): number[] => times.get(name) ?? [];
// Warm-up: starts the daemon, fills the bin's code cache.
for (const run of Object.values(cases)) for (let index = 0; index < 3; index++) await run();
for (let round = 0; round < rounds; round++) {
  const order = Object.entries(cases).sort(() => Math.random() - 0.5);
  for (const [name, run] of order) {
    const started = performance.now();
    await run();
    timesOf(name).push(performance.now() - started);
  }
}
const quantile = (sorted: number[], q: number): number =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
const median = (name: string) =>
  quantile(
    [...timesOf(name)].sort((a, b) => a - b),
    0.5,
  );
console.log(`rounds ${rounds}, node ${process.version}`);
for (const name of Object.keys(cases)) {
  const sorted = [...timesOf(name)].sort((a, b) => a - b);
  console.log(
    `${name.padEnd(38)} median ${median(name).toFixed(2)} ms [${quantile(sorted, 0.25).toFixed(2)}-${quantile(sorted, 0.75).toFixed(2)}]`,
  );
}
console.log(
  `daemon over sh -c true: +${(median('daemon, one `true` hook') - median('floor: sh -c true')).toFixed(2)} ms; spawn over sh -c true: +${(median('spawn hookwire run, one `true` hook') - median('floor: sh -c true')).toFixed(2)} ms`,
);
// The daemon this bench started goes with its runtime directory.
for (const name of readdirLogs()) {
  const pid = /pid (\d+)/.exec(readFileSync(join(runtime, 'hookwire', name), 'utf8'))?.[1];
  try {
    if (pid !== undefined) process.kill(Number(pid), 'SIGTERM');
  } catch {
    // Gone already.
  }
}
rmSync(work, { recursive: true, force: true });

function readdirLogs(): string[] {
  try {
    return readdirSync(join(runtime, 'hookwire')).filter((file) => file.endsWith('.log'));
  } catch {
    return [];
  }
}
