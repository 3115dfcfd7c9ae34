import { describe, expect, it } from 'vitest';
import { COPILOT_HOST_EVENTS } from '../../../src/hosts/copilot/copilot-events.js';
import { toCopilotArgs } from '../../../src/hosts/copilot/copilot-tool-names.js';

/* Copilot's camelCase payloads, as 1.0.102 sent them (docs/hosts/copilot.md), under the catalogue's names. */
describe("GitHub Copilot CLI's events on the catalogue", () => {
  it('maps preToolUse to PreToolUse, bash to Bash, and keeps its own names beside them', () => {
    const payload = {
      sessionId: 's1',
      timestamp: 1796412102533,
      cwd: '/p',
      toolName: 'bash',
      toolArgs: { command: 'rm -rf build', description: 'clean' },
    };
    expect(COPILOT_HOST_EVENTS.incoming('preToolUse', payload)).toEqual({
      event: 'PreToolUse',
      payload: {
        hook_event_name: 'PreToolUse',
        host_event_name: 'preToolUse',
        session_id: 's1',
        timestamp: 1796412102533,
        cwd: '/p',
        tool_name: 'Bash',
        host_tool_name: 'bash',
        tool_input: { command: 'rm -rf build', description: 'clean' },
      },
      original: { event: 'preToolUse', payload },
    });
  });

  it("gives a file tool Claude Code's argument names beside Copilot's, and takes them back in a rewrite", () => {
    const { payload } = COPILOT_HOST_EVENTS.incoming('preToolUse', {
      sessionId: 's1',
      cwd: '/p',
      toolName: 'edit',
      toolArgs: JSON.stringify({ path: '/p/a.ts', old_str: 'a', new_str: 'b' }),
    });
    expect(payload.tool_name).toBe('Edit');
    expect(payload.tool_input).toEqual({
      path: '/p/a.ts',
      old_str: 'a',
      new_str: 'b',
      file_path: '/p/a.ts',
      old_string: 'a',
      new_string: 'b',
    });
    expect(
      toCopilotArgs({
        path: '/p/a.ts',
        file_path: '/p/b.ts',
        old_str: 'a',
        old_string: 'a',
        new_string: 'c',
      }),
    ).toEqual({ path: '/p/b.ts', old_str: 'a', new_str: 'c' });
  });

  it("maps postToolUse's result, agentStop, the session's source and end reason", () => {
    const post = COPILOT_HOST_EVENTS.incoming('postToolUse', {
      sessionId: 's1',
      toolName: 'bash',
      toolArgs: { command: 'ls' },
      toolResult: { resultType: 'success', textResultForLlm: 'a\nb' },
    }).payload;
    expect(post).toMatchObject({
      tool_response: 'a\nb',
      tool_result: { result_type: 'success', text_result_for_llm: 'a\nb' },
    });
    const stop = COPILOT_HOST_EVENTS.incoming('agentStop', {
      sessionId: 's1',
      transcriptPath: '/h/events.jsonl',
      stopReason: 'end_turn',
      stop_hook_active: true,
    });
    expect(stop.event).toBe('Stop');
    expect(stop.payload).toMatchObject({
      transcript_path: '/h/events.jsonl',
      stop_reason: 'end_turn',
      stop_hook_active: true,
    });
    expect(COPILOT_HOST_EVENTS.incoming('sessionStart', { source: 'new' }).payload.source).toBe('startup');
    expect(COPILOT_HOST_EVENTS.incoming('sessionEnd', { reason: 'complete' }).payload).toMatchObject({
      reason: 'other',
      host_reason: 'complete',
    });
  });

  it("leaves a Claude Code-named event as it is: Copilot already sends Claude Code's payload for it", () => {
    const payload = { hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command: 'ls' } };
    expect(COPILOT_HOST_EVENTS.incoming('PreToolUse', payload).payload).toBe(payload);
    expect(COPILOT_HOST_EVENTS.toCatalogue('userPromptSubmitted')).toBe('UserPromptSubmit');
    expect(COPILOT_HOST_EVENTS.fromCatalogue('Stop')).toBe('agentStop');
    expect(COPILOT_HOST_EVENTS.fromCatalogue('TeammateIdle')).toBeUndefined();
  });

  it("maps Copilot's own events to its own catalogue rows", () => {
    expect(
      COPILOT_HOST_EVENTS.incoming('userPromptTransformed', { prompt: 'a', transformedPrompt: 'b' }),
    ).toMatchObject({
      event: 'UserPromptTransformed',
      payload: { prompt: 'a', transformed_prompt: 'b', hook_event_name: 'UserPromptTransformed' },
    });
    expect(COPILOT_HOST_EVENTS.toCatalogue('errorOccurred')).toBe('ErrorOccurred');
  });
});
