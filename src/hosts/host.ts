import type { AnyEventName } from '../events/event-names.js';
import type { Outcome } from '../outcome/outcome.js';
import type { HookVerdict } from '../read/hook-verdict.js';
import { readExecution } from '../read/read-execution.js';
import type { HandlerExecution } from '../run/handler-execution.js';
import type { ConfiguredHook } from '../settings/configured-hook.js';
import type { SettingsLocations } from '../settings/settings-locations.js';

/**
 * The contract an agent implements to be a hookwire host, versioned like the AI SDK's provider contract: a
 * host says which version it implements, so a later version can change a member without breaking a host
 * written for this one. Everything hookwire knows about one agent's hook protocol goes through it: how its
 * events come in, how a hook's output is read, how the merged outcome is answered, what environment hooks
 * get, where its files live, and how `hookwire init` installs hookwire into it. One folder per host under
 * src/hosts/ (AGENTS.md, "Adding a host"); `hostNamed` (registry.ts) finds one by name.
 */
export interface Host {
  readonly specificationVersion: 'v1';
  /** What `--host NAME` names: lower-case, dash-separated (`claude-code`). */
  readonly name: string;
  /**
   * The other names `--host` and `hookwire init` accept for it (`claude`, `gemini-cli`): each unique across
   * the registry, lower-case, dash-separated.
   */
  readonly aliases: readonly string[];
  /** How the docs and messages name the agent (`Claude Code`). */
  readonly displayName: string;
  readonly events: HostEvents;
  /** How a hook's output is read; absent: Claude Code's rules (`readExecution`), which every host so far copies. */
  readonly output?: HostOutput;
  readonly answer: HostAnswerEncoder;
  readonly environment: HostEnvironment;
  readonly locations: HostLocations;
  readonly install: HostInstall;
  /**
   * `hookwire trust --host NAME`: the host's own trust store, for a host that keeps one (Deep Agents Code's
   * workspace trust). Absent: `trust --host NAME` is refused, hookwire's own store being the host-neutral one.
   */
  readonly trust?: HostTrust;
  /**
   * Commands of the host's own, `hookwire NAME ...` (what its installed or converted hooks call, a converter
   * of its files): each listed in `hookwire --help` and imported only when it runs. A name must not be one of
   * hookwire's own commands or another host's.
   */
  readonly commands?: Readonly<Record<string, HostCommand>>;
}

/** What a host's command gets: its arguments, its input, and where it writes (the CLI's streams). */
export interface HostCommandIo {
  readonly argv: readonly string[];
  /** The command's standard input, read whole when asked (a hook's payload). */
  readStdin(): string;
  readonly env: NodeJS.ProcessEnv;
  readonly out: (text: string) => void;
  readonly err: (text: string) => void;
}

/** One command of a host's own. */
export interface HostCommand {
  /** Its line in `hookwire --help`. */
  readonly summary: string;
  /** The command, imported when it runs (`() => import('./NAME-command.js').then((module) => module.run)`). */
  load(): Promise<(io: HostCommandIo) => Promise<number>>;
}

/** `hookwire trust --host NAME` on a host with a trust store of its own. */
export interface HostTrust {
  /** Its line of `hookwire trust --help`'s usage, what follows `hookwire trust ` (`--host NAME [--yes]`). */
  readonly usage: string;
  /** Its paragraph of `hookwire trust --help`: which store, what is shown, what is recorded. */
  readonly help: string;
  /** Options beyond `--project`, `--yes`, `--list`, `--revoke` (`once`), as `node:util` `parseArgs` declares them. */
  readonly options?: Readonly<Record<string, HostInstallOption>>;
  /** The command, imported when it runs. */
  load(): Promise<(options: HostTrustOptions) => Promise<number>>;
}

