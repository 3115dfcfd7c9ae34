import type { Engine } from '../../engine/engine.js';
import { type AgentHooks, type AgentHooksOptions, createAgentHooks } from '../agent-hooks.js';
import { postToolUseFeedback, hookContext as reminder, stopFeedback } from '../claude-wording.js';
import type { AgentLifecycle } from './agent-lifecycle.js';

/** The Claude vocabulary, plus how to end its sessions. */
export interface ClaudeLifecycle extends AgentLifecycle {
  /** The sessions (one per thread) this lifecycle has created. */
  readonly sessions: ReadonlyMap<string, AgentHooks>;
}

/**
 * The lifecycle moments as Claude Code's events, one `AgentHooks` session per thread (`session_id` is the
 * thread id), all on one engine.
 */
export function claudeLifecycle(
  engine: Engine,
  options: Omit<AgentHooksOptions, 'engine' | 'engineOptions' | 'sessionId'>,
): ClaudeLifecycle {
  const sessions = new Map<string, AgentHooks>();
  const sessionOf = (thread: string) => {
    let session = sessions.get(thread);
    if (session === undefined) {
      session = createAgentHooks({ ...options, engine, sessionId: thread });
      sessions.set(thread, session);
    }
    return session;
  };
  return {
    sessions,
    async sessionStart(thread) {
      return { context: reminder('SessionStart', (await sessionOf(thread).start()).context) };
    },
    async prompt(thread, text) {
      const verdict = await sessionOf(thread).prompt(text);
      return verdict.blocked
        ? verdict
        : { blocked: false, context: reminder('UserPromptSubmit', verdict.context) };
    },
    async beforeTool(thread, call) {
      const gate = await sessionOf(thread).beforeTool(call);
      return gate.action === 'run' ? { ...gate, context: reminder('PreToolUse', gate.context) } : gate;
    },
    async afterTool(thread, call, response) {
      const { context, blockReason } = await sessionOf(thread).afterTool(call, response);
      const feedback = blockReason === null ? [] : [postToolUseFeedback(blockReason)];
      return { context: [...reminder('PostToolUse', context), ...feedback] };
    },
    async toolFailed(thread, call, error) {
      return {
        context: reminder('PostToolUseFailure', (await sessionOf(thread).toolFailed(call, error)).context),
      };
    },
    // Claude Code has no event for a tool that waits for the user.
    async toolInterrupted() {},
    async stop(thread, lastAssistantMessage) {
      const verdict = await sessionOf(thread).stop(lastAssistantMessage);
      return 'end' in verdict ? verdict : { continueWith: stopFeedback(verdict.continueWith) };
    },
    async end(thread) {
      await sessions.get(thread)?.end();
    },
  };
}
