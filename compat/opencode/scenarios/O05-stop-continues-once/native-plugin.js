import { appendFileSync } from 'node:fs';

let continued = false;
export const Native = async ({ client }) => ({
  event: async ({ event }) => {
    if (event.type !== 'session.idle' || continued) return;
    continued = true;
    appendFileSync('{{WORK}}/stop.txt', 'Stop\n');
    await client.session.promptAsync({
      path: { id: event.properties.sessionID },
      body: { parts: [{ type: 'text', text: 'REASON-run-the-tests' }] },
    });
  },
});
