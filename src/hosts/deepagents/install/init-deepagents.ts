import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type ParseError, parse, printParseErrorCode } from 'jsonc-parser';
import { CommandInputError } from '../../../errors/command-input-error.js';
import { appendArrayElement } from '../../../install/json-array-edits.js';
import { setJsonValue } from '../../../install/json-edits.js';
import { guardMissingProgram } from '../../../install/missing-program-guard.js';
import { putBackFile, putBackMessage } from '../../../install/put-back-file.js';
import { isJsonObject, type JsonObject } from '../../../install/stay-reason.js';
import { userLevelInvocation, warnIfUntrusted, writeIfChanged } from '../../../install/user-level-install.js';
import { homeDirectory } from '../../../settings/settings-locations.js';
import type { HostInstaller, HostInstallOptions } from '../../host.js';
import { hostNamed } from '../../registry.js';
import { HOOK_EVENT_NAMES, type HookEvent, isHookEvent } from '../hook-events.js';
import {
  canonicalProjectRoot,
  hooksTrustStorePath,
  projectHooksPath,
  readHooksTrust,
  userHooksPath,
} from '../workspace-trust.js';

export interface InitDeepAgentsOptions extends HostInstallOptions {
  /** Which Deep Agents Code file gets hookwire: the user's (every project) or the project's. */
  readonly scope: 'user' | 'project';
}

/** `hookwire init deepagents` as the contract's installer: `--scope user|project` (default user). */
export const installDeepAgents: HostInstaller = (options) => {
  const scope = options.values.scope ?? 'user';
  if (scope !== 'user' && scope !== 'project')
    throw new CommandInputError(`--scope must be user or project, not ${JSON.stringify(scope)}`);
  return initDeepAgents({ ...options, scope });
};

/**
 * How long Deep Agents Code waits for `hookwire run`, in seconds: its default for every event but
 * UserPromptSubmit (30 s), so that each hook's own `timeout`, which hookwire enforces, is what ends a slow one.
 */
export const DEEPAGENTS_ENTRY_TIMEOUT_SECONDS = 600;

/** Whether a handler is one `hookwire init deepagents` wrote. */
function isHookwireHandler(handler: unknown): boolean {
  return (
    isJsonObject(handler) &&
    typeof handler.command === 'string' &&
    / run --host deepagents\b/.test(handler.command)
  );
}

/** A group whose handlers are all hookwire's. */
function isHookwireGroup(group: unknown): boolean {
  return (
    isJsonObject(group) &&
    (group.matcher === undefined || group.matcher === '' || group.matcher === '*') &&
    Array.isArray(group.hooks) &&
    group.hooks.length > 0 &&
    group.hooks.every(isHookwireHandler)
  );
}

/**
 * `hookwire init deepagents`: one hookwire group per event the project's hooks use, in Deep Agents Code's
 * Hooks v2 file (the user's `~/.deepagents/hooks.json` by default, which Deep Agents Code always loads; the
 * project's `.deepagents/hooks.json` with `--scope project`, loaded only in a workspace it trusts), each
 * calling `hookwire run --host deepagents <Event>`. The user's own groups keep their bytes; the file as it
 * was is kept beside it (`.before-hookwire`). `--undo` removes hookwire's groups. Returns the exit code.
 */
export function initDeepAgents(options: InitDeepAgentsOptions): number {
  const home = homeDirectory(options.env);
  const file =
    options.scope === 'user'
      ? userHooksPath(home)
      : projectHooksPath(canonicalProjectRoot(options.projectDir));
  const current = existsSync(file) ? readFileSync(file, 'utf8') : undefined;
  const document = current === undefined || current.trim() === '' ? {} : parseHooksDocument(file, current);
  const hooks = isJsonObject(document.hooks) ? document.hooks : {};
  const installed = Object.entries(hooks)
    .filter(([, groups]) => Array.isArray(groups) && groups.some(isHookwireGroup))
    .map(([event]) => event);
  const events = options.undo ? [] : wantedEvents(options, installed);
  const hookwire = userLevelInvocation(options.hookwire, options.cliPath, options.version, options.env);
  const text = planText(current, hooks, events, (event) =>
    guardMissingProgram(`${hookwire} run --host deepagents ${event}`, hostNamed('deepagents'), event),
  );

  if (options.print) {
    options.out(`# ${file}\n${text}`);
    return 0;
  }
  const backup = `${file}.before-hookwire`;
  if (options.undo) {
    const remaining: unknown = parse(text);
    const onlyEmptyHooks =
      isJsonObject(remaining) &&
      Object.keys(remaining).every((key) => key === 'hooks') &&
      Object.keys(isJsonObject(remaining.hooks) ? remaining.hooks : {}).length === 0;
    // A file that held nothing but hookwire's groups, with no earlier file kept, was created by init: it goes.
    const withoutHookwire = () => (onlyEmptyHooks && !existsSync(backup) ? undefined : text);
    const write = (next: string) => writeIfChanged(file, current, next, options.err, false);
    options.err(putBackMessage(putBackFile(file, current, withoutHookwire, write), file));
    return 0;
  }
  writeIfChanged(file, current, text, options.err);
  options.err(`hookwire init: Deep Agents Code runs hookwire for ${events.join(', ')} (${file})\n`);
  if (options.scope === 'project') warnIfWorkspaceUntrusted(options, home);
  warnIfUntrusted(options.hooksPath, options.projectDir, 'Deep Agents Code', options.err);
  return 0;
}

