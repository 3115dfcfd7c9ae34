import { describe, expect, it } from 'vitest';
import { GEMINI_EVENTS } from '../../../src/hosts/gemini/gemini-events.js';
import { toGeminiToolInput } from '../../../src/hosts/gemini/gemini-tool-names.js';

describe("Gemini CLI's events and tools under the catalogue's names", () => {
  it('maps every Gemini event, and back; AfterTool answers PostToolUseFailure too', () => {
    expect(GEMINI_EVENTS.toCatalogue('BeforeTool')).toBe('PreToolUse');
    expect(GEMINI_EVENTS.toCatalogue('AfterAgent')).toBe('Stop');
    expect(GEMINI_EVENTS.toCatalogue('PreCompress')).toBe('PreCompact');
    expect(GEMINI_EVENTS.toCatalogue('BeforeModel')).toBe('BeforeModel');
    expect(GEMINI_EVENTS.fromCatalogue('PostToolUseFailure')).toBe('AfterTool');
    expect(GEMINI_EVENTS.fromCatalogue('UserPromptSubmit')).toBe('BeforeAgent');
    expect(GEMINI_EVENTS.fromCatalogue('PermissionRequest')).toBeUndefined();
  });

  it("names an MCP tool as Claude Code does, from Gemini's mcp_context", () => {
    const incoming = GEMINI_EVENTS.incoming('BeforeTool', {
      hook_event_name: 'BeforeTool',
      tool_name: 'mcp_github_create_issue',
      tool_input: { title: 'x' },
      mcp_context: { server_name: 'github', tool_name: 'create_issue', command: 'gh-mcp' },
    });
    expect(incoming.event).toBe('PreToolUse');
    expect(incoming.payload).toMatchObject({
      tool_name: 'mcp__github__create_issue',
      host_tool_name: 'mcp_github_create_issue',
      tool_input: { title: 'x' },
    });
    expect(incoming.original.payload.tool_name).toBe('mcp_github_create_issue');
  });

  it("gives a notification Claude Code's type, and leaves an event Gemini lacks as it came", () => {
    const notification = GEMINI_EVENTS.incoming('Notification', {
      notification_type: 'ToolPermission',
      message: 'Allow?',
    });
    expect(notification.payload).toMatchObject({
      hook_event_name: 'Notification',
      notification_type: 'permission_prompt',
      host_event_name: 'Notification',
    });
    const other = GEMINI_EVENTS.incoming('PreToolUse', { tool_name: 'Bash' });
    expect(other).toEqual({
      event: 'PreToolUse',
      payload: { tool_name: 'Bash' },
      original: { event: 'PreToolUse', payload: { tool_name: 'Bash' } },
    });
  });

  it("puts a rewrite back under the tool's own keys, and no other tool's", () => {
    expect(toGeminiToolInput('list_directory', { path: 'src' })).toEqual({ dir_path: 'src' });
    expect(toGeminiToolInput('get_internal_docs', { path: 'a.md' })).toEqual({ path: 'a.md' });
    expect(toGeminiToolInput('run_shell_command', { command: 'ls', run_in_background: true })).toEqual({
      command: 'ls',
      is_background: true,
    });
  });
});
