import { existsSync, mkdirSync, readFileSync, realpathSync, rmdirSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { parseArgs } from 'node:util';
import { version } from '../../common/version.js';
import { quoteShellWord } from '../../deepagents/shell-words.js';
import { claudeCodeHost } from '../../hosts/claude-code/claude-code-host.js';
import type { SourceLevel } from '../../settings/configured-hook.js';
import { CommandInputError, exitForUsageError, workingDirectory } from '../command-input.js';
import { hostOption } from '../host-option.js';
import type { CatchAllTarget } from '../init/catch-all-command.js';
import { hooksAddedSince, hooksOf, withAddedHooks } from '../init/hooks-added-since.js';
import { clientDetachesItself, hookwireInvocation } from '../init/hookwire-invocation.js';
import {
  BACKUP_DIRECTORY,
  type InitState,
  type RewrittenFile,
  readInitState,
  STATE_DIRECTORY,
  STATE_FILE,
  STATE_GITIGNORE,
  STATE_GITIGNORE_TEXT,
  sha256,
  stateText,
} from '../init/init-state.js';
import { appendJsonValue, setJsonValue } from '../init/json-edits.js';
import { isTrustedNow, trustWrittenSources, type WrittenSource } from '../init/keep-trust.js';
import {
  CLAUDE_SETTINGS_FILES,
  type InitPlan,
  parseSettings,
  planClaudeInit,
  type SettingsText,
} from '../init/plan-claude-init.js';

const HELP = `Usage: hookwire init claude|--host claude-code [--project DIR] [--hooks FILE] [--hookwire CMD] [--print] [--force]
       hookwire init --undo [--project DIR]
       hookwire init codex [--project DIR] [--hooks FILE] [--hookwire CMD] [--print] [--undo]
       hookwire init copilot [--project DIR] [--hooks FILE] [--hookwire CMD] [--print] [--undo]
       hookwire init qwen [--project DIR] [--hooks FILE] [--hookwire CMD] [--print] [--undo]

Moves the hooks of the project's .claude/settings.json and .claude/settings.local.json into one hooks file
(Claude settings format) and puts, in their place, one catch-all entry per event that calls
\`hookwire run --settings <hooks file> <Event>\` (detached from Claude Code for StopFailure and
InstructionsLoaded, which it does not wait for). Other keys of the settings files are kept. Hooks hookwire
cannot run for Claude Code (other handler types, plugins, background hooks, unknown events) stay, listed.

--project DIR   The project (default: the current directory).
--hooks FILE    The hooks file (default: .hookwire/hooks.json in the project).
--hookwire CMD  How the entries call hookwire (default: from where this hookwire is installed: the
                project's node_modules/.bin, npx, or \`hookwire\` on PATH).
--print         Write nothing; print the hooks the settings would get, one command per event.
--force         Overwrite a hooks file that exists and differs.
--undo          Put the hooks back: each settings file from its backup (.hookwire/backup/), byte for byte
                when it is as init left it; only its "hooks" otherwise. Removes the hooks file unless
                it was changed since.

Running it again changes nothing, unless hooks were added to the settings since: they are moved too.

\`init codex\` adds one group per event the hooks file uses to Codex's $CODEX_HOME/hooks.json, calling
\`hookwire run --host codex <Event>\`, and the trusted_hash Codex needs for each in $CODEX_HOME/config.toml
(docs/hosts/codex.md); \`init codex --undo\` removes them. Everything else in both files is kept.

\`init copilot\` writes $COPILOT_HOME/hooks/hookwire.json (GitHub Copilot CLI's user hooks, which run in every
folder), one entry per event the hooks file uses, calling \`hookwire run --host copilot <event>\`
(docs/hosts/copilot.md); \`init copilot --undo\` removes it. Copilot's other hooks files are not touched.

\`init qwen\` adds one group per event the hooks file uses to the "hooks" of $QWEN_HOME/settings.json (Qwen
Code's user settings), calling \`hookwire run --host qwen <Event>\` (timeout in ms, as Qwen counts it;
docs/hosts/qwen.md); \`init qwen --undo\` removes them. Everything else in the file is kept.
`;

const DEFAULT_HOOKS_FILE = join(STATE_DIRECTORY, 'hooks.json');

/** The hosts `init` installs into at the user level, whose hooks find the project's hooks file. */
const USER_LEVEL_HOSTS: readonly string[] = ['codex', 'copilot', 'qwen'];

/** `hookwire init claude` and `hookwire init --undo`. */
export async function run(argv: string[]): Promise<number> {
  try {
    const { values, positionals } = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        project: { type: 'string' },
        hooks: { type: 'string' },
        hookwire: { type: 'string' },
        print: { type: 'boolean' },
        force: { type: 'boolean' },
        undo: { type: 'boolean' },
        host: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    });
    if (values.help) {
      process.stdout.write(HELP);
      return 0;
    }
    const chosen = hostOption(values.host, 'init');
    if (typeof chosen === 'number') return chosen;
    const projectDir = workingDirectory(values.project);
    const [host, ...extra] = positionals;
    if (extra.length > 0 || (host !== undefined && !USER_LEVEL_HOSTS.includes(host) && host !== 'claude')) {
      throw new CommandInputError(
        `expected \`claude\`, \`codex\`, \`copilot\` or \`qwen\`, got ${positionals.join(' ')}`,
      );
    }
    const userLevel = host ?? (USER_LEVEL_HOSTS.includes(chosen.name) ? chosen.name : undefined);
    if (userLevel === 'codex' || userLevel === 'copilot' || userLevel === 'qwen') {
      const install =
        userLevel === 'codex'
          ? (await import('../init/codex/init-codex.js')).initCodex
          : userLevel === 'copilot'
            ? (await import('../init/copilot/init-copilot.js')).initCopilot
            : (await import('../init/qwen/init-qwen.js')).initQwen;
      return install({
        projectDir,
        hooksPath: resolve(projectDir, values.hooks ?? DEFAULT_HOOKS_FILE),
        hookwire: values.hookwire,
        print: values.print === true,
        undo: values.undo === true,
        env: process.env,
        cliPath: runningCli(),
        version,
        out: (text) => process.stdout.write(text),
        err: (text) => process.stderr.write(text),
      });
    }
    if (host !== undefined && chosen !== claudeCodeHost) {
      throw new CommandInputError(`\`claude\` and --host ${chosen.name} name two hosts; give one`);
    }
    if (chosen.install.supported !== true) {
      process.stderr.write(`hookwire init: ${chosen.displayName}: ${chosen.install.supported.reason}\n`);
      return 1;
    }
    if (values.undo) return await undo(projectDir);
    if (host === undefined && values.host === undefined)
      throw new CommandInputError('expected `claude` or --undo');
    return await init(projectDir, values);
  } catch (error) {
    return exitForUsageError('init', HELP, error);
  }
}

