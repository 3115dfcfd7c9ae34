import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import {
  type AnswerStep,
  clientWorld,
  type DaemonScript,
  type Hello,
  NODE_FALLBACK_CODE,
  type RequestStep,
  violation,
} from './fake-daemon.js';
import { fuzzCheck } from './fuzz-check.js';

/*
 * The native client fails closed (docs/daemon.md): against a daemon that answers every byte-level way
 * (short, long, garbage, closed at each step, slow, never), it exits with the daemon's answer, with Node's
 * (the whole input replayed), or with 2 and a reason; never 1, never a signal. Each case is a real client
 * process against a real socket server (test/fuzz/fake-daemon.ts).
 */

const world = clientWorld();
afterAll(() => world.close());

/** The client's bound on every wait: the cases that hang cost this much each. */
const WAIT_MS = 1500;

const HELLOS: Hello[] = [
  'ok',
  'close',
  'hang',
  'partial-close',
  'partial-hang',
  'garbage',
  'other-protocol',
  'other-version',
];
const REQUESTS: RequestStep[] = ['read-all', 'close-at-once', 'close-midway', 'answer-before-reading'];
const valid = (fields: Partial<Extract<AnswerStep, { kind: 'valid' }>> = {}): AnswerStep => ({
  kind: 'valid',
  code: 0,
  stdout: '{"decision":"ok"}\n',
  stderr: 'from the hook\n',
  heartbeats: 0,
  chunks: 1,
  delayMs: 0,
  ...fields,
});
const ANSWERS: AnswerStep[] = [
  valid(),
  valid({ code: 2, stdout: '', stderr: 'denied\n' }),
  valid({ code: 1 }),
  valid({ heartbeats: 3, chunks: 5, delayMs: 20 }),
  { kind: 'short', cut: 0 },
  { kind: 'short', cut: 3 },
  { kind: 'short', cut: 11 },
  { kind: 'short', cut: 17 },
  { kind: 'long', extra: 1 },
  { kind: 'long', extra: 100 },
  { kind: 'garbage', bytes: new TextEncoder().encode('not an answer at all') },
  { kind: 'code-over-255', code: 256 },
  { kind: 'code-over-255', code: 0xffffffff },
  { kind: 'close' },
  { kind: 'hang' },
  { kind: 'close-mid-answer', heartbeats: 2 },
];

/** Every step where the daemon can go wrong, each once, the other steps well-behaved. */
const CASES: Array<[string, DaemonScript | undefined]> = [
  ['no daemon', undefined],
  ...HELLOS.filter((hello) => hello !== 'ok').map((hello): [string, DaemonScript] => [
    `hello ${hello}`,
    { hello, request: 'read-all', answer: valid() },
  ]),
  ...REQUESTS.filter((request) => request !== 'read-all').map((request): [string, DaemonScript] => [
    `request ${request}`,
    { hello: 'ok', request, answer: valid() },
  ]),
  ...ANSWERS.map((answer): [string, DaemonScript] => [
    `answer ${JSON.stringify(answer).slice(0, 60)}`,
    { hello: 'ok', request: 'read-all', answer },
  ]),
];

const EVENT = Buffer.from(JSON.stringify({ hook_event_name: 'PreToolUse', tool_name: 'Bash' }));
/** Larger than a socket's buffer: the daemon's close reaches the client while it still writes (SIGPIPE). */
const LARGE_EVENT = Buffer.alloc(3 * 1024 * 1024, 'x');

describe.skipIf(world.binary === undefined)(
  'the native client against a daemon misbehaving at each step',
  () => {
    it.each(CASES)('%s: the answer, Node, or 2 with a reason', async (_name, script) => {
      for (const input of [EVENT, LARGE_EVENT]) {
        const exit = await world.run(input, script, WAIT_MS);
        expect(violation(input, script, exit)).toBeUndefined();
      }
    });

    it('an input past 16 MiB goes to Node whole, even with a daemon that greets', async () => {
      const input = Buffer.alloc(17 * 1024 * 1024 + 12345);
      for (let index = 0; index < input.length; index += 4096) input[index] = index % 251;
      const exit = await world.run(input, { hello: 'ok', request: 'read-all', answer: valid() }, WAIT_MS);
      expect(exit.code).toBe(NODE_FALLBACK_CODE);
      expect(exit.nodeStdin?.length).toBe(input.length);
      expect(exit.nodeStdin?.equals(input)).toBe(true);
    });

    it('the checker fails a cut replay and a signal death (negative controls)', () => {
      const cut = violation(EVENT, undefined, {
        code: NODE_FALLBACK_CODE,
        signal: null,
        stdout: 'node-fallback\n',
        stderr: '',
        nodeStdin: EVENT.subarray(0, 5),
      });
      expect(cut).toMatch(/5 bytes/);
      const killed = { code: null, signal: 'SIGPIPE' as const, stdout: '', stderr: '', nodeStdin: undefined };
      expect(violation(EVENT, undefined, killed)).toMatch(/SIGPIPE/);
    });
  },
);

const hello = fc.constantFrom(...HELLOS, 'ok', 'ok', 'ok');
const request = fc.constantFrom(...REQUESTS, 'read-all', 'read-all');
const often = <T>(arbitrary: fc.Arbitrary<T>) => ({ arbitrary, weight: 5 });
const answer: fc.Arbitrary<AnswerStep> = fc.oneof(
  often(
    fc.record({
      kind: fc.constant('valid' as const),
      code: fc.integer({ min: 0, max: 255 }),
      stdout: fc.string({ maxLength: 200 }),
      stderr: fc.string({ maxLength: 200 }),
      heartbeats: fc.integer({ min: 0, max: 5 }),
      chunks: fc.integer({ min: 1, max: 6 }),
      delayMs: fc.integer({ min: 0, max: 30 }),
    }),
  ),
  often(fc.record({ kind: fc.constant('short' as const), cut: fc.integer({ min: 0, max: 30 }) })),
  often(fc.record({ kind: fc.constant('long' as const), extra: fc.integer({ min: 1, max: 5000 }) })),
  often(fc.record({ kind: fc.constant('garbage' as const), bytes: fc.uint8Array({ maxLength: 300 }) })),
  often(
    fc.record({
      kind: fc.constant('code-over-255' as const),
      code: fc.integer({ min: 256, max: 0xffffffff }),
    }),
  ),
  often(fc.constant({ kind: 'close' as const })),
  often(fc.constant({ kind: 'close-mid-answer' as const, heartbeats: 1 })),
  // Rare: each costs WAIT_MS.
  { arbitrary: fc.constant({ kind: 'hang' as const }), weight: 1 },
);
const input = fc.oneof(
  fc.uint8Array({ maxLength: 2000 }),
  fc.integer({ min: 0, max: 600_000 }).map((size) => new Uint8Array(size).fill(120)),
);

describe.skipIf(world.binary === undefined)('the native client, fuzzed', () => {
  it('exits with the answer, Node or 2 with a reason, for any daemon behaviour and input', async () => {
    await fuzzCheck(
      'native client against a fake daemon',
      fc.asyncProperty(
        fc.record({ hello, request, answer }),
        input,
        fc.boolean(),
        async (script, bytes, noDaemon) => {
          const event = Buffer.from(bytes);
          const played = noDaemon ? undefined : script;
          const exit = await world.run(event, played, WAIT_MS);
          const wrong = violation(event, played, exit);
          if (wrong !== undefined) throw new Error(wrong);
        },
      ),
      15,
      // Each input is a client process and a daemon: a tenth of the inputs of the in-process properties.
      { runsDivisor: 10 },
    );
  }, 300_000);
});
