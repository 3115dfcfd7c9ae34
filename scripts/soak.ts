/*
 * `npm run soak`: hookwire under sustained load, bounded in time and count, loopback only.
 *  1. The engine fires a realistic mix of events whose hooks succeed, fail, block, time out, flood their
 *     output, hang ignoring SIGTERM, and leave escaped (setsid) daemons behind; then it is closed.
 *  2. `hookwire serve` (a real process) answers concurrent clients; then it gets SIGTERM.
 * It reports events handled, errors, RSS and heap, open file descriptors and live hook processes, and exits
 * 1 when a goal is missed: no unexpected error, no hook process or descriptor left, no growth in the second
 * half of a phase beyond a margin. Options: --duration S (both phases together, default 50),
 * --events N (at most N events per phase), --concurrency N (engine workers, default 4; serve clients: twice).
 * Run with --expose-gc (the npm script does) so that heap figures are measured after a collection.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { createEngine } from '../src/engine/create-engine.js';
import { unknownEvent } from '../src/events/hook-io.js';
import { startServe } from '../test/support/start-serve.js';

const { values } = parseArgs({
  options: {
    duration: { type: 'string', default: '50' },
    events: { type: 'string', default: String(Number.MAX_SAFE_INTEGER) },
    concurrency: { type: 'string', default: '4' },
  },
});
const durationMs = Number(values.duration) * 1000;
const maxEvents = Number(values.events);
const concurrency = Number(values.concurrency);
if (!(durationMs > 0 && maxEvents > 0 && Number.isInteger(concurrency) && concurrency > 0)) {
  console.error('usage: npm run soak -- [--duration SECONDS] [--events N] [--concurrency N]');
  process.exit(2);
}

const MB = 1024 * 1024;
/** Growth allowed between the middle and the end of a phase: noise of a JIT and allocator, not a leak. */
const HEAP_GROWTH_LIMIT = 16 * MB;
const RSS_GROWTH_LIMIT = 64 * MB;

const directory = mkdtempSync(join(tmpdir(), 'hookwire-soak-'));
// Every hook process inherits this: how leftovers are counted, whatever session or group they moved to.
const soakId = `soak-${process.pid}-${Date.now()}`;
process.env.HOOKWIRE_SOAK_RUN = soakId;

const allow = JSON.stringify({
  hookSpecificOutput: {
    hookEventName: 'PreToolUse',
    permissionDecision: 'allow',
    permissionDecisionReason: 'ok',
  },
});
const command = (text: string, extra: Record<string, unknown> = {}) => ({
  type: 'command',
  command: text,
  ...extra,
});
const settingsFile = join(directory, 'settings.json');
writeFileSync(
  settingsFile,
  JSON.stringify({
    hooks: {
      PreToolUse: [
        { matcher: 'Bash', hooks: [command(`cat >/dev/null; echo '${allow}'`)] },
        { matcher: 'Read', hooks: [command("head -c 3000000 /dev/zero | tr '\\0' x")] },
        { matcher: 'Write', hooks: [command('exit 1'), command('echo refused >&2; exit 2')] },
      ],
      PostToolUse: [
        { matcher: 'Bash', hooks: [command('sleep 30', { timeout: 1 })] },
        { matcher: 'Edit', hooks: [command('setsid sleep 3 </dev/null >/dev/null 2>&1 & exit 0')] },
      ],
      UserPromptSubmit: [{ hooks: [command('echo context for the prompt')] }],
      Stop: [{ hooks: [command("trap '' TERM; sleep 30", { timeout: 1 })] }],
      Notification: [{ hooks: [command('cat >/dev/null')] }],
    },
  }),
);

