import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createRunRequest, runSettings } from '../../src/run/create-run-request.js';
import type { RunRequest } from '../../src/run/handler-execution.js';
import type { HandlerConfig } from '../../src/settings/configured-hook.js';
import { configuredHook } from '../../src/settings/configured-hook-constructor.js';

/** Absolute path of a fixture script under test/fixtures/run. */
export function fixture(name: string): string {
  return fileURLToPath(new URL(`../fixtures/run/${name}`, import.meta.url));
}

/**
 * A RunRequest for one handler, built as the engine builds one, with test defaults: cwd and project dir = this
 * folder, a 10 s timeout; `overrides` replace any field.
 */
export function makeRequest(handler: HandlerConfig, overrides: Partial<RunRequest> = {}): RunRequest {
  const hook = configuredHook({
    event: 'PreToolUse',
    handler,
    definitionId: 'd0',
    provenance: {
      file: '<inline>',
      level: 'inline',
      line: 1,
      column: 1,
      jsonPath: 'hooks.PreToolUse[0].hooks[0]',
    },
    timeoutSeconds: 10,
  });
  const payload = { hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command: 'ls' } };
  const directory = fileURLToPath(new URL('.', import.meta.url));
  const settings = runSettings({
    cwd: directory,
    projectDir: directory,
    environment: { CLAUDE_PROJECT_DIR: directory },
    signal: new AbortController().signal,
    ...overrides,
  });
  // The settings in `overrides` went through runSettings (an undefined one takes its default); the rest here.
  const { hook: givenHook, payload: givenPayload, payloadJson, timeoutMs } = overrides;
  const request = createRunRequest(
    givenHook ?? hook,
    givenPayload ?? payload,
    payloadJson ?? JSON.stringify(givenPayload ?? payload),
    settings,
  );
  return timeoutMs === undefined ? request : { ...request, timeoutMs };
}

/**
 * True while `pid` is a running process. A zombie (killed, not yet reaped by whoever inherited it) counts as
 * gone: it holds no resources and runs no code.
 */
export function processIsRunning(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return false;
  }
}

/** True while any non-zombie process belongs to the process group `pgid`. */
export function groupHasRunningProcesses(pgid: number): boolean {
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (fields[0] !== 'Z' && Number(fields[2]) === pgid) return true;
    } catch {
      // The process ended while we looked.
    }
  }
  return false;
}

/**
 * Polls `condition` until it holds or `limitMs` passes; resolves to its last value. The limit only ends a
 * wait that will never succeed (a held condition returns at once), so it is generous: a process killed on a
 * starved machine may take seconds to be reaped.
 */
export async function eventually(condition: () => boolean, limitMs = 20_000): Promise<boolean> {
  const startedAt = Date.now();
  while (!condition()) {
    if (Date.now() - startedAt > limitMs) return false;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return true;
}
