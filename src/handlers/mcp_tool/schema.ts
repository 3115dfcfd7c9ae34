import { z } from 'zod';
import { handlerCommon } from '../schema-common.js';

/** An mcp_tool handler in a settings file. */
export const mcpToolHandlerSchema = z.looseObject({
  type: z.literal('mcp_tool'),
  server: z.string().min(1).describe('An MCP server configured for Claude Code (`~/.claude.json`).'),
  tool: z.string().min(1).describe('The tool to call on it.'),
  input: z
    .record(z.string(), z.unknown())
    .optional()
    .describe('The tool’s arguments; `${dotted.path}` in strings is replaced from the hook input.'),
  ...handlerCommon,
});

export type McpToolHandlerSettings = z.infer<typeof mcpToolHandlerSchema>;
