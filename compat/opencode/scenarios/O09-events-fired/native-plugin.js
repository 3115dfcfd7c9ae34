import { appendFileSync } from 'node:fs';

const record = (name) => appendFileSync('{{WORK}}/ran.txt', `${name}\n`);
const started = new Set();
export const Native = async () => ({
  'chat.message': async (input) => {
    if (!started.has(input.sessionID)) record('SessionStart');
    started.add(input.sessionID);
    record('UserPromptSubmit');
  },
  'tool.execute.before': async () => record('PreToolUse'),
  'tool.execute.after': async () => record('PostToolUse'),
  event: async ({ event }) => {
    if (event.type === 'session.idle') record('Stop');
  },
});