const base = { session_id: 'soak', transcript_path: join(directory, 't.jsonl'), cwd: directory };
const tool = (name: string, input: Record<string, unknown>) => ({
  tool_name: name,
  tool_input: input,
  tool_use_id: 't1',
});
/** The mix, weighted as an agent's session is: mostly tool calls, a few prompts, stops and notifications. */
const MIX: ReadonlyArray<readonly [string, Record<string, unknown>]> = [
  ['PreToolUse', tool('Bash', { command: 'ls' })],
  ['PreToolUse', tool('Bash', { command: 'git status' })],
  ['PreToolUse', tool('Read', { file_path: '/tmp/x' })],
  ['PreToolUse', tool('Write', { file_path: '/tmp/x', content: 'y' })],
  ['PostToolUse', { ...tool('Bash', { command: 'ls' }), tool_response: {} }],
  ['PostToolUse', { ...tool('Edit', { file_path: '/tmp/x' }), tool_response: {} }],
  ['UserPromptSubmit', { prompt: 'next' }],
  ['Notification', { message: 'waiting', notification_type: 'idle_prompt' }],
  ['Stop', { stop_hook_active: false }],
];

interface Sample {
  rss: number;
  heap: number;
  fds: number;
}
function sampleSelf(): Sample {
  (globalThis as { gc?: () => void }).gc?.();
  const memory = process.memoryUsage();
  return { rss: memory.rss, heap: memory.heapUsed, fds: readdirSync('/proc/self/fd').length };
}
function sampleProcess(pid: number): Sample {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const rss = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) * 1024;
  return { rss, heap: Number.NaN, fds: readdirSync(`/proc/${pid}/fd`).length };
}

