import type { HandlerType } from '../events/event-spec.js';
import { runCallback } from './callback-runner.js';
import { runCommand } from './command-runner.js';
import type { HandlerRunner } from './handler-execution.js';

/**
 * The runner of each handler type. Command and callback runners are loaded eagerly (they are the hot path
 * and need nothing but node:child_process); runners that pull in SDKs (http, prompt, agent) must be added
 * as a lazy `await import()` so that firing a command hook never loads them.
 */
export const runners: Readonly<Record<HandlerType, HandlerRunner>> = {
  command: runCommand,
  callback: runCallback,
  http: async (request) => (await import('./http-runner.js')).runHttpHook(request),
  prompt: async (request) => (await import('./prompt-runner.js')).runPromptHook(request),
  agent: async (request) => (await import('./agent-runner.js')).runAgentHook(request),
  mcp_tool: async (request) => (await import('./mcp-tool-runner.js')).runMcpToolHook(request),
};
