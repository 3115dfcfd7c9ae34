import type { HookDiagnostic } from './hook-diagnostic.js';
import { warning } from './hook-diagnostic.js';
import { HOOK_EVENT_NAMES, HOOK_EVENTS, type HookEvent } from './hook-events.js';
import type { CommandHandler, HooksConfig } from './hooks-document.js';
import {
  type CompiledHookMatcher,
  compileHookMatcher,
  hookMatcherMatches,
  pythonRepr,
} from './python-matcher.js';

/*
 * The frozen snapshot of a loaded config (upstream `snapshot.py`): each handler gets its id
 * `Event:group:handler` (the group counted across all sources), each group its compiled matcher. A group
 * whose matcher the event cannot take (anything but empty or `*` on UserPromptSubmit and Stop) is
 * `unsupported_matcher`; one whose pattern is refused is `invalid_matcher`. Both reject the group only.
 */

/** One runnable handler. */
export interface SnapshotHandler {
  readonly id: string;
  readonly event: HookEvent;
  readonly group: number;
  readonly handler: CommandHandler;
  readonly matcher?: string;
  readonly compiled: CompiledHookMatcher;
}

/** A snapshot. */
export interface HooksSnapshot {
  readonly handlers: Partial<Record<HookEvent, readonly SnapshotHandler[]>>;
  readonly diagnostics: readonly HookDiagnostic[];
}

/** Builds the snapshot of `config`. */
export function snapshotHooks(config: HooksConfig): HooksSnapshot {
  const diagnostics: HookDiagnostic[] = [];
  const handlers: Partial<Record<HookEvent, SnapshotHandler[]>> = {};
  for (const [event, groups] of Object.entries(config.hooks) as [
    HookEvent,
    NonNullable<HooksConfig['hooks'][HookEvent]>,
  ][]) {
    const list: SnapshotHandler[] = [];
    groups.forEach((group, index) => {
      const matcher = group.matcher;
      const wildcard = matcher === undefined || matcher === '' || matcher === '*';
      if (HOOK_EVENTS[event].matcherField === null && !wildcard) {
        diagnostics.push(
          warning(
            'unsupported_matcher',
            `Rejected hook group ${event}:${index}: ${event} does not support matchers`,
            {
              field: 'matcher',
            },
          ),
        );
        return;
      }
      const compiled = compileHookMatcher(matcher);
      if ('refusal' in compiled) {
        diagnostics.push(
          warning(
            'invalid_matcher',
            compiled.python === true
              ? `Rejected hook group ${event}:${index}: Invalid hook matcher ${pythonRepr(matcher ?? '')}: ${compiled.refusal}`
              : `Rejected hook group ${event}:${index}: invalid matcher ${JSON.stringify(matcher)}: ${compiled.refusal}`,
            { field: 'matcher' },
          ),
        );
        return;
      }
      group.hooks.forEach((handler, position) => {
        list.push({
          id: `${event}:${index}:${position}`,
          event,
          group: index,
          handler,
          ...(matcher !== undefined ? { matcher } : {}),
          compiled,
        });
      });
    });
    handlers[event] = list;
  }
  return { handlers, diagnostics };
}

/** The handlers of `event` whose matcher takes `subject` (the event's matcher field), in configuration order. */
export function matchHandlers(
  snapshot: HooksSnapshot,
  event: HookEvent,
  subject: string | undefined,
): SnapshotHandler[] {
  return (snapshot.handlers[event] ?? []).filter((entry) => hookMatcherMatches(entry.compiled, subject));
}

/** The events with at least one handler, in upstream's order. */
export function configuredEvents(snapshot: HooksSnapshot): HookEvent[] {
  return HOOK_EVENT_NAMES.filter((event) => (snapshot.handlers[event] ?? []).length > 0);
}
