import type { AllowedUrl, ConfiguredHook, HookPolicy, SourceLevel } from './configured-hook.js';
import type { PolicyValues } from './read-claude-settings.js';

/** Scalar precedence: lower wins. Explicit files and inline objects sit between managed and local. */
const PRECEDENCE: Record<SourceLevel, number> = {
  managed: 0,
  explicit: 1,
  inline: 1,
  code: 1,
  local: 2,
  project: 3,
  user: 4,
  // A plugin's hooks file holds hooks only: its policy keys are ignored (load-settings warns), never ranked.
  plugin: 5,
  deepagents: 5,
};

/** One source's policy keys, with the level they came from, in load order. */
export interface LeveledPolicy {
  readonly level: SourceLevel;
  readonly values: PolicyValues;
}

/**
 * Merges the policy keys of every source. `disableAllHooks` follows scalar precedence (managed > explicit >
 * local > project > user; among equals the later file wins); `allowManagedHooksOnly` counts only from managed
 * settings; the two lists are unions, each URL pattern keeping the level that allowed it.
 */
export function mergePolicy(
  sources: readonly LeveledPolicy[],
): HookPolicy & { disabledBy: SourceLevel | undefined } {
  let disable: { value: boolean; level: SourceLevel } | undefined;
  let allowManagedHooksOnly = false;
  let allowedHttpHookUrls: AllowedUrl[] | undefined;
  let httpHookAllowedEnvVars: string[] | undefined;
  for (const { level, values } of sources) {
    if (
      values.disableAllHooks !== undefined &&
      (!disable || PRECEDENCE[level] <= PRECEDENCE[disable.level])
    ) {
      disable = { value: values.disableAllHooks, level };
    }
    if (level === 'managed' && values.allowManagedHooksOnly === true) allowManagedHooksOnly = true;
    if (values.allowedHttpHookUrls) {
      allowedHttpHookUrls ??= [];
      for (const pattern of values.allowedHttpHookUrls) allowedHttpHookUrls.push({ pattern, level });
    }
    if (values.httpHookAllowedEnvVars) {
      httpHookAllowedEnvVars = [
        ...new Set([...(httpHookAllowedEnvVars ?? []), ...values.httpHookAllowedEnvVars]),
      ];
    }
  }
  return {
    disableAllHooks: disable?.value === true,
    allowManagedHooksOnly,
    allowedHttpHookUrls,
    httpHookAllowedEnvVars,
    disabledBy: disable?.value === true ? disable.level : undefined,
  };
}

/**
 * The hooks that may run under the policy: none when managed settings disable all hooks; only managed
 * hooks when a non-managed file disables hooks (it cannot turn off managed ones) or when managed settings
 * set `allowManagedHooksOnly`.
 */
export function applyPolicy(
  hooks: readonly ConfiguredHook[],
  policy: HookPolicy & { disabledBy: SourceLevel | undefined },
): ConfiguredHook[] {
  if (policy.disabledBy === 'managed') return [];
  if (policy.disabledBy !== undefined || policy.allowManagedHooksOnly) {
    return hooks.filter((hook) => hook.provenance.level === 'managed');
  }
  return [...hooks];
}
