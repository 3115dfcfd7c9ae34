import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createEngine } from '../../src/engine/create-engine.js';
import type { Engine } from '../../src/engine/engine.js';
import { temporaryHome } from '../engine/engine-harness.js';
import { answer, startTestServer, type TestServer } from './test-server.js';

/*
 * docs/http.md: a user or managed `allowedHttpHookUrls` pattern opens a loopback http hook. With settings
 * files named (`hookwire run --settings FILE`, the form `hookwire init claude` writes), the user's and managed
 * settings still count for that, as they do for Claude Code's own hooks.
 */
const deny = {
  hookSpecificOutput: {
    hookEventName: 'PreToolUse',
    permissionDecision: 'deny',
    permissionDecisionReason: 'no',
  },
};
const homes: Array<ReturnType<typeof temporaryHome>> = [];
const engines: Engine[] = [];
const servers: TestServer[] = [];
afterEach(async () => {
  for (const engine of engines.splice(0)) await engine.close();
  for (const server of servers.splice(0)) await server.close();
  for (const home of homes.splice(0)) home.remove();
});

async function fireWith(level: 'user' | 'managed' | 'none') {
  const server = await startTestServer((_request, response) => answer(response, 200, deny));
  servers.push(server);
  const home = temporaryHome();
  homes.push(home);
  const allow = JSON.stringify({ allowedHttpHookUrls: [`${server.origin}/*`] });
  if (level === 'user') {
    mkdirSync(join(home.options.homeDir, '.claude'), { recursive: true });
    writeFileSync(join(home.options.homeDir, '.claude', 'settings.json'), allow);
  }
  if (level === 'managed') writeFileSync(home.options.managedSettingsPath, allow);
  const hooksFile = join(home.root, 'hooks.json');
  const hook = { type: 'http', url: `${server.origin}/guard` };
  writeFileSync(hooksFile, JSON.stringify({ hooks: { PreToolUse: [{ hooks: [hook] }] } }));
  const engine = await createEngine({ ...home.options, settings: [hooksFile] });
  engines.push(engine);
  const outcome = await engine.fire('PreToolUse', {
    session_id: 's',
    tool_name: 'Bash',
    tool_input: { command: 'ls' },
    cwd: home.root,
  });
  return { decision: outcome.decision, requests: server.seen.length };
}

describe('allowedHttpHookUrls of the user and managed settings under --settings FILE', () => {
  it.each(['user', 'managed'] as const)(
    'a %s pattern opens a loopback http hook',
    async (level) => {
      expect(await fireWith(level)).toEqual({ decision: 'deny', requests: 1 });
    },
    20_000,
  );

  it('negative control: without one, the loopback hook is not reached', async () => {
    expect((await fireWith('none')).requests).toBe(0);
  }, 20_000);
});
