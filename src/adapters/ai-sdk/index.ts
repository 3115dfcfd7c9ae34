/*
 * The `hookwire/ai-sdk` entry point: Claude-compatible hooks for agents built with the Vercel AI SDK. Kept
 * apart from the main entry because it imports `ai` (an optional peer) at load time.
 */

export type { AgentHooks, AgentHooksOptions, ApprovalRequest, ToolCall, ToolGate } from '../agent-hooks.js';
export type { BlockedTurn, HookedTurn } from '../stop-rounds.js';
export {
  type AiSdkHooks,
  createAiSdkHooks,
  type HookedAgent,
  type HookedStream,
} from './create-ai-sdk-hooks.js';
export { hookTools, ToolCallRefusedError } from './hook-tools.js';
