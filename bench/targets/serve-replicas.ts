/**
 * Target 10: `hookwire serve` as a team runs it (docs/serve.md): events per second per core against a bare
 * Node HTTP server doing the same JSON work, two replicas against one (sharing Redis state), the latency
 * Redis state adds per event, and the memory a thousand live sessions take. Servers are real processes on
 * loopback, measured in this run; the load generator is this process (keep-alive fetch, N at once).
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { formatMs, formatRate, formatRatio } from '../lib/format.js';
import { summarise } from '../lib/stats.js';
import type { TargetResult } from '../lib/target-result.js';

const repository = fileURLToPath(new URL('../..', import.meta.url));
const CLOCK_TICKS_PER_SECOND = 100;

/** The same JSON work as serve's, without hookwire: read the body, parse it, answer a JSON object. */
const BARE_SERVER = `
const http = require('node:http');
const server = http.createServer((request, response) => {
  const chunks = [];
  request.on('data', (chunk) => chunks.push(chunk));
  request.on('end', () => {
    const payload = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    const text = JSON.stringify(payload.hook_event_name === 'PreToolUse' ? {} : { error: 'no event' });
    response.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
    response.end(text);
  });
});
server.keepAliveTimeout = 30000;
server.listen(0, '127.0.0.1', () => process.stderr.write('listening on http://127.0.0.1:' + server.address().port + '\\n'));
`;

interface Server {
  readonly child: ChildProcess;
  readonly url: string;
}

function startServer(args: readonly string[]): Promise<Server> {
  const child = spawn(process.execPath, args, { cwd: repository, stdio: ['ignore', 'ignore', 'pipe'] });
  return new Promise((resolve, reject) => {
    let text = '';
    child.stderr?.on('data', (chunk) => {
      text += chunk;
      const match = /listening on (http:\/\/\S+)/.exec(text);
      if (match) {
        child.stderr?.removeAllListeners('data');
        child.stderr?.resume();
        resolve({ child, url: match[1] as string });
      }
    });
    child.once('exit', (code) => reject(new Error(`server exited (${code}): ${text}`)));
  });
}

function serve(settings: string, state?: string): Promise<Server> {
  return startServer([
    '--import',
    'tsx',
    'src/cli/main.ts',
    'serve',
    '--settings',
    settings,
    '--port',
    '0',
    '--insecure-no-auth',
    ...(state === undefined ? [] : ['--state', state]),
  ]);
}

/** CPU seconds a process has used (user + system), from /proc. */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS_PER_SECOND;
}

function rssBytes(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+) kB/);
  return Number(line?.[1] ?? 0) * 1024;
}

interface LoadResult {
  readonly perSecond: number;
  readonly latenciesMs: number[];
}

