import type { InterruptOnConfig } from 'langchain';

/** The `interruptOn` map of `createDeepAgent` and `humanInTheLoopMiddleware`. */
export type InterruptOn = Readonly<Record<string, boolean | InterruptOnConfig>>;

interface ToolCallLike {
  readonly name: string;
  readonly args: Record<string, unknown>;
  readonly id?: string | undefined;
}

/**
 * The tool calls that LangChain's human-in-the-loop middleware will interrupt for, given the same
 * `interruptOn` map: the same rules as that middleware (`true` or a config with decisions interrupts, `false`
 * auto-approves, a `when` predicate can opt a call out). A predicate that throws counts as "interrupts", so
 * the user is told rather than not.
 */
export async function interruptingToolCalls(
  toolCalls: readonly ToolCallLike[],
  interruptOn: InterruptOn,
  context: { state: unknown; runtime: unknown },
): Promise<ToolCallLike[]> {
  const interrupting: ToolCallLike[] = [];
  for (const toolCall of toolCalls) {
    const config = interruptOn[toolCall.name];
    if (config === undefined || config === false) continue;
    if (config === true) {
      interrupting.push(toolCall);
      continue;
    }
    if (!config.allowedDecisions) continue;
    if (!config.when || (await predicateHolds(config.when, toolCall, context))) interrupting.push(toolCall);
  }
  return interrupting;
}

async function predicateHolds(
  when: NonNullable<InterruptOnConfig['when']>,
  toolCall: ToolCallLike,
  context: { state: unknown; runtime: unknown },
): Promise<boolean> {
  try {
    // The same argument the middleware passes (it too has no tool instance at that point).
    return await when({ toolCall, tool: undefined, state: context.state, runtime: context.runtime } as never);
  } catch {
    return true;
  }
}
