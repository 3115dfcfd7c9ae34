import type { UntrustedSource } from '../../settings/trust-check.js';

/** `untrusted (not run): EVENT MATCHER TYPE LABEL (FILE:LINE)` for each hook of `event` an untrusted file holds. */
export function untrustedHookLines(sources: readonly UntrustedSource[], event: string): string[] {
  return sources.flatMap((source) =>
    source.hooks
      .filter((hook) => hook.event === event)
      .map(
        (hook) =>
          `untrusted (not run): ${hook.event} ${hook.matcher ?? '*'} ${hook.type} ${hook.label} (${hook.provenance.file}:${hook.provenance.line})`,
      ),
  );
}
