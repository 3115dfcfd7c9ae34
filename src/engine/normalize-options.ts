import { resolve } from 'node:path';
import type { Logger } from '../common/logger.js';
import { ENV_FILE_VARIABLE } from '../env-file/session-env-files.js';
import { HookwireError } from '../errors/hookwire-error.js';
import type { Host } from '../hosts/host.js';
import { hostNamed } from '../hosts/registry.js';
import { DEFAULT_OUTPUT_CAP_BYTES } from '../run/create-run-request.js';
import type { ModelOptions } from '../run/model/model-options.js';
import type { SettingsCache } from '../settings/settings-cache.js';
import { deepAgentsHooksPath, PROJECT_DIR_VARIABLE } from '../settings/settings-locations.js';
import type { ClaudeSettings, DeepAgentsHooks } from '../settings/settings-schema.js';
import type { UntrustedPolicy } from '../settings/trust-rule.js';
import { trustStorePath } from '../settings/trust-store.js';
import {
  DEFAULT_TRACE_KEEP,
  DEFAULT_TRACE_MAX_BYTES,
  type NormalizedTraceOptions,
} from '../trace/trace-options.js';
import type { BackgroundLauncher } from './background/background-job.js';
import type { ConfigErrorPolicy } from './config-errors.js';
import type { BackgroundResultsOptions, EngineOptions } from './engine.js';
import type { SessionStateBackend } from './session-state.js';

/** EngineOptions with every default applied, so that nothing further in re-checks for undefined. */
export interface NormalizedOptions {
  readonly cwd: string;
  readonly projectDir: string;
  readonly homeDir: string;
  readonly managedSettingsPath: string;
  readonly deepAgentsPath: string;
  /** Undefined: every default source. Otherwise only these files and objects. */
  readonly files: readonly string[] | undefined;
  readonly objects: ReadonlyArray<ClaudeSettings | DeepAgentsHooks> | undefined;
  /** Plugin directories; undefined when none is named. */
  readonly plugins: readonly string[] | undefined;
  /** `--mcp-config` values, as given. */
  readonly mcpConfig: readonly string[];
  readonly callbacks: NonNullable<EngineOptions['callbacks']>;
  readonly logger: Logger | undefined;
  readonly onHookStart: EngineOptions['onHookStart'];
  readonly onHookEnd: EngineOptions['onHookEnd'];
  readonly stopBlockCap: number;
  readonly env: Readonly<Record<string, string>>;
  /** What hooks inherit under `env`, and where the engine's own variables are read: process.env by default. */
  readonly hostEnvironment: Readonly<NodeJS.ProcessEnv>;
  readonly host: Host;
  readonly outputCapBytes: number;
  readonly spawner: 'direct' | 'helper-process';
  /** Undefined when hooks inherit the host's whole environment. */
  readonly scrubSecrets: { readonly keep: ReadonlySet<string> } | undefined;
  readonly model: ModelOptions | undefined;
  readonly onConfigError: ConfigErrorPolicy;
  /** Undefined: background hooks run in-process. */
  readonly backgroundLauncher: BackgroundLauncher | undefined;
  readonly backgroundResults: BackgroundResultsOptions | undefined;
  readonly stateDir: string | undefined;
  /** Undefined: session state in memory. */
  readonly sessionStateDir: string | undefined;
  /** Undefined: the local state (in memory, or in `sessionStateDir`). */
  readonly sessionState: SessionStateBackend | undefined;
  /** CLAUDE_ENV_FILE as `env` or the host's environment sets it: hooks get that file, not one of the engine's. */
  readonly hostEnvFile: string | undefined;
  readonly envFile: 'engine' | 'host';
  /** The trust store to check, undefined when trust is off. */
  readonly trustStore: string | undefined;
  /** Undefined: the settings are loaded for this engine alone. */
  readonly settingsCache: SettingsCache | undefined;
  readonly onUntrusted: UntrustedPolicy;
  /** Undefined: events are not recorded. */
  readonly trace: NormalizedTraceOptions | undefined;
  readonly endDetachedOnClose: boolean;
  readonly keepMcpConnections: boolean;
  /** As given: undefined is the registered provider's tracer, when there is one. */
  readonly telemetry: EngineOptions['telemetry'];
}

/** Consecutive Stop blocks Claude Code honours before ending the turn anyway (CLAUDE_CODE_STOP_HOOK_BLOCK_CAP). */
export const DEFAULT_STOP_BLOCK_CAP = 9;

/**
 * Applies the defaults: cwd = process.cwd(), projectDir = cwd, the home directory and managed settings path
 * from HOOKWIRE_HOME / HOOKWIRE_MANAGED_SETTINGS when set (else the real ones), Deep Agents hooks under the
 * home directory.
 */
