/*
 * Prototype of the per-user hookwire daemon (docs/daemon.md), the other end of client.c: answers
 * `hookwire run` events with engines kept warm per (settings files, cwd, project dir), rebuilt when a settings
 * file changes. Not the product: no per-event cancellation, and hooks see the daemon's environment under the
 * client's (the engine's `env` option layers on process.env). Exits after HOOKWIRE_DAEMON_IDLE_MS (default
 * 10 minutes) without events.
 *
 * Run it bundled (docs/daemon.md has the esbuild command): client.c starts it with HOOKWIRE_DAEMON_COMMAND and
 * waits for fd 3 to close, which a launcher such as npx would not pass on. `npx tsx` runs it by hand.
 */
import { chmodSync, closeSync, mkdirSync, statSync, unlinkSync, writeSync } from 'node:fs';
import { createServer, type Socket } from 'node:net';
import { resolve } from 'node:path';
import { createEngine } from '../../../src/engine/create-engine.js';
import type { Engine } from '../../../src/engine/engine.js';
import { toHostAnswer } from '../../../src/protocol/to-host-answer.js';

const PROTOCOL = 1;
const IDLE_MS = Number(process.env.HOOKWIRE_DAEMON_IDLE_MS ?? 600_000);
const uid = process.getuid?.() ?? 0;
const runtime = process.env.XDG_RUNTIME_DIR?.startsWith('/')
  ? `${process.env.XDG_RUNTIME_DIR}/hookwire`
  : `/tmp/hookwire-${uid}`;
const socketPath = `${runtime}/daemon.sock`;

mkdirSync(runtime, { recursive: true, mode: 0o700 });
const directory = statSync(runtime);
if (directory.uid !== uid || (directory.mode & 0o077) !== 0) {
  throw new Error(`${runtime} must be this user's and private (0700)`);
}

interface Request {
  readonly args: string[];
  readonly cwd: string;
  readonly env: Record<string, string>;
  readonly stdin: string;
}

function parseRequest(bytes: Buffer): Request {
  let offset = 4;
  const u32 = () => {
    offset += 4;
    return bytes.readUInt32LE(offset - 4);
  };
  const text = () => {
    const length = u32();
    offset += length;
    return bytes.toString('utf8', offset - length, offset);
  };
  if (bytes.toString('latin1', 0, 4) !== 'HWQ1' || u32() !== PROTOCOL)
    throw new Error('not a hookwire request');
  const args = Array.from({ length: u32() }, text);
  const cwd = text();
  const env: Record<string, string> = {};
  for (let count = u32(); count > 0; count--) {
    const entry = text();
    const equals = entry.indexOf('=');
    if (equals > 0) env[entry.slice(0, equals)] = entry.slice(equals + 1);
  }
  return { args, cwd, env, stdin: text() };
}

function u32(value: number): Buffer {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32LE(value);
  return bytes;
}

function encodeAnswer(exitCode: number, stdout: string, stderr: string): Buffer {
  const out = Buffer.from(stdout);
  const err = Buffer.from(stderr);
  return Buffer.concat([Buffer.from('HWA1'), u32(exitCode), u32(out.length), out, u32(err.length), err]);
}

const engines = new Map<string, { engine: Engine; stamps: string }>();

function stampsOf(files: readonly string[]): string {
  return files
    .map((file) => {
      try {
        const status = statSync(file);
        return `${status.ino}:${status.size}:${status.mtimeMs}`;
      } catch {
        return '-';
      }
    })
    .join(',');
}

/** A warm engine for these settings, rebuilt when one of the files changed since it was built. */
async function engineFor(
  settings: string[],
  cwd: string,
  projectDir: string,
  marker: string,
): Promise<Engine> {
  const key = JSON.stringify([settings, cwd, projectDir, marker]);
  const stamps = stampsOf(settings);
  const known = engines.get(key);
  if (known?.stamps === stamps) return known.engine;
  const engine = await createEngine({ cwd, projectDir, env: { HOOKWIRE_RUN_EVENTS: marker }, settings });
  engines.set(key, { engine, stamps });
  if (known) void known.engine.close();
  return engine;
}

/** What `hookwire run` would answer for this request (the same argument and recursion rules, simplified). */
async function answer(request: Request): Promise<Buffer> {
  try {
    const settings: string[] = [];
    const positionals: string[] = [];
    const args = request.args[0] === 'run' ? request.args.slice(1) : request.args;
    for (let index = 0; index < args.length; index++) {
      const token = args[index] as string;
      if (token === '--settings') settings.push(resolve(request.cwd, args[++index] ?? ''));
      else if (token.startsWith('--settings=')) settings.push(resolve(request.cwd, token.slice(11)));
      else positionals.push(token);
    }
    const payload = JSON.parse(request.stdin) as Record<string, unknown>;
    const event = String(payload.hook_event_name ?? positionals[0]);
    const serving = (request.env.HOOKWIRE_RUN_EVENTS ?? '').split(',').filter(Boolean);
    if (serving.includes(event))
      return encodeAnswer(1, '', `hookwire run: refusing to recurse for ${event}\n`);
    const cwd = typeof payload.cwd === 'string' ? payload.cwd : request.cwd;
    const projectDir = request.env.CLAUDE_PROJECT_DIR || cwd;
    const engine = await engineFor(settings, cwd, projectDir, [...serving, event].join(','));
    const host = toHostAnswer(await engine.fire(event, payload));
    return encodeAnswer(host.exitCode, host.stdout, host.stderr);
  } catch (error) {
    return encodeAnswer(1, '', `hookwire run: ${(error as Error).message}\n`);
  }
}

let idle: NodeJS.Timeout | undefined;
let closing = false;
const trace = process.env.HOOKWIRE_DAEMON_TRACE !== undefined;

const server = createServer({ allowHalfOpen: true }, (socket: Socket) => {
  clearTimeout(idle);
  const accepted = performance.now();
  socket.write(Buffer.concat([Buffer.from('HWH1'), u32(PROTOCOL)]));
  const chunks: Buffer[] = [];
  socket.on('data', (chunk: Buffer) => chunks.push(chunk));
  socket.on('error', () => {});
  socket.on('end', async () => {
    const received = performance.now();
    socket.end(await answer(parseRequest(Buffer.concat(chunks))));
    if (trace) {
      const answered = performance.now() - received;
      process.stderr.write(
        `request ${(received - accepted).toFixed(2)} ms, answer ${answered.toFixed(2)} ms\n`,
      );
    }
    if (!closing) idle = setTimeout(shutdown, IDLE_MS);
  });
});

/* Unlink first: a client that connects from now on starts a new daemon instead of reaching this one. */
function shutdown(): void {
  closing = true;
  clearTimeout(idle);
  try {
    unlinkSync(socketPath);
  } catch {}
  server.close();
  for (const { engine } of engines.values()) void engine.close();
}

try {
  unlinkSync(socketPath);
} catch {}
process.umask(0o077);
server.listen(socketPath, () => {
  chmodSync(socketPath, 0o600);
  idle = setTimeout(shutdown, IDLE_MS);
  const ready = Number(process.env.HOOKWIRE_DAEMON_READY_FD);
  if (Number.isInteger(ready) && ready > 2) {
    writeSync(ready, 'r');
    closeSync(ready);
  }
  if (trace) process.stderr.write(`listening on ${socketPath}, pid ${process.pid}\n`);
});
process.on('SIGTERM', shutdown);
