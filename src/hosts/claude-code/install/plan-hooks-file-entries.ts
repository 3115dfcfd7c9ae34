import { join } from 'node:path';
import { isHookwireRun } from '../../../install/is-hookwire-run.js';
import { appendJsonValue } from '../../../install/json-edits.js';
import { isJsonObject, type JsonObject } from '../../../install/stay-reason.js';
import type { CatchAllTarget } from './catch-all-command.js';
import { parseSettings, planClaudeInit, type SettingsText } from './plan-claude-init.js';

/** The settings file that gets the entries of a hooks file already there: the project's, shared like it. */
export const HOOKS_FILE_ENTRIES_SETTINGS = join('.claude', 'settings.json');

/** The catch-all entries `init claude` adds for a hooks file it did not write, and where. */
export interface HooksFileEntriesPlan {
  /** The catch-all definition of each event, as `--print` shows them. */
  readonly catchAlls: Readonly<Record<string, readonly JsonObject[]>>;
  /** The settings file's new text; `created` when it did not exist. */
  readonly settings: { readonly file: string; readonly text: string; readonly created: boolean };
}

/**
 * `init claude` in a project whose Claude Code settings hold no hooks to move but whose hooks file is there
 * already (a clone, or a project set up for another host): one catch-all entry per event of the hooks file
 * that hookwire runs, the same entries a move would write (timeouts from those hooks, FileChanged's
 * matchers), added to `.claude/settings.json`, which is created when missing. Events that already have a
 * catch-all in either settings file get none. Undefined when no event needs one.
 */
export function planHooksFileEntries(
  hooks: SettingsText,
  settings: readonly SettingsText[],
  target: CatchAllTarget,
): HooksFileEntriesPlan | undefined {
  // The hooks file read as a settings file whose hooks all move: its catch-alls are the entries to write.
  const { catchAlls } = planClaudeInit([hooks], target);
  const present = new Set(settings.flatMap(({ file, text }) => eventsCalling(parseSettings(file, text))));
  const missing = Object.entries(catchAlls).filter(([event]) => !present.has(event));
  if (missing.length === 0) return undefined;
  const existing = settings.find(({ file }) => file === HOOKS_FILE_ENTRIES_SETTINGS);
  let text = existing?.text;
  if (text === undefined) {
    const created = Object.fromEntries(missing);
    return {
      catchAlls: created,
      settings: {
        file: HOOKS_FILE_ENTRIES_SETTINGS,
        text: `${JSON.stringify({ hooks: created }, null, 2)}\n`,
        created: true,
      },
    };
  }
  for (const [event, definitions] of missing)
    for (const definition of definitions) text = appendJsonValue(text, ['hooks', event], definition);
  return {
    catchAlls: Object.fromEntries(missing),
    settings: { file: HOOKS_FILE_ENTRIES_SETTINGS, text, created: false },
  };
}

/** The events whose hooks in `root` already call `hookwire run`. */
function eventsCalling(root: JsonObject): string[] {
  const hooks = root.hooks;
  if (!isJsonObject(hooks)) return [];
  return Object.entries(hooks)
    .filter(
      ([, definitions]) =>
        Array.isArray(definitions) &&
        definitions.some(
          (definition) =>
            isJsonObject(definition) &&
            Array.isArray(definition.hooks) &&
            definition.hooks.some(
              (handler) =>
                isJsonObject(handler) &&
                typeof handler.command === 'string' &&
                isHookwireRun(handler.command),
            ),
        ),
    )
    .map(([event]) => event);
}
