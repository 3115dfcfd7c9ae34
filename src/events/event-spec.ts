/**
 * The shape of one row of the event catalogue. Every fact the engine, the validator, the docs and the JSON
 * Schemas need about an event lives in such a row; nothing about an event is written anywhere else.
 */

import type { HandlerType } from './handler-types.js';

export type { HandlerType } from './handler-types.js';

/**
 * Where the event comes from: the protocol reference, Claude Code's further events, the events only Gemini
 * CLI has (their payloads carry the protocol's common fields), or Deep Agents.
 */
export type EventFamily = 'protocol' | 'claude-code' | 'gemini' | 'copilot' | 'qwen' | 'deepagents';

/** The decisions an outcome can carry. `null` in an outcome means no hook decided anything. */
export type Decision = 'allow' | 'deny' | 'ask' | 'defer' | 'block';

/** JSON types of payload fields, as documented for hook authors and checked by `hookwire fire`. */
export type FieldType = 'string' | 'number' | 'boolean' | 'object' | 'array' | 'string[]' | 'any';

/** One input field of an event's payload. */
export interface FieldSpec {
  readonly type: FieldType;
  readonly required: boolean;
  readonly description: string;
}

/**
 * What the matcher of a definition is tested against. `basename` tests the last path segment only.
 * `ifPresent` (events the catalogue does not know): when the payload has no such string field, matchers are
 * not tested and every hook of the event runs; otherwise a missing field reads as `''`.
 */
export interface MatcherSubject {
  readonly field: string;
  readonly basename?: boolean;
  readonly ifPresent?: boolean;
}

/**
 * Keys of `hookSpecificOutput` that an event honours. The reader accepts exactly these for the event and
 * the merger knows how to combine each of them.
 */
export type SpecificOutputField =
  | 'permissionDecision'
  | 'permissionDecisionReason'
  | 'updatedInput'
  | 'additionalContext'
  | 'decision'
  | 'updatedToolOutput'
  | 'watchPaths'
  | 'worktreePath'
  | 'action'
  | 'content'
  | 'retry'
  /** Gemini CLI's BeforeModel: the request to send instead (fields merged over the model request). */
  | 'llm_request'
  /** Gemini CLI's BeforeModel (a response instead of calling the model) and AfterModel (a replaced chunk). */
  | 'llm_response'
  /** Gemini CLI's BeforeToolSelection: `{mode, allowedFunctionNames}` for the tools the model may call. */
  | 'toolConfig';

/**
 * Where plain (non-JSON) stdout of a successful hook goes. `compaction-instructions` (PreCompact) takes the
 * whole stdout, raw, JSON included: Claude Code appends it to the compaction prompt (observed).
 */
export type PlainStdout = 'context' | 'worktree-path' | 'compaction-instructions' | 'ignored';

/** Default timeouts in seconds, one per handler type. */
export type TimeoutTable = Readonly<Record<HandlerType, number>>;

/**
 * What exit code 2 (or a JSON block) does for an event. `decision` is the value the outcome's `decision`
 * takes when a hook blocks; `effect` says, for people, what the host does about it.
 */
export interface BlockSpec {
  readonly decision: 'deny' | 'block';
  readonly effect: string;
}

