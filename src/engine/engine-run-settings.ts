import { type RunSettings, runSettings } from '../run/create-run-request.js';
import { markHooksAs } from '../run/process/hook-run-marker.js';
import type { HookPolicy } from '../settings/configured-hook.js';
import { type McpServerTable, mcpServerTable } from '../settings/mcp/mcp-server-table.js';
import type { NormalizedOptions } from './normalize-options.js';

/**
 * The run settings of an engine's firings, as one object per session and cwd, kept while they repeat (an
 * agent's session fires from one cwd). Within a session the `environment` object stays the same, even when
 * the cwd changes: the runner's cache of environments (src/run/process/hook-environment.ts) keys on that
 * object, so the host's process.env is copied once per session rather than once per firing. Hooks therefore
 * see process.env as it was when the session's first command hook ran (docs/processes.md).
 */
export class EngineRunSettings {
  private last: RunSettings | undefined;
  private lastSessionId = '';
  /** Read when the first mcp_tool hook runs, then kept: one table for the engine's life. */
  private readonly mcpServers: McpServerTable;

  constructor(
    private readonly options: NormalizedOptions,
    private readonly policy: HookPolicy,
    private readonly signal: AbortSignal,
  ) {
    this.mcpServers = mcpServerTable({
      cwd: options.cwd,
      projectDir: options.projectDir,
      homeDir: options.homeDir,
      managedSettingsPath: options.managedSettingsPath,
      configs: options.mcpConfig,
      plugins: options.plugins ?? [],
      trustStore: options.trustStore,
    });
  }

  /**
   * The settings of a firing in `sessionId` whose hooks run in `cwd`; with `signal`, the firing's own
   * (its hooks end when either it or the engine's is aborted), the rest shared.
   */
  of(sessionId: string, cwd: string, signal?: AbortSignal): RunSettings {
    const shared = this.shared(sessionId, cwd);
    if (signal === undefined) return shared;
    const either = AbortSignal.any([this.signal, signal]);
    markHooksAs(either, this.signal);
    return { ...shared, signal: either };
  }

  private shared(sessionId: string, cwd: string): RunSettings {
    const last = this.last;
    const sameSession = last !== undefined && this.lastSessionId === sessionId;
    if (sameSession && last.cwd === cwd) return last;
    const { options } = this;
    const settings = runSettings({
      cwd,
      projectDir: options.projectDir,
      environment: sameSession
        ? last.environment
        : {
            ...options.host.environment.variables({ sessionId, projectDir: options.projectDir }),
            ...options.env,
          },
      hostEnvironment: options.hostEnvironment,
      signal: this.signal,
      policy: this.policy,
      model: options.model,
      outputCapBytes: options.outputCapBytes,
      spawner: options.spawner,
      scrubSecrets: options.scrubSecrets,
      mcpServers: this.mcpServers,
    });
    this.last = settings;
    this.lastSessionId = sessionId;
    return settings;
  }
}
