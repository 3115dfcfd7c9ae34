import { ownValue } from '../../common/own-value.js';
import { type HookDiagnostic, warning } from './hook-diagnostic.js';
import type { HookEvent } from './hook-events.js';
import type { CommandHandler, HookGroup, HooksConfig } from './hooks-document.js';
import { PythonFloat } from './python-json.js';

/*
 * Migrating a legacy (list-shaped) Deep Agents hooks.json to Hooks v2 (upstream `migration.py`). Seven
 * legacy events have a Hooks v2 equivalent; each (entry, event) pair becomes one group whose handler runs the
 * legacy argv through an adapter that rebuilds the legacy stdin, waits at most 5 s, discards the output and
 * never blocks. Upstream's adapter is `python -m deepagents_code.hooks.migration EVENT B64ARGV`; hookwire's is
 * `hookwire deepagents-legacy EVENT B64ARGV` (the same arguments: the event and the urlsafe base64 of the
 * argv's JSON). The rest (permission.request, tool.use, tool.result, tool.error, user.name.set) stays with the
 * legacy dispatcher.
 */

/** Where each migratable legacy event goes: the event, and the matcher its group takes. */
export const LEGACY_EVENT_MAP: Readonly<
  Record<string, { readonly event: HookEvent; readonly matcher?: string }>
> = {
  'session.start': { event: 'UserPromptSubmit' },
  'user.prompt': { event: 'UserPromptSubmit' },
  'task.complete': { event: 'Notification', matcher: 'agent_completed' },
  'input.required': { event: 'Notification', matcher: 'agent_needs_input' },
  'session.end': { event: 'SessionEnd' },
  'context.offload': { event: 'PreCompact', matcher: 'manual' },
  'context.compact': { event: 'PreCompact', matcher: 'manual' },
};

/** The adapter's timeout: the legacy 5 s, and a second for the adapter itself. */
export const LEGACY_ADAPTER_TIMEOUT_SECONDS = 6;

/** The argv that starts hookwire's legacy adapter; the event and the encoded argv are appended. */
let adapterPrefix: readonly string[] = ['hookwire', 'deepagents-legacy'];

/** Sets the adapter's argv prefix (the CLI passes its own node and bin). */
export function setLegacyAdapterPrefix(prefix: readonly string[]): void {
  adapterPrefix = prefix;
}

/** The adapter's argv prefix in use. */
export function legacyAdapterPrefix(): readonly string[] {
  return adapterPrefix;
}

/** A migration's result. */
export interface LegacyMigration {
  readonly config: HooksConfig;
  readonly diagnostics: readonly HookDiagnostic[];
}

/** Migrates the legacy `entries` of the file `path`. */
export function migrateLegacyHooks(
  entries: readonly Record<string, unknown>[],
  path: string,
): LegacyMigration {
  const diagnostics: HookDiagnostic[] = [
    warning(
      'legacy_deprecated',
      `Legacy hooks configuration at ${path} is deprecated and will stop being supported on September 1, 2026`,
      { field: path },
    ),
  ];
  const hooks: Partial<Record<HookEvent, HookGroup[]>> = {};
  for (const entry of entries) {
    const argv = entry.command;
    if (!Array.isArray(argv) || argv.length === 0 || !argv.every((word) => typeof word === 'string'))
      continue;
    const events = Array.isArray(entry.events) ? entry.events : Object.keys(LEGACY_EVENT_MAP);
    for (const name of events) {
      if (typeof name !== 'string') continue;
      const target = ownValue(LEGACY_EVENT_MAP, name);
      if (target === undefined) continue;
      const encoded = Buffer.from(JSON.stringify(argv)).toString('base64url');
      const padded = encoded + '='.repeat((4 - (encoded.length % 4)) % 4);
      const adapter = [...adapterPrefix, name, padded];
      const handler: CommandHandler = {
        type: 'command',
        command: adapter.join(' '),
        argv: adapter,
        timeout: new PythonFloat(LEGACY_ADAPTER_TIMEOUT_SECONDS),
      };
      const groups = hooks[target.event] ?? [];
      groups.push(
        target.matcher === undefined ? { hooks: [handler] } : { matcher: target.matcher, hooks: [handler] },
      );
      hooks[target.event] = groups;
    }
  }
  const migrated = Object.keys(hooks).length > 0;
  diagnostics.push(
    migrated
      ? warning(
          'legacy_migrated',
          `Migrated semantically equivalent legacy hooks from ${path}; unsupported legacy events remain unmapped`,
          { field: path },
        )
      : warning(
          'legacy_unmapped',
          `Legacy hooks at ${path} contained no events that are safe to migrate to Hooks v2`,
          {
            field: path,
          },
        ),
  );
  return { config: { hooks }, diagnostics };
}
