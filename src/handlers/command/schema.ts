import { z } from 'zod';
import { handlerCommon } from '../schema-common.js';

/** A command handler in a settings file. */
export const commandHandlerSchema = z.looseObject({
  type: z.literal('command'),
  command: z.string().min(1).describe('Shell command, or the program when `args` is given.'),
  args: z.array(z.string()).optional().describe('Exec form: argv after the program; no shell is involved.'),
  // Each one the runner knows (src/run/process/command-line.ts): another is a located settings error, so a
  // guard with a shell hookwire cannot start fails its event closed instead of erroring at run time.
  shell: z
    .enum(['sh', 'bash', 'powershell', 'pwsh'])
    .optional()
    .describe('`sh` (default), `bash` or `powershell` (`pwsh`).'),
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

export type CommandHandlerSettings = z.infer<typeof commandHandlerSchema>;