/** One row of the catalogue. */
export interface EventSpec {
  readonly family: EventFamily;
  readonly description: string;
  /** Payload field the matcher is tested against, or null when the event ignores matchers. */
  readonly matcher: MatcherSubject | null;
  /** The event's own input fields; the family's common fields are added by `inputFieldsOf`. */
  readonly input: Readonly<Record<string, FieldSpec>>;
  /** Decisions the event can take besides a block (PreToolUse's permission decisions, for example). */
  readonly decisions: readonly Decision[];
  /** What a block does; null when exit 2 and `decision: "block"` are ignored. */
  readonly block: BlockSpec | null;
  /** Whether the legacy top-level `decision`/`reason` fields are honoured. */
  readonly legacyDecision: boolean;
  /** `hookSpecificOutput` keys the event honours. */
  readonly specificOutput: readonly SpecificOutputField[];
  /**
   * The host never applies `updatedInput` here, and any value keeps the action from running
   * (PreSkillShellCommand, observed in 2.1.332): the reader turns it into a deny, never a rewrite.
   */
  readonly updatedInputRefuses?: true;
  /**
   * Where a handler's `holdsTools: true` can count (Claude Code 2.1.329: UserPromptSubmit; 2.1.332: PostToolUse):
   * the host goes on without waiting for the hook, ignores its output and holds tool calls until it ends. It
   * counts only for a hook of the `security-guidance` plugin that states a `timeout` of at most
   * `maxTimeoutSeconds`; anywhere else Claude Code 2.1.332 ignores the key (observed: compat/ H12).
   */
  readonly holdsTools?: { readonly maxTimeoutSeconds: number };
  readonly plainStdout: PlainStdout;
  /** Notification-only events run their hooks but ignore every control field of their output. */
  readonly notificationOnly: boolean;
  /**
   * Claude Code does not wait for this event's hooks, and ends the process group of those still running
   * when the session ends (docs/protocol.md): `hookwire init claude` installs a command that leaves that
   * group before Node starts.
   */
  readonly hostDoesNotWait?: true;
  /**
   * Claude Code goes on before this event's hooks end (CwdChanged, FileChanged; SubagentStop, whose
   * subagent runs in the background) but applies their answer when it comes, and ends the process group of
   * those still running when the session ends (docs/protocol.md, compat L02, L03): `hookwire init claude`
   * installs a command that takes the run out of the reach of that group's signals and still hands the host
   * the run's output and exit status.
   */
  readonly hostAppliesLateAnswer?: true;
  /**
   * The host gives this event's hooks `CLAUDE_ENV_FILE`, the session's environment file they append
   * `export NAME=value` lines to, and applies it to its later tool runs (docs/host-helpers.md).
   */
  readonly envFile?: true;
  /** The session starts with this event: what hookwire keeps across sessions' events sweeps stale files. */
  readonly startsSession?: true;
  /** The session ends with this event: the engine removes what it kept for the session (its env file). */
  readonly endsSession?: true;
  /**
   * An `asyncRewake` hook is awaited here like any other, so that its exit 2 blocks, instead of running in
   * the background (PreToolUse; *observed*: Claude Code awaited an `asyncRewake: true` PreToolUse hook and
   * its exit 2 blocked the tool).
   */
  readonly awaitsAsyncRewake?: true;
  /** WorktreeCreate: any failure (not only exit 2) makes the host's action fail. */
  readonly anyFailureBlocks?: true;
  /**
   * Who a block sends back to work instead of letting it stop (Stop: the agent; SubagentStop: the
   * subagent), or null. Such blocks can loop, so the Stop cap counts them (per session, or per subagent),
   * and a model hook may answer `impossible: true` to let it stop all the same.
   */
  readonly blockContinues: 'agent' | 'subagent' | null;
  /**
   * Whether the host takes a worktree path from the answer (WorktreeCreate): the path is answered as plain
   * stdout, and hooks that all succeed without giving one fail the action.
   */
  readonly answersWorktreePath?: true;
  /**
   * A prompt or agent hook's `ok: false` also ends the turn, as `continue: false` would: Claude Code makes no
   * further model call after such a PreToolUse verdict (observed).
   */
  readonly modelBlockEndsTurn?: true;
  /** Derived from the handler-type table (`handlerTypesIn`), by the kind of event. */
  readonly handlers: readonly HandlerType[];
  /** Derived from the handler-type table (`defaultTimeoutsOf`), by family. */
  readonly timeouts: TimeoutTable;
}

/** The plugin whose hooks `holdsTools` is honoured for (Claude Code 2.1.332 checks the plugin's name). */
export const HOLDS_TOOLS_PLUGIN = 'security-guidance';
