import { describe, expect, it } from 'vitest';
import type { HandlerConfig } from '../../src/settings/configured-hook.js';
import { dedupeKeyOf, labelOf } from '../../src/settings/handler-identity.js';
import { validateSettingsText } from '../../src/settings/validate-settings.js';

const call = (fields: Record<string, unknown> = {}) =>
  ({
    type: 'mcp_tool',
    server: 'guards',
    tool: 'check',
    input: { a: '${tool_name}' },
    ...fields,
  }) as HandlerConfig;

describe('the mcp_tool handler', () => {
  it('is one hook per server, tool, input JSON and if, as in Claude Code', () => {
    expect(dedupeKeyOf(call())).toBe(dedupeKeyOf(call({ timeout: 5, statusMessage: 'x' })));
    for (const other of [
      { server: 'other' },
      { tool: 'other' },
      { input: { a: 'b' } },
      { if: 'Bash(rm *)' },
    ]) {
      expect(dedupeKeyOf(call(other))).not.toBe(dedupeKeyOf(call()));
    }
    expect(labelOf(call())).toBe('mcp__guards__check');
  });

  it('validates cleanly with every field, and locates a missing server', () => {
    const settings = (handler: object) =>
      JSON.stringify({ hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [handler] }] } });
    const full = call({
      if: 'Bash(rm *)',
      timeout: 10,
      statusMessage: 'checking',
      once: true,
      onFailure: 'block',
    });
    const clean = validateSettingsText(settings(full), { file: 'f.json', level: 'project' });
    expect(clean.diagnostics).toEqual([]);
    expect(clean.hooks.map((hook) => [hook.type, hook.timeoutSeconds])).toEqual([['mcp_tool', 10]]);
    const { server: _server, ...serverless } = call() as Record<string, unknown>;
    const missing = validateSettingsText(settings(serverless), { file: 'f.json', level: 'project' });
    expect(missing.diagnostics.map(({ severity, jsonPath }) => ({ severity, jsonPath }))).toEqual([
      { severity: 'error', jsonPath: 'hooks.PreToolUse[0].hooks[0].server' },
    ]);
  });
});