/** Live (non-zombie) processes carrying this soak's id: hooks and whatever they started. */
function leftoverProcesses(): number[] {
  const found: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue;
    try {
      if (!readFileSync(`/proc/${entry}/environ`, 'latin1').includes(`HOOKWIRE_SOAK_RUN=${soakId}`)) continue;
      const stat = readFileSync(`/proc/${entry}/stat`, 'latin1');
      if (stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z') found.push(Number(entry));
    } catch {
      // Gone meanwhile.
    }
  }
  return found;
}
async function settledLeftovers(): Promise<number[]> {
  // SIGKILLed processes take a moment to be reaped; a process still there after 3 s is a leftover.
  for (let attempt = 0; attempt < 60; attempt++) {
    const left = leftoverProcesses();
    if (left.length === 0) return left;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return leftoverProcesses();
}

/** Runs `work` from `workers` loops until the phase's time or event budget is spent; samples at half time. */
async function phase(workers: number, work: (index: number) => Promise<void>, sample: () => Sample) {
  const endsAt = Date.now() + durationMs / 2;
  let started = 0;
  let middle: Sample | undefined;
  const halfAt = Date.now() + durationMs / 4;
  await Promise.all(
    Array.from({ length: workers }, async () => {
      while (Date.now() < endsAt && started < maxEvents) {
        const index = started++;
        await work(index);
        if (middle === undefined && Date.now() >= halfAt) middle = sample();
      }
    }),
  );
  return { events: started, middle: middle ?? sample() };
}

const failures: string[] = [];
const check = (ok: boolean, goal: string) => {
  if (!ok) failures.push(goal);
};
const mb = (bytes: number) => `${(bytes / MB).toFixed(1)} MiB`;

async function soakEngine(): Promise<void> {
  const engine = await createEngine({
    cwd: directory,
    projectDir: directory,
    homeDir: join(directory, 'home'),
    managedSettingsPath: join(directory, 'none.json'),
    settings: [settingsFile],
  });
  const statuses = new Map<string, number>();
  let unexpected = 0;
  const start = sampleSelf();
  const { events, middle } = await phase(
    concurrency,
    async (index) => {
      const [event, fields] = MIX[index % MIX.length] as (typeof MIX)[number];
      try {
        const outcome = await engine.fire(unknownEvent(event), {
          ...base,
          hook_event_name: event,
          ...fields,
        });
        for (const hook of outcome.runs) statuses.set(hook.status, (statuses.get(hook.status) ?? 0) + 1);
      } catch (error) {
        unexpected++;
        if (unexpected <= 3) console.error(`engine: ${event} threw: ${String(error)}`);
      }
    },
    sampleSelf,
  );
  await engine.close();
  const end = sampleSelf();
  const left = await settledLeftovers();
  console.log('\nengine (in-process)');
  console.log(`  events handled      ${events}`);
  console.log(
    `  hook results        ${[...statuses].map(([status, count]) => `${status} ${count}`).join(', ')}`,
  );
  console.log(`  unexpected errors   ${unexpected}`);
  console.log(`  RSS                 start ${mb(start.rss)}, middle ${mb(middle.rss)}, end ${mb(end.rss)}`);
  console.log(
    `  heap (after gc)     start ${mb(start.heap)}, middle ${mb(middle.heap)}, end ${mb(end.heap)}`,
  );
  console.log(`  open fds            start ${start.fds}, end ${end.fds}`);
  console.log(`  live hook processes after close: ${left.length}`);
  check(unexpected === 0, 'engine: no unexpected error');
  check(left.length === 0, `engine: no hook process left (left: ${left.join(' ')})`);
  check(end.fds <= start.fds, 'engine: no file descriptor left');
  check(end.heap - middle.heap <= HEAP_GROWTH_LIMIT, 'engine: heap flat in the second half');
}

async function soakServe(): Promise<void> {
  const serve = startServe(['--settings', settingsFile, '--port', '0', '--insecure-no-auth']);
  const { child, exited } = serve;
  const url = await serve.listening;
  if (url === null) throw new Error(`serve exited: ${serve.stderr()}`);
  const agent = new Agent({ keepAlive: true, maxSockets: concurrency * 2 });
  const codes = new Map<string, number>();
  const post = (body: string) =>
    new Promise<string>((resolve) => {
      const outgoing = request(
        `${url}/`,
        {
          method: 'POST',
          agent,
          headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
        },
        (response) => {
          response.resume();
          response.on('end', () => resolve(String(response.statusCode)));
          response.on('error', (error) => resolve((error as NodeJS.ErrnoException).code ?? 'error'));
        },
      );
      outgoing.on('error', (error) => resolve((error as NodeJS.ErrnoException).code ?? 'error'));
      outgoing.end(body);
    });
  const pid = child.pid as number;
  const start = sampleProcess(pid);
  const { events, middle } = await phase(
    concurrency * 2,
    async (index) => {
      const [event, fields] = MIX[index % MIX.length] as (typeof MIX)[number];
      const code = await post(JSON.stringify({ ...base, hook_event_name: event, ...fields }));
      codes.set(code, (codes.get(code) ?? 0) + 1);
    },
    () => sampleProcess(pid),
  );
  const end = sampleProcess(pid);
  agent.destroy();
  child.kill('SIGTERM');
  const code = await exited;
  const left = await settledLeftovers();
  const unexpected = [...codes]
    .filter(([status]) => status !== '200')
    .reduce((sum, [, count]) => sum + count, 0);
  console.log('\nhookwire serve (a real process, loopback clients)');
  console.log(
    `  requests answered   ${events} (${[...codes].map(([status, count]) => `${status}: ${count}`).join(', ')})`,
  );
  console.log(`  unexpected errors   ${unexpected}`);
  console.log(`  RSS                 start ${mb(start.rss)}, middle ${mb(middle.rss)}, end ${mb(end.rss)}`);
  console.log(`  open fds            start ${start.fds}, middle ${middle.fds}, end ${end.fds}`);
  console.log(`  exit after SIGTERM  ${code}`);
  console.log(`  live hook processes after exit: ${left.length}`);
  check(unexpected === 0, 'serve: every request answered 200');
  check(code === 0, 'serve: stops cleanly on SIGTERM');
  check(left.length === 0, `serve: no hook process left (left: ${left.join(' ')})`);
  check(end.rss - middle.rss <= RSS_GROWTH_LIMIT, 'serve: RSS flat in the second half');
  check(end.fds <= middle.fds + concurrency * 2, 'serve: open fds flat');
}

console.log(
  `soak: ${durationMs / 1000} s, at most ${maxEvents === Number.MAX_SAFE_INTEGER ? 'unbounded' : maxEvents} events per phase, concurrency ${concurrency}`,
);
try {
  await soakEngine();
  await soakServe();
} finally {
  rmSync(directory, { recursive: true, force: true });
}
console.log(
  failures.length === 0 ? '\nsoak: every goal met' : `\nsoak: goals missed:\n  ${failures.join('\n  ')}`,
);
process.exit(failures.length === 0 ? 0 : 1);
