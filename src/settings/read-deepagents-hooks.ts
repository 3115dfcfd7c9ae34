import { DEEPAGENTS_EVENTS } from '../events/event-names.js';
import { DEEPAGENTS_TIMEOUTS } from '../events/field.js';
import type { ConfiguredHook, Diagnostic } from './configured-hook.js';
import { configuredHook } from './configured-hook-constructor.js';
import { type Node, nodeValue, propertyNode } from './json-document.js';
import { type SourceReading, unknownEventMessage } from './read-claude-settings.js';
import type { CommandHandlerSettings } from './settings-schema.js';
import { diagnosticAt, locate, type SettingsSource } from './settings-source.js';

/*
 * Reads a Deep Agents hooks.json (`{"hooks": [{"command": [argv...], "events": [...]}]}`). Following the
 * Deep Agents spec, problems are warnings when loading the Deep Agents source (the host logs them and carries
 * on); a file of this shape named anywhere else, and `validate`, report them as errors, since such an entry
 * never runs.
 */

/** Reads every entry of a Deep Agents hooks list; `root` must be an object whose `hooks` is an array. */
export function readDeepAgentsHooks(
  source: SettingsSource,
  root: Node,
  nextDefinitionId: () => string,
  severity: Diagnostic['severity'],
): SourceReading {
  const diagnostics: Diagnostic[] = [];
  const hooks: ConfiguredHook[] = [];
  const entries = propertyNode(root, 'hooks')?.children ?? [];
  entries.forEach((entryNode, index) => {
    const path = ['hooks', index];
    const problem = (node: Node, at: (string | number)[], message: string) =>
      diagnostics.push(diagnosticAt(source, severity, node, at, `Deep Agents entry ${index}: ${message}`));
    if (entryNode.type !== 'object') {
      problem(entryNode, path, 'must be an object with a "command" list; the entry never runs');
      return;
    }
    const commandNode = propertyNode(entryNode, 'command');
    const argv = commandNode ? nodeValue(commandNode) : undefined;
    const eventsNode = propertyNode(entryNode, 'events');
    const events = eventsNode ? nodeValue(eventsNode) : undefined;
    let runnable = true;
    if (!isNonEmptyStringList(argv)) {
      problem(
        commandNode ?? entryNode,
        commandNode ? [...path, 'command'] : path,
        '"command" must be a non-empty list of strings; the entry never runs',
      );
      runnable = false;
    }
    if (eventsNode && !(Array.isArray(events) && events.every((event) => typeof event === 'string'))) {
      problem(
        eventsNode,
        [...path, 'events'],
        '"events" must be a list of event names; the entry never runs',
      );
      runnable = false;
    }
    if (!runnable || !isNonEmptyStringList(argv)) return;
    const listed = (events as string[] | undefined) ?? [];
    listed.forEach((event, eventIndex) => {
      if (!(DEEPAGENTS_EVENTS as readonly string[]).includes(event)) {
        const message = unknownEventMessage(event, DEEPAGENTS_EVENTS);
        const eventNode = eventsNode?.children?.[eventIndex] ?? entryNode;
        diagnostics.push(
          diagnosticAt(source, 'warning', eventNode, [...path, 'events', eventIndex], message),
        );
      }
    });
    const subscribed = listed.length > 0 ? [...new Set(listed)] : DEEPAGENTS_EVENTS;
    const [program, ...args] = argv;
    const handler: CommandHandlerSettings = { type: 'command', command: program as string, args };
    const definitionId = nextDefinitionId();
    const provenance = { ...locate(source, entryNode, path), level: source.level };
    for (const event of subscribed) {
      // Deep Agents' fixed timeout, also for an event it does not know (a newer agent may send it).
      hooks.push(
        configuredHook({
          event,
          handler,
          definitionId,
          provenance,
          timeoutSeconds: DEEPAGENTS_TIMEOUTS.command,
        }),
      );
    }
  });
  return { hooks, policy: {}, diagnostics };
}

function isNonEmptyStringList(value: unknown): value is [string, ...string[]] {
  return (
    Array.isArray(value) &&
    value[0] !== '' &&
    value.length > 0 &&
    value.every((item) => typeof item === 'string')
  );
}
