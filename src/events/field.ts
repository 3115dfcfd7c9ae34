import type { FieldSpec, FieldType, TimeoutTable } from './event-spec.js';
import { defaultTimeoutsOf } from './handler-types.js';

/** A payload field every payload of the event carries. */
export function required(type: FieldType, description: string): FieldSpec {
  return { type, required: true, description };
}

/** A payload field that is present only in some contexts. */
export function optional(type: FieldType, description: string): FieldSpec {
  return { type, required: false, description };
}

/** Default timeouts of the protocol, in seconds; Claude Code's own events share them. */
export const PROTOCOL_TIMEOUTS: TimeoutTable = defaultTimeoutsOf('protocol');

/** Deep Agents runs every command with a fixed 5 second timeout (`deepagents-hooks.md`). */
export const DEEPAGENTS_TIMEOUTS: TimeoutTable = defaultTimeoutsOf('deepagents');

/** Fields common to every protocol payload (`protocol-reference.md`, "Input and output"). */
export const COMMON_INPUT = {
  session_id: required('string', 'Identifies the session.'),
  transcript_path: required('string', 'Path of the session transcript (JSONL).'),
  cwd: required('string', 'The session’s current directory; hooks run there.'),
  hook_event_name: required('string', 'The event’s name.'),
  permission_mode: optional('string', 'The permission mode in force.'),
  model: optional('string', 'The model in use.'),
  agent_id: optional('string', 'Set inside a subagent.'),
  agent_type: optional('string', 'Set inside a subagent.'),
  workspace_dirs: optional('string[]', 'Extra workspace directories.'),
  prompt_id: optional('string', 'Identifies the user turn (observed in Claude Code payloads).'),
} as const satisfies Record<string, FieldSpec>;

/** Deep Agents payloads carry only their `event` key besides the event's own fields. */
export const DEEPAGENTS_COMMON_INPUT = {
  event: required('string', 'The event’s name, for example `session.start`.'),
} as const satisfies Record<string, FieldSpec>;
