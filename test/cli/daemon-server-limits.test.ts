import { mkdtempSync, rmSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { type DaemonServer, startDaemonServer } from '../../src/cli/daemon/daemon-server.js';
import { DAEMON_PROTOCOL, REQUEST_LIMIT_BYTES } from '../../src/daemon-protocol/daemon-wire.js';

/*
 * The daemon holds no client's bytes without bound (docs/daemon.md, "Bounds"): a request is refused past
 * REQUEST_LIMIT_BYTES, when it is not whole within the time limit, and when all partial requests together
 * would pass the budget; each refusal is answered with hookwire's own failure (exit 2) and the connection
 * closed, and the bytes it held are let go. Real sockets, the server in this process.
 */

const directories: string[] = [];
const servers: DaemonServer[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.stop('test over');
    await server.stopped;
  }
  for (const directory of directories.splice(0)) rmSync(directory, { recursive: true, force: true });
});

async function daemon(options: {
  requestTimeLimitMs?: number;
  budget?: number;
  answerAfter?: Promise<void>;
}) {
  const directory = mkdtempSync(join(tmpdir(), 'hookwire-daemon-limits-'));
  directories.push(directory);
  const socketPath = join(directory, 'daemon.sock');
  const server = await startDaemonServer({
    socketPath,
    version: 'test',
    idleMs: 60_000,
    busy: () => 0,
    shouldRetire: () => false,
    log: () => undefined,
    heartbeatMs: 20,
    ...(options.requestTimeLimitMs === undefined ? {} : { requestTimeLimitMs: options.requestTimeLimitMs }),
    ...(options.budget === undefined ? {} : { partialRequestsBudgetBytes: options.budget }),
    answer: async (request, write) => {
      await options.answerAfter;
      write(1, `stdin ${request.stdin.length}\n`);
      return { exitCode: 0, afterAnswer: async () => undefined };
    },
  });
  servers.push(server);
  return { server, socketPath };
}

/** A whole request whose stdin is `stdin` bytes long. */
function request(stdin: number): Buffer {
  const text = (value: string | Buffer) => {
    const bytes = Buffer.from(value);
    const length = Buffer.alloc(4);
    length.writeUInt32LE(bytes.length);
    return Buffer.concat([length, bytes]);
  };
  const u32 = (value: number) => {
    const bytes = Buffer.alloc(4);
    bytes.writeUInt32LE(value);
    return bytes;
  };
  const body = Buffer.concat([
    u32(DAEMON_PROTOCOL),
    u32(1),
    text('run'),
    text('/'),
    u32(0),
    text(Buffer.alloc(stdin, 'x')),
  ]);
  return Buffer.concat([Buffer.from('HWQ1'), u32(body.length), body]);
}

/** Everything the daemon sends on one connection, until it closes it. */
function exchange(socketPath: string, send: (socket: Socket) => void): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const socket = connect(socketPath);
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', (error: NodeJS.ErrnoException) => {
      // The daemon may close while we still write: what it sent before is the answer.
      if (error.code === 'EPIPE' || error.code === 'ECONNRESET') return;
      reject(error);
    });
    socket.on('close', () => resolve(Buffer.concat(chunks)));
    socket.on('connect', () => send(socket));
  });
}

/** The exit code and stderr of the answer after the hello (and any heartbeats). */
function answerOf(bytes: Buffer): { code: number; stdout: string; stderr: string } {
  let offset = 12 + bytes.readUInt32LE(8);
  while (bytes[offset] === 0) offset++;
  const answer = bytes.subarray(offset);
  expect(answer.toString('latin1', 0, 4)).toBe('HWA1');
  const outLength = answer.readUInt32LE(8);
  return {
    code: answer.readUInt32LE(4),
    stdout: answer.toString('utf8', 12, 12 + outLength),
    stderr: answer.toString('utf8', 16 + outLength),
  };
}

describe('the daemon bounds what a client makes it hold', () => {
  it('answers a whole request, with heartbeats before the answer while it works', async () => {
    let release: () => void = () => undefined;
    const answerAfter = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { socketPath } = await daemon({ answerAfter });
    const received = exchange(socketPath, (socket) => {
      socket.write(request(5));
      // Released once the first heartbeat arrived: the daemon sends them while the event runs.
      socket.on('data', (chunk: Buffer) => {
        if (chunk.includes(0)) release();
      });
    });
    expect(answerOf(await received)).toEqual({ code: 0, stdout: 'stdin 5\n', stderr: '' });
  });

  it('refuses a request that announces more than REQUEST_LIMIT_BYTES, before holding it', async () => {
    const { socketPath } = await daemon({});
    const header = request(0);
    header.writeUInt32LE(REQUEST_LIMIT_BYTES, 4);
    const answer = answerOf(await exchange(socketPath, (socket) => socket.write(header.subarray(0, 8))));
    expect(answer.code).toBe(2);
    expect(answer.stderr).toMatch(/over the limit/);
  });

  it('closes a partial request that is not whole within the time limit, and lets its bytes go', async () => {
    const { server, socketPath } = await daemon({ requestTimeLimitMs: 200 });
    const whole = request(100_000);
    const answer = answerOf(await exchange(socketPath, (socket) => socket.write(whole.subarray(0, 50_000))));
    expect(answer.code).toBe(2);
    expect(answer.stderr).toMatch(/no whole request within 200 ms/);
    expect(server.heldRequestBytes()).toBe(0);
  });

  it('200 clients of 2 MB partial requests: never more held than the budget, each refused, then whole requests answered', async () => {
    const budget = 8 * 1024 * 1024;
    const { server, socketPath } = await daemon({ budget, requestTimeLimitMs: 2000 });
    const partial = request(2 * 1024 * 1024).subarray(0, 2 * 1024 * 1024);
    let mostHeld = 0;
    const watch = setInterval(() => {
      mostHeld = Math.max(mostHeld, server.heldRequestBytes());
    }, 1);
    const answers = await Promise.all(
      Array.from({ length: 200 }, () =>
        exchange(socketPath, (socket) => {
          socket.write(partial, () => {
            mostHeld = Math.max(mostHeld, server.heldRequestBytes());
          });
        }),
      ),
    );
    clearInterval(watch);
    expect(mostHeld).toBeLessThanOrEqual(budget);
    const refusals = answers.map((bytes) => answerOf(bytes));
    expect(refusals.every((answer) => answer.code === 2)).toBe(true);
    expect(refusals.some((answer) => /partial requests/.test(answer.stderr))).toBe(true);
    expect(server.heldRequestBytes()).toBe(0);
    const after = answerOf(await exchange(socketPath, (socket) => socket.write(request(3_000_000))));
    expect(after).toEqual({ code: 0, stdout: 'stdin 3000000\n', stderr: '' });
  });
});
