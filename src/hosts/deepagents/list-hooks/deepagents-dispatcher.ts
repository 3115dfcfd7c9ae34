import { resolve } from 'node:path';
import { didYouMean } from '../../../common/closest-name.js';
import type { Logger } from '../../../common/logger.js';
import { processWarningLogger } from '../../../common/process-warning-logger.js';
import { deepAgentsPayload } from '../../../events/deepagents-payload.js';
import { DEEPAGENTS_EVENTS } from '../../../events/event-names.js';
import { isDeepAgentsEvent } from '../../../events/is-deepagents-event.js';
import { runCommand } from '../../../run/command-runner.js';
import { createRunRequest, runSettings } from '../../../run/create-run-request.js';
import type { HandlerExecution } from '../../../run/handler-execution.js';
import { executionWithoutOutput } from '../../../run/handler-execution.js';
import type { ConfiguredHook } from '../../../settings/configured-hook.js';
import { deepAgentsHooksPath, homeDirectory } from '../../../settings/settings-locations.js';
import { createBoundedPool, type PoolTask } from './bounded-pool.js';
import { DEEPAGENTS_OUTPUT_CAP_BYTES } from './deepagents-output-cap.js';
import { loadDeepAgentsHooks } from './load-deepagents-hooks.js';
import { reportExecution } from './report-execution.js';

