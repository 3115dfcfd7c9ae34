import { splitShellWords } from '../../../common/shell-words.js';
import { DEEPAGENTS_EVENTS, type DeepAgentsEventName } from '../../../events/event-names.js';
import { isDeepAgentsEvent } from '../../../events/is-deepagents-event.js';
import type { ClaudeSettings, DeepAgentsHooks, HandlerSettings } from '../../../settings/settings-schema.js';
import { CLAUDE_EQUIVALENTS } from './claude-equivalents.js';
import { ADAPTER_COMMAND, type ConversionResult } from './convert-to-claude.js';

/**
 * For each protocol event, the Deep Agents event a plain hook on it becomes: the first Deep Agents event
 * that maps to it (so PostToolUseFailure goes back to tool.error, PostToolUse to tool.result).
 */
const DEEPAGENTS_EQUIVALENT: ReadonlyMap<string, { event: DeepAgentsEventName; matcher?: string }> = (() => {
  const reverse = new Map<string, { event: DeepAgentsEventName; matcher?: string }>();
  for (const [event, equivalents] of Object.entries(CLAUDE_EQUIVALENTS)) {
    for (const equivalent of equivalents) {
      if (reverse.has(equivalent.event) || !isDeepAgentsEvent(event)) continue;
      const matcher = 'matcher' in equivalent ? equivalent.matcher : undefined;
      reverse.set(equivalent.event, { event, ...(matcher ? { matcher } : {}) });
    }
  }
  return reverse;
})();

/**
 * Claude-style settings → Deep Agents `hooks.json`, where possible: command hooks only, on events with a Deep
 * Agents equivalent, without a narrowing matcher (Deep Agents has no matchers). A hook written by
 * `convert --to claude` gets its original argv and event back exactly; any other exec-form hook becomes its
 * argv, a shell command `["sh", "-c", command]` (or bash). Everything else is listed in `notes`. Deep Agents
 * ignores a hook's output, so decisions such as blocking a tool call are lost: hooks that rely on them are
 * converted and noted.
 */
export function convertToDeepAgents(settings: ClaudeSettings): ConversionResult<DeepAgentsHooks> {
  const notes: string[] = [];
  const entries = new Map<string, { command: string[]; events: DeepAgentsEventName[] }>();
  for (const [claudeEvent, definitions] of Object.entries(settings.hooks ?? {})) {
    const equivalent = DEEPAGENTS_EQUIVALENT.get(claudeEvent);
    definitions.forEach((definition, definitionIndex) => {
      definition.hooks.forEach((handler, handlerIndex) => {
        const where = `hooks.${claudeEvent}[${definitionIndex}].hooks[${handlerIndex}]`;
        const adapted = handler.type === 'command' ? adapterTarget(handler.command) : undefined;
        if (adapted) {
          add(entries, adapted.command, adapted.event);
          return;
        }
        if (!equivalent) {
          notes.push(`${where}: ${claudeEvent} has no Deep Agents equivalent; not converted`);
          return;
        }
        if (handler.type !== 'command') {
          notes.push(`${where}: ${handler.type} hooks cannot run under Deep Agents (command hooks only)`);
          return;
        }
        const matcher = definition.matcher?.trim();
        if (matcher && matcher !== '*' && matcher !== equivalent.matcher) {
          notes.push(`${where}: matcher "${matcher}" cannot be expressed (Deep Agents has no matchers)`);
          return;
        }
        const argv = argvOf(handler);
        if (!argv) {
          notes.push(`${where}: shell "${handler.shell}" is not available as an argv; not converted`);
          return;
        }
        add(entries, argv, equivalent.event);
        notes.push(
          `${where}: converted to ${equivalent.event}; it now receives the Deep Agents payload and its output is ignored`,
        );
      });
    });
  }
  const order = (event: DeepAgentsEventName) => DEEPAGENTS_EVENTS.indexOf(event);
  const hooks = [...entries.values()].map(({ command, events }) => ({
    command,
    events: events.sort((left, right) => order(left) - order(right)),
  }));
  return { settings: { hooks }, notes };
}

function add(
  entries: Map<string, { command: string[]; events: DeepAgentsEventName[] }>,
  command: string[],
  event: DeepAgentsEventName,
): void {
  const key = JSON.stringify(command);
  const entry = entries.get(key) ?? { command, events: [] };
  if (!entry.events.includes(event)) entry.events.push(event);
  entries.set(key, entry);
}

function argvOf(handler: Extract<HandlerSettings, { type: 'command' }>): string[] | undefined {
  if (handler.args !== undefined) return [handler.command, ...handler.args];
  const shell = handler.shell ?? 'sh';
  return shell === 'sh' || shell === 'bash' ? [shell, '-c', handler.command] : undefined;
}

/** The event and argv of a hook written by `convert --to claude`, whatever `hookwire` was called. */
function adapterTarget(commandLine: string): { event: DeepAgentsEventName; command: string[] } | undefined {
  const words = splitShellWords(commandLine);
  if (!words) return undefined;
  const at = words.indexOf(ADAPTER_COMMAND);
  const event = words[at + 1];
  if (at < 1 || words[at + 2] !== '--' || event === undefined || !isDeepAgentsEvent(event)) return undefined;
  const command = words.slice(at + 3);
  return command.length > 0 ? { event, command } : undefined;
}
