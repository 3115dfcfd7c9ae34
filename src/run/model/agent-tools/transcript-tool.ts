import { z } from 'zod';
import { type AgentTool, toolError } from './agent-tool.js';
import { boundText, numberLines, TOOL_RESULT_MAX_CHARS } from './bounded-text.js';
import { readTextFile } from './read-tool.js';
import { parseToolInput, toolInputSchema } from './tool-input.js';

const MAX_TRANSCRIPT_BYTES = 32 * 1024 * 1024;
const DEFAULT_LAST_LINES = 50;

const transcriptInput = z.object({
  offset: z.number().int().positive().optional().describe('First line (1-based). Default: the last lines.'),
  limit: z.number().int().positive().optional().describe(`How many lines. Default ${DEFAULT_LAST_LINES}.`),
});

/**
 * Reads the session transcript (JSON Lines) named by the payload's transcript_path. That one file may lie
 * outside the project; no other outside path is reachable, since the tool takes no path at all.
 */
export const transcriptTool: AgentTool = {
  name: 'Transcript',
  description: `Read the session transcript (JSON Lines, one message per line). Without offset, the last ${DEFAULT_LAST_LINES} lines.`,
  inputSchema: toolInputSchema(transcriptInput),
  async run(input, context) {
    const parsed = parseToolInput(transcriptInput, 'Transcript', input);
    if (!parsed.ok) return toolError(parsed.error);
    // `''` is how `serve` says the client's transcript is not a file on this machine.
    if (context.transcriptPath === undefined || context.transcriptPath === '') {
      return toolError('this event has no transcript_path');
    }
    const text = await readTextFile(context.transcriptPath, MAX_TRANSCRIPT_BYTES);
    if (!text.ok) return toolError(`the transcript ${text.error}`);
    const lines = text.text.split('\n');
    if (lines.at(-1) === '') lines.pop();
    const limit = parsed.value.limit ?? DEFAULT_LAST_LINES;
    const first = parsed.value.offset ?? Math.max(1, lines.length - limit + 1);
    const selected = lines.slice(first - 1, first - 1 + limit);
    const header = `transcript (lines ${first}-${first + selected.length - 1} of ${lines.length})`;
    return {
      content: boundText(`${header}\n${numberLines(selected, first, 4000)}`, TOOL_RESULT_MAX_CHARS),
      isError: false,
    };
  },
};
