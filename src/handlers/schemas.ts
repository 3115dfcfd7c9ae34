import type { z } from 'zod';
import { agentHandlerSchema } from './agent/schema.js';
import { commandHandlerSchema } from './command/schema.js';
import type { HandlerType, handlerTypes } from './facts.js';
import { httpHandlerSchema } from './http/schema.js';
import { mcpToolHandlerSchema } from './mcp_tool/schema.js';
import { promptHandlerSchema } from './prompt/schema.js';

/**
 * The schema of each handler type (from its module, `handlers/<type>/schema.ts`), keyed by `type`: null for
 * a type settings files cannot hold (callbacks are functions, passed in code). A type of the handler-type
 * table without its entry here, or an entry that disagrees with the table's `inSettings`, fails to compile.
 * The committed JSON Schema, and through it the zod-free loader's rules (`settings/schema-rules.ts`),
 * derive from these.
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
