import {
  type LifecycleMiddleware,
  lifecycleMiddleware,
} from '../../../adapters/langchain/lifecycle-middleware.js';
import type { Logger } from '../../../common/logger.js';
import {
  createDeepAgentsDispatcher,
  type DeepAgentsDispatcher,
} from '../list-hooks/deepagents-dispatcher.js';
import { deepAgentsLifecycle } from './deepagents-lifecycle.js';
import type { InterruptOn } from './interrupting-tool-calls.js';

/** Options of `deepAgentsHooksMiddleware`. */
export interface DeepAgentsHooksMiddlewareOptions {
  /** A dispatcher to share; when omitted one is created for `path` and closed by `close()`. */
  readonly dispatcher?: DeepAgentsDispatcher;
  /** The hooks file when no dispatcher is given. Default: `<home>/.deepagents/hooks.json`. */
  readonly path?: string;
  readonly logger?: Logger;
  /**
   * The thread id when the run's config has none (`configurable.thread_id`). Default: one random id per
   * middleware instance.
   */
  readonly threadId?: string;
  /**
   * The `interruptOn` map given to `createDeepAgent` (or `humanInTheLoopMiddleware`). The approval interrupt
   * happens in that middleware, which runs before this one can see it, so the same map is needed here to
   * fire `permission.request` before the interrupt.
   */
  readonly interruptOn?: InterruptOn;
}

/** The middleware, plus how to end sessions. */
export type DeepAgentsHooksMiddleware = LifecycleMiddleware & {
  /** Fires `session.end` for a thread (default: every thread this middleware started) and waits for it. */
  end(threadId?: string): Promise<void>;
  /** `end()`, then closes the dispatcher if this middleware created it. */
  close(deadlineMs?: number): Promise<void>;
};

/**
 * A LangChain agent middleware that makes an agent built with `deepagents` (or `createAgent`) fire the Deep
 * Agents hooks of `hooks.json` at the moments Deep Agents Code does:
 * - `session.start` on a thread's first invocation, then `user.prompt` on each invocation that brings a user
 *   message (both awaited before the agent runs);
 * - `tool.use` before each tool call, `tool.result` after it, `tool.error` when it returns an error
 *   ToolMessage or throws;
 * - `permission.request` when the model asks for tool calls that `interruptOn` will stop for, and
 *   `input.required` when a tool interrupts for the user (`interrupt()`): both awaited before the interrupt
 *   reaches the host;
 * - `context.compact` when the summarization middleware has compacted the conversation (before the model
 *   sees the compacted context);
 * - `task.complete` when the agent loop ends without an interrupt;
 * - `session.end` on `end()` / `close()`.
 * Lifecycle events (session, prompt, task) are not fired for deepagents subagents, which are internal runs.
 * Hooks can never fail the agent: the dispatcher logs their failures. The moments are those of
 * `hookwire/langchain` (`lifecycleMiddleware`), answered with Deep Agents' events (`deepAgentsLifecycle`).
 */
export function deepAgentsHooksMiddleware(
  options: DeepAgentsHooksMiddlewareOptions = {},
): DeepAgentsHooksMiddleware {
  const ownsDispatcher = options.dispatcher === undefined;
  const dispatcher =
    options.dispatcher ??
    createDeepAgentsDispatcher({
      ...(options.path ? { path: options.path } : {}),
      ...(options.logger ? { logger: options.logger } : {}),
    });
  const lifecycle = deepAgentsLifecycle(dispatcher, options.interruptOn);
  const middleware = lifecycleMiddleware(lifecycle, {
    name: 'DeepAgentsHooksMiddleware',
    ...(options.threadId === undefined ? {} : { fallbackThreadId: options.threadId }),
  });

  const end = async (threadId?: string): Promise<void> => {
    const threads = threadId === undefined ? [...middleware.startedThreads] : [threadId];
    for (const thread of threads) {
      middleware.startedThreads.delete(thread);
      await lifecycle.end(thread);
    }
  };
  return Object.assign(middleware, {
    end,
    async close(deadlineMs?: number) {
      await end();
      if (ownsDispatcher) await dispatcher.close(deadlineMs);
    },
  });
}
