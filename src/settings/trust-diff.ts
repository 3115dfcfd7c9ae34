import type { ConfiguredHook } from './configured-hook.js';
import type { TrustedHook } from './trust-store.js';

/** What changed in a file's hooks since it was trusted. */
export interface TrustDiff {
  readonly added: readonly TrustedHook[];
  readonly removed: readonly TrustedHook[];
  readonly changed: ReadonlyArray<{ readonly before: TrustedHook; readonly after: TrustedHook }>;
}

/** The summary the store keeps of each hook: what `trust` showed. */
export function trustedHookOf(hook: ConfiguredHook): TrustedHook {
  return {
    event: hook.event,
    matcher: hook.matcher,
    type: hook.type,
    label: hook.label,
    handler: JSON.stringify(hook.handler),
    line: hook.provenance.line,
    ...(hook.background ? { background: true as const } : {}),
    ...(hook.sequential ? { sequential: true as const } : {}),
  };
}

/**
 * Added, removed and changed hooks. Hooks identical in event, matcher, every handler field (in any key order)
 * and how their definition runs them match whatever their position (a hook moved down by an insertion is not
 * a change); of the rest, those with the same event and matcher pair up in order as changed, and what is left
 * was added or removed.
 */
export function diffHooks(before: readonly TrustedHook[], after: readonly TrustedHook[]): TrustDiff {
  const unmatched = new Map<string, number>();
  for (const hook of before) unmatched.set(identity(hook), (unmatched.get(identity(hook)) ?? 0) + 1);
  const added: TrustedHook[] = [];
  for (const hook of after) {
    const count = unmatched.get(identity(hook)) ?? 0;
    if (count > 0) unmatched.set(identity(hook), count - 1);
    else added.push(hook);
  }
  const removed: TrustedHook[] = [];
  for (const hook of before) {
    const count = unmatched.get(identity(hook)) ?? 0;
    if (count > 0) {
      unmatched.set(identity(hook), count - 1);
      removed.push(hook);
    }
  }
  const changed: Array<{ before: TrustedHook; after: TrustedHook }> = [];
  const place = (hook: TrustedHook) => JSON.stringify([hook.event, hook.matcher ?? null]);
  for (const hook of [...added]) {
    const index = removed.findIndex((old) => place(old) === place(hook));
    if (index === -1) continue;
    changed.push({ before: removed[index] as TrustedHook, after: hook });
    removed.splice(index, 1);
    added.splice(added.indexOf(hook), 1);
  }
  return { added, removed, changed };
}

/**
 * The names of the fields that differ between two hooks paired as changed: handler fields (`command`, `env`,
 * `shell`, ...) in the order the new one has them, then the definition's `async` and `sequential`.
 */
export function changedFields(before: TrustedHook, after: TrustedHook): string[] {
  const old = handlerFields(before);
  const now = handlerFields(after);
  const keys = [...new Set([...Object.keys(now), ...Object.keys(old)])];
  const fields = keys.filter((key) => canonicalJson(old[key]) !== canonicalJson(now[key]));
  // A handler's own `async` shows as that field; a background that changed without it is the definition's.
  const background = (before.background === true) !== (after.background === true);
  if (background && !fields.includes('async')) fields.push('async (definition)');
  if ((before.sequential === true) !== (after.sequential === true)) fields.push('sequential (definition)');
  return fields;
}

/** The handler's fields, parsed from the JSON the summary keeps; none when that is not an object. */
export function handlerFields(hook: TrustedHook): Readonly<Record<string, unknown>> {
  try {
    const value: unknown = JSON.parse(hook.handler);
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}

/** JSON with object keys sorted, so that key order is no difference; undefined for an absent value. */
export function canonicalJson(value: unknown): string | undefined {
  if (value === undefined) return undefined;
  return JSON.stringify(value, (_key, item: unknown) =>
    typeof item === 'object' && item !== null && !Array.isArray(item)
      ? Object.fromEntries(Object.entries(item).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : item,
  );
}

function identity(hook: TrustedHook): string {
  let handler: string | undefined;
  try {
    handler = canonicalJson(JSON.parse(hook.handler));
  } catch {
    // A summary edited by hand: compared as written.
    handler = hook.handler;
  }
  return JSON.stringify([
    hook.event,
    hook.matcher ?? null,
    handler,
    hook.background === true,
    hook.sequential === true,
  ]);
}
