import { isRecord } from '../common/is-record.js';
import type { HookIndex, IndexedHook } from './hook-index.js';
import { matcherSubjectOf } from './matcher-subject.js';

/** A hook chosen to run for one firing, in configuration order. */
export interface SelectedHook {
  readonly indexed: IndexedHook;
  /** Set when an earlier selected hook has the same dedupe key: this one does not run. */
  readonly duplicateOf: number | null;
}

/** Shared by every firing that selects nothing, so that such a firing allocates nothing. */
export const NO_HOOKS: readonly SelectedHook[] = Object.freeze([]);

const NO_INPUT: Readonly<Record<string, unknown>> = Object.freeze({});

/**
 * The hooks of `event` whose matcher and `if` rule accept `payload`, in configuration order, with later
 * duplicates (same dedupe key) marked. Returns `NO_HOOKS` itself when nothing matches: callers test for it
 * by identity before building anything.
 */
export function selectHooks(
  index: HookIndex,
  event: string,
  payload: Readonly<Record<string, unknown>>,
): readonly SelectedHook[] {
  const eventHooks = index.byEvent.get(event);
  if (eventHooks === undefined) return NO_HOOKS;
  // undefined: the event's subject is absent from the payload and every hook runs (see matcherSubjectOf).
  const subject = eventHooks.subject === null ? '' : matcherSubjectOf(eventHooks.subject, payload);
  if (subject !== undefined && eventHooks.exactNames !== null && !eventHooks.exactNames.has(subject))
    return NO_HOOKS;
  let selected: SelectedHook[] | undefined;
  const hooks = eventHooks.hooks;
  for (let position = 0; position < hooks.length; position++) {
    const indexed = hooks[position] as IndexedHook;
    if (subject !== undefined && !indexed.matcher.test(subject)) continue;
    if (indexed.agentId !== null && indexed.agentId !== payload.agent_id) continue;
    if (indexed.ifRule !== null && !passesIfRule(indexed, payload, index.projectDir)) continue;
    selected ??= [];
    selected.push({ indexed, duplicateOf: duplicateIndex(selected, indexed) });
  }
  return selected ?? NO_HOOKS;
}

function passesIfRule(
  indexed: IndexedHook,
  payload: Readonly<Record<string, unknown>>,
  projectDir: string,
): boolean {
  const toolName = payload.tool_name;
  const toolInput = payload.tool_input;
  const cwd = payload.cwd;
  return (indexed.ifRule as NonNullable<IndexedHook['ifRule']>).test({
    toolName: typeof toolName === 'string' ? toolName : '',
    toolInput: isRecord(toolInput) ? toolInput : NO_INPUT,
    cwd: typeof cwd === 'string' ? cwd : projectDir,
    projectDir,
  });
}

function duplicateIndex(selected: readonly SelectedHook[], indexed: IndexedHook): number | null {
  const key = indexed.hook.dedupeKey;
  for (let position = 0; position < selected.length; position++) {
    const earlier = selected[position] as SelectedHook;
    if (earlier.duplicateOf === null && earlier.indexed.hook.dedupeKey === key) return position;
  }
  return null;
}
