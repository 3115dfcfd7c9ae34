import { displayPath } from '../../common/display-path.js';
import type { HandlerExecution, RunRequest } from '../handler-execution.js';
import { executionWithoutOutput } from '../handler-execution.js';
import { createModelClient } from './create-model-client.js';
import { describeModelFailure, type ModelFailure } from './describe-model-failure.js';
import type { ModelClient } from './model-client.js';
import { isPackageMissing, MODEL_SDK_PACKAGES } from './model-sdk-package.js';
import { type ModelSettings, resolveModelSettings } from './resolve-model-settings.js';
import type { Verdict } from './verdict-schema.js';

/** What a prompt or agent run shares: the client, one deadline for the whole hook, and failure wording. */
export interface ModelRun {
  readonly settings: ModelSettings;
  readonly client: ModelClient;
  /** Aborts when the engine cancels the run or the hook's timeout passes. */
  readonly signal: AbortSignal;
  /** `provider model`, used in every message. */
  readonly label: string;
  readonly startedAt: number;
  /** Milliseconds left before the hook's timeout (at least 1, so the SDK never reads 0 as "no timeout"). */
  remainingMs(): number;
  failure(error: unknown): ModelFailure;
}

/**
 * Resolves the provider and model and creates the client. Settings problems (unknown provider, no model,
 * a client that cannot start) come back as a finished failed execution rather than a throw.
 */
export async function startModelRun(
  request: RunRequest,
  handlerModel: string | undefined,
): Promise<{ ok: true; run: ModelRun } | { ok: false; execution: HandlerExecution }> {
  const startedAt = performance.now();
  const resolved = resolveModelSettings(request.model, handlerModel, request.hostEnvironment);
  if (!resolved.ok) {
    return {
      ok: false,
      execution: modelExecution(
        startedAt,
        { kind: 'failed', error: resolved.error },
        { provider: resolved.provider },
      ),
    };
  }
  const { settings } = resolved;
  const label = `${settings.provider} ${settings.model}`;
  let client: ModelClient;
  try {
    client = await createModelClient(settings);
  } catch (error) {
    const sdk = MODEL_SDK_PACKAGES[settings.provider];
    if (isPackageMissing(error, sdk)) {
      return { ok: false, execution: missingSdkExecution(request, startedAt, settings, sdk) };
    }
    const message = error instanceof Error ? error.message : String(error);
    return {
      ok: false,
      execution: modelExecution(
        startedAt,
        { kind: 'failed', error: `${label}: cannot create the client: ${message}` },
        { provider: settings.provider, model: settings.model },
      ),
    };
  }
  const timeoutSignal = AbortSignal.timeout(request.timeoutMs);
  const deadline = startedAt + request.timeoutMs;
  return {
    ok: true,
    run: {
      settings,
      client,
      signal: AbortSignal.any([request.signal, timeoutSignal]),
      label,
      startedAt,
      remainingMs: () => Math.max(1, Math.ceil(deadline - performance.now())),
      failure: (error) =>
        describeModelFailure(error, {
          label,
          cancelled: request.signal.aborted,
          timedOut: timeoutSignal.aborted,
          timeoutMs: request.timeoutMs,
        }),
    },
  };
}

/**
 * The hook could not run because its provider's SDK, an optional peer, is not installed: a failure that
 * fails closed (`failClosed`), whatever the handler's `onFailure`, located at the handler's definition and
 * naming the package to install. Like a broken settings file, a missing install never turns a guard off.
 */
function missingSdkExecution(
  request: RunRequest,
  startedAt: number,
  settings: ModelSettings,
  sdk: string,
): HandlerExecution {
  const { file, line, column, jsonPath } = request.hook.provenance;
  const where = `${displayPath(file, request.projectDir)}:${line}:${column} ${jsonPath}`;
  const error = `${settings.provider} ${settings.model}: the package ${sdk} is not installed; ${request.hook.type} hooks of this provider need it (npm install ${sdk}), at ${where}`;
  const execution = modelExecution(
    startedAt,
    { kind: 'failed', error },
    { provider: settings.provider, model: settings.model, missingPackage: sdk },
  );
  return { ...execution, failClosed: true };
}

/**
 * A model hook's HandlerExecution: no process, so no exit code or streams. A verdict is set on the
 * execution for the reader, and copied into details, which reports (`fire --json`) print.
 */
export function modelExecution(
  startedAt: number,
  result: { kind: HandlerExecution['kind']; error?: string; verdict?: Verdict },
  details: Readonly<Record<string, unknown>>,
): HandlerExecution {
  const durationMs = Math.round(performance.now() - startedAt);
  const execution = { ...executionWithoutOutput(result.kind, result.error, durationMs), details };
  if (result.verdict === undefined) return execution;
  return { ...execution, verdict: result.verdict, details: { ...details, verdict: result.verdict } };
}
