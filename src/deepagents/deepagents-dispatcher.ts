import { homedir } from 'node:os';
import { join } from 'node:path';
import type { Logger } from '../engine/engine.js';
import { runCommand } from '../run/command-runner.js';
import type { HandlerExecution, RunRequest } from '../run/handler-execution.js';
import { executionWithoutOutput } from '../run/handler-execution.js';
import type { ConfiguredHook } from '../settings/configured-hook.js';
import { createBoundedPool } from './bounded-pool.js';
import { deepAgentsPayload } from './deepagents-payload.js';
import { isDeepAgentsEvent } from './is-deepagents-event.js';
import { loadDeepAgentsHooks } from './load-deepagents-hooks.js';
import { reportExecution } from './report-execution.js';

/** Options of `createDeepAgentsDispatcher`. */
export interface DeepAgentsDispatcherOptions {
  /** The hooks file. Default: `<home>/.deepagents/hooks.json`, home being `HOOKWIRE_HOME` or the user's. */
  readonly path?: string;
  /** Receives warnings (bad config, failed or timed-out hooks, drops) and debug lines (hook output). */
  readonly logger?: Logger;
  /** Hooks running at once. Default 8. */
  readonly concurrency?: number;
  /** Hook runs waiting for a slot; beyond this they are dropped and counted. Default 1000. */
  readonly queueLimit?: number;
  /** Default deadline of `close()`, ms. Default 5000. */
  readonly closeDeadlineMs?: number;
  /** Where hooks run. Default: process.cwd() when the dispatcher is created. */
  readonly cwd?: string;
}

/** One hook's result from `dispatchAndWait`: the runner's execution and the hook's label (its argv). */
export type DeepAgentsHookResult = HandlerExecution & { readonly hook: string };

/** Counters for hosts and tests. */
export interface DeepAgentsDispatcherStats {
  readonly running: number;
  readonly queued: number;
  /** Hook runs refused because the queue was full, since creation. */
  readonly dropped: number;
}

/** Runs Deep Agents hooks the way Deep Agents Code does, with bounded concurrency and a clean shutdown. */
export interface DeepAgentsDispatcher {
  readonly path: string;
  /**
   * Fire-and-forget: returns at once; matching hooks run in the background. Never throws and never rejects
   * (a failing, hanging or missing hook is logged). An unknown event name is a warning and runs nothing.
   */
  dispatch(event: string, fields?: Readonly<Record<string, unknown>>): void;
  /** The same, for hosts that must wait (upstream awaits user.prompt and permission.request). Never rejects. */
  dispatchAndWait(
    event: string,
    fields?: Readonly<Record<string, unknown>>,
  ): Promise<readonly DeepAgentsHookResult[]>;
  /** Drops the cached config: the file is read again on the next dispatch. */
  reload(): void;
  /**
   * Stops accepting events, lets running and queued hooks finish until the deadline (ms), then ends them
   * (their process groups are killed) and discards what never started.
   */
  close(deadlineMs?: number): Promise<void>;
  stats(): DeepAgentsDispatcherStats;
}

/** Each stream is kept only for debug logging, so a small cap keeps a burst's memory small. */
const OUTPUT_CAP_BYTES = 64 * 1024;

const silentLogger: Logger = { debug() {}, warn() {} };

/**
 * Creates a dispatcher for one Deep Agents `hooks.json`. The file is read on the first dispatch and cached
 * (see `reload`). Every hook runs through the shared command runner: argv without a shell, payload
 * `{"event": NAME, ...fields}` on stdin, the hook's 5 s timeout ending its whole process group.
 */
export function createDeepAgentsDispatcher(options: DeepAgentsDispatcherOptions = {}): DeepAgentsDispatcher {
  const path = options.path ?? join(process.env.HOOKWIRE_HOME || homedir(), '.deepagents', 'hooks.json');
  const logger = options.logger ?? silentLogger;
  const queueLimit = options.queueLimit ?? 1000;
  const defaultDeadlineMs = options.closeDeadlineMs ?? 5000;
  const cwd = options.cwd ?? process.cwd();
  const pool = createBoundedPool({ concurrency: options.concurrency ?? 8, queueLimit });
  const shutdown = new AbortController();
  // One object for every request, so the runner merges process.env with it once.
  const environment: Readonly<Record<string, string>> = {};
  let hooks: readonly ConfiguredHook[] | undefined;
  let closed = false;
  let dropped = 0;
  let droppedSinceWarning = 0;

  const countDrop = (): void => {
    dropped += 1;
    droppedSinceWarning += 1;
    // One warning per burst, with its count, rather than one line per dropped run.
    if (droppedSinceWarning === 1) {
      setImmediate(() => {
        logger.warn(
          `Deep Agents hooks: dropped ${droppedSinceWarning} hook run(s): the queue is full (limit ${queueLimit})`,
        );
        droppedSinceWarning = 0;
      });
    }
  };

  const start = (
    event: string,
    fields: Readonly<Record<string, unknown>>,
  ): Promise<DeepAgentsHookResult>[] => {
    if (closed) {
      logger.debug(`Deep Agents hooks: ${event} ignored: the dispatcher is closed`);
      return [];
    }
    if (!isDeepAgentsEvent(event)) {
      logger.warn(`Deep Agents hooks: unknown event "${event}"; no hook runs`);
      return [];
    }
    hooks ??= loadDeepAgentsHooks(path, logger);
    const matching = hooks.filter((hook) => hook.event === event);
    if (matching.length === 0) return [];
    const payload = deepAgentsPayload(event, fields);
    const payloadJson = JSON.stringify(payload);
    return matching.map(
      (hook) =>
        new Promise<DeepAgentsHookResult>((resolve) => {
          const request: RunRequest = {
            hook,
            payload,
            payloadJson,
            cwd,
            projectDir: cwd,
            environment,
            timeoutMs: hook.timeoutSeconds * 1000,
            signal: shutdown.signal,
            outputCapBytes: OUTPUT_CAP_BYTES,
          };
          const accepted = pool.submit({
            run: async () => {
              const execution = await runCommand(request);
              reportExecution(logger, event, hook.label, execution);
              resolve({ ...execution, hook: hook.label });
            },
            discard: () => resolve(notRun(hook, 'the dispatcher closed before the hook started')),
          });
          if (!accepted) {
            countDrop();
            resolve(notRun(hook, 'dropped: the queue was full'));
          }
        }),
    );
  };

  return {
    path,
    dispatch(event, fields = {}) {
      start(event, fields);
    },
    async dispatchAndWait(event, fields = {}) {
      return Promise.all(start(event, fields));
    },
    reload() {
      hooks = undefined;
    },
    async close(deadlineMs = defaultDeadlineMs) {
      closed = true;
      let timer: NodeJS.Timeout | undefined;
      const deadline = new Promise<'deadline'>((resolve) => {
        timer = setTimeout(() => resolve('deadline'), deadlineMs);
      });
      const finished = await Promise.race([pool.idle().then(() => 'idle' as const), deadline]);
      clearTimeout(timer);
      if (finished === 'idle') return;
      const discarded = pool.discardQueued();
      if (discarded > 0)
        logger.debug(`Deep Agents hooks: ${discarded} queued hook run(s) discarded at close`);
      shutdown.abort();
      await pool.idle();
    },
    stats() {
      return { running: pool.running, queued: pool.queued, dropped };
    },
  };
}

function notRun(hook: ConfiguredHook, reason: string): DeepAgentsHookResult {
  return { ...executionWithoutOutput('cancelled', reason, 0), hook: hook.label };
}
