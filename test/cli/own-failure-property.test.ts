import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { answerEvent } from '../../src/cli/answer/answer-event.js';
import type { EventContext } from '../../src/cli/answer/event-context.js';
import { EVENT_NAMES, type EventName } from '../../src/events/event-names.js';
import { specOf } from '../../src/events/lookup.js';
import type { Host } from '../../src/hosts/host.js';
import { registeredHosts } from '../../src/hosts/registry.js';
import { emptyOutcome } from '../../src/outcome/empty-outcome.js';
import { freePort } from '../support/redis-server.js';
import { trustFiles } from '../support/trust-files.js';
import { root } from './run-cli.js';

/*
 * The property of docs/reliability.md, "hookwire's own failures": every failure of hookwire itself on an
 * event that can block is answered as a block in the host's terms (exit 2, or the host's own failure
 * answer), never exit 1. Generated: every registered host × every event that can block on it, under the
 * host's own name × every kind of failure (a `--server` that cannot be asked among them). Negative control: the same events answered without a failure
 * (no hooks to run) do not block.
 */

const base = mkdtempSync(join(tmpdir(), 'hookwire-own-failure-'));
afterAll(() => rmSync(base, { recursive: true, force: true }));
// A repository of its own, so that no hooks file above it is taken for the project's.
mkdirSync(join(base, '.git'));
const state = join(base, 'state');
const settings = join(base, 'settings.json');
writeFileSync(settings, '{"hooks":{}}');
trustFiles(state, [settings]);
// A port nothing listens on, for a `--server` that refuses the connection.
const closedPort = await freePort();
const environment = (): NodeJS.ProcessEnv => ({
  HOOKWIRE_HOME: join(base, 'home'),
  HOOKWIRE_MANAGED_SETTINGS: join(base, 'none.json'),
  HOOKWIRE_STATE_DIR: state,
});

/** The events that can block on `host`, each with the host's own name for it. */
function blockingEvents(host: Host): Array<{ event: EventName; hostEvent: string }> {
  return EVENT_NAMES.flatMap((event) => {
    const hostEvent = host.events.fromCatalogue(event);
    return specOf(event).block !== null && hostEvent !== undefined ? [{ event, hostEvent }] : [];
  });
}

interface Case {
  readonly argv: string[];
  readonly stdin: string;
  readonly context?: Partial<EventContext>;
}

/** Each kind of failure of hookwire itself, for one host and event. */
const FAILURES: Record<string, (host: Host, hostEvent: string, input: string) => Case> = {
  'an unknown host': (_host, hostEvent, input) => ({ argv: ['--host', 'nope', hostEvent], stdin: input }),
  'an unknown option': (host, hostEvent, input) => ({
    argv: ['--host', host.name, '--setings', settings, hostEvent],
    stdin: input,
  }),
  'a missing option value': (host, hostEvent, input) => ({
    argv: ['--host', host.name, hostEvent, '--settings'],
    stdin: input,
  }),
  'an EVENT that disagrees': (host, _hostEvent, input) => ({
    argv: ['--host', host.name, 'NotThisEvent'],
    stdin: input,
  }),
  'empty input': (host, hostEvent) => ({ argv: ['--host', host.name, hostEvent], stdin: '' }),
  'truncated input': (host, hostEvent, input) => ({
    argv: ['--host', host.name, hostEvent],
    stdin: input.slice(0, 20),
  }),
  'input that is not an object': (host, hostEvent) => ({
    argv: ['--host', host.name, hostEvent],
    stdin: '[1]',
  }),
  recursion: (host, hostEvent, input) => ({
    argv: ['--host', host.name, '--settings', settings, hostEvent],
    stdin: input,
    context: { env: { ...environment(), HOOKWIRE_RUN_EVENTS: host.events.toCatalogue(hostEvent) } },
  }),
  'an internal failure': (host, hostEvent, input) => ({
    argv: ['--host', host.name, '--settings', settings, hostEvent],
    stdin: input,
    context: {
      launcher: () => {
        throw new Error('internal failure');
      },
    },
  }),
  // `run --server URL`: the central policy cannot be asked (issue 38: a host without http hooks of its own).
  'a --server that refuses the connection': (host, hostEvent, input) => ({
    argv: ['--host', host.name, '--server', `http://127.0.0.1:${closedPort}`, hostEvent],
    stdin: input,
    context: { env: { ...environment(), HOOKWIRE_SERVE_TOKEN: 'token' } },
  }),
  'a --server without its token': (host, hostEvent, input) => ({
    argv: ['--host', host.name, '--server', `http://127.0.0.1:${closedPort}`, hostEvent],
    stdin: input,
  }),
  'a --server off this machine over plain http': (host, hostEvent, input) => ({
    argv: ['--host', host.name, '--server', 'http://hooks.example.com', hostEvent],
    stdin: input,
    context: { env: { ...environment(), HOOKWIRE_SERVE_TOKEN: 'token' } },
  }),
  'a working directory that is gone': (host, hostEvent, input) => ({
    argv: ['--host', host.name, '--settings', settings, hostEvent],
    stdin: JSON.stringify({ ...JSON.parse(input), cwd: undefined }),
    context: { cwd: join(base, 'removed') },
  }),
};

