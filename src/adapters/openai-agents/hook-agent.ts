import { isDeepStrictEqual } from 'node:util';
import {
  Agent,
  defineToolInputGuardrail,
  defineToolOutputGuardrail,
  type FunctionTool,
  type Tool,
  ToolGuardrailFunctionOutputFactory,
} from '@openai/agents';
import type { AgentHooks, ToolCall } from '../agent-hooks.js';
import { hookContext, postToolUseFeedback } from '../claude-wording.js';
import type { AnyAgent } from './any-agent.js';
import { checkAgainstJsonSchema } from './check-against-json-schema.js';

/** What PreToolUse let through for one call, until the call's output guardrail reads it. */
interface AllowedCall {
  readonly call: ToolCall;
  readonly context: readonly string[];
  readonly rewritten: boolean;
}

/** Per-session bookkeeping shared by the hooked tools: calls in flight, and failures `toolErrorFunction` saw. */
export interface HookedToolState {
  readonly allowed: Map<string, AllowedCall>;
  readonly failures: Map<string, string>;
}

/** The names of the guardrails hookwire adds, as they appear in a run's guardrail results. */
export const GUARDRAIL_NAMES = { input: 'hookwire PreToolUse', output: 'hookwire PostToolUse' } as const;

/**
 * A copy of the agent (and of the agents it hands off to) whose function tools run under the session's
 * hooks, through the SDK's tool guardrails: an input guardrail fires PreToolUse (a refusal is a
 * `rejectContent` with the reason, which the model receives as the tool's output; the tool never runs), an
 * output guardrail fires PostToolUse or PostToolUseFailure and, when hooks add context, passes the output on
 * with the context after it. Ours come after the tool's own guardrails, so hooks see only calls the
 * application let through. A rewritten input (`updatedInput`) cannot go through a guardrail: the tool's
 * `invoke` is wrapped to run with it.
 */
export function hookAgent<AGENT extends AnyAgent>(
  agent: AGENT,
  hooks: AgentHooks,
  state: HookedToolState,
  done = new Map<AnyAgent, AnyAgent>(),
): AGENT {
  const seen = done.get(agent);
  if (seen !== undefined) return seen as AGENT;
  const hooked = agent.clone({ tools: agent.tools.map((tool: Tool) => hookTool(tool, hooks, state)) });
  done.set(agent, hooked);
  // Handoffs may form cycles: the copy is registered before the agents it hands off to are hooked.
  hooked.handoffs = agent.handoffs.map((handoff) =>
    handoff instanceof Agent ? hookAgent(handoff, hooks, state, done) : handoff,
  );
  return hooked as AGENT;
}

function hookTool(tool: Tool, hooks: AgentHooks, state: HookedToolState): Tool {
  if (tool.type !== 'function') return tool;
  const invoke = tool.invoke;

  const before = defineToolInputGuardrail({
    name: GUARDRAIL_NAMES.input,
    run: async ({ toolCall }) => {
      const call: ToolCall = {
        name: toolCall.name,
        input: parseArguments(toolCall.arguments),
        id: toolCall.callId,
      };
      const gate = await hooks.beforeTool(call);
      if (gate.action === 'refuse') return ToolGuardrailFunctionOutputFactory.rejectContent(gate.reason);
      const rewritten = !isDeepStrictEqual(gate.input, call.input);
      const problem = rewritten ? checkAgainstJsonSchema(gate.input, tool.parameters) : null;
      if (problem !== null)
        return ToolGuardrailFunctionOutputFactory.rejectContent(
          `A PreToolUse hook rewrote the input of tool "${call.name}", and the rewritten input does not match the tool's input schema: ${problem}`,
        );
      state.allowed.set(call.id, {
        call: { ...call, input: gate.input },
        context: hookContext('PreToolUse', gate.context),
        rewritten,
      });
      return ToolGuardrailFunctionOutputFactory.allow();
    },
  });

  const after = defineToolOutputGuardrail({
    name: GUARDRAIL_NAMES.output,
    run: async ({ toolCall, output }) => {
      const allowed = state.allowed.get(toolCall.callId);
      state.allowed.delete(toolCall.callId);
      const failure = state.failures.get(toolCall.callId);
      state.failures.delete(toolCall.callId);
      const call = allowed?.call ?? {
        name: toolCall.name,
        input: parseArguments(toolCall.arguments),
        id: toolCall.callId,
      };
      const lines = [...(allowed?.context ?? [])];
      if (failure === undefined) {
        const { context, blockReason } = await hooks.afterTool(call, output);
        if (blockReason !== null) lines.push(postToolUseFeedback(blockReason));
        lines.push(...hookContext('PostToolUse', context));
      } else
        lines.push(...hookContext('PostToolUseFailure', (await hooks.toolFailed(call, failure)).context));
      if (lines.length === 0) return ToolGuardrailFunctionOutputFactory.allow();
      // The only way a guardrail changes what the model reads is `rejectContent`: here it carries the output.
      return ToolGuardrailFunctionOutputFactory.rejectContent([textOf(output), ...lines].join('\n\n'));
    },
  });

  const hookedInvoke: FunctionTool['invoke'] = async (runContext, input, details) => {
    const id = details?.toolCall?.callId;
    const allowed = id === undefined ? undefined : state.allowed.get(id);
    try {
      return await invoke(
        runContext,
        allowed?.rewritten ? JSON.stringify(allowed.call.input) : input,
        details,
      );
    } catch (error) {
      // Only a tool without an error function throws: the run ends with the error, after the hooks saw it.
      if (allowed !== undefined && id !== undefined) {
        state.allowed.delete(id);
        await hooks.toolFailed(allowed.call, error instanceof Error ? error.message : String(error));
      }
      throw error;
    }
  };

  return {
    ...tool,
    invoke: hookedInvoke,
    inputGuardrails: [...(tool.inputGuardrails ?? []), before],
    outputGuardrails: [...(tool.outputGuardrails ?? []), after],
  } as Tool;
}

/** The model's arguments as hooks see them: the JSON object, or the raw text under `arguments`. */
function parseArguments(text: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text === '' ? '{}' : text);
    if (typeof value === 'object' && value !== null && !Array.isArray(value))
      return value as Record<string, unknown>;
  } catch {
    // Not JSON: the tool's own parser will reject it; hooks still see what the model sent.
  }
  return { arguments: text };
}

function textOf(output: unknown): string {
  return typeof output === 'string' ? output : JSON.stringify(output);
}
