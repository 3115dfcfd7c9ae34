import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type StartedServe, startServe } from './start-serve.js';

const FIXTURES = fileURLToPath(new URL('../fixtures/state/', import.meta.url));

/** The hooks every replica runs, and the files they write (what ran, read back by the test). */
export interface ReplicaSettings {
  readonly directory: string;
  readonly settings: string;
  /** One line per run of the `once` UserPromptSubmit hook (its payload). */
  readonly onceLog: string;
  /** One line per background PostToolUse hook run: the result id it will deliver. */
  readonly backgroundLog: string;
}

/**
 * Settings with a `once` UserPromptSubmit hook, a Stop hook that always blocks (exit 2) and a background
 * PostToolUse hook whose context (`result <id>`) the session's next event delivers.
 */
export function replicaSettings(): ReplicaSettings {
  const directory = mkdtempSync(join(tmpdir(), 'hookwire-replicas-'));
  const onceLog = join(directory, 'once.log');
  const backgroundLog = join(directory, 'background.log');
  writeFileSync(onceLog, '');
  writeFileSync(backgroundLog, '');
  const settings = join(directory, 'settings.json');
  const command = (script: string, ...args: string[]) => [join(FIXTURES, script), ...args].join(' ');
  writeFileSync(
    settings,
    JSON.stringify({
      hooks: {
        UserPromptSubmit: [
          { hooks: [{ type: 'command', command: command('record-once.sh', onceLog), once: true }] },
        ],
        Stop: [{ hooks: [{ type: 'command', command: command('block-stop.sh') }] }],
        PostToolUse: [
          {
            hooks: [
              { type: 'command', command: command('background-result.sh', backgroundLog), async: true },
            ],
          },
        ],
      },
    }),
  );
  return { directory, settings, onceLog, backgroundLog };
}

/** The lines of a log a hook appended to. */
export function logLines(file: string): string[] {
  return readFileSync(file, 'utf8').split('\n').filter(Boolean);
}

/** `count` replicas of `hookwire serve` on loopback sharing the store `stateUrl`, listening. */
export async function startReplicas(
  count: number,
  settings: string,
  stateUrl: string,
  extra: readonly string[] = [],
): Promise<{ replicas: StartedServe[]; urls: string[] }> {
  const replicas = Array.from({ length: count }, () =>
    startServe(['--settings', settings, '--port', '0', '--insecure-no-auth', '--state', stateUrl, ...extra]),
  );
  const urls: string[] = [];
  for (const replica of replicas) {
    const url = await replica.listening;
    if (url === null) throw new Error(`a replica did not start:\n${replica.stderr()}`);
    urls.push(url);
  }
  return { replicas, urls };
}

/** What one POST came to: the answer, or a connection that failed (`reached`: whether it was sent at all). */
export type Answer =
  | { readonly kind: 'answered'; readonly status: number; readonly body: Record<string, unknown> }
  | { readonly kind: 'failed'; readonly reached: boolean; readonly message: string };

/** POSTs an event to one replica. */
export async function post(url: string, event: string, payload: Record<string, unknown>): Promise<Answer> {
  try {
    const response = await fetch(`${url}/hooks/${event}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ hook_event_name: event, ...payload }),
    });
    const text = await response.text();
    return { kind: 'answered', status: response.status, body: text === '' ? {} : JSON.parse(text) };
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause;
    return { kind: 'failed', reached: cause?.code !== 'ECONNREFUSED', message: String(cause?.code ?? error) };
  }
}

/** The `result <id>` contexts an answer delivers. */
export function deliveredResults(answer: Answer): string[] {
  if (answer.kind !== 'answered') return [];
  return [...JSON.stringify(answer.body).matchAll(/result (r-[\w-]+)/g)].map((match) => match[1] as string);
}

/** Whether an answer is a block for a session state failure, naming the store. */
export function isStateFaultBlock(answer: Answer): boolean {
  return answer.kind === 'answered' && JSON.stringify(answer.body).includes('session state store redis://');
}
