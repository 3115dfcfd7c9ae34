import { request as httpRequest } from 'node:http';
import { describe, expect, it } from 'vitest';
import type { Engine } from '../../src/engine/engine.js';
import { claudeCodeHost } from '../../src/hosts/claude-code/claude-code-host.js';
import type { Host } from '../../src/hosts/host.js';
import { createHookServer } from '../../src/server/hook-server.js';
import { outcome } from '../support/outcome-builder.js';

/** POSTs `body` and resolves with the status and the parsed answer. */
function post(url: string, body: string): Promise<{ status: number; body: unknown }> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(url, { method: 'POST' }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString()) }),
      );
    });
    request.on('error', reject);
    request.end(body);
  });
}

const engine: Pick<Engine, 'fire' | 'close'> = {
  fire: async (event) => outcome({ event, decision: 'deny', reason: 'no' }),
  close: async () => undefined,
};
const payload = JSON.stringify({ hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: {} });

describe('serve answers through the host contract', () => {
  it('with the host’s http encoder (Claude Code by default)', async () => {
    const other: Pick<Host, 'answer'> = {
      answer: { ...claudeCodeHost.answer, http: (answered) => ({ told: answered.decision }) },
    };
    const servers = [
      createHookServer({ engine, insecureNoAuth: true }),
      createHookServer({ engine, insecureNoAuth: true, host: other }),
    ];
    const [byDefault, byOther] = await Promise.all(
      servers.map(async (server) => post((await server.listen(0, '127.0.0.1')).url, payload)),
    );
    await Promise.all(servers.map((server) => server.close()));
    expect(byDefault).toEqual({
      status: 200,
      body: {
        hookSpecificOutput: {
          hookEventName: 'PreToolUse',
          permissionDecision: 'deny',
          permissionDecisionReason: 'no',
        },
      },
    });
    expect(byOther).toEqual({ status: 200, body: { told: 'deny' } });
  });
});
