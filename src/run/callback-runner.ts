import {
  executionWithoutOutput,
  type HandlerExecution,
  type HandlerRunner,
  isRequestOf,
} from './handler-execution.js';
import { onAbort } from './on-abort.js';

type Ending =
  | { readonly kind: 'timed_out' | 'cancelled' }
  | { readonly kind: 'returned'; readonly value: unknown };

/**
 * Runs an in-process hook with the same rules as a command: the same timeout, cancellation through the
 * engine's signal, failures as values. A returned object is the structured answer (`output`); a string is
 * read like a command's stdout; undefined or null means success with nothing to say.
 *
 * Each callback gets its own copy of the payload, parsed from the JSON a command hook would receive, so one
 * hook cannot change what the next one sees. A callback that answers synchronously has already finished:
 * no timer, no abort listener and no signal are created for it (a synchronous callback could not be
 * interrupted by a timer anyway). The signal is created only when the callback reads `context.signal`.
 */
export const callbackRunner: HandlerRunner<'callback'> = async (request) => {
  const handler = request.hook.handler;
  const startedAt = performance.now();
  if (request.signal.aborted) return ended('cancelled', startedAt);
  const context = lazySignalContext();
  let returned: unknown;
  try {
    returned = handler.callback(JSON.parse(request.payloadJson) as Record<string, unknown>, context);
  } catch (error) {
    return failure(messageOf(error), startedAt);
  }
  if (!isThenable(returned)) return answered(returned, startedAt);

  let timer: NodeJS.Timeout | undefined;
  let stopListening: (() => void) | undefined;
  const stopped = new Promise<Ending>((resolve) => {
    timer = setTimeout(() => resolve({ kind: 'timed_out' }), request.timeoutMs);
    stopListening = onAbort(request.signal, () => resolve({ kind: 'cancelled' }));
  });
  const settled = Promise.resolve(returned).then((value): Ending => ({ kind: 'returned', value }));
  try {
    const ending = await Promise.race([settled, stopped]);
    if (ending.kind !== 'returned') {
      context.abort(new Error(ending.kind === 'timed_out' ? 'Timed out' : 'Cancelled'));
      settled.catch(() => {}); // a callback that rejects after we gave up must not become unhandled
      return ended(ending.kind, startedAt);
    }
    return answered(ending.value, startedAt);
  } catch (error) {
    return failure(messageOf(error), startedAt);
  } finally {
    clearTimeout(timer);
    stopListening?.();
  }
};

/** The callback's context: its signal, aborted on our timeout as well as on the engine's cancellation. */
interface LazySignalContext {
  readonly signal: AbortSignal;
  abort(reason: Error): void;
}

/** An AbortController costs microseconds; most callbacks never look at the signal, so it is made on demand. */
function lazySignalContext(): LazySignalContext {
  let controller: AbortController | undefined;
  let abortedWith: Error | undefined;
  return {
    get signal() {
      if (controller === undefined) {
        controller = new AbortController();
        if (abortedWith !== undefined) controller.abort(abortedWith);
      }
      return controller.signal;
    },
    abort(reason) {
      abortedWith = reason;
      controller?.abort(reason);
    },
  };
}

function isThenable(value: unknown): value is PromiseLike<unknown> {
  return (
    (typeof value === 'object' || typeof value === 'function') &&
    value !== null &&
    typeof (value as { then?: unknown }).then === 'function'
  );
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function answered(value: unknown, startedAt: number): HandlerExecution {
  const durationMs = performance.now() - startedAt;
  // Whole literals rather than spreads: these are made for every callback of every event.
  if (typeof value === 'object' && value !== null) {
    return {
      kind: 'completed',
      exitCode: 0,
      signal: null,
      stdout: '',
      stderr: '',
      stdoutTruncated: false,
      stderrTruncated: false,
      output: value,
      durationMs,
    };
  }
  return {
    kind: 'completed',
    exitCode: 0,
    signal: null,
    stdout: value === undefined || value === null ? '' : String(value),
    stderr: '',
    stdoutTruncated: false,
    stderrTruncated: false,
    durationMs,
  };
}

function ended(kind: 'timed_out' | 'cancelled', startedAt: number): HandlerExecution {
  const error = kind === 'timed_out' ? 'Timed out' : 'Cancelled';
  return executionWithoutOutput(kind, error, performance.now() - startedAt);
}

function failure(error: string, startedAt: number): HandlerExecution {
  return executionWithoutOutput('failed', error, performance.now() - startedAt);
}

/** `callbackRunner` for a request of any type: another type is a failure. */
export const runCallback: HandlerRunner = async (request) =>
  isRequestOf(request, 'callback')
    ? callbackRunner(request)
    : failure(`runCallback cannot run a ${request.hook.handler.type} hook`, performance.now());
