import { isRecord } from '../../common/is-record.js';
import { type HookEvent, isHookEvent } from './hook-events.js';

/*
 * A Hooks v2 stdin payload as upstream's `HookWireInput` reads it (`models/wire.py`): the common fields,
 * the event's own, each required one present; unknown keys are dropped (its models ignore extras), so
 * re-dumping gives only what Deep Agents Code defines.
 */

const COMMON = [
  'session_id',
  'transcript_path',
  'cwd',
  'hook_event_name',
  'prompt_id',
  'permission_mode',
  'effort',
];
const COMMON_REQUIRED = ['session_id', 'transcript_path', 'cwd', 'hook_event_name'];

/** Each event's own fields: required first, then `|`, then optional. */
const EVENT_FIELDS: Record<HookEvent, readonly [readonly string[], readonly string[]]> = {
  SessionStart: [['source'], ['model']],
  UserPromptSubmit: [['prompt'], []],
  SessionEnd: [['reason'], []],
  PermissionRequest: [['tool_name', 'tool_input'], ['permission_suggestions']],
  Notification: [['message', 'notification_type'], ['title']],
  PreToolUse: [['tool_name', 'tool_input', 'tool_use_id'], []],
  PostToolUse: [['tool_name', 'tool_input', 'tool_response', 'tool_use_id'], ['duration_ms']],
  PostToolUseFailure: [
    ['tool_name', 'tool_input', 'tool_use_id', 'error'],
    ['is_interrupt', 'duration_ms'],
  ],
  PreCompact: [['trigger'], ['custom_instructions']],
  Stop: [[], ['stop_hook_active', 'last_assistant_message', 'background_tasks', 'session_crons']],
  SubagentStart: [['agent_id', 'agent_type'], []],
  SubagentStop: [
    ['agent_id', 'agent_type'],
    [
      'stop_hook_active',
      'agent_transcript_path',
      'last_assistant_message',
      'background_tasks',
      'session_crons',
    ],
  ],
};

/** The payload's known fields, or why it is not a Hooks v2 payload. */
export function readWireInput(
  value: unknown,
): { readonly payload: Record<string, unknown> } | { readonly problem: string } {
  if (!isRecord(value)) return { problem: 'the payload is not a JSON object' };
  const event = value.hook_event_name;
  if (typeof event !== 'string' || !isHookEvent(event))
    return { problem: `unknown hook_event_name ${JSON.stringify(event)}` };
  const [required, optional] = EVENT_FIELDS[event];
  for (const key of [...COMMON_REQUIRED, ...required])
    if (value[key] === undefined || value[key] === null)
      return { problem: `${event} payload without ${key}` };
  const payload: Record<string, unknown> = {};
  for (const key of [...COMMON, ...required, ...optional])
    if (value[key] !== undefined && value[key] !== null) payload[key] = value[key];
  return { payload };
}
