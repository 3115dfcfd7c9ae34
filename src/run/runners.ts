import type { HandlerType } from '../events/event-spec.js';
import { callbackRunner } from './callback-runner.js';
import { commandRunner } from './command-runner.js';
import type { HandlerRunner, RunRequest } from './handler-execution.js';

/** The runner of each handler type, typed for that type's settings. */
export type Runners = { [Type in HandlerType]: HandlerRunner<Type> };

/**
 * The runner of each handler type. Command and callback runners are loaded eagerly (they are the hot path
 * and need nothing but node:child_process); runners that pull in SDKs (http, prompt, agent) must be added
 * as a lazy `await import()` so that firing a command hook never loads them.
 */
export const runners: Readonly<Runners> = {
  command: commandRunner,
  callback: callbackRunner,
  http: async (request) => (await import('./http-runner.js')).runHttpHook(request),
  prompt: async (request) => (await import('./prompt-runner.js')).promptRunner(request),
  agent: async (request) => (await import('./agent-runner.js')).agentRunner(request),
  mcp_tool: async (request) => (await import('./mcp-tool-runner.js')).mcpToolRunner(request),
};

/**
 * Runs a request with its type's runner: the one place a request of any type meets a runner typed for one.
 * The cast is sound because `hook.type` and `hook.handler.type` are the same value (`configuredHook`).
 */
export function runHook(request: RunRequest): ReturnType<HandlerRunner> {
  return (runners[request.hook.type] as HandlerRunner)(request);
}
