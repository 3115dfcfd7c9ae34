import { randomUUID } from 'node:crypto';
import { createEngine } from '../engine/create-engine.js';
import type { Engine, EngineOptions } from '../engine/engine.js';
import type { Outcome } from '../outcome/outcome.js';

/*
 * Stand-in for the shared adapter core written on branch `adapters-langchain`, to exactly the agreed
 * interface, so that the AI SDK and Agents SDK adapters can be built and tested before it lands. On merge,
 * the other branch's file wins.
 */

/** Options of `createAgentHooks`. */
export interface AgentHooksOptions {
  readonly engine?: Engine;
  readonly engineOptions?: EngineOptions;
  readonly sessionId?: string;
  readonly cwd?: string;
  readonly transcriptPath?: string | null;
  readonly permissionMode?: string;
  readonly toolNames?: Readonly<Record<string, string>> | ((frameworkName: string) => string);
  readonly approve?: (request: ApprovalRequest) => boolean | Promise<boolean>;
}

/** What `approve` is asked when a PreToolUse hook answers `ask`. */
export interface ApprovalRequest {
  readonly toolName: string;
  readonly toolInput: Record<string, unknown>;
  readonly toolUseId: string;
  readonly reason: string | null;
}

/** A tool call as the framework reports it. */
export interface ToolCall {
  readonly name: string;
  readonly input: Record<string, unknown>;
  readonly id: string;
}

/** What PreToolUse decided about a call. */
export type ToolGate =
  | { readonly action: 'run'; readonly input: Record<string, unknown>; readonly context: readonly string[] }
  | { readonly action: 'refuse'; readonly reason: string };

/** The framework-neutral mapping of agent moments to hook events. */
export interface AgentHooks {
  readonly sessionId: string;
  readonly engine: Engine;
  start(
    source?: 'startup' | 'resume' | 'clear' | 'compact',
  ): Promise<{ readonly context: readonly string[] }>;
  prompt(
    text: string,
  ): Promise<
    | { readonly blocked: false; readonly context: readonly string[] }
    | { readonly blocked: true; readonly reason: string }
  >;
  beforeTool(call: ToolCall): Promise<ToolGate>;
  afterTool(
    call: ToolCall,
    response: unknown,
  ): Promise<{ readonly context: readonly string[]; readonly blockReason: string | null }>;
  toolFailed(call: ToolCall, error: string): Promise<{ readonly context: readonly string[] }>;
  stop(lastAssistantMessage: string): Promise<{ readonly continueWith: string } | { readonly end: true }>;
  end(reason?: string): Promise<void>;
  close(deadlineMs?: number): Promise<void>;
}

/** Creates the hooks of one agent session. */
export function createAgentHooks(options: AgentHooksOptions = {}): AgentHooks {
  // createEngine is async: the engine is created on the first event, once.
  const created =
    options.engine === undefined ? createEngine(options.engineOptions) : Promise.resolve(options.engine);
  created.catch(() => undefined);
  let engine: Engine | undefined = options.engine;
  const ownsEngine = options.engine === undefined;
  const sessionId = options.sessionId ?? randomUUID();
  const common = {
    session_id: sessionId,
    transcript_path: options.transcriptPath ?? null,
    cwd: options.cwd ?? options.engineOptions?.cwd ?? process.cwd(),
    permission_mode: options.permissionMode ?? 'default',
  };
  const names = options.toolNames;
  const nameOf = (name: string): string =>
    names === undefined ? name : typeof names === 'function' ? names(name) : (names[name] ?? name);
  const fire = (event: Parameters<Engine['fire']>[0], fields: Record<string, unknown>): Promise<Outcome> =>
    created.then((ready) => {
      engine = ready;
      return ready.fire(event, { ...common, hook_event_name: event, ...fields });
    });
  const toolFields = (call: ToolCall) => ({
    tool_name: nameOf(call.name),
    tool_input: call.input,
    tool_use_id: call.id,
  });
  let started = false;
  let ended = false;
  let stopActive = false;

  return {
    sessionId,
    get engine(): Engine {
      if (engine === undefined) throw new Error('the engine is created on the first event');
      return engine;
    },
    async start(source = 'startup') {
      if (started) return { context: [] };
      started = true;
      const outcome = await fire('SessionStart', { source });
      return { context: outcome.additionalContext };
    },
    async prompt(text) {
      const outcome = await fire('UserPromptSubmit', { prompt: text });
      if (outcome.decision === 'block' || !outcome.continue)
        return { blocked: true, reason: outcome.reason ?? outcome.stopReason ?? 'Blocked by hook' };
      stopActive = false;
      return { blocked: false, context: outcome.additionalContext };
    },
    async beforeTool(call) {
      const outcome = await fire('PreToolUse', toolFields(call));
      const input = outcome.updatedInput === null ? call.input : { ...outcome.updatedInput };
      const reason = outcome.reason ?? 'Blocked by hook';
      switch (outcome.decision) {
        case 'deny':
        case 'block':
          return { action: 'refuse', reason };
        case 'ask': {
          const request = {
            toolName: nameOf(call.name),
            toolInput: input,
            toolUseId: call.id,
            reason: outcome.reason,
          };
          if (options.approve === undefined) return { action: 'refuse', reason };
          if (!(await options.approve(request))) return { action: 'refuse', reason };
          return { action: 'run', input, context: outcome.additionalContext };
        }
        default:
          return { action: 'run', input, context: outcome.additionalContext };
      }
    },
    async afterTool(call, response) {
      const outcome = await fire('PostToolUse', { ...toolFields(call), tool_response: response });
      return {
        context: outcome.additionalContext,
        blockReason: outcome.decision === 'block' ? (outcome.reason ?? 'Blocked by hook') : null,
      };
    },
    async toolFailed(call, error) {
      const outcome = await fire('PostToolUseFailure', { ...toolFields(call), error });
      const context = outcome.decision === 'block' && outcome.reason !== null ? [outcome.reason] : [];
      return { context: [...outcome.additionalContext, ...context] };
    },
    async stop(lastAssistantMessage) {
      const outcome = await fire('Stop', {
        stop_hook_active: stopActive,
        last_assistant_message: lastAssistantMessage,
      });
      if (outcome.decision === 'block') {
        stopActive = true;
        return { continueWith: outcome.reason ?? 'Blocked by hook' };
      }
      stopActive = false;
      return { end: true };
    },
    async end(reason = 'other') {
      if (ended || !started) return;
      ended = true;
      await fire('SessionEnd', { reason });
    },
    async close(deadlineMs) {
      await this.end();
      if (ownsEngine) await (await created).close(deadlineMs);
    },
  };
}
