import { z } from 'zod';
import { handlerCommon } from '../schema-common.js';

/** An http handler in a settings file. */
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

export type HttpHandlerSettings = z.infer<typeof httpHandlerSchema>;
