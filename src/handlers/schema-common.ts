import { z } from 'zod';

/** Seconds. Fractions are allowed; zero or less, strings such as "5s" are errors. */
const timeoutSeconds = z.number().positive().describe('Timeout in seconds.');

/** Keys every handler type accepts; each module's schema spreads them after its own. */
export const handlerCommon = {
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
