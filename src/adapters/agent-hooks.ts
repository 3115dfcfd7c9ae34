import { randomUUID } from 'node:crypto';
import { ownValue } from '../common/own-value.js';
import { createEngineSync } from '../engine/create-engine.js';
import type { Engine, EngineOptions } from '../engine/engine.js';
import type { ProtocolEventName } from '../events/event-names.js';
import type { Outcome } from '../outcome/outcome.js';
import { createTranscriptWriter, type TranscriptWriter } from '../transcript/transcript-writer.js';
import { DEEPAGENTS_TOOL_NAMES } from './deepagents-tool-names.js';
import { type ApprovalRequest, readPreToolOutcome, type ToolCall, type ToolGate } from './tool-gate.js';

export type { ApprovalRequest, ToolCall, ToolGate } from './tool-gate.js';

/** Options of `createAgentHooks`, shared by every framework adapter. */
export interface AgentHooksOptions {
  /** An engine to use; it is never closed by `close()`. */
  readonly engine?: Engine;
  /** Otherwise an engine is created once from these (default: every default settings source) and closed by `close()`. */
  readonly engineOptions?: EngineOptions;
  /** The payloads' `session_id`. Default: a random UUID. */
  readonly sessionId?: string;
  /** The payloads' `cwd`. Default: process.cwd(). */
  readonly cwd?: string;
  /** The payloads' `transcript_path`. Default null: adapters write no transcript (see `recordTranscript`). */
  readonly transcriptPath?: string | null;
  /**
   * Record the session in Claude Code's transcript shape at this path (created 0600, or appended to) and
   * give it to hooks as `transcript_path`, so hooks that read the transcript (a Stop hook looking at the
   * last assistant message) work: prompts, tool calls, tool results and the final assistant message are
   * written before the event that follows them fires. `{sessionId}` in the path is replaced by the session
   * id (the LangChain middleware keeps one session per thread). Takes precedence over `transcriptPath`.
   */
  readonly recordTranscript?: string;
  /** The payloads' `permission_mode`. Default `default`. */
  readonly permissionMode?: string;
  /**
   * The tool name hooks see (and matchers test), from the framework's name: a map (names it lacks pass
   * unchanged), a function, or the preset `'deepagents'` (`DEEPAGENTS_TOOL_NAMES`: `execute` → `Bash`,
   * `write_file` → `Write`, ...). Default: unchanged.
   */
  readonly toolNames?: Readonly<Record<string, string>> | ((frameworkName: string) => string) | 'deepagents';
  /**
   * Asked when PreToolUse decides `ask` (or `defer`); true runs the tool. Without it, ask is a deny with the
   * hook's reason (the safe default). A rejection is a deny too, with its message.
   */
  readonly approve?: (request: ApprovalRequest) => boolean | Promise<boolean>;
}

/** What UserPromptSubmit decided. */
export type PromptVerdict =
  | { readonly blocked: false; readonly context: readonly string[] }
  | { readonly blocked: true; readonly reason: string };

/** What Stop decided: continue the agent with this instruction, or let it end. */
export type StopVerdict = { readonly continueWith: string } | { readonly end: true };

/** One agent session's hooks, mapped onto the moments every agent framework has. */
export interface AgentHooks {
  readonly sessionId: string;
  readonly engine: Engine;
  /** SessionStart, once per session (later calls fire nothing). Its context is for the model. */
  start(
    source?: 'startup' | 'resume' | 'clear' | 'compact',
  ): Promise<{ readonly context: readonly string[] }>;
  /** UserPromptSubmit: a block means the prompt must not reach the model. */
  prompt(text: string): Promise<PromptVerdict>;
  /** PreToolUse: run (maybe with a rewritten input) or refuse with a reason for the model. */
  beforeTool(call: ToolCall): Promise<ToolGate>;
  /** PostToolUse: context for the model's next call, and a block's reason (the tool already ran). */
  afterTool(
    call: ToolCall,
    response: unknown,
  ): Promise<{ readonly context: readonly string[]; readonly blockReason: string | null }>;
  /** PostToolUseFailure: context for the model's next call. */
  toolFailed(call: ToolCall, error: string): Promise<{ readonly context: readonly string[] }>;
  /** Stop: a block continues the agent with the reason; the engine's Stop cap ends a run of blocks. */
  stop(lastAssistantMessage: string): Promise<StopVerdict>;
  /** SessionEnd, once (later calls fire nothing). Default reason `other`. */
  end(reason?: string): Promise<void>;
  /** `end()` if the session started, then closes the engine if it was created here. */
  close(deadlineMs?: number): Promise<void>;
}

/**
 * Creates the framework-neutral mapping every adapter sits on: each method fires one Claude Code event with
 * the protocol's payload and turns the merged outcome into what an agent loop can act on. An event no hook
 * matches spawns nothing and costs what `engine.fire` costs for it (a lookup).
 */
