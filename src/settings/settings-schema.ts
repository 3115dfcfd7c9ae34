import { z } from 'zod';
import type { HandlerType } from '../events/event-spec.js';
import type { handlerTypes } from '../events/handler-types.js';

/*
 * The settings schemas: one zod schema per shape, from which come the TypeScript types, the runtime
 * validation (with located messages, see validate-settings) and the committed JSON Schemas.
 * Objects are loose: settings written for Claude Code, Qwen Code and plugins carry extra keys such as
 * `description`; the validator reports unknown keys as warnings from each schema's own key list.
 */

/** Seconds. Fractions are allowed; zero or less, strings such as "5s" are errors. */
const timeoutSeconds = z.number().positive().describe('Timeout in seconds.');

/** Keys every handler type accepts. */
const handlerCommon = {
  timeout: timeoutSeconds.optional(),
  statusMessage: z.string().optional().describe('Shown to the user while the hook runs.'),
  once: z.boolean().optional().describe('Run at most once per session.'),
  if: z
    .string()
    .optional()
    .describe(
      'A permission rule such as `Bash(git *)`; tool events only: the hook runs when the call matches.',
    ),
  onFailure: z
    .enum(['block', 'continue'])
    .optional()
    .describe('`block` turns a failure (cannot start, timeout, bad exit, invalid output) into a block.'),
};

export const commandHandlerSchema = z.looseObject({
  type: z.literal('command'),
  command: z.string().min(1).describe('Shell command, or the program when `args` is given.'),
  args: z.array(z.string()).optional().describe('Exec form: argv after the program; no shell is involved.'),
  shell: z.string().optional().describe('`sh` (default), `bash` or `powershell`.'),
  env: z.record(z.string(), z.string()).optional().describe('Extra environment variables.'),
  async: z.boolean().optional().describe('Run in the background; the caller does not wait.'),
  asyncRewake: z.boolean().optional().describe('Background hook whose exit 2 wakes the agent.'),
  holdsTools: z
    .boolean()
    .optional()
    .describe(
      'UserPromptSubmit and PostToolUse (at most 30 s there): the agent goes on without waiting, the output is ignored, tool calls wait for the hook.',
    ),
  rewakeMessage: z
    .string()
    .min(1)
    .optional()
    .describe('asyncRewake: what the model reads before the hook’s stderr when its exit 2 wakes the agent.'),
  rewakeSummary: z
    .string()
    .optional()
    .describe('asyncRewake: a short line the host shows the user; no effect here.'),
  ...handlerCommon,
});

export const httpHandlerSchema = z.looseObject({
  type: z.literal('http'),
  url: z.string().min(1).describe('Where the payload is POSTed. Never interpolated.'),
  headers: z
    .record(z.string(), z.string())
    .optional()
    .describe('Header values; `$VAR`/`${VAR}` interpolate names listed in allowedEnvVars only.'),
  allowedEnvVars: z.array(z.string()).optional(),
  ...handlerCommon,
});

export const promptHandlerSchema = z.looseObject({
  type: z.literal('prompt'),
  prompt: z.string().min(1).describe('The question; `$ARGUMENTS` is replaced by the payload JSON.'),
  model: z.string().optional(),
  ...handlerCommon,
});

export const agentHandlerSchema = z.looseObject({
  type: z.literal('agent'),
  prompt: z.string().min(1),
  model: z.string().optional(),
  tools: z
    .array(z.string())
    .optional()
    .describe('Narrows the read-only tools: Read, Grep, Glob, Transcript.'),
  maxTurns: z.number().int().positive().optional(),
  ...handlerCommon,
});

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

/**
 * The schema of each handler type, keyed by `type`: null for a type settings files cannot hold (callbacks
 * are functions, passed in code). A type of the handler-type table without its entry here, or an entry that
 * disagrees with the table's `inSettings`, fails to compile.
 */
export const handlerSchemas = {
  command: commandHandlerSchema,
  http: httpHandlerSchema,
  prompt: promptHandlerSchema,
  agent: agentHandlerSchema,
  mcp_tool: mcpToolHandlerSchema,
  callback: null,
} as const satisfies {
  readonly [Type in HandlerType]: (typeof handlerTypes)[Type]['inSettings'] extends true
    ? z.ZodObject<{ type: z.ZodLiteral<Type> } & z.core.$ZodLooseShape>
    : null;
};

/** The schemas of the types settings files can hold, in `HANDLER_TYPES` order. */
type SettingsHandlerSchema = NonNullable<(typeof handlerSchemas)[HandlerType]>;

const settingsHandlerSchemas = Object.values(handlerSchemas).filter(
  (schema): schema is SettingsHandlerSchema => schema !== null,
) as [SettingsHandlerSchema, ...SettingsHandlerSchema[]];

export const handlerSchema = z.discriminatedUnion('type', settingsHandlerSchemas);

export const definitionSchema = z.looseObject({
  matcher: z.string().optional().describe('Which subjects the definition applies to; see docs/protocol.md.'),
  sequential: z.boolean().optional().describe('Run the hooks one after another, in order.'),
  async: z.boolean().optional().describe('Run every hook of the definition in the background.'),
  hooks: z.array(handlerSchema),
});

export const claudeSettingsSchema = z.looseObject({
  $schema: z.string().optional(),
  hooks: z.record(z.string(), z.array(definitionSchema)).optional(),
  disableAllHooks: z.boolean().optional(),
  allowManagedHooksOnly: z.boolean().optional().describe('Managed settings only: run only managed hooks.'),
  allowedHttpHookUrls: z
    .array(z.string())
    .optional()
    .describe('URL patterns (`*` wildcards) http hooks may use.'),
  httpHookAllowedEnvVars: z.array(z.string()).optional(),
});

export const deepAgentsEntrySchema = z.looseObject({
  command: z.array(z.string()).min(1).describe('argv, run without a shell.'),
  events: z.array(z.string()).optional().describe('Events to receive; omitted or empty means all.'),
});

export const deepAgentsHooksSchema = z.looseObject({
  $schema: z.string().optional(),
  hooks: z.array(deepAgentsEntrySchema),
});

export type CommandHandlerSettings = z.infer<typeof commandHandlerSchema>;
export type HttpHandlerSettings = z.infer<typeof httpHandlerSchema>;
export type PromptHandlerSettings = z.infer<typeof promptHandlerSchema>;
export type AgentHandlerSettings = z.infer<typeof agentHandlerSchema>;
export type HandlerSettings = z.infer<typeof handlerSchema>;
export type DefinitionSettings = z.infer<typeof definitionSchema>;
export type ClaudeSettings = z.infer<typeof claudeSettingsSchema>;
export type DeepAgentsEntry = z.infer<typeof deepAgentsEntrySchema>;
export type DeepAgentsHooks = z.infer<typeof deepAgentsHooksSchema>;
