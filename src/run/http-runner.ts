import { isIP } from 'node:net';
import { performance } from 'node:perf_hooks';
import { parseJsonObject } from '../common/parse-json-object.js';
import { addressRefusal, hostNameRefusal } from '../settings/address-refusal.js';
import { checkUrlPolicy, redactUrl } from '../settings/check-url-policy.js';
import {
  type HandlerExecution,
  type HandlerRunner,
  isRequestOf,
  type RunRequest,
} from './handler-execution.js';
import { createHookAgents } from './http/hook-agents.js';
import { interpolateHeaders } from './http/interpolate-headers.js';
import { type Resolver, systemResolver } from './http/network-guard.js';
import { type HttpExchange, postJson } from './http/post-json.js';

/** Default cap on an http hook's answer: a policy verdict is a few hundred bytes. */
export const DEFAULT_HTTP_BODY_CAP_BYTES = 16 * 1024 * 1024;

export interface HttpRunnerOptions {
  /** Host name resolution; the network guard checks what it returns. Default: the system resolver. */
  readonly resolver?: Resolver;
  /** Answers longer than this fail the hook. Default 1 MiB. */
  readonly bodyCapBytes?: number;
}

/** An http runner with its own connection pools. */
export interface HttpRunner extends HandlerRunner {
  /** Closes the runner's pooled connections. */
  close(): void;
}

type Failure = Pick<HandlerExecution, 'kind' | 'error' | 'stderr' | 'details'>;

function formatBytes(bytes: number): string {
  return bytes % (1024 * 1024) === 0 ? `${bytes / (1024 * 1024)} MiB` : `${bytes} bytes`;
}

/** Turns the exchange into the run result; `label` is `POST <url>`, which every failure names. */
function toResult(exchange: HttpExchange, label: string, request: RunRequest, capBytes: number) {
  switch (exchange.kind) {
    case 'response': {
      const { status, statusText, body } = exchange;
      const details = { status };
      const answered = `${label} answered ${status}${statusText ? ` ${statusText}` : ''}`;
      if (status >= 300 && status < 400) {
        const target = exchange.location === undefined ? 'no Location' : exchange.location;
        return failure(`${answered}; redirect to ${target} not followed`, body, details);
      }
      if (status < 200 || status >= 300) return failure(answered, body, details);
      if (body.trim() === '') return { kind: 'completed', stdout: '', details } as const;
      // What a command's stdout must be to count as JSON: one JSON object.
      if (parseJsonObject(body.trim()) !== undefined)
        return { kind: 'completed', stdout: body, details } as const;
      return failure(`${answered} with a body that is not a JSON object`, body, details);
    }
    case 'too_large':
      // Marked as cut so that the reader blocks where the event can block (a cut answer may be a deny).
      return {
        ...failure(`${label}: the answer exceeded the ${formatBytes(capBytes)} cap and was cut off`, '', {
          status: exchange.status,
        }),
        stdoutTruncated: true,
      };
    case 'timed_out':
      return {
        kind: 'timed_out',
        error: `${label}: no complete answer within ${request.timeoutMs / 1000} s`,
      } as const;
    case 'cancelled':
      return { kind: 'cancelled', error: `${label}: cancelled` } as const;
    case 'refused':
      return failure(`${label}: refused by the network guard: ${exchange.cause}`);
    case 'error':
      return failure(
        `${label}: ${exchange.cause}`,
        '',
        exchange.status === undefined ? undefined : { status: exchange.status },
      );
  }
}

function failure(error: string, stderr = '', details?: Record<string, unknown>): Failure {
  return { kind: 'failed', error, stderr, details };
}

function execution(result: Partial<HandlerExecution> & Pick<HandlerExecution, 'kind'>, started: number) {
  return {
    exitCode: result.kind === 'completed' ? 0 : null,
    signal: null,
    stdout: '',
    stderr: '',
    stdoutTruncated: false,
    stderrTruncated: false,
    ...result,
    durationMs: performance.now() - started,
  } satisfies HandlerExecution;
}

/**
 * Creates the runner of `http` handlers: URL policy, then header interpolation, then a POST through the
 * network guard on a pooled keep-alive connection. Every failure is a value naming the URL and the cause.
 */
export function createHttpRunner(options: HttpRunnerOptions = {}): HttpRunner {
  const resolver = options.resolver ?? systemResolver;
  const capBytes = options.bodyCapBytes ?? DEFAULT_HTTP_BODY_CAP_BYTES;
  const agents = createHookAgents(resolver);

  const runHttp: HandlerRunner<'http'> = async (request) => {
    const started = performance.now();
    const { handler } = request.hook;
    const decision = checkUrlPolicy(handler.url, request.policy, request.hook.provenance.level);
    // A URL the policy refuses is what `validate` reports as an error of the settings: like every such
    // error it fails closed, blocking where the event can block, rather than letting the guard go unheard.
    if (!decision.allowed) {
      return { ...execution(failure(`http hook blocked: ${decision.reason}`), started), failClosed: true };
    }
    const { url, allowPrivate } = decision;
    const label = `POST ${redactUrl(url)}`;
    // node:net does not call `lookup` for an IP literal, so a literal is checked here, before connecting.
    const bare = url.hostname.replace(/^\[(.*)\]$/, '$1');
    const literal = isIP(bare) ? addressRefusal(bare, allowPrivate) : hostNameRefusal(bare);
    if (literal !== null) {
      return execution(failure(`${label}: refused by the network guard: ${literal}`), started);
    }
    const { headers } = interpolateHeaders(handler.headers, {
      allowedEnvVars: handler.allowedEnvVars,
      policyAllowedEnvVars: request.policy.httpHookAllowedEnvVars,
      environment: { ...request.hostEnvironment, ...request.environment },
    });
    const exchange = await postJson({
      url,
      body: request.payloadJson,
      headers,
      agent: agents.agentFor(url.protocol === 'https:' ? 'https:' : 'http:', allowPrivate),
      timeoutMs: request.timeoutMs,
      signal: request.signal,
      bodyCapBytes: capBytes,
    });
    return execution(toResult(exchange, label, request, capBytes), started);
  };
  // The engine's registry gives this runner http requests only; a caller holding a request of any type may not.
  const run: HandlerRunner = async (request) =>
    isRequestOf(request, 'http')
      ? runHttp(request)
      : execution(
          failure(`the http runner was given a ${request.hook.handler.type} handler`),
          performance.now(),
        );
  return Object.assign(run, { close: () => agents.destroy() });
}

/** The shared http runner the engine uses. */
export const runHttpHook: HttpRunner = createHttpRunner();
