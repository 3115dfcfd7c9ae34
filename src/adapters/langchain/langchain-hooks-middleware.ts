import { createEngineSync } from '../../engine/create-engine.js';
import type { AgentHooksOptions } from '../agent-hooks.js';
import { claudeLifecycle } from './claude-lifecycle.js';
import { type LifecycleMiddleware, lifecycleMiddleware } from './lifecycle-middleware.js';

/** Options of `langchainHooksMiddleware`: those of `createAgentHooks`. */
export interface LangchainHooksMiddlewareOptions extends AgentHooksOptions {
  /**
   * The `session_id` of runs whose config has no `configurable.thread_id` (a thread is a session, and its
   * id is the `session_id`). Default: one random UUID per middleware.
   */
  readonly sessionId?: string;
}

/** The middleware, plus how to end sessions. */
export type LangchainHooksMiddleware = LifecycleMiddleware & {
  /** Fires SessionEnd for a thread (default: every thread this middleware started) and waits for it. */
  end(threadId?: string, reason?: string): Promise<void>;
  /** `end()`, then closes the engine if this middleware created it. */
  close(deadlineMs?: number): Promise<void>;
};

/**
 * A LangChain v1 `createAgent` middleware that runs Claude Code hooks (`.claude/settings.json`, or the
 * engine's `settings`) at the agent's moments: SessionStart on a thread's first invocation, UserPromptSubmit
 * when a user message arrives, PreToolUse / PostToolUse / PostToolUseFailure around each tool call, Stop when
 * the agent would end, SessionEnd on `end()` / `close()`. docs/adapters.md has the table.
 */
export function langchainHooksMiddleware(
  options: LangchainHooksMiddlewareOptions = {},
): LangchainHooksMiddleware {
  const { engine: givenEngine, engineOptions, sessionId, ...sessionOptions } = options;
  const cwd = options.cwd ?? process.cwd();
  const engine = givenEngine ?? createEngineSync({ cwd, ...engineOptions });
  const lifecycle = claudeLifecycle(engine, { ...sessionOptions, cwd });
  const middleware = lifecycleMiddleware(lifecycle, {
    name: 'HookwireMiddleware',
    ...(sessionId === undefined ? {} : { fallbackThreadId: sessionId }),
  });

  const end = async (threadId?: string, reason?: string): Promise<void> => {
    const threads = threadId === undefined ? [...middleware.startedThreads] : [threadId];
    for (const thread of threads) {
      middleware.startedThreads.delete(thread);
      await lifecycle.sessions.get(thread)?.end(reason);
    }
  };
  return Object.assign(middleware, {
    end,
    async close(deadlineMs?: number) {
      await end();
      if (givenEngine === undefined) await engine.close(deadlineMs);
    },
  });
}
