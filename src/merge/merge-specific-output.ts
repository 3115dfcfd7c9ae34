import { isRecord } from '../common/is-record.js';
import type { Decision, EventSpec, SpecificOutputField } from '../events/event-spec.js';
import type { MergeEntry } from './merge-outcome.js';

/** How one `hookSpecificOutput` key is combined across hooks. */
type Strategy =
  /** The merged decision, in the event's own spelling (PreToolUse's permissionDecision). */
  | 'decision'
  /** The merged reason. */
  | 'reason'
  /** Carried by a first-class outcome field (`updatedInput`, `additionalContext`), not repeated here. */
  | 'outcome-field'
  /** PermissionRequest's decision object: the first deny, else the last allow. */
  | 'permission-request'
  /** The last value in configuration order, with a warning when hooks disagree. */
  | 'last'
  /** Every path any hook listed, in configuration order, without repeats. */
  | 'union'
  /** True when any hook said true. */
  | 'any';

const STRATEGIES: Readonly<Record<SpecificOutputField, Strategy>> = {
  permissionDecision: 'decision',
  permissionDecisionReason: 'reason',
  updatedInput: 'outcome-field',
  additionalContext: 'outcome-field',
  decision: 'permission-request',
  updatedToolOutput: 'last',
  watchPaths: 'union',
  worktreePath: 'last',
  action: 'last',
  content: 'last',
  retry: 'any',
  llm_request: 'last',
  llm_response: 'last',
  toolConfig: 'last',
};

export interface SpecificMerge {
  readonly output: Record<string, unknown>;
  readonly trace: Record<string, number[]>;
  readonly warnings: string[];
}

/**
 * Merges the event-specific fields the catalogue row lists, each by its strategy above. The result holds only
 * fields some hook gave (or, for the permission fields, that the merged decision implies).
 */
export function mergeSpecificOutput(
  spec: EventSpec,
  entries: readonly MergeEntry[],
  decision: Decision | null,
  reasons: readonly string[],
  updatedInput: Readonly<Record<string, unknown>> | null,
): SpecificMerge {
  const merged: SpecificMerge = { output: {}, trace: {}, warnings: [] };
  const decided = entries.filter((entry) => decision !== null && entry.effects.decision === decision);
  for (const field of spec.specificOutput) {
    const key = `hookSpecificOutput.${field}`;
    const given = entries.filter((entry) => entry.effects.specific?.[field] !== undefined);
    const fieldValue = (entry: MergeEntry): unknown => entry.effects.specific?.[field];
    switch (STRATEGIES[field]) {
      case 'decision':
        if (decision !== null && spec.decisions.includes(decision)) {
          merged.output[field] = decision;
          merged.trace[key] = decided.map((entry) => entry.run.index);
        }
        break;
      case 'reason':
        if (decision !== null && spec.decisions.includes(decision) && reasons.length > 0) {
          merged.output[field] = reasons.join('\n');
          merged.trace[key] = decided
            .filter((entry) => entry.effects.reason !== undefined)
            .map((e) => e.run.index);
        }
        break;
      case 'outcome-field':
        break;
      case 'permission-request': {
        if (decision !== 'allow' && decision !== 'deny') break;
        const source = decision === 'deny' ? decided[0] : decided.at(-1);
        if (!source) break;
        const object = fieldValue(source);
        merged.output[field] = isRecord(object)
          ? { ...object, ...(decision === 'allow' && updatedInput ? { updatedInput } : {}) }
          : { behavior: 'deny', message: source.effects.reason ?? '' };
        merged.trace[key] = [source.run.index];
        break;
      }
      case 'last': {
        const last = given.at(-1);
        if (!last) break;
        merged.output[field] = fieldValue(last);
        merged.trace[key] = [last.run.index];
        const distinct = new Set(given.map((entry) => JSON.stringify(fieldValue(entry))));
        if (distinct.size > 1) {
          const names = given.map((entry) => `#${entry.run.index} ${entry.run.command}`).join(', ');
          merged.warnings.push(
            `several hooks set ${field} (${names}); the last in configuration order (#${last.run.index}) wins`,
          );
        }
        break;
      }
      case 'union': {
        if (given.length === 0) break;
        const paths = new Set<string>();
        for (const entry of given) for (const path of fieldValue(entry) as string[]) paths.add(path);
        merged.output[field] = [...paths];
        merged.trace[key] = given.map((entry) => entry.run.index);
        break;
      }
      case 'any': {
        if (given.length === 0) break;
        const yes = given.filter((entry) => fieldValue(entry) === true);
        merged.output[field] = yes.length > 0;
        merged.trace[key] = (yes.length > 0 ? yes : given).map((entry) => entry.run.index);
        break;
      }
    }
  }
  return merged;
}
