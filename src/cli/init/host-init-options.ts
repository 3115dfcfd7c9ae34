/** What `hookwire init <host>` gives every host's installer (Claude Code's own init takes its flags whole). */
export interface HostInitOptions {
  readonly projectDir: string;
  /** The project's hooks file (hookwire's), absolute. */
  readonly hooksPath: string;
  /** `--hookwire CMD`: the command the installed hooks call instead of the one init finds. */
  readonly hookwire: string | undefined;
  readonly print: boolean;
  readonly undo: boolean;
  readonly env: NodeJS.ProcessEnv;
  /** The real path of the running CLI, to tell a global install from npx or a project's copy. */
  readonly cliPath: string;
  readonly version: string;
  readonly out: (text: string) => void;
  readonly err: (text: string) => void;
}
