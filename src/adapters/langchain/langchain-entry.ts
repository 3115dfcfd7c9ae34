/*
 * The `hookwire/langchain` entry point. Kept apart from the main entry because it imports `langchain`,
 * `@langchain/core` and `@langchain/langgraph` at load time.
 */

export type { AgentHooksOptions, ApprovalRequest, ToolCall, ToolGate } from '../agent-hooks.js';
export { DEEPAGENTS_TOOL_NAMES } from '../deepagents-tool-names.js';
export {
  type LangchainHooksMiddleware,
  type LangchainHooksMiddlewareOptions,
  langchainHooksMiddleware,
} from './langchain-hooks-middleware.js';
export { HOOKWIRE_MESSAGE_KEY } from './lifecycle-middleware.js';
