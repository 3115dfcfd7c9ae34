/**
 * A PreToolUse payload of about `sizeBytes` once serialised (1 KB by default, the size the issue measures),
 * padded in `tool_input.content` so that it stays a realistic shape.
 */
export function preToolUsePayload(toolName = 'Bash', sizeBytes = 1024): Record<string, unknown> {
  const payload = {
    session_id: '4f9c2d8e-6a1b-4c3d-9e8f-0a1b2c3d4e5f',
    transcript_path: '/tmp/hookwire-bench/transcript.jsonl',
    cwd: '/tmp',
    permission_mode: 'default',
    hook_event_name: 'PreToolUse',
    tool_name: toolName,
    tool_use_id: 'toolu_01ABCDEFGHIJKLMNOPQRSTUV',
    tool_input: { command: 'ls -la', description: 'List files', content: '' },
  };
  const padding = Math.max(0, sizeBytes - JSON.stringify(payload).length);
  payload.tool_input.content = 'x'.repeat(padding);
  return payload;
}

/** The same payload as one line of JSON, as a hook receives it on stdin. */
export function preToolUseLine(toolName = 'Bash', sizeBytes = 1024): string {
  return `${JSON.stringify(preToolUsePayload(toolName, sizeBytes))}\n`;
}
