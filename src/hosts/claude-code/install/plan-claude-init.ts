import { join } from 'node:path';
import { CommandInputError } from '../../../errors/command-input-error.js';
import type { EventName } from '../../../events/event-names.js';
import { setJsonValue } from '../../../install/json-edits.js';
import { isJsonObject, type JsonObject, stayReason, timeoutOf } from '../../../install/stay-reason.js';
import { parseJsonDocument } from '../../../settings/json-document.js';
import { type CatchAllTarget, catchAllCommand } from './catch-all-command.js';

/** The project's Claude Code settings files that `init` rewrites and `doctor` reads. */
export const CLAUDE_SETTINGS_FILES = [
  join('.claude', 'settings.json'),
  join('.claude', 'settings.local.json'),
];

/** One Claude Code settings file: how to name it to the user, and its text. */
export interface SettingsText {
  readonly file: string;
  readonly text: string;
}

/** A hook definition leaving a settings file for the hooks file (only its moving handlers). */
export interface MovedDefinition {
  readonly file: string;
  readonly event: EventName;
  readonly definition: JsonObject;
}

/** What `hookwire init claude` would do; computed without touching a file. */
export interface InitPlan {
  readonly moved: readonly MovedDefinition[];
  /** The new text of each settings file that changes. */
  readonly rewritten: ReadonlyMap<string, string>;
  /** The catch-all definition added for each event, in the order the events were met. */
  readonly catchAlls: Readonly<Record<string, readonly JsonObject[]>>;
  /** Hooks that stay with Claude Code, and why; one line each. */
  readonly notes: readonly string[];
  /** The http policy keys of the settings, for a new hooks file (http hooks run under it in hookwire). */
  readonly policy: JsonObject;
}

/*
 * Seconds added to the catch-all's timeout over the longest its hooks may run: hookwire must start, end a
 * hook at its own timeout (and the kill grace) and still answer before Claude Code ends hookwire.
 */
const TIMEOUT_MARGIN_SECONDS = 5;

/*
 * Events whose matchers Claude Code reads to decide what to observe, not only which hooks to run: it watches
 * the files FileChanged's matchers name (Claude Code 2.1.332: a catch-all without a matcher watches nothing,
 * and FileChanged never fires; compat/claude-code, L01). Their catch-all carries every moved matcher.
 */
const HOST_READS_MATCHERS: ReadonlySet<string> = new Set(['FileChanged']);
const POLICY_KEYS = ['allowedHttpHookUrls', 'httpHookAllowedEnvVars'] as const;

/**
 * Plans the move of the hooks of Claude Code settings files (the project's first, then the local one) into
 * one hooks file. Each event with moved hooks gets one catch-all entry, in the first file that had them,
 * with a timeout no hook can outlast. Catch-alls already there, and hooks hookwire must not run (see
 * stayReason), stay in place. Only the `hooks` entries of events that change are rewritten.
 */
