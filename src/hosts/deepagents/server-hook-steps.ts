import type { HookEvent } from './hook-events.js';
import { eventEnabled, type LogicalEvent, type SessionGate } from './hook-invocation.js';
import type { NativeInvocation, NativeToolCall } from './project-invocation.js';
import type { HookDecision, PermissionDecision } from './reduce-hook-results.js';
import {
  applyPostToolUse,
  applySubagentStop,
  DEFAULT_DENY_REASON,
  deniedToolMessage,
  type ToolMessage,
  type ToolOutcome,
  taskAgentIdentity,
  toolResultError,
  toolResultText,
} from './tool-results.js';

/*
 * The server-owned events at the agent's boundaries, in upstream's order (`server_middleware.py`): after
 * the model answered, each tool call gets PreCompact first when it is `compact_conversation`, then
 * PreToolUse; before the next model call, each call that ran gets PostToolUse, or PostToolUseFailure when
 * it failed, then SubagentStop when it was a `task`; after the agent, Stop. How an invocation is carried
 * (an interrupt answered by a client, or hooks run in-process) is the caller's `invoke`.
 */

/** Runs one invocation and gives its reduced decision. */
export type InvokeHook = (
  event: HookEvent,
  invocation: NativeInvocation,
  logical: LogicalEvent,
) => Promise<HookDecision>;

/** The tool that compacts the conversation: PreCompact fires before its PreToolUse. */
export const COMPACT_TOOL_NAME = 'compact_conversation';
/** The tool that runs a subagent: SubagentStart and SubagentStop fire around it. */
export const TASK_TOOL_NAME = 'task';

/** A call's outcome before it runs: `deny` carries the reason its error message gives. */
export interface PreToolOutcome {
  readonly behavior: 'none' | 'allow' | 'deny';
  readonly reason?: string;
  /** PreToolUse context, appended to the call's result (or its denial). */
  readonly context: readonly string[];
}

/** Asks the user about a call a hook answered `ask`: a denial message, or null to run it. */
export type AskUser = (call: NativeToolCall, permission: PermissionDecision) => Promise<ToolMessage | null>;

/** Each call's PreCompact and PreToolUse outcome, by call id. */
export async function planToolCalls(
  calls: readonly NativeToolCall[],
  gate: SessionGate | null,
  invoke: InvokeHook,
  askUser: AskUser,
): Promise<Record<string, PreToolOutcome>> {
  const precompact = eventEnabled(gate, 'PreCompact');
  const pretool = eventEnabled(gate, 'PreToolUse');
  const outcomes: Record<string, PreToolOutcome> = {};
  if (!precompact && !pretool) return outcomes;
  for (const call of calls) {
    const callId = call.id ?? '';
    const context: string[] = [];
    if (precompact && call.name === COMPACT_TOOL_NAME) {
      const trigger = call.args?.force === true ? 'manual' : 'auto';
      const compact = await invoke('PreCompact', { trigger }, { event: 'PreCompact', callId });
      if (!compact.continue_processing) {
        outcomes[callId] = {
          behavior: 'deny',
          reason: compact.stop_reason || 'Blocked by PreCompact hook',
          context,
        };
        continue;
      }
    }
    let outcome: PreToolOutcome = { behavior: 'none', context };
    if (pretool) {
      const decision = await invoke('PreToolUse', { call }, { event: 'PreToolUse', callId });
      const permission = decision.permission ?? { behavior: 'none', reason: null, interrupt: false };
      context.push(...(decision.context ?? []));
      if (!decision.continue_processing || permission.behavior === 'deny')
        outcome = {
          behavior: 'deny',
          reason: permission.reason || decision.stop_reason || DEFAULT_DENY_REASON,
          context,
        };
      else if (permission.behavior === 'ask') {
        const blocked = await askUser(call, permission);
        outcome =
          blocked === null
            ? { behavior: 'allow', context }
            : { behavior: 'deny', reason: String(blocked.content), context };
      } else if (permission.behavior === 'allow') outcome = { behavior: 'allow', context };
    }
    outcomes[callId] = outcome;
  }
  return outcomes;
}

