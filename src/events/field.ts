import type { FieldSpec, FieldType, TimeoutTable } from './event-spec.js';

/** A payload field every payload of the event carries. */
export function required(type: FieldType, description: string): FieldSpec {
  return { type, required: true, description };
}

/** A payload field that is present only in some contexts. */
export function optional(type: FieldType, description: string): FieldSpec {
  return { type, required: false, description };
}

/** Default timeouts of the protocol, in seconds (`claude-code-behaviour.md`, "Running a command hook"). */
export const PROTOCOL_TIMEOUTS: TimeoutTable = {
  command: 600,
  http: 600,
  prompt: 30,
  agent: 60,
  callback: 600,
};

/** Deep Agents runs every command with a fixed 5 second timeout (`deepagents-hooks.md`). */
export const DEEPAGENTS_TIMEOUTS: TimeoutTable = { command: 5, http: 5, prompt: 5, agent: 5, callback: 5 };

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
