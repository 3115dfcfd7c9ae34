import { describe, expect, it } from 'vitest';
import { isBackground } from '../../src/engine/background/is-background.js';
import { validateSettingsText } from '../../src/settings/validate-settings.js';

/**
 * `holdsTools` (Claude Code 2.1.329 on UserPromptSubmit, 2.1.332 on PostToolUse), honoured in 2.1.332 only
 * for the hooks of the security-guidance plugin that state a timeout of at most 30 s: anywhere else the
 * real CLI ran such a PostToolUse hook to its end (45 s under `timeout: 60`) and gave its output to the
 * model (compat/scenarios/H12-holdstools-posttooluse-cap).
 */
function validated(event: string, handler: Record<string, unknown>, plugin?: string) {
  const text = JSON.stringify({
    hooks: { [event]: [{ hooks: [{ type: 'command', command: 'x', ...handler }] }] },
  });
  const origin = plugin
    ? {
        file: 'hooks.json',
        level: 'plugin' as const,
        plugin: { id: `${plugin}@market`, name: plugin, version: undefined, root: '/p', dataDir: '/d' },
      }
    : { file: 'f.json', level: 'project' as const };
  return validateSettingsText(text, origin);
}
const messages = (result: ReturnType<typeof validated>) => result.diagnostics.map((d) => d.message);

describe('holdsTools', () => {
  it('runs in the background for the security-guidance plugin with a timeout of at most 30 s', () => {
    for (const event of ['UserPromptSubmit', 'PostToolUse']) {
      const result = validated(event, { holdsTools: true, timeout: 30 }, 'security-guidance');
      expect(result.diagnostics).toEqual([]);
      expect(result.hooks.map(isBackground)).toEqual([true]);
      expect(result.hooks[0]?.timeoutSeconds).toBe(30);
    }
  });

  it('is ignored, with a located warning, without a timeout or with a longer one', () => {
    for (const handler of [{ holdsTools: true }, { holdsTools: true, timeout: 60 }]) {
      const result = validated('PostToolUse', handler, 'security-guidance');
      expect(result.hooks.map(isBackground)).toEqual([false]);
      expect(result.hooks[0]?.timeoutSeconds).toBe(handler.timeout ?? 600);
      expect(messages(result)).toEqual([
        '"holdsTools" needs a "timeout" of at most 30 seconds; without one it has no effect',
      ]);
    }
  });

  it('is ignored, with a located warning, outside the security-guidance plugin', () => {
    for (const plugin of [undefined, 'my-guard']) {
      const result = validated('PostToolUse', { holdsTools: true, timeout: 10 }, plugin);
      expect(result.hooks.map(isBackground)).toEqual([false]);
      expect(result.diagnostics[0]?.jsonPath).toBe('hooks.PostToolUse[0].hooks[0].holdsTools');
      expect(messages(result)).toEqual([
        '"holdsTools" is honoured for the hooks of the security-guidance plugin only; here it has no effect and the hook runs like any other',
      ]);
    }
  });

  it('warns, located, where it has no effect, and the hook is awaited there', () => {
    const result = validated('PreToolUse', { holdsTools: true, timeout: 10 }, 'security-guidance');
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
