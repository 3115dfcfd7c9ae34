import { z } from 'zod';
import { handlerCommon } from '../schema-common.js';

/** A prompt handler in a settings file. */
export const promptHandlerSchema = z.looseObject({
  type: z.literal('prompt'),
  prompt: z.string().min(1).describe('The question; `$ARGUMENTS` is replaced by the payload JSON.'),
  model: z.string().optional(),
  ...handlerCommon,
});

export type PromptHandlerSettings = z.infer<typeof promptHandlerSchema>;
