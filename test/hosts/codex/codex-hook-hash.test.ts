import { describe, expect, it } from 'vitest';
import { codexEventKey, codexHookHash, codexHookKey } from '../../../src/hosts/codex/codex-hook-hash.js';

/*
 * Each expected hash is the `currentHash` Codex 0.171's `codex app-server` (`hooks/list`) reported for the
 * same handler in a real hooks.json (compat/codex/README.md says how to list them).
 */
describe('codexHookHash', () => {
  it('hashes a handler with a matcher and Codex defaults filled in', () => {
    const command = "cat > /tmp/cx/hook-input.json; echo 'blocked by test' >&2; exit 2";
    expect(codexHookHash('pre_tool_use', 'Bash', { type: 'command', command })).toBe(
      'sha256:93fd12753eb52e1db8f66cd181764f2034573fcf307df8cd62d14f72aa0eb807',
    );
  });

  it('includes statusMessage, timeout and async when they are set', () => {
    const handler = {
      type: 'command',
      command: 'echo hi',
      timeout: 30,
      statusMessage: 'Starting',
      async: true,
    } as const;
    expect(codexHookHash('session_start', undefined, handler)).toBe(
      'sha256:84122bb4abee783072aa8afee5b86ed146e2c3d59e755f5a3de8af7c332d84cd',
    );
  });

  it('hashes an empty matcher as no matcher, and each handler of a group on its own', () => {
    expect(codexHookHash('stop', '', { type: 'command', command: 'true' })).toBe(
      'sha256:2ba34c7a02841fada06b868a093d041fd3d9de81883c789a321916b0aa118851',
    );
    expect(codexHookHash('stop', '', { type: 'command', command: 'false', timeout: 5 })).toBe(
      'sha256:fb2a22194b6f027d70b6adb5f173e00148c457e337b7c368b1a17741c55a01ab',
    );
  });
});

describe('codexHookKey and codexEventKey', () => {
  it('name a handler as Codex does in [hooks.state]', () => {
    expect(codexEventKey('PreToolUse')).toBe('pre_tool_use');
    expect(codexEventKey('UserPromptSubmit')).toBe('user_prompt_submit');
    expect(codexEventKey('SessionStart')).toBe('session_start');
    expect(codexHookKey('/home/u/.codex/hooks.json', 'pre_tool_use', 1, 0)).toBe(
      '/home/u/.codex/hooks.json:pre_tool_use:1:0',
    );
  });
});
