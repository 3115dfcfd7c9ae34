import { createRunRequest, runSettings } from '../../src/run/create-run-request.js';
import type { RunRequest } from '../../src/run/handler-execution.js';
import type { AllowedUrl, HookPolicy, SourceLevel } from '../../src/settings/configured-hook.js';
import { configuredHook } from '../../src/settings/configured-hook-constructor.js';
import type { HttpHandlerSettings } from '../../src/settings/settings-schema.js';

/** A policy whose only allowance is the given patterns, all at one level (user by default). */
export function policyAllowing(patterns: readonly string[], level: SourceLevel = 'user'): HookPolicy {
  const allowed: AllowedUrl[] = patterns.map((pattern) => ({ pattern, level }));
  return {
    disableAllHooks: false,
    allowManagedHooksOnly: false,
    allowedHttpHookUrls: allowed,
    httpHookAllowedEnvVars: undefined,
  };
}

/** Opens every 127.0.0.1 port, as a user setting would. */
export const LOOPBACK_POLICY = policyAllowing(['http://127.0.0.1:*', 'http://localhost:*']);

/** A RunRequest for one http handler on PreToolUse, with a 10 s timeout and the loopback policy. */
export function makeHttpRequest(
  handler: Omit<HttpHandlerSettings, 'type'>,
  overrides: Partial<RunRequest> = {},
  level: SourceLevel = 'project',
): RunRequest {
  const full = { type: 'http', ...handler } as HttpHandlerSettings;
  const hook = configuredHook({
    event: 'PreToolUse',
    handler: full,
    definitionId: 'd0',
    provenance: { file: '<inline>', level, line: 1, column: 1, jsonPath: 'hooks.PreToolUse[0].hooks[0]' },
    timeoutSeconds: 10,
  });
  const payload = { hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command: 'ls' } };
  const settings = runSettings({
    cwd: '/',
    projectDir: '/',
    signal: new AbortController().signal,
    policy: LOOPBACK_POLICY,
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
