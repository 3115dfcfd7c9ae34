import type { ConfiguredHook } from '../../settings/configured-hook.js';
import type { TrustedHook } from '../../settings/trust-store.js';

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
  };
}

/**
 * Added, removed and changed hooks. Hooks identical in event, matcher and every handler field match whatever
 * their position (a hook moved down by an insertion is not a change); of the rest, those with the same event
 * and matcher pair up in order as changed, and what is left was added or removed.
 */
export function diffHooks(before: readonly TrustedHook[], after: readonly TrustedHook[]): TrustDiff {
  const identity = (hook: TrustedHook) => JSON.stringify([hook.event, hook.matcher ?? null, hook.handler]);
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