/** `count` PreToolUse events, `concurrency` at once, spread over `urls` in turn; each of `sessions` sessions. */
async function load(
  urls: readonly string[],
  count: number,
  concurrency: number,
  sessions = 64,
): Promise<LoadResult> {
  let next = 0;
  const latenciesMs: number[] = [];
  const startedAt = performance.now();
  const worker = async () => {
    for (let index = next++; index < count; index = next++) {
      const body = JSON.stringify({
        hook_event_name: 'PreToolUse',
        session_id: `bench-${index % sessions}`,
        tool_name: 'Bash',
        tool_input: { command: 'ls' },
      });
      const sent = performance.now();
      const response = await fetch(`${urls[index % urls.length]}/hooks/PreToolUse`, { method: 'POST', body });
      await response.text();
      if (response.status !== 200) throw new Error(`status ${response.status}`);
      latenciesMs.push(performance.now() - sent);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return { perSecond: count / ((performance.now() - startedAt) / 1000), latenciesMs };
}

/** Events per CPU second of the servers' processes under `count` events. */
async function perCore(servers: readonly Server[], count: number, concurrency: number): Promise<number> {
  const before = servers.map((server) => cpuSeconds(server.child.pid as number));
  await load(
    servers.map((server) => server.url),
    count,
    concurrency,
  );
  const used = servers.reduce(
    (sum, server, index) => sum + cpuSeconds(server.child.pid as number) - (before[index] ?? 0),
    0,
  );
  return count / used;
}

function redisAvailable(): boolean {
  try {
    execFileSync('redis-server', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

async function startRedis(directory: string): Promise<{ child: ChildProcess; url: string; port: number }> {
  const port = 20_000 + Math.floor(Math.random() * 20_000);
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--dir', directory, '--save', '', '--appendonly', 'no'],
    { stdio: ['ignore', 'pipe', 'ignore'] },
  );
  await new Promise<void>((resolve, reject) => {
    let text = '';
    child.stdout?.on('data', (chunk) => {
      text += chunk;
      if (text.includes('Ready to accept connections')) resolve();
    });
    child.once('exit', () => reject(new Error(`redis-server exited: ${text}`)));
  });
  return { child, url: `redis://127.0.0.1:${port}/0`, port };
}

function redisUsedMemory(port: number): number {
  const info = execFileSync('redis-cli', ['-p', String(port), 'info', 'memory'], { encoding: 'utf8' });
  return Number(/used_memory:(\d+)/.exec(info)?.[1] ?? 0);
}

/** Sessions that each claimed a `once` hook (an http hook the network guard refuses at once: no spawn). */
async function liveSessions(url: string, from: number, count: number): Promise<void> {
  let next = from;
  const worker = async () => {
    for (let index = next++; index < from + count; index = next++) {
      const body = JSON.stringify({
        hook_event_name: 'UserPromptSubmit',
        session_id: `live-${index}`,
        prompt: 'p',
      });
      await (await fetch(`${url}/hooks/UserPromptSubmit`, { method: 'POST', body })).text();
    }
  };
  await Promise.all(Array.from({ length: 16 }, worker));
}

export async function measureServeReplicas(quick: boolean): Promise<TargetResult[]> {
  const events = quick ? 2_000 : 10_000;
  const concurrency = 16;
  const directory = mkdtempSync(join(tmpdir(), 'hookwire-bench-serve-'));
  const settings = join(directory, 'settings.json');
  writeFileSync(
    settings,
    JSON.stringify({
      hooks: {
        UserPromptSubmit: [
          { hooks: [{ type: 'http', url: 'http://127.0.0.1:9/once', once: true, timeout: 1 }] },
        ],
      },
    }),
  );
  const children: ChildProcess[] = [];
  const started = async (server: Promise<Server>) => {
    const made = await server;
    children.push(made.child);
    return made;
  };
  try {
    const bare = await started(startServer(['-e', BARE_SERVER]));
    const local = await started(serve(settings));
    // Warm-up: JIT and connections.
    await load([bare.url], 500, concurrency);
    await load([local.url], 500, concurrency);
    const barePerCore: number[] = [];
    const localPerCore: number[] = [];
    for (let round = 0; round < 3; round++) {
      barePerCore.push(await perCore([bare], events, concurrency));
      localPerCore.push(await perCore([local], events, concurrency));
    }
    const hookwireRate = summarise(localPerCore).median;
    const bareRate = summarise(barePerCore).median;
    const results: TargetResult[] = [
      {
        id: '10a',
        name: 'serve: events/s per core, one replica vs a bare Node server',
        figure: `${formatRate(hookwireRate)}/core`,
        baseline: `${formatRate(bareRate)}/core`,
        ratio: formatRatio(hookwireRate / bareRate),
        target: 'info',
        verdict: 'INFO',
        notes: [`${events} PreToolUse events x3 each, ${concurrency} at once; server CPU from /proc`],
      },
    ];
    if (!redisAvailable()) {
      results.push({
        id: '10b',
        name: 'serve with Redis state',
        figure: '-',
        baseline: '-',
        ratio: '-',
        target: '-',
        verdict: 'SKIP',
        notes: ['redis-server is not installed'],
      });
      return results;
    }
    const redis = await startRedis(directory);
    children.push(redis.child);
    const one = await started(serve(settings, redis.url));
    const two = await started(serve(settings, redis.url));
    await load([one.url, two.url], 500, concurrency);
    // Two replicas against one, the same load generator: events/s of the whole.
    const oneRates: number[] = [];
    const twoRates: number[] = [];
    for (let round = 0; round < 3; round++) {
      oneRates.push((await load([one.url], events, 2 * concurrency)).perSecond);
      twoRates.push((await load([one.url, two.url], events, 2 * concurrency)).perSecond);
    }
    const oneRate = summarise(oneRates).median;
    const twoRate = summarise(twoRates).median;
    results.push({
      id: '10b',
      name: 'serve: two replicas vs one (Redis state), events/s',
      figure: formatRate(twoRate),
      baseline: formatRate(oneRate),
      ratio: formatRatio(twoRate / oneRate),
      target: 'info',
      verdict: 'INFO',
      notes: [`the load generator shares the machine's cores with the replicas and Redis`],
    });
    // Latency Redis adds: one client, one event at a time, local state against Redis state.
    const latencyEvents = quick ? 500 : 2_000;
    const localLatency: number[] = [];
    const redisLatency: number[] = [];
    for (let round = 0; round < 4; round++) {
      localLatency.push(...(await load([local.url], latencyEvents / 4, 1)).latenciesMs);
      redisLatency.push(...(await load([one.url], latencyEvents / 4, 1)).latenciesMs);
    }
    const localSummary = summarise(localLatency);
    const redisSummary = summarise(redisLatency);
    results.push({
      id: '10c',
      name: 'serve: latency Redis state adds per event (p50 / p99)',
      figure: `${formatMs(redisSummary.median)} / ${formatMs(redisSummary.p99)}`,
      baseline: `${formatMs(localSummary.median)} / ${formatMs(localSummary.p99)}`,
      ratio: `+${formatMs(redisSummary.median - localSummary.median)} / +${formatMs(redisSummary.p99 - localSummary.p99)}`,
      target: 'info',
      verdict: 'INFO',
      notes: [`${latencyEvents} PreToolUse events each, one at a time (with Redis: one take per event)`],
    });
    // Memory: sessions that each claimed a once hook, in serve's memory (local) and in Redis's.
    const sessions = quick ? 1_000 : 5_000;
    const rssBefore = rssBytes(local.child.pid as number);
    await liveSessions(local.url, 0, sessions);
    const rssAfter = rssBytes(local.child.pid as number);
    const redisBefore = redisUsedMemory(redis.port);
    await liveSessions(one.url, 0, sessions);
    const redisAfter = redisUsedMemory(redis.port);
    const perThousand = (bytes: number) => `${(((bytes / sessions) * 1000) / 1024).toFixed(0)} KiB`;
    results.push({
      id: '10d',
      name: 'serve: memory per 1000 live sessions (one once claim each)',
      figure: `Redis ${perThousand(redisAfter - redisBefore)}`,
      baseline: `local RSS ${perThousand(rssAfter - rssBefore)}`,
      ratio: '-',
      target: 'info',
      verdict: 'INFO',
      notes: [`${sessions} sessions; local: serve's RSS growth (no GC forced); Redis: used_memory growth`],
    });
    return results;
  } finally {
    for (const child of children) child.kill('SIGKILL');
    rmSync(directory, { recursive: true, force: true });
  }
}