/** The file's text with one hookwire group for each of `events` and none for any other event. */
function planText(
  current: string | undefined,
  hooks: JsonObject,
  events: readonly HookEvent[],
  commandFor: (event: HookEvent) => string,
): string {
  let text = current?.trim() ? current : '{\n  "hooks": {}\n}\n';
  if (!isJsonObject(parse(text)?.hooks)) text = setJsonValue(text, ['hooks'], {});
  for (const event of new Set<string>([...Object.keys(hooks), ...events])) {
    const groups = Array.isArray(hooks[event]) ? (hooks[event] as unknown[]) : [];
    const ours = groups.flatMap((group, index) => (isHookwireGroup(group) ? [index] : []));
    const wanted = (events as readonly string[]).includes(event);
    const handler = {
      type: 'command',
      command: commandFor(event as HookEvent),
      timeout: DEEPAGENTS_ENTRY_TIMEOUT_SECONDS,
    };
    // From the last, so the indexes of the groups still to visit do not move.
    const keep = wanted ? ours[0] : undefined;
    for (const index of [...ours].reverse())
      if (index !== keep) text = setJsonValue(text, ['hooks', event, index], undefined);
    if (keep !== undefined) text = setJsonValue(text, ['hooks', event, keep, 'hooks'], [handler]);
    else if (wanted) text = appendArrayElement(text, ['hooks', event], { hooks: [handler] });
    else if (ours.length > 0 && ours.length === groups.length)
      text = setJsonValue(text, ['hooks', event], undefined);
  }
  return text.endsWith('\n') ? text : `${text}\n`;
}

/**
 * The events to install: those the project's hooks use that Deep Agents Code has, and those already
 * installed (a user-level file serves the other projects too). Hooks for an event it lacks are listed.
 */
function wantedEvents(options: InitDeepAgentsOptions, installed: readonly string[]): HookEvent[] {
  if (!existsSync(options.hooksPath)) {
    throw new CommandInputError(
      `no hooks file at ${options.hooksPath}: write your hooks there (docs/settings.md), or move Claude Code's with \`hookwire init claude\` first`,
    );
  }
  const document = parseHooksDocument(options.hooksPath, readFileSync(options.hooksPath, 'utf8'));
  const used = isJsonObject(document.hooks) ? Object.keys(document.hooks) : [];
  for (const event of used.filter((name) => !isHookEvent(name)))
    options.err(`hookwire init: Deep Agents Code has no ${event} event; its hooks do not run under it\n`);
  return HOOK_EVENT_NAMES.filter((event) => used.includes(event) || installed.includes(event));
}

/** A hooks document as an object, or a located error; a legacy (list-shaped) Deep Agents file is refused. */
function parseHooksDocument(file: string, text: string): JsonObject {
  const errors: ParseError[] = [];
  const value: unknown = parse(text, errors, { allowTrailingComma: false, disallowComments: true });
  if (errors.length > 0) {
    const [first] = errors as [ParseError];
    const line = text.slice(0, first.offset).split('\n').length;
    throw new CommandInputError(
      `${file}:${line}: ${printParseErrorCode(first.error)}; fix it before hookwire init deepagents edits it`,
    );
  }
  if (!isJsonObject(value)) throw new CommandInputError(`${file}: expected a JSON object`);
  if (Array.isArray(value.hooks)) {
    throw new CommandInputError(
      `${file} is a legacy Deep Agents hooks file (a list of commands); Hooks v2 groups would make it a v2 document and drop those entries: move them to Hooks v2 first (docs/deepagents.md)`,
    );
  }
  if (value.hooks !== undefined && !isJsonObject(value.hooks))
    throw new CommandInputError(`${file}: "hooks" must be an object of events`);
  return value;
}

/** A project file Deep Agents Code loads only in a workspace it trusts. */
function warnIfWorkspaceUntrusted(options: InitDeepAgentsOptions, home: string): void {
  const root = canonicalProjectRoot(options.projectDir);
  const store = readHooksTrust(hooksTrustStorePath(home));
  if (store.projects[root] !== undefined) return;
  options.err(
    `hookwire init: Deep Agents Code loads ${join(root, '.deepagents', 'hooks.json')} only in a workspace it trusts: hookwire trust --host deepagents --project ${root}\n`,
  );
}
