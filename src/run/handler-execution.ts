import type { HandlerType } from '../events/event-spec.js';
import type { ConfiguredHook, HookPolicy } from '../settings/configured-hook.js';
import type { McpServerTable } from '../settings/mcp/mcp-server-table.js';
import type { ModelOptions } from './model/model-options.js';
import type { Verdict } from './model/verdict-schema.js';

/**
 * What every handler runner returns, whatever its type, so that one reader turns any of them into a verdict.
 * A command fills stdout/stderr/exit code; an http hook puts the response body in stdout (exit code 0 for a
 * 2xx); a prompt, agent or callback hook gives its answer as `output`, already an object.
 * Runners never throw for a failing hook: failures are values.
 */
export interface HandlerExecution {
  /**
   * `completed`: the hook ran to the end (any exit code); `timed_out`; `failed`: could not start, or a
   * transport/API error (`error` says which); `cancelled`: the engine was closed or the run aborted.
   */
  readonly kind: 'completed' | 'timed_out' | 'failed' | 'cancelled';
  readonly exitCode: number | null;
  readonly signal: string | null;
  readonly stdout: string;
  readonly stderr: string;
  readonly stdoutTruncated: boolean;
  readonly stderrTruncated: boolean;
  /** A structured answer (prompt, agent, callback). When set, stdout is not parsed. */
  readonly output?: unknown;
  /** The cause of a failure, naming the command, URL or model. */
  readonly error?: string;
  readonly durationMs: number;
  /**
   * A prompt or agent hook's answer, on a completed run: the reader turns `ok: false` into the event's
   * block. `details.verdict` keeps a copy for reports only.
   */
  readonly verdict?: Verdict;
  /**
   * Set on a `failed` run that could not start for want of something hookwire should have had installed
   * (a prompt or agent hook's model SDK, an optional peer): the reader blocks it where the event can block,
   * as for `onFailure: "block"`, so a missing install never turns a guard off unseen.
   */
  readonly failClosed?: true;
  /** Handler-specific facts kept for reports: http status, the agent's conversation, ... */
  readonly details?: Readonly<Record<string, unknown>>;
}

/**
 * What the engine hands a runner. The payload is serialised once per event and shared by all hooks. Every
 * field is set: `createRunRequest` (create-run-request.ts) applies the defaults, so runners never do.
 */
export interface RunRequest<Type extends HandlerType = HandlerType> {
  readonly hook: ConfiguredHook<Type>;
  readonly payload: Readonly<Record<string, unknown>>;
  /** The payload as compact JSON (no trailing newline). */
  readonly payloadJson: string;
  /** Where command hooks run: the payload's cwd, or the engine's. */
  readonly cwd: string;
  readonly projectDir: string;
  /**
   * Extra environment for command hooks (CLAUDE_PROJECT_DIR, CLAUDECODE, ...), before the handler's `env`.
   * Reuse one object for many requests: the merge with process.env is cached per object (and scrub setting).
   */
  readonly environment: Readonly<Record<string, string>>;
  /**
   * The environment hooks inherit, under `environment`: process.env, or the environment of the process whose
   * event this is when the engine serves another one (the daemon: each request's own, for that event only).
   */
  readonly hostEnvironment: Readonly<NodeJS.ProcessEnv>;
  readonly timeoutMs: number;
  /** Aborted when the engine closes; the runner ends the hook and reports `cancelled`. */
  readonly signal: AbortSignal;
  /** The merged hook policy (http URL allowlist, env var allowlist); `NO_POLICY` when no policy key is set. */
  readonly policy: HookPolicy;
  /** The engine's `model` option, for prompt and agent hooks (environment defaults apply in the runner). */
  readonly model: ModelOptions;
  /** Capture cap per stream (stdout, stderr), bytes. */
  readonly outputCapBytes: number;
  /**
   * How command hooks are spawned: `direct` forks this process; `helper-process` asks a small long-lived
   * spawner process, so spawn cost does not grow with this process's memory.
   */
  readonly spawner: 'direct' | 'helper-process';
  /**
   * When set, command hooks do not inherit the host's secret-looking variables (names in `keep` excepted);
   * null passes the host's whole environment. Variables the engine or the handler set explicitly are always
   * passed.
   */
  readonly scrubSecrets: { readonly keep: ReadonlySet<string> } | null;
  /** The MCP servers `mcp_tool` hooks call, found where Claude Code finds them (one table per engine). */
  readonly mcpServers: McpServerTable;
}

/**
 * A handler runner: one per handler type, typed for its own settings (`HandlerRunner<'command'>` reads
 * `request.hook.handler.command` without narrowing). `runners.ts` dispatches by type.
 */
export type HandlerRunner<Type extends HandlerType = HandlerType> = (
  request: RunRequest<Type>,
) => Promise<HandlerExecution>;

/** Whether a request is for a handler of `type`: for callers that hold a request of any type. */
export function isRequestOf<Type extends HandlerType>(
  request: RunRequest,
  type: Type,
): request is RunRequest<Type> {
  return request.hook.handler.type === type;
}

/** The stream fields of a hook that printed nothing: it never started, had no process, or was cancelled. */
export const NO_OUTPUT = {
  exitCode: null,
  signal: null,
  stdout: '',
  stderr: '',
  stdoutTruncated: false,
  stderrTruncated: false,
} as const satisfies Partial<HandlerExecution>;

/** A HandlerExecution without output: a hook that could not run, failed in transport, or was ended. */
export function executionWithoutOutput(
  kind: HandlerExecution['kind'],
  error: string | undefined,
  durationMs: number,
): HandlerExecution {
  return { ...NO_OUTPUT, kind, ...(error === undefined ? {} : { error }), durationMs };
}