export function planClaudeInit(settings: readonly SettingsText[], target: CatchAllTarget): InitPlan {
  const moved: MovedDefinition[] = [];
  const notes: string[] = [];
  const remaining = new Map<string, Map<EventName, unknown[]>>();
  const longest = new Map<EventName, number>();
  const catchAllFile = new Map<EventName, string>();
  const catchAllTimeout = new Map<string, number>();
  const watched = new Map<EventName, Set<string>>();
  const policy: Record<string, unknown[]> = {};

  for (const { file, text } of settings) {
    const root = parseSettings(file, text);
    for (const key of POLICY_KEYS) {
      const value = root[key];
      if (Array.isArray(value)) policy[key] = [...new Set([...(policy[key] ?? []), ...value])];
    }
    const enabled = isJsonObject(root.enabledPlugins)
      ? Object.keys(root.enabledPlugins).filter(
          (id) => (root.enabledPlugins as Record<string, unknown>)[id] !== false,
        )
      : [];
    if (enabled.length > 0) {
      // Claude Code runs a plugin's hooks itself; a catch-all `hookwire run --settings` never loads plugins.
      notes.push(
        `${file}: the hooks of enabled plugins (${enabled.join(', ')}) stay with Claude Code, which runs them`,
      );
    }
    const hooks = root.hooks;
    if (hooks === undefined) continue;
    if (!isJsonObject(hooks)) {
      notes.push(`${file}: "hooks" is not an object; left as it is`);
      continue;
    }
    for (const [event, definitions] of Object.entries(hooks)) {
      if (!Array.isArray(definitions)) {
        notes.push(`${file}: hooks.${event} is not a list; left as it is`);
        continue;
      }
      const kept: unknown[] = [];
      let movedHere = false;
      definitions.forEach((definition, index) => {
        const where = `${file}: hooks.${event}[${index}]`;
        if (!isJsonObject(definition) || !Array.isArray(definition.hooks)) {
          notes.push(`${where} is not a definition with a "hooks" list; left as it is`);
          kept.push(definition);
          return;
        }
        const moving: JsonObject[] = [];
        const staying: unknown[] = [];
        definition.hooks.forEach((handler: unknown, handlerIndex) => {
          const reason = stayReason(event, definition, handler);
          if (reason === undefined) moving.push(handler as JsonObject);
          else staying.push(handler);
          if (reason === 'hookwire-run') catchAllTimeout.set(event, timeoutOf(event, handler as JsonObject));
          else if (reason) notes.push(`${where}.hooks[${handlerIndex}] stays with Claude Code: ${reason}`);
        });
        if (moving.length === 0) {
          kept.push(definition);
          return;
        }
        const name = event as EventName;
        movedHere = true;
        moved.push({ file, event: name, definition: { ...definition, hooks: moving } });
        if (staying.length > 0) kept.push({ ...definition, hooks: staying });
        const times = moving.map((handler) => timeoutOf(event, handler));
        const runs = definition.sequential === true ? times.reduce((a, b) => a + b, 0) : Math.max(...times);
        longest.set(name, Math.max(longest.get(name) ?? 0, runs));
        if (!catchAllFile.has(name)) catchAllFile.set(name, file);
        if (HOST_READS_MATCHERS.has(name) && typeof definition.matcher === 'string') {
          const names = watched.get(name) ?? new Set<string>();
          for (const part of definition.matcher.split('|')) if (part.trim() !== '') names.add(part.trim());
          watched.set(name, names);
        }
      });
      if (movedHere) {
        const byEvent = remaining.get(file) ?? new Map<EventName, unknown[]>();
        byEvent.set(event as EventName, kept);
        remaining.set(file, byEvent);
      }
    }
  }

  const catchAlls: Record<string, readonly JsonObject[]> = {};
  for (const [event, file] of catchAllFile) {
    const timeout = Math.ceil(longest.get(event) ?? 0) + TIMEOUT_MARGIN_SECONDS;
    const present = catchAllTimeout.get(event);
    if (present !== undefined) {
      if (present < timeout) {
        notes.push(
          `${event}: the catch-all already there has a timeout of ${present} s; the hooks moved need ${timeout} s`,
        );
      }
      continue;
    }
    const handler = { type: 'command', command: catchAllCommand(event, target), timeout };
    const matcher = [...(watched.get(event) ?? [])].join('|');
    const definition = matcher === '' ? { hooks: [handler] } : { matcher, hooks: [handler] };
    catchAlls[event] = [definition];
    remaining.get(file)?.get(event)?.push(definition);
  }

  const rewritten = new Map<string, string>();
  for (const { file, text } of settings) {
    const byEvent = remaining.get(file);
    if (!byEvent) continue;
    let next = text;
    for (const [event, definitions] of byEvent) {
      next = setJsonValue(next, ['hooks', event], definitions.length > 0 ? definitions : undefined);
    }
    const hooks = (JSON.parse(next) as JsonObject).hooks;
    if (isJsonObject(hooks) && Object.keys(hooks).length === 0)
      next = setJsonValue(next, ['hooks'], undefined);
    rewritten.set(file, next);
  }
  return { moved, rewritten, catchAlls, notes, policy };
}

/** The settings object of a strict JSON text; a located usage error otherwise. */
export function parseSettings(file: string, text: string): JsonObject {
  const document = parseJsonDocument(text);
  if (document.syntaxError) {
    const { line, column, message } = document.syntaxError;
    throw new CommandInputError(`${file}:${line}:${column}: ${message}`);
  }
  const value: unknown = JSON.parse(text);
  if (!isJsonObject(value)) throw new CommandInputError(`${file}: settings must be a JSON object`);
  return value;
}