export function createAgentHooks(options: AgentHooksOptions = {}): AgentHooks {
  const cwd = options.cwd ?? process.cwd();
  const ownsEngine = options.engine === undefined;
  const engine = options.engine ?? createEngineSync({ cwd, ...options.engineOptions });
  const sessionId = options.sessionId ?? randomUUID();
  const transcript: TranscriptWriter | undefined =
    options.recordTranscript === undefined
      ? undefined
      : createTranscriptWriter({
          path: options.recordTranscript.replaceAll('{sessionId}', sessionId),
          sessionId,
          cwd,
        });
  const common = {
    session_id: sessionId,
    transcript_path: transcript?.path ?? options.transcriptPath ?? null,
    cwd,
    permission_mode: options.permissionMode ?? 'default',
  };
  const nameOf = toolNameMap(options.toolNames);
  let started = false;
  let ended = false;
  // True while the agent continues because of a Stop block: the next Stop payload says so.
  let stopHookActive = false;

  const fire = (event: ProtocolEventName, fields: Record<string, unknown>): Promise<Outcome> => {
    // Built field by field: a payload made by object spread costs the engine's no-match path several times
    // its own cost (measured, bench target 7a), and that path runs on every tool call.
    const payload: Record<string, unknown> = {
      session_id: common.session_id,
      transcript_path: common.transcript_path,
      cwd: common.cwd,
      permission_mode: common.permission_mode,
      hook_event_name: event,
    };
    for (const key in fields) payload[key] = fields[key];
    // Hooks may read the transcript at any event: what was recorded so far is on disk before they run.
    if (transcript === undefined) return engine.fire(event, payload);
    // A transcript that cannot be written is a warning: it never keeps the event from firing.
    return transcript.flush().then(
      () => engine.fire(event, payload),
      (error: unknown) => {
        options.engineOptions?.logger?.warn(`hookwire: cannot write the transcript: ${String(error)}`);
        return engine.fire(event, payload);
      },
    );
  };
  const toolFields = (call: ToolCall) => ({
    tool_name: nameOf(call.name),
    tool_input: call.input,
    tool_use_id: call.id,
  });

  const end = async (reason = 'other'): Promise<void> => {
    if (ended) return;
    ended = true;
    await fire('SessionEnd', { reason });
  };

  return {
    sessionId,
    engine,
    async start(source = 'startup') {
      if (started) return { context: [] };
      started = true;
      const outcome = await fire('SessionStart', { source });
      return { context: outcome.additionalContext };
    },
    async prompt(text) {
      stopHookActive = false;
      transcript?.appendUser(text);
      const outcome = await fire('UserPromptSubmit', { prompt: text });
      if (!outcome.continue)
        return { blocked: true, reason: outcome.stopReason ?? outcome.reason ?? 'a hook stopped the agent' };
      if (outcome.decision === 'block')
        return { blocked: true, reason: outcome.reason ?? 'a UserPromptSubmit hook blocked the prompt' };
      return { blocked: false, context: outcome.additionalContext };
    },
    async beforeTool(call) {
      const fields = toolFields(call);
      transcript?.appendAssistant([
        { type: 'tool_use', id: call.id, name: fields.tool_name, input: call.input },
      ]);
      const outcome = await fire('PreToolUse', fields);
      const verdict = readPreToolOutcome(outcome, fields.tool_name, call.input);
      const refuse = (reason: string): ToolGate => {
        // As Claude Code records a denied call: the tool's result is the reason, as an error.
        transcript?.appendToolResult(call.id, reason, true);
        return { action: 'refuse', reason };
      };
      if (verdict.kind === 'refuse') return refuse(verdict.reason);
      if (verdict.kind === 'ask') {
        const request = {
          toolName: fields.tool_name,
          toolInput: verdict.input,
          toolUseId: call.id,
          reason: verdict.reason,
        };
        const refusal = await askApprover(options.approve, request);
        if (refusal !== null) return refuse(refusal);
      }
      return { action: 'run', input: verdict.input, context: outcome.additionalContext };
    },
    async afterTool(call, response) {
      transcript?.appendToolResult(
        call.id,
        typeof response === 'string' ? response : JSON.stringify(response),
      );
      const outcome = await fire('PostToolUse', { ...toolFields(call), tool_response: response });
      const blocked = outcome.decision === 'block' || !outcome.continue;
      return {
        context: outcome.additionalContext,
        blockReason: blocked ? (outcome.reason ?? outcome.stopReason ?? 'a PostToolUse hook blocked') : null,
      };
    },
    async toolFailed(call, error) {
      transcript?.appendToolResult(call.id, error, true);
      const outcome = await fire('PostToolUseFailure', { ...toolFields(call), error });
      // A block's reason (exit 2 stderr) is for the model, as Claude Code sends it.
      const reasons = outcome.decision === 'block' && outcome.reason !== null ? [outcome.reason] : [];
      return { context: [...outcome.additionalContext, ...reasons] };
    },
    async stop(lastAssistantMessage) {
      transcript?.appendAssistant(lastAssistantMessage);
      const outcome = await fire('Stop', {
        stop_hook_active: stopHookActive,
        last_assistant_message: lastAssistantMessage,
      });
      // After the engine's cap the decision is null (with a warning in the outcome): the agent ends.
      if (outcome.continue && outcome.decision === 'block') {
        stopHookActive = true;
        return { continueWith: outcome.reason ?? 'a Stop hook asked the agent to continue' };
      }
      stopHookActive = false;
      return { end: true };
    },
    end,
    async close(deadlineMs) {
      if (started) await end();
      await transcript?.close();
      if (ownsEngine) await engine.close(deadlineMs);
    },
  };
}

/** The name hooks see for a framework's tool name. */
function toolNameMap(given: AgentHooksOptions['toolNames']): (frameworkName: string) => string {
  if (given === undefined) return (name) => name;
  if (typeof given === 'function') return given;
  const names = given === 'deepagents' ? DEEPAGENTS_TOOL_NAMES : given;
  return (name) => ownValue(names, name) ?? name;
}

/** Null when the approver approved; otherwise why the call is refused. */
async function askApprover(
  approve: AgentHooksOptions['approve'],
  request: ApprovalRequest,
): Promise<string | null> {
  const asked = request.reason ?? `a PreToolUse hook asks for approval of ${request.toolName}`;
  if (approve === undefined) return `${asked} (no approver: refused)`;
  try {
    return (await approve(request)) ? null : `${asked} (not approved)`;
  } catch (error) {
    return `${asked} (the approver failed: ${error instanceof Error ? error.message : String(error)})`;
  }
}
