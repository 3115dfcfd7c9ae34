import { existsSync, readFileSync } from 'node:fs';
import { basename, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { quoteShellWord } from '../../../common/shell-words.js';
import { version } from '../../../common/version.js';
import { CommandInputError } from '../../../errors/command-input-error.js';
import { assertConfined } from '../../../install/confined-path.js';
import { DEFAULT_HOOKS_FILE } from '../../../install/default-hooks-file.js';
import {
  clientDetachesItself,
  eventPathOf,
  hookwireInvocation,
} from '../../../install/hookwire-invocation.js';
import { appendJsonValue } from '../../../install/json-edits.js';
import type { CatchAllTarget } from './catch-all-command.js';
import {
  BACKUP_DIRECTORY,
  type InitState,
  initDirectories,
  type RewrittenFile,
  readInitState,
  STATE_FILE,
  STATE_GITIGNORE,
  STATE_GITIGNORE_TEXT,
  sha256,
  stateText,
} from './init-state.js';
import { isTrustedNow, keepTrust, levelOf, reviewCommand } from './keep-trust.js';
import {
  CLAUDE_SETTINGS_FILES,
  type InitPlan,
  parseSettings,
  planClaudeInit,
  type SettingsText,
} from './plan-claude-init.js';
import { type HooksFileEntriesPlan, planHooksFileEntries } from './plan-hooks-file-entries.js';
import { withHooksRestored, writeProjectFile } from './with-hooks-restored.js';

/** The options of `hookwire init claude`, as given on the command line. */
export interface ClaudeInitOptions {
  readonly hooks?: string | undefined;
  readonly hookwire?: string | undefined;
  readonly print?: boolean | undefined;
  readonly force?: boolean | undefined;
  /** The real path of the running CLI script. */
  readonly cliPath: string;
}

/**
 * `hookwire init claude`: moves the hooks of the project's Claude Code settings files into the hooks file and
 * puts a catch-all entry per event in their place, with a backup of each file it rewrites and the state
 * `undoClaudeInit` reads (.hookwire/init.json); `--print` writes nothing. `cliPath` is the running CLI's
 * real path, from which the entries' way of calling hookwire is chosen. Exit code as the command's.
 */
export async function applyClaudeInit(projectDir: string, options: ClaudeInitOptions): Promise<number> {
  const state = readInitState(projectDir);
  const hooksPath = resolve(projectDir, options.hooks ?? state?.hooksFile ?? DEFAULT_HOOKS_FILE);
  const hooksFile = relative(projectDir, hooksPath);
  if (state && resolve(projectDir, state.hooksFile) !== hooksPath) {
    throw new CommandInputError(
      `this project was set up with ${state.hooksFile}; run \`hookwire init --undo\` first to use ${options.hooks}`,
    );
  }
  // A `.claude` or `.hookwire` that links out of the project would make init rewrite another's files.
  // (A --hooks FILE the user names may lie elsewhere: that is the user's choice, not the repository's.)
  const confined = [STATE_FILE, STATE_GITIGNORE, BACKUP_DIRECTORY, ...CLAUDE_SETTINGS_FILES];
  for (const file of options.hooks === undefined ? [hooksFile, ...confined] : confined)
    assertConfined(projectDir, file, join(projectDir, file));
  const settings: SettingsText[] = CLAUDE_SETTINGS_FILES.filter((file) =>
    existsSync(join(projectDir, file)),
  ).map((file) => ({ file, text: readFileSync(join(projectDir, file), 'utf8') }));
  const hookwire = options.hookwire ?? hookwireInvocation(options.cliPath, projectDir, version);
  const target: CatchAllTarget = {
    hookwire,
    hooksFile: shellPath(hooksPath, projectDir),
    detachesItself: options.hookwire === undefined && clientDetachesItself(options.cliPath, hookwire),
  };
  const plan = planClaudeInit(settings, target);
  for (const note of plan.notes) process.stderr.write(`hookwire init: ${note}\n`);
  // Nothing to move, but a hooks file there already (a clone, a project set up for another host): Claude
  // Code gets the entries that call it, or its hooks would be silently off there.
  const entries =
    plan.moved.length === 0 && state === undefined && existsSync(hooksPath)
      ? planHooksFileEntries({ file: hooksFile, text: readFileSync(hooksPath, 'utf8') }, settings, target)
      : undefined;
  if (options.print) {
    process.stdout.write(`${JSON.stringify({ hooks: entries?.catchAlls ?? plan.catchAlls }, null, 2)}\n`);
    return 0;
  }
  if (entries !== undefined) return addHooksFileEntries(projectDir, hooksPath, entries, target, options);
  if (plan.moved.length === 0) {
    const already = state ? `; ${hooksFile} holds the hooks` : '';
    process.stdout.write(
      `hookwire init: no hooks to move in ${CLAUDE_SETTINGS_FILES.join(' or ')}${already}\n`,
    );
    return 0;
  }

  // Read before init changes them: an existing hooks file's own content must have been trusted already,
  // and a settings file init rewrites is trusted with its new bytes only if its old ones were.
  const trustedBefore = !existsSync(hooksPath) || isTrustedNow(hooksPath, projectDir);
  const trustedSettings = [...plan.rewritten]
    .filter(([file]) => isTrustedNow(join(projectDir, file), projectDir))
    .map(([file, text]) => ({ path: join(projectDir, file), level: levelOf(file), text }));
  const hooksText = hooksFileText(plan, hooksPath, state !== undefined);
  if (existsSync(hooksPath) && state === undefined && !options.force) {
    if (readFileSync(hooksPath, 'utf8') !== hooksText) {
      process.stderr.write(
        `hookwire init: ${hooksFile} exists and differs from the hooks to move; nothing written (--force overwrites it)\n`,
      );
      return 1;
    }
  }

  // The directories of init's own that were there before it first ran: undo leaves them.
  const existingDirectories =
    state?.existingDirectories ??
    initDirectories(hooksFile).filter((directory) => existsSync(join(projectDir, directory)));
  const files: RewrittenFile[] = [...(state?.files ?? [])];
  for (const [file, text] of plan.rewritten) {
    const index = files.findIndex((entry) => entry.settings === file);
    const previous = files[index];
    const backup = previous?.backup ?? join(BACKUP_DIRECTORY, basename(file));
    writeProjectFile(projectDir, backup, backupText(projectDir, file, previous));
    const entry = { settings: file, backup, written: text };
    if (previous) files[index] = entry;
    else files.push(entry);
  }
  writeProjectFile(projectDir, hooksFile, hooksText);
  for (const [file, text] of plan.rewritten) writeProjectFile(projectDir, file, text);
  const next: InitState = { hooksFile, hooksFileSha256: sha256(hooksText), files, existingDirectories };
  writeProjectFile(projectDir, STATE_FILE, stateText(next));
  if (!existsSync(join(projectDir, STATE_GITIGNORE)))
    writeProjectFile(projectDir, STATE_GITIGNORE, STATE_GITIGNORE_TEXT);

  const events = [...new Set(plan.moved.map((entry) => entry.event))];
  const handlers = plan.moved.reduce(
    (count, entry) => count + (entry.definition.hooks as unknown[]).length,
    0,
  );
  const lines = [`hookwire init: moved ${handlers} hook(s) of ${events.join(', ')} into ${hooksFile}`];
  for (const [file] of plan.rewritten) {
    const added = Object.keys(plan.catchAlls).filter((event) => catchAllIn(plan, file, event));
    const entries = added.length > 0 ? `, catch-all entries for ${added.join(', ')}` : '';
    const backup = files.find((entry) => entry.settings === file)?.backup;
    lines.push(`  ${file}: rewritten${entries} (backup: ${backup})`);
  }
  lines.push(`  calls: ${target.hookwire} run --settings ${target.hooksFile} <Event>`);
  lines.push(`  events take: ${eventPathOf(options.cliPath, target.hookwire)}`);
  lines.push('  undo: hookwire init --undo');
  process.stdout.write(`${lines.join('\n')}\n`);
  const hooks = { path: hooksPath, level: 'explicit' as const, text: hooksText };
  await keepTrust(trustedBefore ? [hooks, ...trustedSettings] : trustedSettings, projectDir);
  if (!trustedBefore) {
    process.stderr.write(
      `hookwire init: ${hooksPath} held hooks you have not trusted; review them with \`${reviewCommand(projectDir)}\` before \`hookwire run\` runs them\n`,
    );
  }
  return 0;
}

/**
 * Writes the entries of `planHooksFileEntries` for a hooks file init did not write, with the state that lets
 * `--undo` take them out to the byte: the settings file's backup (none when init creates it), the hooks file
 * kept. The hooks file's trust is left to the user (`hookwire trust`), who has not reviewed it by running init.
 */
async function addHooksFileEntries(
  projectDir: string,
  hooksPath: string,
  entries: HooksFileEntriesPlan,
  target: CatchAllTarget,
  options: ClaudeInitOptions,
): Promise<number> {
  const hooksFile = relative(projectDir, hooksPath);
  const { file, text, created } = entries.settings;
  const path = join(projectDir, file);
  const trustedSettings = !created && isTrustedNow(path, projectDir);
  const existingDirectories = initDirectories(hooksFile).filter((directory) =>
    existsSync(join(projectDir, directory)),
  );
  const backup = join(BACKUP_DIRECTORY, basename(file));
  if (!created) writeProjectFile(projectDir, backup, readFileSync(path, 'utf8'));
  writeProjectFile(projectDir, file, text);
  const next: InitState = {
    hooksFile,
    hooksFileSha256: sha256(readFileSync(hooksPath, 'utf8')),
    hooksFileKept: true,
    files: [{ settings: file, backup, written: text, ...(created ? { created: true } : {}) }],
    existingDirectories,
  };
  writeProjectFile(projectDir, STATE_FILE, stateText(next));
  if (!existsSync(join(projectDir, STATE_GITIGNORE)))
    writeProjectFile(projectDir, STATE_GITIGNORE, STATE_GITIGNORE_TEXT);
  const events = Object.keys(entries.catchAlls);
  process.stdout.write(
    [
      `hookwire init: no hooks to move in ${CLAUDE_SETTINGS_FILES.join(' or ')}; ${hooksFile} has hooks for ${events.join(', ')}`,
      `  ${file}: ${created ? 'created' : 'rewritten'}, catch-all entries for ${events.join(', ')}${created ? '' : ` (backup: ${backup})`}`,
      `  calls: ${target.hookwire} run --settings ${target.hooksFile} <Event>`,
      `  events take: ${eventPathOf(options.cliPath, target.hookwire)}`,
      '  undo: hookwire init --undo',
      '',
    ].join('\n'),
  );
  if (trustedSettings) await keepTrust([{ path, level: levelOf(file), text }], projectDir);
  if (!isTrustedNow(hooksPath, projectDir)) {
    process.stderr.write(
      `hookwire init: ${hooksPath} holds hooks you have not trusted; review them with \`${reviewCommand(projectDir)}\` before \`hookwire run\` runs them\n`,
    );
  }
  return 0;
}

/** Whether `file`'s new text got the catch-all of `event`. */
function catchAllIn(plan: InitPlan, file: string, event: string): boolean {
  return plan.moved.find((entry) => entry.event === event)?.file === file;
}

/** The hooks file to write: the moved definitions appended to the one init wrote before, or a new file. */
function hooksFileText(plan: InitPlan, hooksPath: string, addToExisting: boolean): string {
  if (addToExisting && existsSync(hooksPath)) {
    let text = readFileSync(hooksPath, 'utf8');
    parseSettings(hooksPath, text);
    for (const { event, definition } of plan.moved)
      text = appendJsonValue(text, ['hooks', event], definition);
    return text;
  }
  // A Map, then own properties: whatever an event is named, it is a key like any.
  const byEvent = new Map<string, unknown[]>();
  for (const { event, definition } of plan.moved)
    byEvent.set(event, [...(byEvent.get(event) ?? []), definition]);
  const hooks = Object.fromEntries(byEvent);
  return `${JSON.stringify({ hooks, ...plan.policy }, null, 2)}\n`;
}

/**
 * The backup of a settings file: its text before init first changed it. When init changes it again after
 * it was edited, the backup becomes the file as it is now (the edits included) with the hooks of the first
 * backup and the definitions added since, so that an undo puts all of them back.
 */
function backupText(projectDir: string, file: string, previous: RewrittenFile | undefined): string {
  const current = readFileSync(join(projectDir, file), 'utf8');
  if (!previous || !existsSync(join(projectDir, previous.backup))) return current;
  const original = readFileSync(join(projectDir, previous.backup), 'utf8');
  if (current === previous.written) return original;
  return withHooksRestored(current, original, previous);
}

/** The hooks file as one shell word: through `$CLAUDE_PROJECT_DIR` inside the project, absolute outside. */
function shellPath(path: string, projectDir: string): string {
  const inside = relative(projectDir, path);
  if (inside.startsWith('..') || isAbsolute(inside)) return quoteShellWord(path);
  return `"$CLAUDE_PROJECT_DIR"/${quoteShellWord(inside.split(sep).join('/'))}`;
}