export function normalizeOptions(
  options: EngineOptions,
  env: Readonly<NodeJS.ProcessEnv> = options.hostEnvironment ?? process.env,
): NormalizedOptions {
  const cwd = resolve(options.cwd ?? process.cwd());
  const host = options.host ?? hostNamed();
  // The host's default settings sources (Host.locations.settings), the project directory aside: it is ours.
  const defaults = host.locations.settings(cwd, { ...env, [PROJECT_DIR_VARIABLE]: undefined });
  const homeDir = options.homeDir ?? defaults.homeDir;
  const settings = options.settings;
  return {
    cwd,
    projectDir: resolve(cwd, options.projectDir ?? cwd),
    homeDir,
    managedSettingsPath: options.managedSettingsPath ?? defaults.managedSettingsPath,
    deepAgentsPath:
      options.deepAgentsPath ??
      (options.homeDir === undefined ? defaults.deepAgentsPath : deepAgentsHooksPath(homeDir)),
    files: settings?.filter((entry): entry is string => typeof entry === 'string'),
    objects: settings?.filter(
      (entry): entry is ClaudeSettings | DeepAgentsHooks => typeof entry !== 'string',
    ),
    plugins: options.plugins,
    mcpConfig: options.mcpConfig ?? [],
    callbacks: options.callbacks ?? [],
    logger: options.logger,
    onHookStart: options.onHookStart,
    onHookEnd: options.onHookEnd,
    stopBlockCap: options.stopBlockCap ?? DEFAULT_STOP_BLOCK_CAP,
    env: options.env ?? {},
    hostEnvironment: env,
    host,
    outputCapBytes: options.outputCapBytes ?? DEFAULT_OUTPUT_CAP_BYTES,
    spawner: options.spawner ?? 'direct',
    scrubSecrets: scrubSettingOf(options.scrubSecrets ?? env.HOOKWIRE_SCRUB_SECRETS === '1'),
    model: options.model,
    onConfigError: options.onConfigError ?? 'allow',
    backgroundLauncher: options.backgroundLauncher,
    backgroundResults:
      options.backgroundResults === undefined
        ? undefined
        : { ...options.backgroundResults, directory: resolve(cwd, options.backgroundResults.directory) },
    stateDir: options.stateDir === undefined ? undefined : resolve(cwd, options.stateDir),
    sessionStateDir:
      options.sessionStateDir === undefined ? undefined : resolve(cwd, options.sessionStateDir),
    sessionState: options.sessionState,
    hostEnvFile: options.env?.[ENV_FILE_VARIABLE] || env[ENV_FILE_VARIABLE] || undefined,
    envFile: options.envFile ?? 'engine',
    trustStore: options.trust === 'require' ? resolve(options.trustStore ?? trustStorePath(env)) : undefined,
    settingsCache: options.settingsCache,
    onUntrusted: untrustedPolicyOf(options.onUntrusted),
    endDetachedOnClose: options.endDetachedOnClose ?? true,
    keepMcpConnections: options.keepMcpConnections ?? false,
    telemetry: options.telemetry,
    trace: traceSettingOf(options, cwd),
  };
}

/** A misspelt policy must not quietly pick one: `skip` lets through what `block` stops. */
function untrustedPolicyOf(policy: EngineOptions['onUntrusted']): UntrustedPolicy {
  if (policy === undefined || policy === 'block' || policy === 'skip') return policy ?? 'block';
  throw new HookwireError('usage', `onUntrusted must be 'block' or 'skip', not ${JSON.stringify(policy)}`);
}

function traceSettingOf(options: EngineOptions, cwd: string): NormalizedTraceOptions | undefined {
  const trace = options.trace;
  if (trace === undefined) return undefined;
  if (typeof trace.dir !== 'string' || trace.dir === '')
    throw new HookwireError('usage', 'trace.dir must be a non-empty directory path');
  const maxBytes = trace.maxBytes ?? DEFAULT_TRACE_MAX_BYTES;
  const keep = trace.keep ?? DEFAULT_TRACE_KEEP;
  if (!Number.isInteger(maxBytes) || maxBytes < 1)
    throw new HookwireError('usage', `trace.maxBytes must be a positive integer, not ${maxBytes}`);
  if (!Number.isInteger(keep) || keep < 0)
    throw new HookwireError('usage', `trace.keep must be an integer from 0, not ${keep}`);
  const logger = options.logger;
  return {
    dir: resolve(cwd, trace.dir),
    redact: trace.redact ?? true,
    maxBytes,
    keep,
    answer: trace.answer,
    onWarning: trace.onWarning ?? ((message) => logger?.warn(message)),
  };
}

function scrubSettingOf(
  setting: NonNullable<EngineOptions['scrubSecrets']>,
): NormalizedOptions['scrubSecrets'] {
  if (setting === false) return undefined;
  return { keep: new Set(setting === true ? [] : (setting.keep ?? [])) };
}
