import { isRecord } from '../../common/is-record.js';
import { type HookDiagnostic, warning } from './hook-diagnostic.js';
import { type HookEvent, isHookEvent } from './hook-events.js';
import { PythonFloat } from './python-json.js';

/*
 * Validation of one Hooks v2 document (`models/config.py` and `loading.py`), with upstream's messages: each
 * problem is a warning located at `<file>:<json path>`; an invalid handler is dropped and its valid siblings
 * kept; a group left without handlers, and an event left without groups, are dropped. Unknown keys are
 * ignored at every level. The handler messages are pydantic's, joined with "; " in field order.
 */

/** A validated command handler, as upstream dumps it (by alias, without unset fields). */
export interface CommandHandler {
  readonly type: 'command';
  readonly command: string;
  readonly argv?: readonly string[];
  /** Seconds; a float, as upstream's model keeps it (its canonical dump writes `30.0`). */
  readonly timeout?: PythonFloat;
  readonly statusMessage?: string;
}

/** One matcher group. */
export interface HookGroup {
  readonly matcher?: string;
  readonly hooks: readonly CommandHandler[];
}

/** A validated document: groups per event, in the file's order. */
export interface HooksConfig {
  readonly hooks: Partial<Record<HookEvent, readonly HookGroup[]>>;
}

/** What reading a document gives: a Hooks v2 config, or a legacy (list-shaped) one for the migration. */
export type DocumentReading =
  | { readonly kind: 'v2'; readonly config: HooksConfig; readonly diagnostics: readonly HookDiagnostic[] }
  | { readonly kind: 'legacy'; readonly entries: readonly Record<string, unknown>[] }
  | { readonly kind: 'invalid'; readonly diagnostics: readonly HookDiagnostic[] };

/** Validates the parsed document `root` of the file `path`. */
export function readHooksDocument(root: unknown, path: string): DocumentReading {
  const invalid = (at: string, detail: string): DocumentReading => ({
    kind: 'invalid',
    diagnostics: [configProblem(path, at, detail)],
  });
  if (!isRecord(root)) return invalid('', 'expected an object');
  const hooks = root.hooks;
  if (Array.isArray(hooks) && hooks.every(isRecord)) return { kind: 'legacy', entries: hooks };
  if (!isRecord(hooks)) return invalid('hooks', 'expected an object');
  const diagnostics: HookDiagnostic[] = [];
  const config: Partial<Record<HookEvent, HookGroup[]>> = {};
  for (const [event, groups] of Object.entries(hooks)) {
    const at = `hooks.${event}`;
    if (!isHookEvent(event)) {
      diagnostics.push(configProblem(path, at, 'unknown hook event'));
      continue;
    }
    if (!Array.isArray(groups)) {
      diagnostics.push(configProblem(path, at, 'expected a list of matcher groups'));
      continue;
    }
    const valid = groups.flatMap((group, index) => readGroup(group, path, `${at}[${index}]`, diagnostics));
    // An event given an empty list is kept (with no groups), as upstream keeps it.
    if (valid.length > 0 || groups.length === 0) config[event] = valid;
  }
  return { kind: 'v2', config: { hooks: config }, diagnostics };
}

/** `Invalid hooks config at {path}:{field}: {detail}`. */
export function configProblem(path: string, at: string, detail: string): HookDiagnostic {
  const field = at === '' ? path : `${path}:${at}`;
  return warning('invalid_config', `Invalid hooks config at ${field}: ${detail}`, { field });
}

function readGroup(group: unknown, path: string, at: string, diagnostics: HookDiagnostic[]): HookGroup[] {
  if (!isRecord(group)) {
    diagnostics.push(configProblem(path, at, 'expected an object'));
    return [];
  }
  if (!Array.isArray(group.hooks)) {
    diagnostics.push(configProblem(path, `${at}.hooks`, 'expected a list of handlers'));
    return [];
  }
  const handlers = group.hooks.flatMap((handler, index) => {
    const reading = readHandler(handler);
    if (typeof reading === 'string') {
      diagnostics.push(configProblem(path, `${at}.hooks[${index}]`, reading));
      return [];
    }
    return [reading];
  });
  // Every handler invalid: the group is dropped; an empty list of handlers is a valid group.
  if (handlers.length === 0 && group.hooks.length > 0) return [];
  // The group itself is validated after its handlers, its problems located at the group.
  const matcher = group.matcher;
  if (matcher !== undefined && matcher !== null && typeof matcher !== 'string') {
    diagnostics.push(configProblem(path, at, 'Input should be a valid string'));
    return [];
  }
  return [typeof matcher === 'string' ? { matcher, hooks: handlers } : { hooks: handlers }];
}

