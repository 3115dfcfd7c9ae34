import { didYouMean } from '../../../common/closest-name.js';
import { quoteShellWords } from '../../../common/shell-words.js';
import { DEEPAGENTS_EVENTS } from '../../../events/event-names.js';
import { isDeepAgentsEvent } from '../../../events/is-deepagents-event.js';
import type {
  ClaudeSettings,
  CommandHandlerSettings,
  DefinitionSettings,
} from '../../../settings/settings-schema.js';
import { CLAUDE_EQUIVALENTS } from './claude-equivalents.js';

/** The name of the CLI command a converted hook runs (`adapter-command.ts`, a command of the Deep Agents host row). */
export const ADAPTER_COMMAND = 'deepagents-adapter';

/**
 * The timeout of a converted handler, seconds. The adapter itself ends the original command's process group
 * after the Deep Agents 5 s; the outer timeout is a little longer so that the adapter, not the host, does
 * the killing (a host that killed only the adapter would leave the command's own group running).
 */
export const CONVERTED_TIMEOUT_SECONDS = 6;

export interface ConversionResult<Settings> {
  readonly settings: Settings;
  /** What could not be converted exactly, one line each, naming the entry. */
  readonly notes: readonly string[];
}

/**
 * Deep Agents `hooks.json` → Claude-style settings. Each entry becomes, per subscribed event, an async
 * command hook on the closest protocol event that runs `hookwire deepagents-adapter EVENT -- ARGV...`: the
 * adapter rebuilds the exact Deep Agents payload from the Claude one and runs the original argv with it.
 * Events without an equivalent, invalid entries and unknown event names are reported in `notes`.
 */
export function convertToClaude(
  document: unknown,
  options: { hookwireCommand?: string } = {},
): ConversionResult<ClaudeSettings> {
  const hookwire = options.hookwireCommand ?? 'hookwire';
  const notes: string[] = [];
  const definitions = new Map<string, { event: string; definition: DefinitionSettings }>();
  const entries = isHooksDocument(document) ? document.hooks : undefined;
  if (!entries) {
    return { settings: {}, notes: ['the file is not a Deep Agents hooks.json: expected {"hooks": [...]}'] };
  }
  entries.forEach((raw, index) => {
    const parsed = entryOf(raw);
    if (!parsed) {
      notes.push(
        `hooks[${index}]: skipped: "command" must be a non-empty list of strings and "events" a list`,
      );
      return;
    }
    const subscribed = parsed.events?.length ? parsed.events : DEEPAGENTS_EVENTS;
    for (const event of subscribed) {
      if (!isDeepAgentsEvent(event)) {
        notes.push(`hooks[${index}]: unknown event "${event}"${didYouMean(event, DEEPAGENTS_EVENTS)}`);
        continue;
      }
      const equivalents = CLAUDE_EQUIVALENTS[event];
      if (equivalents.length === 0) {
        notes.push(`hooks[${index}]: ${event} has no Claude-style equivalent; not converted`);
        continue;
      }
      const handler: CommandHandlerSettings = {
        type: 'command',
        command: `${hookwire} ${ADAPTER_COMMAND} ${event} -- ${quoteShellWords(parsed.command)}`,
        async: true,
        timeout: CONVERTED_TIMEOUT_SECONDS,
      };
      for (const equivalent of equivalents) {
        const matcher = 'matcher' in equivalent ? equivalent.matcher : undefined;
        const key = `${equivalent.event}\u0000${matcher ?? ''}`;
        let group = definitions.get(key);
        if (!group) {
          group = { event: equivalent.event, definition: { ...(matcher ? { matcher } : {}), hooks: [] } };
          definitions.set(key, group);
        }
        group.definition.hooks.push(handler);
      }
    }
  });
  const hooks: Record<string, DefinitionSettings[]> = {};
  for (const { event, definition } of definitions.values()) {
    hooks[event] = [...(hooks[event] ?? []), definition];
  }
  return { settings: { hooks }, notes };
}

/** A valid entry, checked by hand rather than with zod so that the main entry point does not load it. */
function entryOf(raw: unknown): { command: string[]; events?: string[] } | undefined {
  if (typeof raw !== 'object' || raw === null) return undefined;
  const { command, events } = raw as { command?: unknown; events?: unknown };
  if (!isStringList(command) || command.length === 0 || command[0] === '') return undefined;
  if (events === undefined) return { command };
  return isStringList(events) ? { command, events } : undefined;
}

function isStringList(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((item) => typeof item === 'string');
}

function isHooksDocument(document: unknown): document is { hooks: unknown[] } {
  return (
    typeof document === 'object' &&
    document !== null &&
    Array.isArray((document as { hooks?: unknown }).hooks)
  );
}
