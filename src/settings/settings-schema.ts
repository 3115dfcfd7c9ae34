import { z } from 'zod';
import type { HandlerType } from '../events/event-spec.js';
import { agentHandlerSchema } from '../handlers/agent/schema.js';
import { commandHandlerSchema } from '../handlers/command/schema.js';
import { httpHandlerSchema } from '../handlers/http/schema.js';
import { promptHandlerSchema } from '../handlers/prompt/schema.js';
import { handlerSchemas } from '../handlers/schemas.js';

export type { AgentHandlerSettings } from '../handlers/agent/schema.js';
export type { CommandHandlerSettings } from '../handlers/command/schema.js';
export type { HttpHandlerSettings } from '../handlers/http/schema.js';
export type { PromptHandlerSettings } from '../handlers/prompt/schema.js';
export { agentHandlerSchema, commandHandlerSchema, handlerSchemas, httpHandlerSchema, promptHandlerSchema };

/*
 * The settings schemas: one zod schema per shape (a handler type's in its module,
 * handlers/<type>/schema.ts), from which come the TypeScript types, the runtime validation (with located
 * messages, see validate-settings) and the committed JSON Schemas.
 * Objects are loose: settings written for Claude Code, Qwen Code and plugins carry extra keys such as
 * `description`; the validator reports unknown keys as warnings from each schema's own key list.
 */

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

export type HandlerSettings = z.infer<typeof handlerSchema>;
export type DefinitionSettings = z.infer<typeof definitionSchema>;
export type ClaudeSettings = z.infer<typeof claudeSettingsSchema>;
export type DeepAgentsEntry = z.infer<typeof deepAgentsEntrySchema>;
export type DeepAgentsHooks = z.infer<typeof deepAgentsHooksSchema>;
