/*
 * What `fire`, `run` and `replay` share: reading settings paths, payloads and recorded sessions from the
 * command line. Kept free of heavy imports, since `hookwire run` loads it on every event.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { isRecord } from '../common/is-record.js';
import { CommandInputError } from '../errors/command-input-error.js';
import type { AnyEventName } from '../events/event-names.js';

export { CommandInputError };

/** node:util parseArgs reports unknown options and missing values with these codes. */
export function isParseArgsError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && code.startsWith('ERR_PARSE_ARGS');
}

/**
 * Ends a command that failed on what the user typed: prints the message and the usage, and gives exit code 2.
 * Anything else is a real failure and is rethrown.
 */
export function exitForUsageError(command: string, usage: string, error: unknown): number {
  if (!(error instanceof CommandInputError || isParseArgsError(error))) throw error;
  process.stderr.write(`hookwire ${command}: ${(error as Error).message}\n\n${usage}`);
  return 2;
}

/** `--settings` paths, absolute; undefined (every default source) when none is given. Missing files fail. */
export function settingsPaths(values: readonly string[] | undefined): string[] | undefined {
  return existingPaths(values, 'settings file');
}

/** `--plugin` directories, absolute; undefined when none is given. Missing ones fail. */
export function pluginPaths(values: readonly string[] | undefined): string[] | undefined {
  return existingPaths(values, 'plugin directory');
}

/**
 * `--mcp-config` values as the engine takes them: files made absolute against `cwd`, JSON text (a value
 * starting with `{`, as Claude Code also takes) as given. With `mustExist`, a missing file is a usage error;
 * `hookwire run` leaves it to the engine, which fails the mcp_tool hooks closed instead.
 */
export function mcpConfigValues(
  values: readonly string[] | undefined,
  cwd: string,
  mustExist = false,
): string[] {
  return (values ?? []).map((value) => {
    if (value.trimStart().startsWith('{')) return value;
    const path = resolve(cwd, value);
    if (mustExist && !existsSync(path)) throw new CommandInputError(`MCP config file not found: ${value}`);
    return path;
  });
}

function existingPaths(values: readonly string[] | undefined, what: string): string[] | undefined {
  if (!values || values.length === 0) return undefined;
  return values.map((value) => {
    const path = resolve(value);
    if (!existsSync(path)) throw new CommandInputError(`${what} not found: ${value}`);
    return path;
  });
}

/**
 * The sources a command was told to load (`--settings FILE`, `--plugin DIR`), as engine options; undefined
 * when it was told none, and loads the default sources.
 */
export function namedSources(values: {
  readonly settings?: readonly string[] | undefined;
  readonly plugin?: readonly string[] | undefined;
}): { settings?: string[]; plugins?: string[] } | undefined {
  const settings = settingsPaths(values.settings);
  const plugins = pluginPaths(values.plugin);
  if (settings === undefined && plugins === undefined) return undefined;
  return { ...(settings ? { settings } : {}), ...(plugins ? { plugins } : {}) };
}

/**
 * The event name as given. A name the catalogue does not know is no usage error: the engine runs its hooks
 * as notifications and its outcome warns, naming the closest known event.
 */
export function eventName(name: string): AnyEventName {
  if (name.trim() === '') throw new CommandInputError('the event name is empty');
  return name;
}

/** Parses JSON that must be one object; `where` names the source in the error. */
export function parseObject(text: string, where: string): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new CommandInputError(`${where} is not valid JSON: ${(error as Error).message}`);
  }
  if (!isRecord(value)) {
    throw new CommandInputError(`${where} must be a JSON object`);
  }
  return value;
}

/** Reads all of stdin as text. */
export async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** `--payload`: nothing (an empty payload), `-` (stdin), inline JSON starting with `{`, or a file path. */
export async function readPayload(value: string | undefined): Promise<Record<string, unknown>> {
  if (value === undefined) return {};
  if (value === '-') return parseObject(await readStdin(), 'the payload on stdin');
  if (value.trimStart().startsWith('{')) return parseObject(value, 'the --payload JSON');
  if (!existsSync(value)) throw new CommandInputError(`payload file not found: ${value}`);
  return parseObject(readFileSync(value, 'utf8'), `payload file ${value}`);
}

/** `--cwd`: an existing directory, absolute; default the current directory. */
export function workingDirectory(value: string | undefined): string {
  const directory = resolve(value ?? '.');
  if (!existsSync(directory) || !statSync(directory).isDirectory()) {
    throw new CommandInputError(`--cwd is not a directory: ${value}`);
  }
  return directory;
}

/**
 * Recorded payloads carry the recording machine's directory (`/home/dev/project`). Hooks run in the
 * payload's cwd, so one that does not exist here is replaced by `cwd`, and the note says so.
 */
export function withExistingCwd(
  payload: Record<string, unknown>,
  cwd: string,
): { payload: Record<string, unknown>; note: string | null } {
  const recorded = payload.cwd;
  if (typeof recorded !== 'string' || existsSync(recorded)) return { payload, note: null };
  return {
    payload: { ...payload, cwd },
    note: `the payload's cwd ${recorded} does not exist here; hooks run in ${cwd}`,
  };
}

/** One line of a recorded session: `{"event": …, "payload": …}`. */
export interface RecordedEvent {
  readonly event: AnyEventName;
  readonly payload: Record<string, unknown>;
}

/** The event and payload of one parsed session line (`where` locates it in messages). */
export function recordedEventOf(entry: Record<string, unknown>, where: string): RecordedEvent {
  if (typeof entry.event !== 'string') throw new CommandInputError(`${where}: "event" must be a string`);
  const payload = entry.payload ?? {};
  if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) {
    throw new CommandInputError(`${where}: "payload" must be an object`);
  }
  try {
    return { event: eventName(entry.event), payload: payload as Record<string, unknown> };
  } catch (error) {
    throw new CommandInputError(`${where}: ${(error as Error).message}`);
  }
}
