import type { AnyEventName } from '../../events/event-names.js';
import type { ModelOptions } from '../../run/model/model-options.js';
import type { ConfiguredHook, HookPolicy } from '../../settings/configured-hook.js';
import type { McpServerSources } from '../../settings/mcp/mcp-server-table.js';

/**
 * A background hook handed over as data (engine option `backgroundLauncher`), so that something other than
 * the engine's process can run it: everything `runBackgroundJob` needs, and all of it JSON.
 */
export interface BackgroundJob {
  readonly event: AnyEventName;
  /** The hook's index in the firing that started it. */
  readonly index: number;
  /** The configured hook: handler, provenance, timeout. Never a callback hook (those stay in-process). */
  readonly hook: ConfiguredHook;
  readonly sessionId: string;
  /** The payload as the hook sees it, compact JSON. */
  readonly payloadJson: string;
  readonly cwd: string;
  readonly projectDir: string;
  /** The engine's extra environment (CLAUDE_PROJECT_DIR, CLAUDECODE, ...), on top of the runner's process.env. */
  readonly environment: Readonly<Record<string, string>>;
  readonly timeoutMs: number;
  readonly outputCapBytes: number;
  /** The names kept when secret-looking variables are scrubbed; null when they are not. */
  readonly scrubSecretsKeep: readonly string[] | null;
  readonly policy: HookPolicy;
  readonly model: ModelOptions;
  /** Where an mcp_tool hook's server is found (the engine's MCP sources); absent: nowhere. */
  readonly mcpServers?: McpServerSources;
  /** The host whose rules read the hook's output (`hostNamed`); absent for Claude Code. */
  readonly host?: string;
}

/** Receives each background hook of a firing instead of the engine running it in-process. */
export type BackgroundLauncher = (job: BackgroundJob) => void;