/** What `hookwire trust --host NAME` gives the host's trust command. */
export interface HostTrustOptions {
  readonly projectDir: string;
  readonly yes: boolean;
  readonly list: boolean;
  readonly revoke: boolean;
  /** The host's own `options` as given (undefined for one not given). */
  readonly values: Readonly<Record<string, string | boolean | undefined>>;
  readonly env: NodeJS.ProcessEnv;
  readonly out: (text: string) => void;
  readonly err: (text: string) => void;
  /** Asks the user on the terminal; undefined when there is no terminal to ask on. */
  readonly confirm: ((question: string) => Promise<boolean>) | undefined;
  /** The terminal's width, to wrap a review; infinite when the output is not a terminal. */
  readonly columns: number;
}

/**
 * An event as the host sent it, mapped onto the catalogue: the catalogue's event name and payload (with the
 * tool name hooks match), and what the host sent, kept as it was.
 */
export interface IncomingEvent {
  readonly event: AnyEventName;
  readonly payload: Record<string, unknown>;
  /** The host's own event name and payload, unchanged. */
  readonly original: { readonly event: string; readonly payload: Readonly<Record<string, unknown>> };
}

/** How the host's events and payloads come in. */
export interface HostEvents {
  /**
   * The catalogue event for one of the host's event names (`BeforeTool` → `PreToolUse` on a host that names
   * it so); a name the host does not map comes back as it is, and runs as the catalogue runs unknown events.
   */
  toCatalogue(hostEvent: string): AnyEventName;
  /** The host's name for a catalogue event, or undefined when the host has no such event. */
  fromCatalogue(event: AnyEventName): string | undefined;
  /** The name hooks match for one of the host's tool names (`run_shell_command` → `Bash`). */
  toolName(hostTool: string): string;
  /** The payload under the catalogue's field names; the host's own stays in `IncomingEvent.original`. */
  incoming(hostEvent: string, payload: Record<string, unknown>): IncomingEvent;
}

/** How a hook's output is read on the host. */
export interface HostOutput {
  /**
   * One hook's verdict from what it did (exit code, stdout JSON fields, plain stdout) under the event's
   * catalogue row and the host's rules.
   */
  read(event: AnyEventName, hook: ConfiguredHook, execution: HandlerExecution): HookVerdict;
}

/** The host's reader of a hook's output: its own `output.read`, else Claude Code's rules. */
export function hostOutputReader(host: Pick<Host, 'output'>): HostOutput['read'] {
  return host.output?.read ?? readExecution;
}

/** What a command hook prints and how it exits: the host's answer to `hookwire run`. */
export interface CommandAnswer {
  readonly stdout: string;
  readonly stderr: string;
  readonly exitCode: number;
}

/**
 * How the merged outcome is answered. A decision the host cannot express is answered as the closest one that
 * is safe (a block the host cannot read as a block still stops nothing, so it is told on stderr, never
 * dropped in silence).
 */
export interface HostAnswerEncoder {
  /**
   * As a command hook: stdout, stderr and exit code (`hookwire run`). `incoming` is the event as the host
   * sent it, for a host whose answer speaks its own words (Gemini CLI's tool arguments); absent in a trace.
   */
  command(outcome: Outcome, incoming?: IncomingEvent): CommandAnswer;
  /**
   * As an http hook: the JSON body (`hookwire serve`). `incoming` as for `command` (absent in a trace). A
   * host without http hooks of its own answers its command hook's JSON (`commandAnswerAsHttp`).
   */
  http(outcome: Outcome, incoming?: IncomingEvent): Record<string, unknown>;
  /**
   * `hookwire run`'s own failure on an event that can block, answered as a block with `reason`. Absent:
   * exit 2 with the reason on stderr, which Claude Code and the hosts that copy it read as a block on every
   * such event. A host that does not (Copilot CLI only warns on exit 2 for some events) answers here.
   */
  failure?(outcome: Outcome, incoming?: IncomingEvent): CommandAnswer;
}

