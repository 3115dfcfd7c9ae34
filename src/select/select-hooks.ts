import { isRecord } from '../common/is-record.js';
import { currentToolName } from '../events/tool-aliases.js';
import type { HookIndex, IndexedHook } from './hook-index.js';
import type { ToolCall } from './if-rule.js';
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
  const given = eventHooks.subject === null ? '' : matcherSubjectOf(eventHooks.subject, payload);
  // A tool event's matchers see the tool's current name (a host that still says `Task` means `Agent`).
  const subject = eventHooks.toolEvent && given !== undefined ? currentToolName(given) : given;
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

/**
 * Whether selecting hooks for this payload needs the Bash parser first: a hook of the event has an `if` rule
 * that splits this call's command, and the parser is not loaded. The engine then awaits
 * `loadShellParser()` before `selectHooks`, which is synchronous; without it such a rule matches.
 */
export function selectionNeedsShellParser(
  index: HookIndex,
  event: string,
  payload: Readonly<Record<string, unknown>>,
): boolean {
  const eventHooks = index.byEvent.get(event);
  if (eventHooks === undefined || !eventHooks.toolEvent) return false;
  let call: ToolCall | undefined;
  for (const { ifRule } of eventHooks.hooks) {
    if (ifRule === null) continue;
    call ??= toolCallOf(payload, index.projectDir);
    if (ifRule.needsShellParser(call)) return true;
  }
  return false;
}

function passesIfRule(
  indexed: IndexedHook,
  payload: Readonly<Record<string, unknown>>,
  projectDir: string,
): boolean {
  return (indexed.ifRule as NonNullable<IndexedHook['ifRule']>).test(toolCallOf(payload, projectDir));
}

function toolCallOf(payload: Readonly<Record<string, unknown>>, projectDir: string): ToolCall {
  const toolName = payload.tool_name;
  const toolInput = payload.tool_input;
  const cwd = payload.cwd;
  return {
    toolName: typeof toolName === 'string' ? toolName : '',
    toolInput: isRecord(toolInput) ? toolInput : NO_INPUT,
    cwd: typeof cwd === 'string' ? cwd : projectDir,
    projectDir,
  };
}

function duplicateIndex(selected: readonly SelectedHook[], indexed: IndexedHook): number | null {
  const key = indexed.hook.dedupeKey;
  for (let position = 0; position < selected.length; position++) {
    const earlier = selected[position] as SelectedHook;
    if (earlier.duplicateOf === null && earlier.indexed.hook.dedupeKey === key) return position;
  }
  return null;
}
