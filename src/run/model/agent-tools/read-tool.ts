import { constants } from 'node:fs';
import { open } from 'node:fs/promises';
import { z } from 'zod';
import { type AgentTool, toolError } from './agent-tool.js';
import { boundText, looksBinary, numberLines, TOOL_RESULT_MAX_CHARS } from './bounded-text.js';
import { resolveProjectPath } from './resolve-project-path.js';
import { parseToolInput, toolInputSchema } from './tool-input.js';

/** Files are read up to this many bytes; a line range beyond it needs Grep instead. */
const MAX_READ_BYTES = 8 * 1024 * 1024;
const DEFAULT_LINE_LIMIT = 2000;

const readInput = z.object({
  path: z.string().min(1).describe('File path, relative to the project directory.'),
  offset: z.number().int().positive().optional().describe('First line to read, 1-based. Default 1.'),
  limit: z.number().int().positive().optional().describe(`How many lines. Default ${DEFAULT_LINE_LIMIT}.`),
});

/** Reads one file inside the project, with line numbers and an optional line range. */
export const readTool: AgentTool = {
  name: 'Read',
  description:
    'Read a text file inside the project directory, with line numbers. Use offset/limit for long files.',
  inputSchema: toolInputSchema(readInput),
  async run(input, context) {
    const parsed = parseToolInput(readInput, 'Read', input);
    if (!parsed.ok) return toolError(parsed.error);
    const target = await resolveProjectPath(context.projectRoot, parsed.value.path);
    if (!target.ok) return toolError(target.error);
    const text = await readTextFile(target.absolute, MAX_READ_BYTES);
    if (!text.ok) return toolError(`${parsed.value.path}: ${text.error}`);
    const lines = text.text.split('\n');
    if (lines.at(-1) === '') lines.pop();
    const first = parsed.value.offset ?? 1;
    const selected = lines.slice(first - 1, first - 1 + (parsed.value.limit ?? DEFAULT_LINE_LIMIT));
    if (selected.length === 0) {
      return {
        content: `${target.relative} has ${lines.length} lines; nothing at line ${first}.`,
        isError: false,
      };
    }
    const last = first + selected.length - 1;
    const header = `${target.relative} (lines ${first}-${last} of ${lines.length}${text.truncated ? '+, file cut at 8 MiB' : ''})`;
    return {
      content: boundText(`${header}\n${numberLines(selected, first)}`, TOOL_RESULT_MAX_CHARS),
      isError: false,
    };
  },
};

/**
 * Opening never waits: a FIFO (or a device) opened for reading blocks until a writer comes, and each
 * such open holds one of libuv's four file-system threads, so four of them wedged a whole `serve`. With
 * O_NONBLOCK the open returns at once, and only a regular file is then read (O_NONBLOCK does nothing to
 * one). O_NONBLOCK is 0 where the platform has none (Windows).
 */
const OPEN_FLAGS = constants.O_RDONLY | (constants.O_NONBLOCK ?? 0);

/** Reads up to `maxBytes` of a regular text file; directories, FIFOs, devices and binaries are errors. */
export async function readTextFile(
  file: string,
  maxBytes: number,
): Promise<{ ok: true; text: string; truncated: boolean } | { ok: false; error: string }> {
  let handle: Awaited<ReturnType<typeof open>> | undefined;
  try {
    handle = await open(file, OPEN_FLAGS);
    const stats = await handle.stat();
    if (stats.isDirectory()) return { ok: false, error: 'is a directory (use Glob to list files)' };
    if (!stats.isFile()) return { ok: false, error: 'is not a regular file' };
    const size = Math.min(stats.size, maxBytes);
    const buffer = Buffer.alloc(size);
    const { bytesRead } = await handle.read(buffer, 0, size, 0);
    const bytes = buffer.subarray(0, bytesRead);
    if (looksBinary(bytes)) return { ok: false, error: 'is a binary file' };
    return { ok: true, text: bytes.toString('utf8'), truncated: stats.size > maxBytes };
  } catch (error) {
    return { ok: false, error: `cannot read: ${(error as NodeJS.ErrnoException).code ?? String(error)}` };
  } finally {
    await handle?.close();
  }
}
