import { specOf } from '../events/lookup.js';
import type { Outcome } from '../outcome/outcome.js';
import { compileHookIndex, type HookIndex } from '../select/hook-index.js';
import { NO_HOOKS, selectHooks } from '../select/select-hooks.js';
import { describeUntrustedReason, type UntrustedSource } from '../settings/trust-check.js';
import type { UntrustedPolicy } from '../settings/trust-rule.js';
import { configErrorsFor } from './config-errors.js';

/** Applies the untrusted sources to one firing's outcome. */
export type UntrustedGate = (outcome: Outcome, payload: Readonly<Record<string, unknown>>) => Outcome;

/** One untrusted source with its hooks compiled, as the firings select from them. */
interface GatedSource {
  readonly source: UntrustedSource;
  readonly index: HookIndex;
}

/**
 * The gate of the untrusted sources (docs/trust.md, "Untrusted files fail closed"), or undefined when there
 * are none: then a firing pays nothing. A firing is concerned by an untrusted source when one of its hooks
 * would have been selected (event, matcher, `if` rule, as for a trusted file), or when the source cannot be
 * read as settings in a way that concerns the event (hookwire cannot tell which hooks it holds).
 *
 * `block` (the default under `trust: 'require'`): an event that can block is blocked, unless a hook already
 * blocked it, with the files, why each is untrusted and the command that trusts it as the reason; any other
 * event carries each file's warning as a system message. `skip`: hooks that did not run are only told, as
 * system messages. The reason names files, lines and the trust command, never text from the untrusted
 * files: what they hold is not to reach the model before the user has seen it.
 */
export function createUntrustedGate(
  untrusted: readonly UntrustedSource[],
  projectDir: string,
  policy: UntrustedPolicy,
): UntrustedGate | undefined {
  if (untrusted.length === 0) return undefined;
  const sources: GatedSource[] = untrusted.map((source) => ({
    source,
    index: compileHookIndex(source.hooks, projectDir),
  }));
  return (outcome, payload) => {
    const concerned = sources.flatMap(({ source, index }) => {
      const selected = selectHooks(index, outcome.event, payload);
      const lines = selected === NO_HOOKS ? [] : selected.map(({ indexed }) => indexed.hook.provenance.line);
      const unreadable = configErrorsFor(outcome.event, source.problems).length > 0;
      return lines.length > 0 || unreadable ? [{ source, lines, unreadable }] : [];
    });
    if (concerned.length === 0) return outcome;
    const notices = concerned.map(({ source }) => `hookwire: ${source.warning}`);
    const spec = specOf(outcome.event);
    if (spec.notificationOnly) return { ...outcome, warnings: [...outcome.warnings, ...notices] };
    const told = { ...outcome, systemMessages: [...outcome.systemMessages, ...notices] };
    if (policy === 'skip' || spec.block === null || outcome.decision === spec.block.decision) return told;
    const located = concerned.map(({ source, lines, unreadable }) => {
      const what = unreadable
        ? 'hookwire cannot tell which of its hooks would have run'
        : `its ${lines.length === 1 ? 'hook' : 'hooks'} at ${lines.length === 1 ? 'line' : 'lines'} ${[...new Set(lines)].join(', ')}`;
      return `${source.file} (${describeUntrustedReason(source.reason)}): ${what}; ask the user to review and trust them: \`${source.trustCommand}\``;
    });
    const reason = `hookwire blocked this ${outcome.event}: hooks that would have run for it are not trusted, so they did not run (fail closed until they are trusted):\n${located.join('\n')}`;
    // A PermissionRequest hook's allow object would otherwise still be answered beside the block.
    const { decision: _allowed, ...hookSpecificOutput } = told.hookSpecificOutput;
    return {
      ...told,
      hookSpecificOutput,
      decision: spec.block.decision,
      reason,
      updatedInput: null,
      warnings: [...told.warnings, ...located],
      trace: { ...told.trace, decision: [], reason: [] },
    };
  };
}
