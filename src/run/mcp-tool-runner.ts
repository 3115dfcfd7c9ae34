import { performance } from 'node:perf_hooks';
import { specOf } from '../events/lookup.js';
import type { HandlerExecution, RunRequest } from './handler-execution.js';
import { executionWithoutOutput } from './handler-execution.js';
import { interpolateInput } from './mcp/interpolate-input.js';
import { connectMcpServer, dropMcpServer, loadMcpSdk, MCP_SDK_PACKAGE } from './mcp/mcp-connections.js';
import { toolCallFailure, toolResultExecution } from './mcp/tool-result-execution.js';

/**
 * Runs an `mcp_tool` hook as Claude Code does: calls `tool` on the configured MCP server `server` with the
 * handler's `input`, interpolated from the hook input, and reads the answer (tool-result-execution.ts). A
 * server that is not configured is a non-blocking "not connected"; a missing SDK, or a server defined only in
 * a file that is not trusted, fails closed. On a timeout or cancellation the connection is dropped and a stdio server ended.
 */
export async function mcpToolRunner(request: RunRequest<'mcp_tool'>): Promise<HandlerExecution> {
  const handler = request.hook.handler;
  const startedAt = performance.now();
  const spec = specOf(String(request.payload.hook_event_name ?? request.hook.event));
  const context = () => ({
    label: request.hook.label,
    server: handler.server,
    tool: handler.tool,
    plainTextIsNoVerdict: handler.onFailure === 'block' && spec.block !== null && !spec.notificationOnly,
    durationMs: performance.now() - startedAt,
  });
  // The fast loader checks the required `tool` only; a hook that names no server cannot run, so it fails closed.
  if (typeof (handler.server as unknown) !== 'string' || handler.server === '') {
    return { ...toolCallFailure('an mcp_tool hook needs a non-empty "server"', context()), failClosed: true };
  }
  const found = request.mcpServers.find(handler.server, request.hostEnvironment);
  if ('notConfigured' in found)
    return toolCallFailure(`MCP server '${handler.server}' not connected`, context());
  if ('unusable' in found) {
    const failed = toolCallFailure(found.unusable, context());
    return found.failClosed ? { ...failed, failClosed: true } : failed;
  }
  if (!(await loadMcpSdk())) {
    const error = `the package ${MCP_SDK_PACKAGE} is not installed; mcp_tool hooks need it (npm install ${MCP_SDK_PACKAGE})`;
    return { ...toolCallFailure(error, context()), failClosed: true };
  }
  const input = interpolateInput(handler.input ?? {}, request.payload) as Record<string, unknown>;
  const ended = new AbortController();
  let ending: 'timed_out' | 'cancelled' | null = null;
  const end = (why: 'timed_out' | 'cancelled') => {
    ending ??= why;
    ended.abort();
  };
  const timer = setTimeout(() => end('timed_out'), request.timeoutMs);
  const onAbort = () => end('cancelled');
  request.signal.addEventListener('abort', onAbort, { once: true });
  if (request.signal.aborted) end('cancelled');
  const stopped = new Promise<never>((_resolve, reject) => {
    ended.signal.addEventListener('abort', () => reject(new Error('ended')), { once: true });
  });
  stopped.catch(() => undefined);
  try {
    const call = (async () => {
      const client = await connectMcpServer(
        found.server,
        request.cwd,
        request.hostEnvironment,
        request.scrubSecrets,
      );
      return client.callTool(
        { name: handler.tool, arguments: input },
        { signal: ended.signal, timeout: request.timeoutMs },
      );
    })();
    call.catch(() => undefined);
    const result = await Promise.race([call, stopped]);
    return toolResultExecution(result, context());
  } catch (error) {
    if (ending !== null) {
      // A server that never answers is ended with its connection: nothing of it outlives the hook.
      await dropMcpServer(found.server);
      const durationMs = performance.now() - startedAt;
      const what = `MCP tool '${handler.tool}' on server '${handler.server}'`;
      return ending === 'timed_out'
        ? executionWithoutOutput('timed_out', `[${request.hook.label}]: ${what} did not answer`, durationMs)
        : executionWithoutOutput('cancelled', undefined, durationMs);
    }
    await dropMcpServer(found.server);
    const message = error instanceof Error ? error.message : String(error);
    return toolCallFailure(`MCP tool '${handler.tool}' on server '${handler.server}': ${message}`, context());
  } finally {
    clearTimeout(timer);
    request.signal.removeEventListener('abort', onAbort);
  }
}
