import type { DeepAgentsEventName } from './event-names.js';
import type { EventSpec } from './event-spec.js';
import { DEEPAGENTS_TIMEOUTS, required } from './field.js';
import { handlerTypesIn } from './handler-types.js';
import { NOTIFICATION_SEMANTICS } from './notification-semantics.js';

/*
 * The catalogue's Deep Agents Code rows (`deepagents-hooks.md`, plus the later upstream tool and offload
 * events): the events of its legacy `~/.deepagents/hooks.json`, which hookwire runs as notifications.
 * `catalogue.ts` spreads them in after the protocol's and Claude Code's rows.
 */

/** Deep Agents runs no http hooks (and no model-based ones): commands and in-process callbacks. */
const LOCAL_HANDLERS = handlerTypesIn('local');

/** Shared by every Deep Agents event: fire-and-forget commands with a 5 s timeout and no matcher. */
const deepAgents = {
  family: 'deepagents',
  matcher: null,
  ...NOTIFICATION_SEMANTICS,
  handlers: LOCAL_HANDLERS,
  timeouts: DEEPAGENTS_TIMEOUTS,
} as const;

const threadId = { thread_id: required('string', 'The session thread identifier.') };
const toolNames = { tool_names: required('string[]', 'Names of the tools concerned.') };

/** The Deep Agents rows of the catalogue. A name in `DEEPAGENTS_EVENTS` without a row fails to compile. */
export const deepAgentsCatalogue = {
  'session.start': {
    ...deepAgents,
    description: 'An agent session begins.',
    input: threadId,
  },
  'session.end': { ...deepAgents, description: 'A session exits.', input: threadId },
  'user.prompt': { ...deepAgents, description: 'The user submitted a chat message.', input: {} },
  'input.required': { ...deepAgents, description: 'The agent needs human input (an interrupt).', input: {} },
  'permission.request': {
    ...deepAgents,
    description: 'Before the approval dialog, when tool calls need permission.',
    input: toolNames,
  },
  'tool.error': { ...deepAgents, description: 'A tool call returned an error.', input: toolNames },
  'task.complete': {
    ...deepAgents,
    description: 'The agent finished its task (the loop ended without interrupts).',
    input: threadId,
  },
  'context.compact': { ...deepAgents, description: 'Before the conversation is compacted.', input: {} },
  'tool.use': {
    ...deepAgents,
    description: 'A tool is about to run (later upstream event).',
    input: {
      tool_name: required('string', 'The tool.'),
      tool_id: required('string', 'Identifies the call.'),
      tool_args: required('object', 'The tool’s arguments.'),
    },
  },
  'tool.result': {
    ...deepAgents,
    description: 'A tool returned (later upstream event).',
    input: {
      tool_name: required('string', 'The tool.'),
      tool_id: required('string', 'Identifies the call.'),
      tool_args: required('object', 'The tool’s arguments.'),
      tool_status: required('string', '`success` or `error`.'),
      tool_output: required('string', 'The output, cut to 2,000 characters.'),
    },
  },
  'context.offload': {
    ...deepAgents,
    description: 'Context was offloaded to files (later upstream event).',
    input: {},
  },
} as const satisfies Record<DeepAgentsEventName, EventSpec>;
