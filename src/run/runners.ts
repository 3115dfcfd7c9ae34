import type { HandlerType } from '../events/event-spec.js';
import { runCallback } from './callback-runner.js';
import { runCommand } from './command-runner.js';
import type { HandlerExecution, HandlerRunner } from './handler-execution.js';

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
};

/** A runner for a handler type this build cannot run yet: every hook of that type fails, as a value. */
function unsupported(type: HandlerType): HandlerRunner {
  return async (request): Promise<HandlerExecution> => ({
    kind: 'failed',
    exitCode: null,
    signal: null,
    stdout: '',
    stderr: '',
    stdoutTruncated: false,
    stderrTruncated: false,
    error: `[${request.hook.label}]: ${type} hooks are not supported by this build of hookwire`,
    durationMs: 0,
  });
}
