import { execFileSync, spawn } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { nativeClient } from '../../scripts/native-client.js';
import { DAEMON_PROTOCOL, encodeAnswer, encodeHello } from '../../src/daemon-protocol/daemon-wire.js';

/*
 * A fake hookwire daemon for the native client's wire (docs/daemon.md, "The client fails closed"): a real
 * Unix socket server, at the path the client computes, that misbehaves as a `DaemonScript` says, and a fake
 * `node` that stands for the Node fallback (it records the stdin it was given and exits 42), so that every
 * exit of the client can be told apart: the daemon's answer, Node's, or the client's own 2.
 */

/** How the fake daemon greets. */
export type Hello =
  | 'ok'
  | 'close'
  | 'hang'
  | 'partial-close'
  | 'partial-hang'
  | 'garbage'
  | 'other-protocol'
  | 'other-version';
/** What it does with the request once greeted. */
export type RequestStep = 'read-all' | 'close-at-once' | 'close-midway' | 'answer-before-reading';
/** What it answers once it has the whole request. */
export type AnswerStep =
  | {
      kind: 'valid';
      code: number;
      stdout: string;
      stderr: string;
      heartbeats: number;
      chunks: number;
      delayMs: number;
    }
  | { kind: 'short'; cut: number }
  | { kind: 'long'; extra: number }
  | { kind: 'garbage'; bytes: Uint8Array }
  | { kind: 'code-over-255'; code: number }
  | { kind: 'close' }
  | { kind: 'hang' }
  | { kind: 'close-mid-answer'; heartbeats: number };

export interface DaemonScript {
  readonly hello: Hello;
  readonly request: RequestStep;
  readonly answer: AnswerStep;
}

/** The code the fake Node exits with: the fallback answered. */
export const NODE_FALLBACK_CODE = 42;
export const VERSION = (
  JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
    version: string;
  }
).version;

