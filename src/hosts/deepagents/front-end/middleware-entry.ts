/*
 * The `hookwire/deepagents` entry point. Kept apart from the main entry because it imports `langchain` and
 * `@langchain/langgraph` at load time; hosts that only need the dispatcher import it from `hookwire`.
 */

export type { ApprovalMode } from '../code-hooks-session.js';
export {
  type DeepAgentsCodeHooks,
  type DeepAgentsCodeHooksOptions,
  deepAgentsCodeHooks,
} from './code-hooks-middleware.js';
export {
  type DeepAgentsHooksMiddleware,
  type DeepAgentsHooksMiddlewareOptions,
  deepAgentsHooksMiddleware,
} from './deepagents-hooks-middleware.js';
export type { InterruptOn } from './interrupting-tool-calls.js';
