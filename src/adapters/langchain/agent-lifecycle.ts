import type { BaseMessage } from 'langchain';
import type { ToolCall, ToolGate } from '../tool-gate.js';

/** Context for the model: delivered as one message before the model's next call. */
export interface ContextResult {
  readonly context: readonly string[];
}

/** Whether a user prompt may reach the model. */
export type PromptGate =
  | { readonly blocked: false; readonly context: readonly string[] }
  | { readonly blocked: true; readonly reason: string };

/** Whether the agent ends, or continues with an instruction. */
export type StopGate = { readonly continueWith: string } | { readonly end: true };

/** The model call as a lifecycle sees it (only the Deep Agents vocabulary looks inside). */
export interface ModelCall {
  readonly messages: readonly BaseMessage[];
  readonly state: unknown;
  readonly runtime: unknown;
}

/**
 * The moments of a LangChain agent's loop, each answered by a vocabulary of hook events: Claude Code's
 * events through `AgentHooks` (`hookwire/langchain`), or Deep Agents' hooks.json events through the
 * dispatcher (`hookwire/deepagents`). `lifecycleMiddleware` decides where each moment happens; a vocabulary
 * only decides what it fires and what the answer does. Every moment is per thread (a session).
 */
export interface AgentLifecycle {
  /** A thread's first invocation, before anything else. */
  sessionStart(thread: string): Promise<ContextResult>;
  /** An invocation that brings a user message, before the agent runs. */
  prompt(thread: string, text: string): Promise<PromptGate>;
  /** Before each model call (after the context messages were added). */
  beforeModelCall?(thread: string, call: ModelCall): void;
  /** After each model call, with its tool calls (awaited before the tools run or an interrupt). */
  afterModelCall?(thread: string, call: ModelCall, toolCalls: readonly ToolCall[]): Promise<void>;
  /** Before a tool runs; never for a tool that runs again after an interrupt (its call already passed). */
  beforeTool(thread: string, call: ToolCall): Promise<ToolGate>;
  /** After a tool succeeded, with its result's content. */
  afterTool(thread: string, call: ToolCall, response: unknown): Promise<ContextResult>;
  /** After a tool failed: threw, or returned an error ToolMessage. */
  toolFailed(thread: string, call: ToolCall, error: string): Promise<ContextResult>;
  /** A tool interrupted for the user (LangGraph `interrupt()`), before the interrupt reaches the host. */
  toolInterrupted(thread: string, call: ToolCall): Promise<void>;
  /** The agent would end (not after a blocked prompt, not on an interrupt). */
  stop(thread: string, lastAssistantMessage: string): Promise<StopGate>;
  /**
   * True when `stop` only notifies (never continues the agent): it then runs once the agent really ends,
   * after every other hookwire middleware on the agent whose Stop can continue it has let it end.
   */
  readonly stopNotifies?: boolean;
  /** The thread's session ends. */
  end(thread: string): Promise<void>;
}
