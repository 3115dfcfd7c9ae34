import {
  type AgentCallParameters,
  type AgentStreamParameters,
  type GenerateTextResult,
  generateText,
  type ModelMessage,
  type OutputInterface,
  type StreamTextResult,
  streamText,
  ToolLoopAgent,
  type ToolLoopAgentSettings,
  type ToolSet,
} from 'ai';
import { type AgentHooks, type AgentHooksOptions, createAgentHooks } from '../agent-hooks.js';
import { type BlockedTurn, type HookedTurn, type RoundRunner, stopRounds } from '../stop-rounds.js';
import { hookTools } from './hook-tools.js';
import { beginTurn, runTurn } from './run-turn.js';

/** `generateText`'s parameters for these tools and output, as the SDK declares them. */
type GenerateTextParameters<TOOLS extends ToolSet, OUTPUT extends OutputInterface> = Parameters<
  typeof generateText<TOOLS, OUTPUT>
>[0];
/** `streamText`'s parameters for these tools and output, as the SDK declares them. */
type StreamTextParameters<TOOLS extends ToolSet, OUTPUT extends OutputInterface> = Parameters<
  typeof streamText<TOOLS, OUTPUT>
>[0];
/** The output the SDK infers when a call names none (each function declares its own default). */
type DefaultGenerateOutput = OutputInterface<string, string>;
type DefaultStreamOutput = OutputInterface<string, string, never>;

/**
 * A streamed turn that ran: one `StreamTextResult` per round, in order. Consume each round's stream before
 * asking for the next: the next round starts only when Stop has read the last one's text.
 */
export interface HookedStream<RESULT> {
  readonly blocked: false;
  readonly rounds: AsyncIterable<RESULT>;
}

/** A `ToolLoopAgent` whose tools run under the session's hooks, and its calls run as hooked turns. */
export interface HookedAgent<CALL_OPTIONS, TOOLS extends ToolSet, OUTPUT extends OutputInterface> {
  readonly agent: ToolLoopAgent<CALL_OPTIONS, TOOLS, OUTPUT>;
  generate(
    parameters: AgentCallParameters<CALL_OPTIONS, TOOLS>,
  ): Promise<HookedTurn<GenerateTextResult<TOOLS, OUTPUT>> | BlockedTurn>;
  stream(
    parameters: AgentStreamParameters<CALL_OPTIONS, TOOLS>,
  ): Promise<HookedStream<StreamTextResult<TOOLS, OUTPUT>> | BlockedTurn>;
}

/** One agent session of the Vercel AI SDK under Claude-compatible hooks (`hookwire/ai-sdk`). */
export interface AiSdkHooks {
  /** The framework-neutral hooks underneath, for events the SDK has no moment for. */
  readonly hooks: AgentHooks;
  readonly sessionId: string;
  /** The tool set with PreToolUse/PostToolUse/PostToolUseFailure around every `execute`. */
  tools<TOOLS extends ToolSet>(tools: TOOLS): TOOLS;
  /**
   * `generateText` as a hooked turn: its `tools` are hooked; UserPromptSubmit before, Stop after each round.
   * Generic as the SDK's own, so each round is the SDK's `GenerateTextResult` for these tools and output.
   */
  generateText<TOOLS extends ToolSet = ToolSet, OUTPUT extends OutputInterface = DefaultGenerateOutput>(
    parameters: GenerateTextParameters<TOOLS, OUTPUT>,
  ): Promise<HookedTurn<GenerateTextResult<TOOLS, OUTPUT>> | BlockedTurn>;
  /** `streamText` as a hooked turn; resolves once UserPromptSubmit has run. Each round is the SDK's own. */
  streamText<TOOLS extends ToolSet = ToolSet, OUTPUT extends OutputInterface = DefaultStreamOutput>(
    parameters: StreamTextParameters<TOOLS, OUTPUT>,
  ): Promise<HookedStream<StreamTextResult<TOOLS, OUTPUT>> | BlockedTurn>;
  /** A `ToolLoopAgent` built from these settings with hooked tools, and hooked `generate`/`stream`. */
  agent<CALL_OPTIONS = never, TOOLS extends ToolSet = ToolSet, OUTPUT extends OutputInterface = never>(
    settings: ToolLoopAgentSettings<CALL_OPTIONS, TOOLS, OUTPUT>,
  ): HookedAgent<CALL_OPTIONS, TOOLS, OUTPUT>;
  /** SessionEnd (when the session started), then closes the engine if the session created it. */
  close(deadlineMs?: number): Promise<void>;
}