/** A handler, or pydantic's message for why it is invalid. */
export function readHandler(handler: unknown): CommandHandler | string {
  if (!isRecord(handler)) return 'Input should be a valid dictionary or instance of CommandHookHandler';
  const errors: string[] = [];
  if (!('type' in handler)) errors.push('Field required');
  else if (handler.type !== 'command') errors.push("Input should be 'command'");
  if (!('command' in handler)) errors.push('Field required');
  else if (typeof handler.command !== 'string') errors.push('Input should be a valid string');
  const argv = handler.argv;
  if (argv !== undefined && argv !== null) {
    if (!Array.isArray(argv)) errors.push('Input should be a valid list');
    else for (const word of argv) if (typeof word !== 'string') errors.push('Input should be a valid string');
  }
  const timeout = readTimeout(handler.timeout);
  if (typeof timeout === 'string') errors.push(timeout);
  const statusMessage = handler.statusMessage;
  if (statusMessage !== undefined && statusMessage !== null && typeof statusMessage !== 'string')
    errors.push('Input should be a valid string');
  const isAsync = readBoolean(handler.async);
  if (isAsync === 'invalid') errors.push('Input should be a valid boolean');
  if (errors.length > 0) return errors.join('; ');
  if (Array.isArray(argv) && argv.length === 0)
    return 'Value error, argv must be a non-empty list of strings when provided.';
  if (Array.isArray(argv) && String(argv[0]).trim() === '')
    return 'Value error, argv[0] must be a non-empty executable path.';
  if (isAsync === true) return 'Value error, async command hooks are not yet supported.';
  return {
    type: 'command',
    command: handler.command as string,
    ...(Array.isArray(argv) ? { argv: argv as string[] } : {}),
    ...(timeout instanceof PythonFloat ? { timeout } : {}),
    ...(typeof statusMessage === 'string' ? { statusMessage } : {}),
  };
}

/** pydantic's lax float with gt=0 and no inf/nan; undefined when unset. */
function readTimeout(value: unknown): PythonFloat | string | undefined {
  if (value === undefined || value === null) return undefined;
  let number: number;
  if (typeof value === 'number') number = value;
  else if (typeof value === 'boolean') number = value ? 1 : 0;
  else if (typeof value === 'string') {
    const text = value.trim().toLowerCase().replace(/_/g, '');
    const special: Record<string, number> = {
      inf: Infinity,
      '+inf': Infinity,
      '-inf': -Infinity,
      infinity: Infinity,
      '+infinity': Infinity,
      '-infinity': -Infinity,
      nan: NaN,
      '+nan': NaN,
      '-nan': NaN,
    };
    if (text in special) number = special[text] as number;
    else if (/^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/.test(text)) number = Number(text);
    else return 'Input should be a valid number, unable to parse string as a number';
  } else return 'Input should be a valid number';
  if (!Number.isFinite(number)) return 'Input should be a finite number';
  if (!(number > 0)) return 'Input should be greater than 0';
  return new PythonFloat(number);
}

/** pydantic's lax bool. */
function readBoolean(value: unknown): boolean | undefined | 'invalid' {
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'boolean') return value;
  if (value === 0 || value === 1) return value === 1;
  if (typeof value === 'string') {
    const text = value.trim().toLowerCase();
    if (['1', 'on', 't', 'true', 'y', 'yes'].includes(text)) return true;
    if (['0', 'off', 'f', 'false', 'n', 'no'].includes(text)) return false;
  }
  return 'invalid';
}