async function answer(testCase: Case) {
  const written: Array<[1 | 2, string]> = [];
  const result = await answerEvent(testCase.argv, {
    stdin: testCase.stdin,
    env: environment(),
    cwd: base,
    write: (descriptor, text) => written.push([descriptor, text]),
    launcher: () => () => undefined,
    ...testCase.context,
  });
  const text = (descriptor: 1 | 2) =>
    written
      .filter(([written]) => written === descriptor)
      .map(([, text]) => text)
      .join('');
  return { exitCode: result.exitCode, stdout: text(1), stderr: text(2) };
}

/** Whether `result` blocks `event` on `host`: exit 2, or exactly the host's failure answer of a block. */
async function blocks(host: Host, event: EventName, result: Awaited<ReturnType<typeof answer>>) {
  if (result.exitCode === 2) return true;
  const failure = host.answer.failure;
  if (failure === undefined) return false;
  const reason = result.stderr.split('\n')[0] as string;
  const decision = specOf(event).block?.decision ?? 'block';
  const expected = failure({ ...(await emptyOutcome(event)), decision, reason });
  return result.exitCode === expected.exitCode && result.stdout === expected.stdout && expected.stdout !== '';
}

const input = (hostEvent: string) =>
  JSON.stringify({ hook_event_name: hostEvent, session_id: 's', cwd: base, prompt: 'go', tool_name: 'Bash' });

describe("hookwire's own failure on an event that can block", () => {
  for (const host of registeredHosts()) {
    const events = blockingEvents(host);
    // Deep Agents' legacy hooks.json is never read: no event of it can block.
    if (events.length === 0) continue;
    it(`is a block on ${host.name}, for each of its ${events.length} events and every kind of failure`, async () => {
      const failed: string[] = [];
      for (const { event, hostEvent } of events) {
        for (const [kind, make] of Object.entries(FAILURES)) {
          const result = await answer(make(host, hostEvent, input(hostEvent)));
          if (!(await blocks(host, event, result)))
            failed.push(`${hostEvent} / ${kind}: exit ${result.exitCode} ${result.stderr}`);
          else expect(result.stderr).toMatch(/^hookwire run: /);
        }
      }
      expect(failed).toEqual([]);
    }, 120_000);

    it(`negative control: ${host.name}'s events without a failure (no hooks) are not blocked`, async () => {
      for (const { event, hostEvent } of blockingEvents(host)) {
        const result = await answer({ argv: ['--host', host.name, hostEvent], stdin: input(hostEvent) });
        expect({ hostEvent, blocks: await blocks(host, event, result) }).toEqual({
          hostEvent,
          blocks: false,
        });
      }
    }, 120_000);
  }

  it('a stdout that cannot be written is a block on every host (an answer lost is not an allow)', async () => {
    const deny = join(base, 'deny.json');
    writeFileSync(
      deny,
      JSON.stringify({
        hooks: {
          PreToolUse: [
            {
              hooks: [
                {
                  type: 'command',
                  command: `echo '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"no"}}'`,
                },
              ],
            },
          ],
        },
      }),
    );
    trustFiles(state, [deny]);
    for (const host of registeredHosts()) {
      const hostEvent = host.events.fromCatalogue('PreToolUse');
      if (hostEvent === undefined) continue;
      const result = await answer({
        argv: ['--host', host.name, '--settings', deny, hostEvent],
        stdin: JSON.stringify({
          hook_event_name: hostEvent,
          session_id: 's',
          cwd: base,
          tool_name: 'Bash',
          tool_input: { command: 'ls' },
        }),
        context: {
          write: (descriptor, text) => {
            if (descriptor === 1 && text !== '') throw Object.assign(new Error('ENOSPC'), { code: 'ENOSPC' });
          },
        },
      });
      expect({ host: host.name, exitCode: result.exitCode }).toEqual({ host: host.name, exitCode: 2 });
    }
  }, 120_000);
});

/** `hookwire run` from source as a real process, through `sh -c script`. */
function shell(script: string, stdin: string): Promise<{ code: number | null; stderr: string }> {
  const child = spawn('sh', ['-c', script], {
    cwd: root,
    env: { ...process.env, ...environment(), HOOKWIRE_RUN_EVENTS: '' },
    stdio: ['pipe', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr += chunk));
  child.stdin.end(stdin);
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stderr }));
  });
}

describe('hookwire run as a real process', () => {
  const hookwire = `${process.execPath} --import tsx ${join(root, 'src/cli/main.ts')} run`;
  const preToolUse = (cwd?: string) =>
    JSON.stringify({
      hook_event_name: 'PreToolUse',
      session_id: 's',
      tool_name: 'Bash',
      tool_input: { command: 'ls' },
      ...(cwd === undefined ? {} : { cwd }),
    });

  it('answers a JSON deny it cannot write (stdout on /dev/full) with exit 2, not 1', async () => {
    const deny = join(base, 'deny-real.json');
    writeFileSync(
      deny,
      JSON.stringify({
        hooks: {
          PreToolUse: [
            {
              hooks: [
                {
                  type: 'command',
                  command: `echo '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"no"}}'`,
                },
              ],
            },
          ],
        },
      }),
    );
    trustFiles(state, [deny]);
    const result = await shell(`${hookwire} --settings '${deny}' > /dev/full`, preToolUse(base));
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(
      /^hookwire run: blocked this PreToolUse because hookwire failed \(fail closed\): /,
    );
  }, 120_000);
});
