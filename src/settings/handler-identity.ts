import { catalogue } from '../events/catalogue.js';
import type { HandlerType } from '../events/event-spec.js';
import { PROTOCOL_TIMEOUTS } from '../events/field.js';
import { isEventName } from '../events/lookup.js';
import type { HandlerConfig } from './configured-hook.js';

/**
 * What makes two handlers "the same hook" for one event, so that it runs once however many files define it:
 * command hooks by their exact command string (with args joined by NUL when given; whitespace matters, as in
 * Claude Code), http hooks by URL, prompt and agent hooks by type and prompt. Callbacks get a key of their
 * own name, prefixed so that it never equals a command.
 */
export function dedupeKeyOf(handler: HandlerConfig): string {
  switch (handler.type) {
    case 'command':
      return handler.args ? [handler.command, ...handler.args].join('\u0000') : handler.command;
    case 'http':
      return handler.url;
    case 'prompt':
    case 'agent':
      return `${handler.type}\u0000${handler.prompt}`;
    case 'callback':
      return `callback\u0000${handler.name}`;
  }
}

const plainArgument = /^[A-Za-z0-9_./:=@%+,-]+$/;

/** A short label for reports: the command line, the URL, the prompt, or the callback's name. */
export function labelOf(handler: HandlerConfig): string {
  switch (handler.type) {
    case 'command':
      return handler.args
        ? [handler.command, ...handler.args]
            .map((part) => (plainArgument.test(part) ? part : JSON.stringify(part)))
            .join(' ')
        : handler.command;
    case 'http':
      return handler.url;
    case 'prompt':
    case 'agent':
      return handler.prompt;
    case 'callback':
      return handler.name;
  }
}

/**
 * The default timeout in seconds of a handler type on an event: the catalogue's, or the protocol's defaults
 * for events the catalogue does not know (such hooks never fire, but `list` still shows a timeout).
 */
export function defaultTimeoutSeconds(event: string, type: HandlerType): number {
  return isEventName(event) ? catalogue[event].timeouts[type] : PROTOCOL_TIMEOUTS[type];
}