/** Options of `createDeepAgentsDispatcher`. */
export interface DeepAgentsDispatcherOptions {
  /**
   * The hooks file; a relative path is resolved once, against `cwd`. Default:
   * `<home>/.deepagents/hooks.json`, home being `HOOKWIRE_HOME` or the user's.
   */
  readonly path?: string;
  /**
   * Receives warnings (bad config, a missing `path`, failed or timed-out hooks, drops) and debug lines (hook
   * output). Default: warnings become Node process warnings (`process.emitWarning`, type `HookwireWarning`).
   */
  readonly logger?: Logger;
  /** Hooks running at once. Default 8. */
  readonly concurrency?: number;
  /** Hook runs waiting for a slot; beyond this they are dropped and counted. Default 1000. */
  readonly queueLimit?: number;
  /** Default deadline of `close()`, ms. Default 5000. */
  readonly closeDeadlineMs?: number;
  /** Where hooks run, and what a relative `path` is resolved against. Default: process.cwd() at creation. */
  readonly cwd?: string;
  /**
   * How hook processes are started. `helper-process` (the default) asks hookwire's small spawner process,
   * so the fork never blocks the host's event loop and its cost does not grow with the host's memory;
   * `direct` forks the host itself. Process groups, timeouts and cancellation are the same either way.
   */
  readonly spawner?: 'direct' | 'helper-process';
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
  /** The hooks file, absolute. */
  readonly path: string;
  /**
   * Fire-and-forget: returns at once; matching hooks run in the background. Never throws and never rejects
   * (a failing, hanging or missing hook is logged). An event name hookwire does not know (a newer agent's)
   * runs the hooks that list it, with a warning the first time.
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

/**
 * Creates a dispatcher for one Deep Agents `hooks.json`. The file is read on the first dispatch and cached
 * (see `reload`). Every hook runs through the shared command runner: argv without a shell, payload
 * `{"event": NAME, ...fields}` on stdin, the hook's 5 s timeout ending its whole process group.
 */
export function createDeepAgentsDispatcher(options: DeepAgentsDispatcherOptions = {}): DeepAgentsDispatcher {
  const cwd = options.cwd ?? process.cwd();
  // Resolved here, once: everything further in gets an absolute path.
  const path = resolve(cwd, options.path ?? deepAgentsHooksPath(homeDirectory()));
  const logger = options.logger ?? processWarningLogger;
  const queueLimit = options.queueLimit ?? 1000;
  const defaultDeadlineMs = options.closeDeadlineMs ?? 5000;
  const pool = createBoundedPool({ concurrency: options.concurrency ?? 8, queueLimit });
  const spawner = options.spawner ?? 'helper-process';
  const shutdown = new AbortController();
  // One settings object for every request: its one environment object lets the runner merge process.env once.
  const settings = runSettings({
    cwd,
    projectDir: cwd,
    signal: shutdown.signal,
    outputCapBytes: DEEPAGENTS_OUTPUT_CAP_BYTES,
    spawner,
  });
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

  /**
   * The hooks of each event, filtered once per config load rather than once per dispatch. An event name
   * hookwire does not know is warned about when first seen (the names come from the host's code, so the
   * map stays as small as its set of events).
   */
  let hooksByEvent = new Map<string, readonly ConfiguredHook[]>();
  const hooksFor = (event: string): readonly ConfiguredHook[] => {
    let matching = hooksByEvent.get(event);
    if (matching === undefined) {
      hooks ??= loadDeepAgentsHooks(path, logger, { required: options.path !== undefined });
      const loaded = hooks;
      matching = isDeepAgentsEvent(event)
        ? loaded.filter((hook) => hook.event === event)
        : subscribedToEverything(loaded).concat(loaded.filter((hook) => hook.event === event));
      hooksByEvent.set(event, matching);
      if (!isDeepAgentsEvent(event)) {
        const hint = didYouMean(event, DEEPAGENTS_EVENTS);
        logger.warn(
          `Deep Agents hooks: unknown event "${event}"${hint}; ${matching.length} hook(s) subscribed to it or to every event run, as for any event`,
        );
      }
    }
    return matching;
  };

  /**
   * Claims a pool place for each matching hook and returns how many results `onResult` will receive. The
   * caller pays for a lookup and a capacity check per hook; the payload and its JSON are built once per
   * dispatch, and only when a hook was accepted (they are taken now, so later changes to `fields` by the
   * host do not leak into the hooks). Processes start on a later turn of the event loop (see the pool).
   */
  const start = (event: string, fields: Readonly<Record<string, unknown>>, onResult?: OnResult): number => {
    if (closed) {
      logger.debug(`Deep Agents hooks: ${event} ignored: the dispatcher is closed`);
      return 0;
    }
    const matching = hooksFor(event);
    let input: DispatchInput | undefined;
    for (let index = 0; index < matching.length; index++) {
      const hook = matching[index] as ConfiguredHook;
      if (!pool.hasRoom()) {
        countDrop();
        onResult?.(index, notRun(hook, 'dropped: the queue was full'));
        continue;
      }
      input ??= dispatchInput(event, fields);
      pool.submit(hookRunTask(event, hook, input, index, onResult));
    }
    return matching.length;
  };

  const hookRunTask = (
    event: string,
    hook: ConfiguredHook,
    input: DispatchInput,
    index: number,
    onResult: OnResult | undefined,
  ): PoolTask => ({
    run: async () => {
      const execution = await runCommand(createRunRequest(hook, input.payload, input.payloadJson, settings));
      reportExecution(logger, event, hook.label, execution);
      onResult?.(index, { ...execution, hook: hook.label });
    },
    discard: () => onResult?.(index, notRun(hook, 'the dispatcher closed before the hook started')),
  });

  return {
    path,
    dispatch(event, fields = {}) {
      start(event, fields);
    },
    dispatchAndWait(event, fields = {}) {
      return new Promise((resolve) => {
        const results: DeepAgentsHookResult[] = [];
        let received = 0;
        let expected = -1;
        const onResult: OnResult = (index, result) => {
          results[index] = result;
          received += 1;
          if (received === expected) resolve(results);
        };
        expected = start(event, fields, onResult);
        // Results given during `start` (drops) were counted before `expected` was known.
        if (received === expected) resolve(results);
      });
    },
    reload() {
      hooks = undefined;
      hooksByEvent = new Map();
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

/** Receives the result of the matching hook at `index` (in configuration order). */
type OnResult = (index: number, result: DeepAgentsHookResult) => void;

/** What every hook of one dispatch shares. */
interface DispatchInput {
  readonly payload: Readonly<Record<string, unknown>>;
  readonly payloadJson: string;
}

function dispatchInput(event: string, fields: Readonly<Record<string, unknown>>): DispatchInput {
  const payload = deepAgentsPayload(event, fields);
  return { payload, payloadJson: JSON.stringify(payload) };
}

function notRun(hook: ConfiguredHook, reason: string): DeepAgentsHookResult {
  return { ...executionWithoutOutput('cancelled', reason, 0), hook: hook.label };
}

/**
 * One hook per entry without `events` (or with an empty list), which upstream runs on every event, a name it
 * does not know included: the loader gave such an entry a hook on each known event, so it is the entry
 * present on all of them.
 */
function subscribedToEverything(hooks: readonly ConfiguredHook[]): ConfiguredHook[] {
  const events = new Map<string, Set<string>>();
  for (const hook of hooks) {
    const seen = events.get(hook.definitionId) ?? new Set<string>();
    seen.add(hook.event);
    events.set(hook.definitionId, seen);
  }
  const chosen = new Set<string>();
  return hooks.filter((hook) => {
    if (chosen.has(hook.definitionId)) return false;
    if (!DEEPAGENTS_EVENTS.every((event) => events.get(hook.definitionId)?.has(event))) return false;
    chosen.add(hook.definitionId);
    return true;
  });
}
