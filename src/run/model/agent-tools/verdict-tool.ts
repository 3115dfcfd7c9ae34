import type { ModelTool } from '../model-client.js';
import { verdictJsonSchema } from '../verdict-schema.js';

/** The dedicated tool through which an agent hook gives its verdict; calling it ends the run. */
export const VERDICT_TOOL: ModelTool = {
  name: 'submit_verdict',
  description:
    'Give your final verdict and end the investigation: {"ok": true} to allow, {"ok": false, "reason": "..."} to block.',
  inputSchema: verdictJsonSchema,
};
