import { isRecord } from '../../common/is-record.js';
import { parseJsonObject } from '../../common/parse-json-object.js';
import type { HandlerExecution } from '../handler-execution.js';
import { NO_OUTPUT } from '../handler-execution.js';

/** How an mcp_tool hook's answer is read: who answered, and whether a non-verdict must refuse. */
export interface ToolResultContext {
  /** The hook's label, for messages (`[label]: ...`). */
  readonly label: string;
  readonly server: string;
  readonly tool: string;
  /**
   * `onFailure: "block"` on an event that can refuse: plain text is then "no verdict" (a failure the reader
   * blocks on) instead of a plain success, as in Claude Code.
   */
  readonly plainTextIsNoVerdict: boolean;
  readonly durationMs: number;
}

/**
 * The text of an MCP tool result as Claude Code reads it: text content blocks as they are, every other block
 * as `[type]`, joined with `\n`.
 */
export function toolResultText(content: unknown): string {
  if (!Array.isArray(content)) return '';
  return content
    .map((block) => {
      if (!isRecord(block)) return '[unknown]';
      if (block.type === 'text' && typeof block.text === 'string') return block.text;
      return `[${typeof block.type === 'string' ? block.type : 'unknown'}]`;
    })
    .join('\n');
}

/**
 * An MCP tool's answer (`CallToolResult`: `content`, `isError`) as the HandlerExecution the one reader reads,
 * by Claude Code's rules for mcp_tool hooks:
 * - `isError` is a failure: non-blocking, unless `onFailure: "block"` (the reader applies it);
 * - text that is one JSON object is read as a command hook's stdout on exit 0 (JSON failing validation is
 *   then the reader's non-blocking error);
 * - any other text is a success with no effect, or "no verdict" (a failure) under `plainTextIsNoVerdict`.
 */
export function toolResultExecution(
  result: Readonly<Record<string, unknown>>,
  context: ToolResultContext,
): HandlerExecution {
  const text = toolResultText(result.content);
  const details = { server: context.server, tool: context.tool, text };
  const named = `MCP tool '${context.tool}' on server '${context.server}'`;
  if (result.isError === true) {
    return {
      ...NO_OUTPUT,
      kind: 'failed',
      error: `[${context.label}]: ${named} returned an error${text.trim() === '' ? '' : `: ${text.trim()}`}`,
      durationMs: context.durationMs,
      details,
    };
  }
  const trimmed = text.trim();
  const json = trimmed.startsWith('{') && trimmed.endsWith('}') ? parseJsonObject(trimmed) : undefined;
  if (json !== undefined) {
    return {
      ...NO_OUTPUT,
      kind: 'completed',
      exitCode: 0,
      stdout: text,
      durationMs: context.durationMs,
      details,
    };
  }
  if (context.plainTextIsNoVerdict) {
    return {
      ...NO_OUTPUT,
      kind: 'failed',
      error: `[${context.label}]: no verdict: ${named} answered text that is not a JSON object`,
      durationMs: context.durationMs,
      details,
    };
  }
  // Plain text is a success that says nothing: kept for reports, not read as context.
  return { ...NO_OUTPUT, kind: 'completed', exitCode: 0, durationMs: context.durationMs, details };
}

/** A call that threw (transport error, server not connected, protocol error) as a failed execution. */
export function toolCallFailure(error: string, context: ToolResultContext): HandlerExecution {
  return {
    ...NO_OUTPUT,
    kind: 'failed',
    error: `[${context.label}]: ${error}`,
    durationMs: context.durationMs,
    details: { server: context.server, tool: context.tool },
  };
}