/** The variables the host gives its hooks, which hooks run by hookwire get too. */
export interface HostEnvironment {
  /** For one session of a project (Claude Code: `CLAUDECODE=1`, `CLAUDE_CODE_SESSION_ID`). */
  variables(session: { readonly sessionId: string; readonly projectDir: string }): Record<string, string>;
}

/** Where the host keeps its settings and transcripts. */
export interface HostLocations {
  /**
   * The default settings sources for a working directory and environment: what the engine loads when no
   * settings are named (`createEngine` reads it), and what `list` and `validate` show.
   */
  settings(cwd: string, env: Readonly<Record<string, string | undefined>>): SettingsLocations;
  /** Where the host writes a session's transcript when the payload names none. */
  transcriptPath(homeDir: string, projectDir: string, sessionId: string): string;
  /**
   * Where `hookwire run` finds the hooks when no `--settings` is given. `settings`: the sources of `settings`
   * above (Claude Code's user, project and local settings). `project-hooks-file`: the `.hookwire/hooks.json`
   * of the project the session's directory is in, for a host whose user-level hooks call hookwire in every
   * project; a directory without one has no hooks to run.
   */
  readonly hooks: 'settings' | 'project-hooks-file';
}

/**
 * How `hookwire init` installs hookwire into the host. `commands/init.ts` only reads these rows: it finds the
 * host by name, alias or `--host`, accepts the options the host declares, builds `--help` from every row, and
 * imports the installer (`load`) only then, so `hookwire run` never loads installer code.
 */
export type HostInstall = SupportedHostInstall | UnsupportedHostInstall;

/** A host `init` installs into. */
export interface SupportedHostInstall {
  readonly supported: true;
  /**
   * Its lines of `hookwire init --help`'s usage, each what follows `hookwire init `
   * (`gemini [--project DIR] [--hooks FILE] [--hookwire CMD] [--user] [--trust-folder] [--print] [--undo]`).
   */
  readonly usage: readonly string[];
  /** Its paragraph of `hookwire init --help`: what it writes, where, and what `--undo` does. */
  readonly help: string;
  /**
   * The options it takes beyond the ones every host takes (`--project`, `--hooks`, `--hookwire`, `--print`,
   * `--undo`), as `node:util` `parseArgs` declares them (Gemini CLI's `user`, `trust-folder`); another host's
   * option given to it is a usage error.
   */
  readonly options?: Readonly<Record<string, HostInstallOption>>;
  /**
   * The installer, imported when `init` runs: a module in the host's folder
   * (`() => import('./install/init-NAME.js').then((module) => module.initNAME)`).
   */
  load(): Promise<HostInstaller>;
}

/** A host `init` does not install into yet. */
export interface UnsupportedHostInstall {
  /** What `init` says instead (exit 1). */
  readonly supported: { readonly reason: string };
}

/** An option of one host's `hookwire init`: a flag, or one that takes a value. */
export interface HostInstallOption {
  readonly type: 'boolean' | 'string';
}

/** Installs hookwire into the host, or with `undo` takes it out again; resolves to the command's exit code. */
export type HostInstaller = (options: HostInstallOptions) => number | Promise<number>;

/** What `hookwire init` gives every host's installer. */
export interface HostInstallOptions {
  readonly projectDir: string;
  /** The project's hooks file (hookwire's), absolute: `--hooks` resolved in the project, else its default. */
  readonly hooksPath: string;
  /** `--hookwire CMD`: the command the installed hooks call instead of the one init finds. */
  readonly hookwire: string | undefined;
  readonly print: boolean;
  readonly undo: boolean;
  /**
   * The command line's options as given (`--hooks` unresolved, the host's own `options`): undefined for an
   * option not given.
   */
  readonly values: Readonly<Record<string, string | boolean | undefined>>;
  readonly env: NodeJS.ProcessEnv;
  /** The real path of the running CLI, to tell a global install from npx or a project's copy. */
  readonly cliPath: string;
  readonly version: string;
  readonly out: (text: string) => void;
  readonly err: (text: string) => void;
}
