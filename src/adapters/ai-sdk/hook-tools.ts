import { isDeepEqualData, type Tool, type ToolExecutionOptions, type ToolSet } from 'ai';
import type { AgentHooks, ToolCall } from '../agent-hooks.js';
import { hookContext, postToolUseFeedback } from '../claude-wording.js';
import { appendToToolOutput, type ToolModelOutput } from './append-to-tool-output.js';
import { validateToolInput } from './validate-tool-input.js';

/**
 * The error a hooked tool throws when PreToolUse refuses the call (deny, ask without approval, an
 * `updatedInput` the schema rejects). The SDK turns a tool's error into its result, so the model reads
 * `message`, the hook's reason, and the tool's `execute` never runs.
 */
export class ToolCallRefusedError extends Error {
  override readonly name = 'ToolCallRefusedError';
}

/**
 * Wraps every tool of a tool set that has an `execute` so that it runs under the session's hooks:
 * PreToolUse before `execute` (refuse, rewrite the input, add context), PostToolUse or PostToolUseFailure
 * after. The context hooks add reaches the model with the tool's own result (through `toModelOutput`: the
 * application keeps the tool's real output in `toolResults`). Tools without `execute` are returned as they
 * are: the SDK does not run them, so there is no moment to gate.
 */
export function hookTools<TOOLS extends ToolSet>(tools: TOOLS, hooks: AgentHooks): TOOLS {
  const context = new Map<string, readonly string[]>();
  const hooked = Object.entries(tools).map(([name, tool]) => [name, hookTool(name, tool, hooks, context)]);
  return Object.fromEntries(hooked) as TOOLS;
}

function hookTool(
  name: string,
  tool: Tool,
  hooks: AgentHooks,
  contextByCall: Map<string, readonly string[]>,
): Tool {
  const execute = tool.execute;
  if (execute === undefined) return tool;
  const remember = (id: string, lines: readonly string[]): void => {
    if (lines.length > 0) contextByCall.set(id, [...(contextByCall.get(id) ?? []), ...lines]);
  };

  async function gate(input: unknown, id: string): Promise<{ call: ToolCall; input: unknown }> {
    const asked: ToolCall = { name, input: asRecord(input), id };
    const gated = await hooks.beforeTool(asked);
    if (gated.action === 'refuse') throw new ToolCallRefusedError(gated.reason);
    remember(id, hookContext('PreToolUse', gated.context));
    // The SDK already validated (and may have transformed) the model's input: re-check only a rewrite.
    if (gated.input === asked.input || isDeepEqualData(gated.input, asked.input))
      return { call: asked, input };
    const checked = await validateToolInput(name, tool.inputSchema, gated.input);
    if (!checked.valid) throw new ToolCallRefusedError(checked.reason);
    return { call: { ...asked, input: gated.input }, input: checked.input };
  }

  async function failed(call: ToolCall, error: unknown): Promise<never> {
    const message = error instanceof Error ? error.message : String(error);
    const context = hookContext('PostToolUseFailure', (await hooks.toolFailed(call, message)).context);
    if (context.length === 0) throw error;
    // A failed tool's result is its error's message: the context can only ride along in it.
    throw new Error([message, ...context].join('\n\n'), { cause: error });
  }

  async function succeeded(call: ToolCall, output: unknown): Promise<void> {
    const { context, blockReason } = await hooks.afterTool(call, output);
    const feedback = blockReason === null ? [] : [postToolUseFeedback(blockReason)];
    remember(call.id, [...feedback, ...hookContext('PostToolUse', context)]);
  }

  async function* streamed(call: ToolCall, outputs: AsyncIterable<unknown>): AsyncGenerator<unknown> {
    let last: unknown;
    try {
      for await (const output of outputs) {
        last = output;
        yield output;
      }
    } catch (error) {
      return await failed(call, error);
    }
    await succeeded(call, last);
  }

  const hookedExecute = async (input: unknown, options: ToolExecutionOptions) => {
    const { call, input: runInput } = await gate(input, options.toolCallId);
    let output: unknown;
    try {
      output = await execute(runInput, options);
    } catch (error) {
      return await failed(call, error);
    }
    if (isAsyncIterable(output)) return streamed(call, output);
    await succeeded(call, output);
    return output;
  };

  const toModelOutput = async (options: { toolCallId: string; input: unknown; output: unknown }) => {
    const own: ToolModelOutput =
      tool.toModelOutput === undefined
        ? typeof options.output === 'string'
          ? { type: 'text', value: options.output }
          : { type: 'json', value: (options.output ?? null) as never }
        : await tool.toModelOutput(options as never);
    return appendToToolOutput(own, contextByCall.get(options.toolCallId) ?? []);
  };

  return { ...tool, execute: hookedExecute, toModelOutput } as Tool;
}

function isAsyncIterable(value: unknown): value is AsyncIterable<unknown> {
  return typeof value === 'object' && value !== null && Symbol.asyncIterator in value;
}

/** Tool inputs are objects in practice; anything else is passed to hooks under `value`. */
function asRecord(input: unknown): Record<string, unknown> {
  return typeof input === 'object' && input !== null && !Array.isArray(input)
    ? (input as Record<string, unknown>)
    : { value: input };
}