/** A user's answer to an approval prompt (LangChain's HITL response). */
export interface ApprovalResponse {
  readonly decisions?: readonly { readonly type?: string; readonly message?: string }[];
}

/**
 * A PreToolUse `ask` answered by the user: approve runs the call (null); no answer, or a rejection, is a
 * denial whose reason is the rejection's message, else the hook's reason.
 */
export function askOutcome(
  call: NativeToolCall,
  permission: PermissionDecision,
  response: ApprovalResponse | null,
): ToolMessage | null {
  const description = permission.reason || 'PreToolUse hook requested approval';
  const first = response?.decisions?.[0];
  if (first === undefined) return deniedToolMessage(call, { reason: 'PreToolUse ask was not answered' });
  if (first.type === 'approve') return null;
  const message = typeof first.message === 'string' && first.message !== '' ? first.message : null;
  return deniedToolMessage(call, { reason: message ?? description });
}

/** The result a call gets from its pre-tool outcome: the denial, or null to run the tool. */
export function preToolDenial(call: NativeToolCall, outcome: PreToolOutcome | undefined): ToolMessage | null {
  if (outcome?.behavior !== 'deny') return null;
  return deniedToolMessage(call, { reason: outcome.reason ?? null });
}

/** Whether a hook settled a call's permission (allow or deny), so the stock approval must not ask again. */
export function hookDecidedPermission(outcome: PreToolOutcome | undefined): boolean {
  return outcome?.behavior === 'allow' || outcome?.behavior === 'deny';
}

/**
 * A call's result after its post-tool hooks: PostToolUse (or PostToolUseFailure, with the failure's text as
 * `error`) and, for `task`, SubagentStop, each applied to the result in turn. A call whose event is not
 * enabled keeps its result.
 */
export async function afterToolCall(
  call: NativeToolCall,
  result: ToolOutcome,
  durationMs: number,
  gate: SessionGate | null,
  invoke: InvokeHook,
): Promise<ToolOutcome> {
  const callId = call.id ?? '';
  let updated = result;
  const error = toolResultError(result, call);
  const event = error === null ? 'PostToolUse' : 'PostToolUseFailure';
  if (eventEnabled(gate, event)) {
    const invocation: NativeInvocation =
      error === null ? { call, result, duration_ms: durationMs } : { call, error, duration_ms: durationMs };
    const decision = await invoke(event, invocation, { event, callId });
    updated = applyPostToolUse(updated, decision, callId);
  }
  if (call.name === TASK_TOOL_NAME && eventEnabled(gate, 'SubagentStop')) {
    const agent = taskAgentIdentity(call);
    const decision = await invoke(
      'SubagentStop',
      { agent, continuation_count: 0, last_assistant_message: toolResultText(updated, callId) },
      { event: 'SubagentStop', agentId: agent.id, continuationCount: 0 },
    );
    updated = applySubagentStop(updated, decision, callId);
  }
  return updated;
}

/**
 * The post-tool boundary before the next model call: every call of the last tool-calling message that
 * ran (it has a result and a pending duration) gets its post-tool hooks once; the pending set is then
 * empty, so a resumed or replayed step does not run them again.
 */
export async function postToolBoundary(
  calls: readonly NativeToolCall[],
  results: ReadonlyMap<string, ToolOutcome>,
  pending: ReadonlyMap<string, number>,
  gate: SessionGate | null,
  invoke: InvokeHook,
): Promise<{ readonly updated: readonly ToolOutcome[]; readonly pending: ReadonlyMap<string, number> }> {
  const updated: ToolOutcome[] = [];
  for (const call of calls) {
    const callId = call.id ?? '';
    const durationMs = pending.get(callId);
    const result = results.get(callId);
    if (durationMs === undefined || result === undefined) continue;
    updated.push(await afterToolCall(call, result, durationMs, gate, invoke));
  }
  return { updated, pending: new Map() };
}

/** What Stop's decision does to the agent: the human message to go on with, or null to stop. */
export function stopContinuation(decision: HookDecision): string | null {
  if (!decision.continue_processing || decision.continue_loop !== true) return null;
  const feedback = (decision.feedback ?? []).join('\n').trim();
  return feedback || decision.stop_reason || 'Continue working.';
}
