import { describe, expect, it } from 'vitest';
import { isBackground } from '../../src/engine/background/is-background.js';
import { validateSettingsText } from '../../src/settings/validate-settings.js';

/** `holdsTools` (Claude Code 2.1.329 on UserPromptSubmit, 2.1.332 on PostToolUse). */
function validated(event: string, handler: Record<string, unknown>) {
  const text = JSON.stringify({
    hooks: { [event]: [{ hooks: [{ type: 'command', command: 'x', ...handler }] }] },
  });
  return validateSettingsText(text, { file: 'f.json', level: 'project' });
}

describe('holdsTools', () => {
  it('validates cleanly on UserPromptSubmit and PostToolUse, and runs there in the background', () => {
    for (const event of ['UserPromptSubmit', 'PostToolUse']) {
      const result = validated(event, { holdsTools: true });
      expect(result.diagnostics).toEqual([]);
      expect(result.hooks.map(isBackground)).toEqual([true]);
    }
  });

  it('caps the timeout at 30 s on PostToolUse only', () => {
    expect(validated('PostToolUse', { holdsTools: true, timeout: 120 }).hooks[0]?.timeoutSeconds).toBe(30);
    expect(validated('PostToolUse', { holdsTools: true }).hooks[0]?.timeoutSeconds).toBe(30);
    expect(validated('PostToolUse', { holdsTools: true, timeout: 10 }).hooks[0]?.timeoutSeconds).toBe(10);
    expect(validated('PostToolUse', { timeout: 120 }).hooks[0]?.timeoutSeconds).toBe(120);
    expect(validated('UserPromptSubmit', { holdsTools: true, timeout: 120 }).hooks[0]?.timeoutSeconds).toBe(
      120,
    );
  });

  it('warns, located, where it has no effect, and the hook is awaited there', () => {
    const result = validated('PreToolUse', { holdsTools: true });
    expect(
      result.diagnostics.map(({ severity, jsonPath, message }) => ({ severity, jsonPath, message })),
    ).toEqual([
      {
        severity: 'warning',
        jsonPath: 'hooks.PreToolUse[0].hooks[0].holdsTools',
        message:
          '"holdsTools" applies to UserPromptSubmit and PostToolUse only; on PreToolUse it has no effect',
      },
    ]);
    expect(result.hooks.map(isBackground)).toEqual([false]);
  });

  it('refuses a holdsTools that is not a boolean', () => {
    const result = validated('PostToolUse', { holdsTools: 'yes' });
    expect(result.diagnostics.map(({ severity, jsonPath }) => ({ severity, jsonPath }))).toEqual([
      { severity: 'error', jsonPath: 'hooks.PostToolUse[0].hooks[0].holdsTools' },
    ]);
  });
});
