import { resolve } from 'node:path';
import type { Logger } from '../common/logger.js';
import { DEFAULT_OUTPUT_CAP_BYTES } from '../run/create-run-request.js';
import type { ModelOptions } from '../run/model/model-options.js';
import {
  deepAgentsHooksPath,
  PROJECT_DIR_VARIABLE,
  settingsLocations,
} from '../settings/settings-locations.js';
import type { ClaudeSettings, DeepAgentsHooks } from '../settings/settings-schema.js';
import type { BackgroundLauncher } from './background-job.js';
import type { ConfigErrorPolicy } from './config-errors.js';
import type { EngineOptions } from './engine.js';

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
  readonly callbacks: NonNullable<EngineOptions['callbacks']>;
  readonly logger: Logger | undefined;
  readonly onHookStart: EngineOptions['onHookStart'];
  readonly onHookEnd: EngineOptions['onHookEnd'];
  readonly stopBlockCap: number;
  readonly env: Readonly<Record<string, string>>;
  readonly outputCapBytes: number;
  readonly spawner: 'direct' | 'helper-process';
  /** Undefined when hooks inherit the host's whole environment. */
  readonly scrubSecrets: { readonly keep: ReadonlySet<string> } | undefined;
  readonly model: ModelOptions | undefined;
  readonly onConfigError: ConfigErrorPolicy;
  /** Undefined: background hooks run in-process. */
  readonly backgroundLauncher: BackgroundLauncher | undefined;
  readonly endDetachedOnClose: boolean;
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
  env: NodeJS.ProcessEnv = process.env,
): NormalizedOptions {
  const cwd = resolve(options.cwd ?? process.cwd());
  const defaults = settingsLocations(cwd, { ...env, [PROJECT_DIR_VARIABLE]: undefined });
  const homeDir = options.homeDir ?? defaults.homeDir;
  const settings = options.settings;
  return {
    cwd,
    projectDir: resolve(cwd, options.projectDir ?? cwd),
    homeDir,
    managedSettingsPath: options.managedSettingsPath ?? defaults.managedSettingsPath,
    deepAgentsPath: options.deepAgentsPath ?? deepAgentsHooksPath(homeDir),
    files: settings?.filter((entry): entry is string => typeof entry === 'string'),
    objects: settings?.filter(
      (entry): entry is ClaudeSettings | DeepAgentsHooks => typeof entry !== 'string',
    ),
    callbacks: options.callbacks ?? [],
    logger: options.logger,
    onHookStart: options.onHookStart,
    onHookEnd: options.onHookEnd,
    stopBlockCap: options.stopBlockCap ?? DEFAULT_STOP_BLOCK_CAP,
    env: options.env ?? {},
    outputCapBytes: options.outputCapBytes ?? DEFAULT_OUTPUT_CAP_BYTES,
    spawner: options.spawner ?? 'direct',
    scrubSecrets: scrubSettingOf(options.scrubSecrets ?? env.HOOKWIRE_SCRUB_SECRETS === '1'),
    model: options.model,
    onConfigError: options.onConfigError ?? 'allow',
    backgroundLauncher: options.backgroundLauncher,
    endDetachedOnClose: options.endDetachedOnClose ?? true,
  };
}

function scrubSettingOf(
  setting: NonNullable<EngineOptions['scrubSecrets']>,
): NormalizedOptions['scrubSecrets'] {
  if (setting === false) return undefined;
  return { keep: new Set(setting === true ? [] : (setting.keep ?? [])) };
}
