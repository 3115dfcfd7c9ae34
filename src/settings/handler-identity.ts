import type { HandlerType } from '../events/event-spec.js';
import { type HandlerIdentity, handlerTypes } from '../events/handler-types.js';
import { specOf } from '../events/lookup.js';
import type { HandlerConfig } from './configured-hook.js';

/**
 * What makes two handlers "the same hook" for one event, so that it runs once however many files define it
 * (the row's `dedupeKey`): command hooks by their exact command string (with args joined by NUL when given;
 * whitespace matters, as in Claude Code), http hooks by URL, prompt and agent hooks by type and prompt.
 * Callbacks get a key of their own name, prefixed so that it never equals a command.
 */
export function dedupeKeyOf(handler: HandlerConfig): string {
  return identityOf(handler, handlerTypes[handler.type].dedupeKey, (argv) => argv.join('\u0000'));
}

const plainArgument = /^[A-Za-z0-9_./:=@%+,-]+$/;

/** A short label for reports (the row's `label`): the command line, the URL, the prompt, or the callback's name. */
export function labelOf(handler: HandlerConfig): string {
  return identityOf(handler, handlerTypes[handler.type].label, labelJoin);
}

function labelJoin(argv: readonly string[]): string {
  return argv.map((part) => (plainArgument.test(part) ? part : JSON.stringify(part))).join(' ');
}

function identityOf(
  handler: HandlerConfig,
  identity: HandlerIdentity,
  joinArgv: (argv: readonly string[]) => string,
): string {
  const field = requiredFieldOf(handler);
  switch (identity) {
    case 'command-line': {
      // The exec form: the required field is the program and `args` its arguments.
      const args = (handler as { readonly args?: readonly string[] }).args;
      return args ? joinArgv([field, ...args]) : field;
    }
    case 'field':
      return field;
    case 'type-and-field':
      return `${handler.type}\u0000${field}`;
    case 'mcp-call': {
      const call = handler as { readonly server?: string; readonly input?: unknown; readonly if?: string };
      const server = call.server ?? '';
      if (joinArgv === labelJoin) return `mcp__${server}__${field}`;
      return ['mcp_tool', server, field, JSON.stringify(call.input ?? null), call.if ?? ''].join('\u0000');
    }
  }
}

/** The handler's required field (its command, URL, prompt or name), as the handler-type table names it. */
function requiredFieldOf(handler: HandlerConfig): string {
  const field: string = handlerTypes[handler.type].requiredField;
  // Loading refuses a handler whose required field is not a non-empty string; callbacks are typed so.
  return (handler as unknown as Readonly<Record<string, string>>)[field] as string;
}

/**
 * The default timeout in seconds of a handler type on an event: the catalogue's, or for an event it does not
 * know, that of the family its spelling belongs to (see `specOf`).
 */
export function defaultTimeoutSeconds(event: string, type: HandlerType): number {
  return specOf(event).timeouts[type];
}