/** The daemon's greeting, or one that announces another protocol version (a daemon of another release). */
function hello(version: string, protocol = DAEMON_PROTOCOL): Buffer {
  const bytes = encodeHello(version);
  bytes.writeUInt32LE(protocol, 4);
  return bytes;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Plays `script` on one accepted connection (the native client's tests, and the OpenCode plugin's). */
export async function play(socket: Socket, script: DaemonScript): Promise<void> {
  socket.on('error', () => undefined);
  const write = (bytes: Buffer) =>
    new Promise<void>((resolve) => (socket.destroyed ? resolve() : socket.write(bytes, () => resolve())));
  switch (script.hello) {
    case 'close':
      socket.destroy();
      return;
    case 'hang':
      return;
    case 'partial-close':
      await write(hello(VERSION).subarray(0, 6));
      socket.destroy();
      return;
    case 'partial-hang':
      await write(hello(VERSION).subarray(0, 6));
      return;
    case 'garbage':
      await write(Buffer.from('HTTP/1.1 400 Bad Request\r\n\r\n'));
      socket.destroy();
      return;
    case 'other-protocol':
      await write(hello(VERSION, DAEMON_PROTOCOL + 1));
      return;
    case 'other-version':
      await write(hello(`${VERSION}-other`));
      return;
    case 'ok':
      await write(hello(VERSION));
      break;
  }
  if (script.request === 'close-at-once') {
    socket.destroy();
    return;
  }
  if (script.request === 'answer-before-reading') {
    socket.end(encodeAnswer(0, 'early\n', ''));
    return;
  }
  const whole = await readRequest(socket, script.request === 'close-midway');
  if (!whole) return;
  const answer = script.answer;
  switch (answer.kind) {
    case 'valid': {
      for (let beat = 0; beat < answer.heartbeats; beat++) await write(Buffer.of(0));
      const bytes = encodeAnswer(answer.code, answer.stdout, answer.stderr);
      const size = Math.ceil(bytes.length / answer.chunks);
      for (let offset = 0; offset < bytes.length; offset += size) {
        if (answer.delayMs > 0) await pause(answer.delayMs);
        await write(bytes.subarray(offset, offset + size));
      }
      socket.end();
      return;
    }
    case 'short': {
      const whole = encodeAnswer(0, 'fine', '');
      socket.end(whole.subarray(0, Math.min(answer.cut, whole.length - 1)));
      return;
    }
    case 'long':
      socket.end(Buffer.concat([encodeAnswer(0, 'fine', ''), Buffer.alloc(answer.extra, 7)]));
      return;
    case 'garbage':
      socket.end(Buffer.from(answer.bytes));
      return;
    case 'code-over-255':
      socket.end(encodeAnswer(answer.code, '', ''));
      return;
    case 'close':
      socket.destroy();
      return;
    case 'hang':
      return;
    case 'close-mid-answer':
      for (let beat = 0; beat < answer.heartbeats; beat++) await write(Buffer.of(0));
      await write(encodeAnswer(0, 'fine', '').subarray(0, 9));
      socket.destroy();
      return;
  }
}

/** Reads the request to its announced end (true), or closes halfway through it (false). */
function readRequest(socket: Socket, closeMidway: boolean): Promise<boolean> {
  return new Promise((resolve) => {
    let received = 0;
    let expected: number | undefined;
    let head = Buffer.alloc(0);
    socket.on('data', (chunk: Buffer) => {
      received += chunk.length;
      if (expected === undefined) {
        head = Buffer.concat([head, chunk]);
        if (head.length >= 8) expected = 8 + head.readUInt32LE(4);
      }
      if (closeMidway && expected !== undefined && received >= Math.min(expected - 1, 8)) {
        socket.destroy();
        resolve(false);
      } else if (expected !== undefined && received >= expected) {
        socket.removeAllListeners('data');
        resolve(true);
      }
    });
    socket.on('close', () => resolve(false));
  });
}

/** What one client run gave. */
export interface ClientExit {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
  readonly stdout: string;
  readonly stderr: string;
  /** What the fake Node read on its stdin, when the client fell back to it. */
  readonly nodeStdin: Buffer | undefined;
}

/** The client, a fake Node, and a directory of their own; `close()` removes it. */
export function clientWorld() {
  const base = mkdtempSync(join(tmpdir(), 'hookwire-client-wire-'));
  const binary = nativeClient(join(base, 'bin'));
  const fakeNode = join(base, 'fake-node');
  // $1: the hookwire file, $2: `run` (the fallback) or `daemon` (a start, which fails here).
  writeFileSync(
    fakeNode,
    `#!/bin/sh\n[ "$2" = run ] || exit 1\ncat > "$HOOKWIRE_FAKE_NODE_STDIN"\necho node-fallback\nexit ${NODE_FALLBACK_CODE}\n`,
  );
  chmodSync(fakeNode, 0o755);
  const hookwire = join(base, 'hookwire.cjs');
  writeFileSync(hookwire, '');
  let counter = 0;
  return {
    binary,
    close: () => rmSync(base, { recursive: true, force: true }),
    /**
     * One event through the client, with `script` played by a fake daemon on its socket (none: no daemon).
     * `waitMs`: HOOKWIRE_CLIENT_WAIT_MS, the client's bound on every wait.
     */
    async run(input: Buffer, script: DaemonScript | undefined, waitMs: number): Promise<ClientExit> {
      if (binary === undefined) throw new Error('no C compiler: the native client cannot be built');
      const directory = join(base, `case-${counter++}`);
      mkdirSync(join(directory, 'run'), { recursive: true, mode: 0o700 });
      chmodSync(join(directory, 'run'), 0o700);
      const nodeStdin = join(directory, 'node-stdin');
      const env = {
        PATH: process.env.PATH ?? '/usr/bin:/bin',
        XDG_RUNTIME_DIR: join(directory, 'run'),
        HOOKWIRE_DAEMON: '0',
        HOOKWIRE_CLIENT_WAIT_MS: String(waitMs),
        HOOKWIRE_FAKE_NODE_STDIN: nodeStdin,
      };
      const args = ['--hookwire', hookwire, '--node', fakeNode];
      const socketPath = execFileSync(binary, [...args, '--socket-path'], { env, encoding: 'utf8' }).trim();
      const connections: Socket[] = [];
      const server =
        script === undefined
          ? undefined
          : await new Promise<ReturnType<typeof createServer>>((resolve, reject) => {
              const listening = createServer((socket) => {
                connections.push(socket);
                void play(socket, script);
              });
              listening.once('error', reject);
              listening.listen(socketPath, () => resolve(listening));
            });
      try {
        const exit = await new Promise<Omit<ClientExit, 'nodeStdin'>>((resolve, reject) => {
          const child = spawn(binary, [...args, 'run', '--settings', 'hooks.json'], {
            env,
            stdio: ['pipe', 'pipe', 'pipe'],
          });
          let stdout = '';
          let stderr = '';
          child.stdout.on('data', (chunk: Buffer) => {
            stdout += chunk;
          });
          child.stderr.on('data', (chunk: Buffer) => {
            stderr += chunk;
          });
          child.stdin.on('error', () => undefined);
          child.on('error', reject);
          child.on('close', (code, signal) => resolve({ code, signal, stdout, stderr }));
          child.stdin.end(input);
        });
        let recorded: Buffer | undefined;
        try {
          recorded = readFileSync(nodeStdin);
        } catch {
          recorded = undefined;
        }
        return { ...exit, nodeStdin: recorded };
      } finally {
        for (const socket of connections) socket.destroy();
        await new Promise((resolve) => (server === undefined ? resolve(undefined) : server.close(resolve)));
      }
    },
  };
}

/** Whether a greeting makes the client hand the event over (else it falls back to Node: safe, unseen). */
export function greets(script: DaemonScript | undefined): boolean {
  return script?.hello === 'ok';
}

/**
 * The property (docs/daemon.md): the client exits with the daemon's answer (stdout, stderr and code as sent),
 * with Node's (the whole input replayed), or with 2 and a reason on stderr; never 1, never a signal. Returns
 * what was wrong, or undefined.
 */
export function violation(
  input: Buffer,
  script: DaemonScript | undefined,
  exit: ClientExit,
): string | undefined {
  if (exit.signal !== null) return `killed by ${exit.signal}`;
  const fellBack = exit.code === NODE_FALLBACK_CODE && exit.stdout === 'node-fallback\n';
  const ownFailure =
    exit.code === 2 && /^hookwire-client: .+\(exit 2/.test(exit.stderr) && exit.stdout === '';
  if (fellBack) {
    if (greets(script)) return 'fell back to Node after a daemon greeted: the event could run twice';
    if (exit.nodeStdin === undefined || !exit.nodeStdin.equals(input))
      return `Node was given ${exit.nodeStdin?.length ?? 'no'} bytes of a ${input.length}-byte input`;
    return undefined;
  }
  if (!greets(script)) return `no greeting, yet exit ${exit.code} without the fallback: ${exit.stderr}`;
  if (script === undefined) return 'unreachable';
  const answer = script.answer;
  if (script.request === 'answer-before-reading') {
    const early = exit.code === 0 && exit.stdout === 'early\n' && exit.stderr === '';
    return early || ownFailure ? undefined : `exit ${exit.code}, stderr ${JSON.stringify(exit.stderr)}`;
  }
  if (answer.kind === 'long') {
    // The client stops reading once the answer is whole: bytes after it are seen only when they came with it.
    const answered = exit.code === 0 && exit.stdout === 'fine' && exit.stderr === '';
    return answered || ownFailure ? undefined : `exit ${exit.code}, stderr ${JSON.stringify(exit.stderr)}`;
  }
  if (script.request === 'read-all' && answer.kind === 'valid') {
    const answered =
      exit.code === answer.code && exit.stdout === answer.stdout && exit.stderr === answer.stderr;
    return answered
      ? undefined
      : `not the daemon's answer: exit ${exit.code}, ${JSON.stringify(exit.stderr)}`;
  }
  return ownFailure ? undefined : `not a fail-closed exit: exit ${exit.code}, ${JSON.stringify(exit.stderr)}`;
}
