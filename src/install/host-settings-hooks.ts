import { type ParseError, parse, printParseErrorCode } from 'jsonc-parser';
import { CommandInputError } from '../errors/command-input-error.js';
import { appendArrayElement, removeLastArrayElement } from './json-array-edits.js';
import { setJsonValue } from './json-edits.js';
import { isJsonObject, type JsonObject } from './stay-reason.js';

/**
 * The hookwire groups `hookwire init <host>` keeps in a Claude-shaped settings.json of a host (Qwen Code's,
 * Factory Droid's): one group per event whose one handler runs `hookwire run --host <host>`. Hosts differ
 * only by name and by the events they fire, so one piece of code plans, reads and recognises every one.
 */
export interface HostSettingsHooks<Event extends string> {
  /** Whether a handler is one `hookwire init <host>` wrote: its command runs hookwire for the host. */
  isHookwireHandler(handler: unknown): boolean;
  /** The events of the document's `hooks` that have a hookwire group. */
  hookwireEventsIn(document: JsonObject): string[];
  /**
   * The settings.json with exactly one hookwire group for each of `events` (at the end of the event's list
   * when new; where it was when it exists) and none for any other event. Every other byte of the file
   * stays: the user's own hooks, and every other setting.
   */
  plan(
    settingsFile: string,
    currentText: string | undefined,
    events: readonly Event[],
    handlerFor: (event: Event) => Record<string, unknown>,
  ): string;
  /** The settings.json (comments allowed, as these hosts read it) as an object, or a located error. */
  parse(settingsFile: string, text: string): JsonObject;
}

/** The settings hooks of the host `--host` names as `host` (a plain word: no regular expression syntax). */
export function hostSettingsHooks<Event extends string>(host: string): HostSettingsHooks<Event> {
  const runsHookwire = new RegExp(` run --host ${host}\\b`);
  const isHookwireHandler = (handler: unknown): boolean =>
    isJsonObject(handler) && typeof handler.command === 'string' && runsHookwire.test(handler.command);

  /** A group whose handlers are all hookwire's, with no matcher. */
  const isHookwireGroup = (group: unknown): boolean =>
    isJsonObject(group) &&
    group.matcher === undefined &&
    Array.isArray(group.hooks) &&
    group.hooks.length > 0 &&
    group.hooks.every(isHookwireHandler);

  const parseSettings = (settingsFile: string, text: string): JsonObject => {
    const errors: ParseError[] = [];
    const value: unknown = parse(text, errors, { allowTrailingComma: true, disallowComments: false });
    if (errors.length > 0) {
      const [first] = errors as [ParseError];
      const line = text.slice(0, first.offset).split('\n').length;
      throw new CommandInputError(
        `${settingsFile}:${line}: ${printParseErrorCode(first.error)}; fix it before hookwire init ${host} edits it`,
      );
    }
    if (!isJsonObject(value)) throw new CommandInputError(`${settingsFile}: expected a JSON object`);
    if (value.hooks !== undefined && !isJsonObject(value.hooks)) {
      throw new CommandInputError(`${settingsFile}: "hooks" must be an object of events`);
    }
    return value;
  };

  return {
    isHookwireHandler,
    parse: parseSettings,
    hookwireEventsIn(document) {
      const hooks = isJsonObject(document.hooks) ? document.hooks : {};
      return Object.entries(hooks)
        .filter(([, groups]) => Array.isArray(groups) && groups.some(isHookwireGroup))
        .map(([event]) => event);
    },
    plan(settingsFile, currentText, events, handlerFor) {
      let text = currentText?.trim() ? currentText : '{}\n';
      const hooks = parseSettings(settingsFile, text).hooks;
      const existing = isJsonObject(hooks) ? hooks : {};
      for (const event of new Set([...Object.keys(existing), ...events])) {
        const groups = Array.isArray(existing[event]) ? (existing[event] as unknown[]) : [];
        const ours = groups.flatMap((group, index) => (isHookwireGroup(group) ? [index] : []));
        const wanted = (events as readonly string[]).includes(event);
        // From the last, so the indexes still to edit do not move.
        let length = groups.length;
        for (const index of (wanted ? ours.slice(1) : ours).reverse()) {
          // The last element by a text edit of its own (jsonc's removal of it leaves a stray comma).
          if (index === length - 1) text = removeLastArrayElement(text, ['hooks', event]);
          else text = setJsonValue(text, ['hooks', event, index], undefined);
          length--;
        }
        if (wanted) {
          const handler = handlerFor(event as Event);
          const [first] = ours;
          if (first === undefined) text = appendArrayElement(text, ['hooks', event], { hooks: [handler] });
          else text = setJsonValue(text, ['hooks', event, first, 'hooks'], [handler]);
        } else if (ours.length > 0 && ours.length === groups.length) {
          text = setJsonValue(text, ['hooks', event], undefined);
        }
      }
      const after = parseSettings(settingsFile, text).hooks;
      if (isJsonObject(after) && Object.keys(after).length === 0 && events.length === 0) {
        text = setJsonValue(text, ['hooks'], undefined);
      }
      return text;
    },
  };
}
