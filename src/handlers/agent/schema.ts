import { z } from 'zod';
import { handlerCommon } from '../schema-common.js';

/** An agent handler in a settings file. */
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

export type AgentHandlerSettings = z.infer<typeof agentHandlerSchema>;
