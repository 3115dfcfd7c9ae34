import type { ParsedEnvFile } from '../env-file/parse-env-file.js';
import type { EnvFileGrant } from '../env-file/session-env-files.js';
import { ENV_FILE_VARIABLE } from '../env-file/session-env-files.js';
import type { Outcome } from '../outcome/outcome.js';
import type { RunSettings } from '../run/create-run-request.js';

/**
 * The run settings of a firing whose hooks get the session's environment file: the same, with
 * CLAUDE_ENV_FILE in their environment. A fresh environment object, so the runner's cache (keyed on it)
 * never hands this variable to another event's hooks; these events are rare, so the extra copy is cheap.
 */
export function settingsWithEnvFile(settings: RunSettings, grant: EnvFileGrant): RunSettings {
  if (!('path' in grant)) return settings;
  return { ...settings, environment: { ...settings.environment, [ENV_FILE_VARIABLE]: grant.path } };
}

/** The outcome with what the session's environment file sets, and why any of it was refused. */
export function withSessionEnvironment(
  outcome: Outcome,
  grant: EnvFileGrant,
  parsed: ParsedEnvFile,
): Outcome {
  const warnings = 'warning' in grant ? [grant.warning, ...parsed.warnings] : parsed.warnings;
  return {
    ...outcome,
    warnings: warnings.length === 0 ? outcome.warnings : [...outcome.warnings, ...warnings],
    environment: parsed.variables,
  };
}
