/** How a failed model call ends the hook: the HandlerExecution kind and a message naming the model. */
export interface ModelFailure {
  readonly kind: 'failed' | 'timed_out' | 'cancelled';
  readonly error: string;
}

/** What the runner knows about its own clocks when a call rejects. */
export interface FailureContext {
  /** `provider model`, for example `anthropic claude-haiku-4-5`. */
  readonly label: string;
  readonly cancelled: boolean;
  readonly timedOut: boolean;
  readonly timeoutMs: number;
}

/**
 * Turns whatever an SDK call rejected with into a failure value. Our own signals decide first (an abort we
 * caused is a timeout or a cancellation, not an API error); then the SDK's error shape: a status code and the
 * API's own message when the server answered, the transport message otherwise.
 */
export function describeModelFailure(error: unknown, context: FailureContext): ModelFailure {
  if (context.cancelled) return { kind: 'cancelled', error: `${context.label}: cancelled` };
  if (context.timedOut || errorName(error) === 'APIConnectionTimeoutError') {
    return {
      kind: 'timed_out',
      error: `${context.label}: timed out after ${formatSeconds(context.timeoutMs)}`,
    };
  }
  const status = statusOf(error);
  if (status !== undefined) {
    return { kind: 'failed', error: `${context.label}: API error ${status}: ${apiMessage(error)}` };
  }
  return { kind: 'failed', error: `${context.label}: ${messageOf(error)}` };
}

function errorName(error: unknown): string | undefined {
  return error instanceof Error ? error.constructor.name : undefined;
}

function statusOf(error: unknown): number | undefined {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === 'number' ? status : undefined;
}

/** Anthropic bodies are `{error: {message}}`; OpenAI's SDK exposes the inner `{message}` object. */
function apiMessage(error: unknown): string {
  const body = (error as { error?: unknown }).error as
    | { error?: { message?: unknown }; message?: unknown }
    | undefined;
  const message = body?.error?.message ?? body?.message;
  return typeof message === 'string' ? message : messageOf(error);
}

/** The message with its innermost cause: `Connection error. (connect ECONNREFUSED 127.0.0.1:9)`. */
function messageOf(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  let innermost: unknown = error.cause;
  while (innermost instanceof Error && innermost.cause instanceof Error) innermost = innermost.cause;
  return innermost instanceof Error ? `${error.message} (${innermost.message})` : error.message;
}

function formatSeconds(milliseconds: number): string {
  return `${Number((milliseconds / 1000).toFixed(3))} s`;
}
