import { fileURLToPath } from 'node:url';
import type { RunRequest } from '../../src/run/handler-execution.js';
import type { ConfiguredHook, HandlerConfig } from '../../src/settings/configured-hook.js';

/** Absolute path of a fixture script under test/fixtures/run. */
export function fixture(name: string): string {
  return fileURLToPath(new URL(`../fixtures/run/${name}`, import.meta.url));
}

/** A RunRequest for one handler, with test defaults: cwd and project dir = this folder, a 10 s timeout. */
export function makeRequest(handler: HandlerConfig, overrides: Partial<RunRequest> = {}): RunRequest {
  const hook: ConfiguredHook = {
    event: 'PreToolUse',
    matcher: undefined,
    definitionId: 'd0',
    sequential: false,
    background: false,
    handler,
    type: handler.type,
    timeoutSeconds: 10,
    dedupeKey: handler.type === 'command' ? handler.command : 'callback',
    label: handler.type === 'command' ? handler.command : 'callback',
    provenance: {
      file: '<inline>',
      level: 'inline',
      line: 1,
      column: 1,
      jsonPath: 'hooks.PreToolUse[0].hooks[0]',
    },
  };
  const payload = { hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command: 'ls' } };
  const directory = fileURLToPath(new URL('.', import.meta.url));
  return {
    hook,
    payload,
    payloadJson: JSON.stringify(payload),
    cwd: directory,
    projectDir: directory,
    environment: { CLAUDE_PROJECT_DIR: directory },
    timeoutMs: 10_000,
    signal: new AbortController().signal,
    ...overrides,
  };
}

/** True while any process of the group led by `pgid` exists. */
export function groupIsAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
}

/** True while the process `pid` exists. */
export function processIsAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
