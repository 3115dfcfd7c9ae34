import type { CommandHandlerSettings } from '../../settings/settings-schema.js';

/** The program and argv a command hook runs, or why it cannot run. */
export type CommandLine =
  | {
      readonly ok: true;
      readonly file: string;
      readonly args: readonly string[];
      readonly form: 'shell' | 'exec';
    }
  | { readonly ok: false; readonly error: string };

const PROJECT_DIR_PLACEHOLDER = /\$\{CLAUDE_PROJECT_DIR\}|\$CLAUDE_PROJECT_DIR(?![A-Za-z0-9_])/g;

/**
 * Shell form: `/bin/sh -c <command>` (bash with `shell: "bash"`, `pwsh -Command` with `shell: "powershell"`).
 * Exec form (`args` given): the program itself, no shell; only the project-dir placeholder is substituted,
 * as a plain string, so `$HOME`, `*` and `;` arrive literally.
 */
export function commandLineOf(handler: CommandHandlerSettings, projectDir: string): CommandLine {
  if (handler.args !== undefined) {
    const substitute = (text: string): string => text.replace(PROJECT_DIR_PLACEHOLDER, () => projectDir);
    return { ok: true, file: substitute(handler.command), args: handler.args.map(substitute), form: 'exec' };
  }
  switch (handler.shell ?? 'sh') {
    case 'sh':
      return { ok: true, file: '/bin/sh', args: ['-c', handler.command], form: 'shell' };
    case 'bash':
      return { ok: true, file: 'bash', args: ['-c', handler.command], form: 'shell' };
    case 'powershell':
    case 'pwsh':
      return { ok: true, file: 'pwsh', args: ['-NoProfile', '-Command', handler.command], form: 'shell' };
    default:
      return { ok: false, error: `Unsupported shell "${handler.shell}": use sh, bash or powershell` };
  }
}
