import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CLI_ENTRY } from '../support/cli-entry.js';

/** The repository root: every acceptance settings file points at its hook through "$CLAUDE_PROJECT_DIR". */
export const repositoryRoot = fileURLToPath(new URL('../../', import.meta.url));

const fixtures = join(repositoryRoot, 'test', 'fixtures', 'acceptance');

/** The absolute path of `<hook>/<file>` under test/fixtures/acceptance. */
export function settingsPath(hook: string, file = 'settings.json'): string {
  return join(fixtures, hook, file);
}

/**
 * The `command` of the `position`-th handler of `event` in a fixture's settings, as written: the host quotes
 * it unexpanded in `[<command>]: <stderr>`.
 */
export function commandOf(hook: string, event: string, position = 0, file = 'settings.json'): string {
  const settings = JSON.parse(readFileSync(settingsPath(hook, file), 'utf8')) as {
    hooks: Record<string, Array<{ hooks: Array<{ command: string }> }>>;
  };
  const commands = (settings.hooks[event] ?? []).flatMap((definition) =>
    definition.hooks.map((hook) => hook.command),
  );
  const command = commands[position];
  if (command === undefined) throw new Error(`${hook}/${file} has no ${event} handler #${position}`);
  return command;
}

/** A session's own directory (the payload's cwd) and a home directory for hooks that write under `$HOME`. */
export interface Project {
  readonly directory: string;
  readonly home: string;
  /** Writes `content` at `path` relative to the project, creating directories. */
  write(path: string, content: string): string;
  read(path: string): string;
}

/** A fresh project and home under `root`, so that no hook touches the repository or the real home. */
export function createProject(root: string): Project {
  const base = mkdtempSync(join(root, 'case-'));
  const directory = join(base, 'project');
  const home = join(base, 'home');
  mkdirSync(directory);
  mkdirSync(home);
  return {
    directory,
    home,
    write(path, content) {
      const target = join(directory, path);
      mkdirSync(dirname(target), { recursive: true });
      writeFileSync(target, content);
      return target;
    },
    read: (path) => readFileSync(join(directory, path), 'utf8'),
  };
}

/** A temporary root for every project of a test file. */
export function temporaryRoot(): string {
  return mkdtempSync(join(tmpdir(), 'hookwire-acceptance-'));
}

const session = {
  session_id: '6f1c2a9e-3b7d-4c1e-9a52-8d0e4f7b1c23',
  transcript_path: '/home/dev/.claude/projects/-home-dev-project/6f1c2a9e-3b7d-4c1e-9a52-8d0e4f7b1c23.jsonl',
};
const turn = { prompt_id: 'a2d4e6f8-1b3c-4d5e-8f90-1a2b3c4d5e6f', permission_mode: 'default' };

/**
 * A hook input shaped like those Claude Code 2.1.328 wrote (`../shared/fixtures/observed/` from the
 * repository root), with the field order observed, run in `project`.
 */
export function observedPayload(
  event: string,
  project: Project,
  fields: Record<string, unknown>,
): Record<string, unknown> {
  const cwd = project.directory;
  switch (event) {
    case 'PreToolUse':
    case 'PostToolUse':
      return {
        ...session,
        cwd,
        ...turn,
        effort: { level: 'medium' },
        hook_event_name: event,
        ...fields,
        tool_use_id: 'toolu_01',
      };
    case 'PermissionRequest':
    case 'Stop':
      return { ...session, cwd, ...turn, effort: { level: 'medium' }, hook_event_name: event, ...fields };
    case 'UserPromptSubmit':
      return { ...session, cwd, ...turn, hook_event_name: event, ...fields };
    case 'SessionStart':
    case 'Notification':
      return { ...session, cwd, hook_event_name: event, ...fields };
  }
  throw new Error(`no observed payload shape for ${event}`);
}

/** What a CLI run printed. */
export interface CliRun {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/**
 * `hookwire fire <event> --settings <settings> --payload - --json` as a real process from the repository root,
 * the payload on stdin, with HOOKWIRE_HOME and HOME pointed at the project's temporary home.
 */
export function fireThroughCli(
  event: string,
  settings: string,
  payload: Record<string, unknown>,
  project: Project,
): Promise<CliRun> {
  const environment: NodeJS.ProcessEnv = { ...process.env, HOOKWIRE_HOME: project.home, HOME: project.home };
  delete environment.HOOKWIRE_RUN_EVENTS;
  delete environment.CLAUDE_PROJECT_DIR;
  const child = spawn(
    process.execPath,
    [...CLI_ENTRY, 'fire', event, '--settings', settings, '--payload', '-', '--json'],
    { cwd: repositoryRoot, env: environment, stdio: ['pipe', 'pipe', 'pipe'] },
  );
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => (stdout += chunk));
  child.stderr.on('data', (chunk) => (stderr += chunk));
  child.stdin.end(`${JSON.stringify(payload)}\n`);
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}
