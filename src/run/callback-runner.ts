import {
  executionWithoutOutput,
  type HandlerExecution,
  type HandlerRunner,
  NO_OUTPUT,
} from './handler-execution.js';
import { onAbort } from './on-abort.js';

type Ending =
  | { readonly kind: 'timed_out' | 'cancelled' }
  | { readonly kind: 'returned'; readonly value: unknown };

/**
 * Runs an in-process hook with the same rules as a command: the same timeout, cancellation through the
 * engine's signal, failures as values. A returned object is the structured answer (`output`); a string is
 * read like a command's stdout; undefined or null means success with nothing to say.
 */
export const runCallback: HandlerRunner = async (request) => {
  const handler = request.hook.handler;
  const startedAt = performance.now();
  if (handler.type !== 'callback') {
    return failure(`runCallback cannot run a ${handler.type} hook`, startedAt);
  }
  if (request.signal.aborted) return ended('cancelled', startedAt);
  // The callback gets its own signal: aborted on our timeout as well as on the engine's cancellation.
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  let stopListening: (() => void) | undefined;
  const stopped = new Promise<Ending>((resolve) => {
    timer = setTimeout(() => resolve({ kind: 'timed_out' }), request.timeoutMs);
    stopListening = onAbort(request.signal, () => resolve({ kind: 'cancelled' }));
  });
  try {
    const returned = (async (): Promise<Ending> => ({
      kind: 'returned',
      value: await handler.callback(structuredPayload(request.payload), { signal: controller.signal }),
    }))();
    const ending = await Promise.race([returned, stopped]);
    if (ending.kind !== 'returned') {
      controller.abort(new Error(ending.kind === 'timed_out' ? 'Timed out' : 'Cancelled'));
      returned.catch(() => {}); // a callback that rejects after we gave up must not become unhandled
      return ended(ending.kind, startedAt);
    }
    return answered(ending.value, startedAt);
  } catch (error) {
    return failure(error instanceof Error ? error.message : String(error), startedAt);
  } finally {
    clearTimeout(timer);
    stopListening?.();
  }
};

/** Each callback gets its own copy, so one hook cannot change what the next one sees. */
function structuredPayload(payload: Readonly<Record<string, unknown>>): Record<string, unknown> {
  return structuredClone(payload) as Record<string, unknown>;
}

function answered(value: unknown, startedAt: number): HandlerExecution {
  const durationMs = performance.now() - startedAt;
  if (value === undefined || value === null)
    return { ...NO_OUTPUT, kind: 'completed', exitCode: 0, durationMs };
  if (typeof value === 'object')
    return { ...NO_OUTPUT, kind: 'completed', exitCode: 0, output: value, durationMs };
  return { ...NO_OUTPUT, kind: 'completed', exitCode: 0, stdout: String(value), durationMs };
}

function ended(kind: 'timed_out' | 'cancelled', startedAt: number): HandlerExecution {
  const error = kind === 'timed_out' ? 'Timed out' : 'Cancelled';
  return executionWithoutOutput(kind, error, performance.now() - startedAt);
}

function failure(error: string, startedAt: number): HandlerExecution {
  return executionWithoutOutput('failed', error, performance.now() - startedAt);
}
