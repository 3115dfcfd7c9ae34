import {
  type AgentInputItem,
  type NonStreamRunOptions,
  type RunContext,
  type RunResult,
  run,
  type StreamedRunResult,
  type StreamRunOptions,
} from '@openai/agents';
import { type AgentHooks, type AgentHooksOptions, createAgentHooks } from '../agent-hooks.js';
import {
  type BlockedTurn,
  collectRounds,
  type HookedTurn,
  type RoundRunner,
  stopRounds,
} from '../stop-rounds.js';
import type { AnyAgent, AnyContext } from './any-agent.js';
import { type HookedToolState, hookAgent } from './hook-agent.js';
import { type AgentInput, beginAgentTurn } from './input-items.js';

/**
 * A streamed turn that ran: one `StreamedRunResult` per round, in order. Read each round (its events or
 * `toTextStream()`) before asking for the next: the next round starts once Stop has read the last one.
 */
export interface HookedStream<RESULT> {
  readonly blocked: false;
  readonly rounds: AsyncIterable<RESULT>;
}

/** One OpenAI Agents SDK session under Claude-compatible hooks (`hookwire/openai-agents`). */
export interface OpenAiAgentsHooks {
  /** The framework-neutral hooks underneath, for events the SDK has no moment for. */
  readonly hooks: AgentHooks;
  readonly sessionId: string;
  /** A copy of the agent (and its handoff agents) whose function tools run under the hooks. */
  agent<AGENT extends AnyAgent>(agent: AGENT): AGENT;
  /**
   * An `errorFunction` for the SDK's `tool()`: the SDK turns a tool's error into text before any guardrail
   * sees it, so only tools given this one fire PostToolUseFailure (the model reads `Error: <message>`).
   */
  readonly toolErrorFunction: (
    context: RunContext<AnyContext>,
    error: unknown,
    details?: { toolCall?: { callId: string } },
  ) => string;
  /** `run()` as a hooked turn: the agent is hooked; UserPromptSubmit before, Stop after each round. */
  run<AGENT extends AnyAgent>(
    agent: AGENT,
    input: AgentInput,
    options?: NonStreamRunOptions<AnyContext, AGENT>,
  ): Promise<HookedTurn<RunResult<AnyContext, AGENT>> | BlockedTurn>;
  /** `run(..., { stream: true })` as a hooked turn; resolves once UserPromptSubmit has run. */
  runStreamed<AGENT extends AnyAgent>(
    agent: AGENT,
    input: AgentInput,
    options?: Omit<StreamRunOptions<AnyContext, AGENT>, 'stream'>,
  ): Promise<HookedStream<StreamedRunResult<AnyContext, AGENT>> | BlockedTurn>;
  /** SessionEnd (when the session started), then closes the engine if the session created it. */
  close(deadlineMs?: number): Promise<void>;
}

/**
 * Creates an Agents SDK session under hooks: SessionStart on its first turn, SessionEnd on `close()`. The
 * engine is created once for the session (or passed in) and closed with it.
 */
export function createOpenAiAgentsHooks(options: AgentHooksOptions = {}): OpenAiAgentsHooks {
  const hooks = createAgentHooks(options);
  const state: HookedToolState = { allowed: new Map(), failures: new Map() };
  const hookedAgents = new WeakMap<AnyAgent, AnyAgent>();
  const hooked = new WeakSet<AnyAgent>();
  const agentOf = <AGENT extends AnyAgent>(agent: AGENT): AGENT => {
    if (hooked.has(agent)) return agent;
    const known = hookedAgents.get(agent);
    if (known !== undefined) return known as AGENT;
    const copy = hookAgent(agent, hooks, state);
    hookedAgents.set(agent, copy);
    hooked.add(copy);
    return copy;
  };
  const rounds = <
    RESULT extends RunResult<AnyContext, AnyContext> | StreamedRunResult<AnyContext, AnyContext>,
  >(
    agent: AnyAgent,
    call: (agent: AnyAgent, items: AgentInputItem[]) => Promise<RESULT>,
  ): RoundRunner<RESULT, AgentInputItem> & { last: AnyAgent } => {
    const runner = {
      last: agent,
      // A Stop continuation goes on with the agent that was speaking when the round ended (after handoffs).
      call: (items: AgentInputItem[]) => call(runner.last, items),
      async finish(result: RESULT) {
        if ('completed' in result) await result.completed;
        runner.last = result.lastAgent ?? runner.last;
        return { text: textOf(result.finalOutput), conversation: result.history };
      },
      continueWith: (reason: string): AgentInputItem => ({ role: 'user', content: reason }),
    };
    return runner;
  };

  return {
    hooks,
    sessionId: hooks.sessionId,
    agent: agentOf,
    toolErrorFunction(_context, error, details) {
      const message = error instanceof Error ? error.message : String(error);
      const id = details?.toolCall?.callId;
      if (id !== undefined) state.failures.set(id, message);
      return `An error occurred while running the tool. Please try again. Error: ${message}`;
    },
    async run(agent, input, runOptions) {
      const begun = await beginAgentTurn(hooks, input);
      if ('blocked' in begun) return begun;
      const runner = rounds(agentOf(agent), (current, items) =>
        run(current, items, runOptions as NonStreamRunOptions<AnyContext, AnyAgent>),
      );
      return collectRounds(stopRounds(hooks, begun.items, runner)) as Promise<
        HookedTurn<RunResult<AnyContext, typeof agent>>
      >;
    },
    async runStreamed(agent, input, runOptions) {
      const begun = await beginAgentTurn(hooks, input);
      if ('blocked' in begun) return begun;
      const runner = rounds(agentOf(agent), (current, items) =>
        run(current, items, { ...(runOptions as object), stream: true } as StreamRunOptions<
          AnyContext,
          AnyAgent
        >),
      );
      return { blocked: false, rounds: stopRounds(hooks, begun.items, runner) } as HookedStream<
        StreamedRunResult<AnyContext, typeof agent>
      >;
    },
    close: (deadlineMs) => hooks.close(deadlineMs),
  };
}

/** The text Stop sees as `last_assistant_message`: the final output, as JSON when it is structured. */
function textOf(output: unknown): string {
  if (output === undefined || output === null) return '';
  return typeof output === 'string' ? output : JSON.stringify(output);
}