/**
 * Creates an AI SDK session under hooks: SessionStart on its first turn, SessionEnd on `close()`. The
 * engine is created once for the session (or passed in) and closed with it.
 */
export function createAiSdkHooks(options: AgentHooksOptions = {}): AiSdkHooks {
  const hooks = createAgentHooks(options);
  // Sets this session hooked, so one passed back to a hooked call is not hooked twice.
  const hookedSets = new WeakSet<object>();
  const tools = <TOOLS extends ToolSet>(set: TOOLS): TOOLS => {
    if (hookedSets.has(set)) return set;
    const hooked = hookTools(set, hooks);
    hookedSets.add(hooked);
    return hooked;
  };
  const withTools = <PARAMETERS extends { tools?: ToolSet | undefined }>(
    parameters: PARAMETERS,
  ): PARAMETERS =>
    parameters.tools === undefined ? parameters : { ...parameters, tools: tools(parameters.tools) };

  return {
    hooks,
    sessionId: hooks.sessionId,
    tools,
    generateText<TOOLS extends ToolSet, OUTPUT extends OutputInterface>(
      parameters: GenerateTextParameters<TOOLS, OUTPUT>,
    ) {
      const { prompt: _prompt, messages: _messages, ...rest } = withTools(parameters);
      return runTurn(hooks, parameters, {
        call: (messages) =>
          generateText<TOOLS, OUTPUT>({ ...rest, messages } as GenerateTextParameters<TOOLS, OUTPUT>),
        finish: generatedRound,
        continueWith,
      });
    },
    async streamText<TOOLS extends ToolSet, OUTPUT extends OutputInterface>(
      parameters: StreamTextParameters<TOOLS, OUTPUT>,
    ) {
      const { prompt: _prompt, messages: _messages, ...rest } = withTools(parameters);
      return streamTurn(hooks, parameters, {
        call: (messages) =>
          streamText<TOOLS, OUTPUT>({ ...rest, messages } as StreamTextParameters<TOOLS, OUTPUT>),
        finish: streamedRound,
        continueWith,
      });
    },
    agent(settings) {
      const agent = new ToolLoopAgent({ ...settings, tools: tools(settings.tools ?? ({} as never)) });
      return {
        agent,
        generate(parameters) {
          const { prompt: _prompt, messages: _messages, ...rest } = parameters as Record<string, unknown>;
          return runTurn(hooks, parameters, {
            call: (messages) => agent.generate({ ...rest, messages } as typeof parameters),
            finish: generatedRound,
            continueWith,
          });
        },
        stream(parameters) {
          const { prompt: _prompt, messages: _messages, ...rest } = parameters as Record<string, unknown>;
          return streamTurn(hooks, parameters, {
            call: (messages) => agent.stream({ ...rest, messages } as typeof parameters),
            finish: streamedRound,
            continueWith,
          });
        },
      };
    },
    close: (deadlineMs) => hooks.close(deadlineMs),
  };
}

async function streamTurn<RESULT>(
  hooks: AgentHooks,
  input: Parameters<typeof beginTurn>[1],
  runner: RoundRunner<RESULT, ModelMessage>,
): Promise<HookedStream<RESULT> | BlockedTurn> {
  const begun = await beginTurn(hooks, input);
  if ('blocked' in begun) return begun;
  return { blocked: false, rounds: stopRounds(hooks, begun.messages, runner) };
}

type ResponseMessage = GenerateTextResult<ToolSet, DefaultGenerateOutput>['response']['messages'][number];

const continueWith = (reason: string): ModelMessage => ({ role: 'user', content: reason });

async function generatedRound(
  result: { readonly text: string; readonly response: { readonly messages: readonly ResponseMessage[] } },
  sent: readonly ModelMessage[],
) {
  return { text: result.text, conversation: [...sent, ...result.response.messages] };
}

/** A round's promises settle only once its stream is read to the end: read what the caller left. */
async function streamedRound(
  result: {
    consumeStream(): PromiseLike<void>;
    readonly text: PromiseLike<string>;
    readonly response: PromiseLike<{ readonly messages: readonly ResponseMessage[] }>;
  },
  sent: readonly ModelMessage[],
) {
  await result.consumeStream();
  return { text: await result.text, conversation: [...sent, ...(await result.response).messages] };
}
