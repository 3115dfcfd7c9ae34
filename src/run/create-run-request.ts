import type { ConfiguredHook, HookPolicy } from '../settings/configured-hook.js';
import { NO_MCP_SERVERS } from '../settings/mcp/mcp-server-table.js';
import type { RunRequest } from './handler-execution.js';
import type { ModelOptions } from './model/model-options.js';

/**
 * Capture cap per stream when the caller names none: 16 MiB, far above any verdict a hook prints (Claude
 * Code reads a 3 MB JSON deny whole). Past it the reader blocks on an event that can block rather than read
 * a cut answer (read-execution.ts), so no cap turns a deny into an allow.
 */
export const DEFAULT_OUTPUT_CAP_BYTES = 16 * 1024 * 1024;

/** The policy of an engine where no settings file sets a policy key: every URL and no env var allowed. */
export const NO_POLICY: HookPolicy = Object.freeze({
  disableAllHooks: false,
  allowManagedHooksOnly: false,
  allowedHttpHookUrls: undefined,
  httpHookAllowedEnvVars: undefined,
});

/** No `model` option: the runner takes the provider and key from the environment. */
const NO_MODEL_OPTIONS: ModelOptions = Object.freeze({});

/** What the hooks of one firing (or of one dispatcher) share: every RunRequest field but the hook's own. */
export type RunSettings = Omit<RunRequest, 'hook' | 'payload' | 'payloadJson' | 'timeoutMs'>;

/** The settings a caller gives: where hooks run and the signal that ends them; the rest has defaults. */
export type RunSettingsInput = Pick<RunSettings, 'cwd' | 'projectDir' | 'signal'> &
  Partial<{ [Key in keyof RunSettings]: RunSettings[Key] | undefined }>;

/**
 * The one place a RunRequest's defaults are applied: no extra environment, no policy, no model option, a
 * 1 MiB capture cap, direct spawns, no scrubbing, no MCP servers. Build once per firing (or dispatcher) and share: keeping
 * one `environment` object is what lets the runner cache its merge with process.env.
 */
export function runSettings(input: RunSettingsInput): RunSettings {
  return {
    cwd: input.cwd,
    projectDir: input.projectDir,
    environment: input.environment ?? {},
    hostEnvironment: input.hostEnvironment ?? process.env,
    signal: input.signal,
    policy: input.policy ?? NO_POLICY,
    model: input.model ?? NO_MODEL_OPTIONS,
    outputCapBytes: input.outputCapBytes ?? DEFAULT_OUTPUT_CAP_BYTES,
    spawner: input.spawner ?? 'direct',
    scrubSecrets: input.scrubSecrets ?? null,
    mcpServers: input.mcpServers ?? NO_MCP_SERVERS,
  };
}

/**
 * The request for one hook: its payload (with its JSON) and the shared settings, with the hook's own timeout.
 * Written as one literal in one key order, so that every request has the same shape (this runs per hook).
 */
export function createRunRequest(
  hook: ConfiguredHook,
  payload: Readonly<Record<string, unknown>>,
  payloadJson: string,
  settings: RunSettings,
): RunRequest {
  return {
    hook,
    payload,
    payloadJson,
    cwd: settings.cwd,
    projectDir: settings.projectDir,
    environment: settings.environment,
    hostEnvironment: settings.hostEnvironment,
    timeoutMs: hook.timeoutSeconds * 1000,
    signal: settings.signal,
    policy: settings.policy,
    model: settings.model,
    outputCapBytes: settings.outputCapBytes,
    spawner: settings.spawner,
    scrubSecrets: settings.scrubSecrets,
    mcpServers: settings.mcpServers,
  };
}