interface InitOptions {
  readonly hooks?: string | undefined;
  readonly hookwire?: string | undefined;
  readonly print?: boolean | undefined;
  readonly force?: boolean | undefined;
}

async function init(projectDir: string, options: InitOptions): Promise<number> {
  const state = readInitState(projectDir);
  const hooksPath = resolve(projectDir, options.hooks ?? state?.hooksFile ?? DEFAULT_HOOKS_FILE);
  const hooksFile = relative(projectDir, hooksPath);
  if (state && resolve(projectDir, state.hooksFile) !== hooksPath) {
    throw new CommandInputError(
      `this project was set up with ${state.hooksFile}; run \`hookwire init --undo\` first to use ${options.hooks}`,
    );
  }
  const settings: SettingsText[] = CLAUDE_SETTINGS_FILES.filter((file) =>
    existsSync(join(projectDir, file)),
  ).map((file) => ({ file, text: readFileSync(join(projectDir, file), 'utf8') }));
  const hookwire = options.hookwire ?? hookwireInvocation(runningCli(), projectDir, version);
  const target: CatchAllTarget = {
    hookwire,
    hooksFile: shellPath(hooksPath, projectDir),
    detachesItself: options.hookwire === undefined && clientDetachesItself(runningCli(), hookwire),
  };
  const plan = planClaudeInit(settings, target);
  for (const note of plan.notes) process.stderr.write(`hookwire init: ${note}\n`);
  if (options.print) {
    process.stdout.write(`${JSON.stringify({ hooks: plan.catchAlls }, null, 2)}\n`);
    return 0;
  }
  if (plan.moved.length === 0) {
    const already = state ? `; ${hooksFile} holds the hooks` : '';
    process.stdout.write(
      `hookwire init: no hooks to move in ${CLAUDE_SETTINGS_FILES.join(' or ')}${already}\n`,
    );
    return 0;
  }

  // Read before init changes them: an existing hooks file's own content must have been trusted already,
  // and a settings file init rewrites is trusted with its new bytes only if its old ones were.
  const trustedBefore = !existsSync(hooksPath) || isTrustedNow(hooksPath);
  const trustedSettings = [...plan.rewritten]
    .filter(([file]) => isTrustedNow(join(projectDir, file)))
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

  const files: RewrittenFile[] = [...(state?.files ?? [])];
  for (const [file, text] of plan.rewritten) {
    const index = files.findIndex((entry) => entry.settings === file);
    const previous = files[index];
    const backup = previous?.backup ?? join(BACKUP_DIRECTORY, basename(file));
    writeText(projectDir, backup, backupText(projectDir, file, previous));
    const entry = { settings: file, backup, written: text };
    if (previous) files[index] = entry;
    else files.push(entry);
  }
  writeText(projectDir, hooksFile, hooksText);
  for (const [file, text] of plan.rewritten) writeText(projectDir, file, text);
  const next: InitState = { hooksFile, hooksFileSha256: sha256(hooksText), files };
  writeText(projectDir, STATE_FILE, stateText(next));
  if (!existsSync(join(projectDir, STATE_GITIGNORE)))
    writeText(projectDir, STATE_GITIGNORE, STATE_GITIGNORE_TEXT);

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
 * The user ran init, so the hooks file it writes is trusted (`hookwire run` requires trust, docs/trust.md),
 * unless init added to a hooks file whose earlier content was not trusted (a `git pull` changed it, say):
 * then the user reviews it with `hookwire trust`. So are the settings files it rewrites (and `--undo`
 * restores) whose content before was trusted: init's own edit never needs a second review, and never
 * trusts what was not. Failing to record trust is told, and not init's failure.
 */
async function keepTrust(sources: readonly WrittenSource[], projectDir: string): Promise<void> {
  try {
    await trustWrittenSources(sources);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const files = sources.map((source) => source.path).join(', ');
    process.stderr.write(
      `hookwire init: could not trust ${files}: ${message}; run \`${reviewCommand(projectDir)}\`\n`,
    );
  }
}

function reviewCommand(projectDir: string): string {
  return `hookwire trust --project ${quoteShellWord(projectDir)}`;
}

/** The level `hookwire trust` reviews a Claude Code settings file at. */
function levelOf(file: string): SourceLevel {
  return basename(file) === 'settings.local.json' ? 'local' : 'project';
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
  const hooks: Record<string, unknown[]> = {};
  for (const { event, definition } of plan.moved) hooks[event] = [...(hooks[event] ?? []), definition];
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

/**
 * A settings text edited since init wrote it, with its `hooks` put back: the backup's, then the definitions
 * added since (init's catch-alls dropped). Every other key keeps the edited text's bytes.
 */
function withHooksRestored(current: string, original: string, entry: RewrittenFile): string {
  const added = hooksAddedSince(
    parseSettings(entry.settings, current),
    parseSettings(STATE_FILE, entry.written),
  );
  const hooks = withAddedHooks(hooksOf(parseSettings(entry.backup, original)), added);
  return setJsonValue(current, ['hooks'], hooks);
}

async function undo(projectDir: string): Promise<number> {
  const state = readInitState(projectDir);
  if (!state) {
    process.stderr.write(`hookwire init: nothing to undo: no ${STATE_FILE} in ${projectDir}\n`);
    return 1;
  }
  const lines: string[] = [];
  const restored: WrittenSource[] = [];
  for (const entry of state.files) {
    const { settings, backup } = entry;
    const original = readFileSync(join(projectDir, backup), 'utf8');
    const path = join(projectDir, settings);
    const current = existsSync(path) ? readFileSync(path, 'utf8') : undefined;
    const asInitLeftIt = current === undefined || current === entry.written;
    const text = asInitLeftIt ? original : withHooksRestored(current, original, entry);
    // Trusted with the restored bytes only when the bytes undo replaces were trusted.
    if (current !== undefined && isTrustedNow(path)) restored.push({ path, level: levelOf(settings), text });
    writeText(projectDir, settings, text);
    if (asInitLeftIt) {
      lines.push(`  ${settings}: restored from ${backup}`);
    } else {
      lines.push(
        `  ${settings}: changed since init; its "hooks" restored from ${backup} (with hooks added since), the rest kept`,
      );
    }
    rmSync(join(projectDir, backup), { force: true });
  }
  const hooksPath = join(projectDir, state.hooksFile);
  if (existsSync(hooksPath) && sha256(readFileSync(hooksPath, 'utf8')) !== state.hooksFileSha256) {
    lines.push(`  ${state.hooksFile}: changed since init, kept (hooks added there are not in the settings)`);
  } else {
    rmSync(hooksPath, { force: true });
    lines.push(`  ${state.hooksFile}: removed`);
  }
  rmSync(join(projectDir, STATE_FILE), { force: true });
  const gitignore = join(projectDir, STATE_GITIGNORE);
  if (existsSync(gitignore) && readFileSync(gitignore, 'utf8') === STATE_GITIGNORE_TEXT) rmSync(gitignore);
  for (const directory of [BACKUP_DIRECTORY, dirname(state.hooksFile), STATE_DIRECTORY]) {
    removeIfEmpty(join(projectDir, directory));
  }
  process.stdout.write(`hookwire init --undo:\n${lines.join('\n')}\n`);
  await keepTrust(restored, projectDir);
  return 0;
}

function writeText(projectDir: string, file: string, text: string): void {
  const path = join(projectDir, file);
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, text);
}

function removeIfEmpty(directory: string): void {
  try {
    rmdirSync(directory);
  } catch {
    // Not empty, or already gone: either way there is nothing to remove.
  }
}

/** The hooks file as one shell word: through `$CLAUDE_PROJECT_DIR` inside the project, absolute outside. */
function shellPath(path: string, projectDir: string): string {
  const inside = relative(projectDir, path);
  if (inside.startsWith('..') || isAbsolute(inside)) return quoteShellWord(path);
  return `"$CLAUDE_PROJECT_DIR"/${quoteShellWord(inside.split(sep).join('/'))}`;
}

/** The real path of the running CLI script, to tell a global install from npx or a project's copy. */
function runningCli(): string {
  const script = process.argv[1];
  try {
    return script ? realpathSync(script) : '';
  } catch {
    return script ?? '';
  }
}
