import type { AnyEventName } from '../events/event-names.js';
import type { MatcherSubject } from '../events/event-spec.js';
import { isToolEvent, specOf } from '../events/lookup.js';
import { currentToolName, legacyNamesOf } from '../events/tool-aliases.js';
import { type CompiledMatcher, compileMatcher } from '../patterns/compile-matcher.js';
import type { ConfiguredHook } from '../settings/configured-hook.js';
import { type CompiledIfRule, compileIfRule } from './if-rule.js';

/** One configured hook with its matcher and `if` rule compiled. */
export interface IndexedHook {
  readonly hook: ConfiguredHook;
  readonly matcher: CompiledMatcher;
  /** Null when the hook has no `if` rule. */
  readonly ifRule: CompiledIfRule | null;
  /** A subagent's hook runs only for payloads with this `agent_id`; null for every other hook. */
  readonly agentId: string | null;
}

/** The hooks of one event, with what selection needs to know about the event itself. */
export interface EventHooks {
  readonly event: AnyEventName;
  /** Null when the event ignores matchers. */
  readonly subject: MatcherSubject | null;
  readonly toolEvent: boolean;
  readonly hooks: readonly IndexedHook[];
  /**
   * When every hook of the event matches a list of exact names: all those names. A subject outside the set
   * matches no hook, which the hot path decides with one lookup.
   */
  readonly exactNames: ReadonlySet<string> | null;
}

/** Configured hooks grouped by event, compiled once so that firing an event does no parsing. */
export interface HookIndex {
  readonly byEvent: ReadonlyMap<string, EventHooks>;
  /** The project root, against which relative paths in `if` rules are also tried. */
  readonly projectDir: string;
  /** Matchers and `if` rules that cannot work, each naming the hook. */
  readonly warnings: readonly string[];
}

/**
 * Compiles hooks (in run order) into an index by event, under the event name exactly as written: a name the
 * catalogue does not know gets its notification-only row from `specOf`. Hooks with an `if` rule on an event
 * that is not a tool event (Claude Code never runs those) are left out with a warning.
 */
export function compileHookIndex(hooks: readonly ConfiguredHook[], projectDir: string): HookIndex {
  const grouped = new Map<string, IndexedHook[]>();
  const warnings: string[] = [];
  for (const hook of hooks) {
    const where = `${hook.provenance.file}:${hook.provenance.line} (${hook.provenance.jsonPath})`;
    const rule = hook.handler.if;
    if (rule !== undefined && !isToolEvent(hook.event)) {
      warnings.push(`${where}: "if" applies to tool events only; the hook never runs on ${hook.event}`);
      continue;
    }
    const compiled =
      specOf(hook.event).matcher === null ? compileMatcher(undefined) : compileMatcher(hook.matcher);
    const matcher = isToolEvent(hook.event) ? withToolAliases(compiled) : compiled;
    if (matcher.warning) warnings.push(`${where}: ${matcher.warning}`);
    const ifRule = rule === undefined ? null : compileIfRule(rule);
    if (ifRule?.warning) warnings.push(`${where}: ${ifRule.warning}`);
    const list = grouped.get(hook.event) ?? [];
    const scope = hook.provenance.scope;
    list.push({ hook, matcher, ifRule, agentId: scope?.kind === 'subagent' ? scope.agentId : null });
    grouped.set(hook.event, list);
  }
  const byEvent = new Map<string, EventHooks>();
  for (const [event, list] of grouped) {
    byEvent.set(event, {
      event,
      subject: specOf(event).matcher,
      toolEvent: isToolEvent(event),
      hooks: Object.freeze(list),
      exactNames: exactNamesOf(list),
    });
  }
  return { byEvent, projectDir, warnings };
}

/**
 * A tool event's matcher under Claude Code's alias table (src/events/tool-aliases.ts): the subject is the
 * tool's current name (selectHooks makes it so); a list of names matches each name's current tool (`Task`
 * matches `Agent`), and a regex is also tried against the tool's legacy names (`Tas.*`).
 */
function withToolAliases(matcher: CompiledMatcher): CompiledMatcher {
  if (matcher.names !== undefined) {
    const names: ReadonlySet<string> = new Set([...matcher.names].map(currentToolName));
    return { test: (subject) => names.has(subject), names };
  }
  return {
    ...matcher,
    test: (subject) => matcher.test(subject) || legacyNamesOf(subject).some(matcher.test),
  };
}

function exactNamesOf(list: readonly IndexedHook[]): ReadonlySet<string> | null {
  const names = new Set<string>();
  for (const { matcher } of list) {
    if (!matcher.names) return null;
    for (const name of matcher.names) names.add(name);
  }
  return names;
}
