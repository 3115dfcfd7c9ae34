/*
 * The `hookwire/openai-agents` entry point: Claude-compatible hooks for agents built with the OpenAI Agents
 * SDK. Kept apart from the main entry because it imports `@openai/agents` (an optional peer) at load time.
 */

export type { AgentHooks, AgentHooksOptions, ApprovalRequest, ToolCall, ToolGate } from '../agent-hooks.js';
export type { BlockedTurn, HookedTurn } from '../stop-rounds.js';
export {
  createOpenAiAgentsHooks,
  type HookedStream,
  type OpenAiAgentsHooks,
} from './create-openai-agents-hooks.js';
export { GUARDRAIL_NAMES } from './hook-agent.js';
export type { AgentInput } from './input-items.js';
