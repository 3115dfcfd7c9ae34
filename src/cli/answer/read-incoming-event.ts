import type { Host, IncomingEvent } from '../../hosts/host.js';
import { CommandInputError, parseObject } from '../command-input.js';

/**
 * The hook input on stdin as the host sent it, mapped onto the catalogue by the host (the identity for
 * Claude Code): the event and its payload under the catalogue's names.
 */
export function readIncomingEvent(
  host: Host,
  stdin: string,
  eventArgument: string | undefined,
): IncomingEvent {
  if (stdin.trim() === '') throw new CommandInputError('no hook input on stdin (expected the event as JSON)');
  const received = parseObject(stdin, 'the hook input on stdin');
  return host.events.incoming(hostEventOf(received, eventArgument), received);
}

/** The event named by the input's `hook_event_name`; an EVENT argument must agree (or stand in for it). */
function hostEventOf(payload: Record<string, unknown>, argument: string | undefined): string {
  const named = payload.hook_event_name;
  if (named !== undefined && typeof named !== 'string') {
    throw new CommandInputError('hook_event_name in the hook input must be a string');
  }
  if (named !== undefined && argument !== undefined && named !== argument) {
    throw new CommandInputError(
      `the hook input is for ${named} but hookwire run was configured for ${argument}; check the settings that call it`,
    );
  }
  const name = named ?? argument;
  if (name === undefined)
    throw new CommandInputError('the hook input has no hook_event_name and no EVENT was given');
  return name;
}
