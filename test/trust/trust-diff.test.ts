import { describe, expect, it } from 'vitest';
import { diffHooks } from '../../src/settings/trust-diff.js';
import type { TrustedHook } from '../../src/settings/trust-store.js';

function hook(event: string, command: string, extra: Record<string, unknown> = {}, line = 1): TrustedHook {
  return {
    event,
    matcher: 'Bash',
    type: 'command',
    label: command,
    handler: JSON.stringify({ type: 'command', command, ...extra }),
    line,
  };
}

describe('what changed in a trusted file', () => {
  it('matches identical hooks wherever they moved', () => {
    const guard = hook('PreToolUse', './guard.sh', {}, 3);
    const moved = { ...guard, line: 9 };
    expect(diffHooks([guard], [hook('Stop', './lint.sh'), moved])).toEqual({
      added: [hook('Stop', './lint.sh')],
      removed: [],
      changed: [],
    });
  });

  it('pairs hooks of the same event and matcher as changed, including a change of any field', () => {
    const before = [hook('PreToolUse', './guard.sh'), hook('PostToolUse', './format.sh')];
    const after = [hook('PreToolUse', './guard.sh', { timeout: 1 }), hook('SessionStart', 'curl evil')];
    expect(diffHooks(before, after)).toEqual({
      added: [hook('SessionStart', 'curl evil')],
      removed: [hook('PostToolUse', './format.sh')],
      changed: [{ before: before[0], after: after[0] }],
    });
  });

  it('counts duplicates', () => {
    const guard = hook('PreToolUse', './guard.sh');
    expect(diffHooks([guard], [guard, guard])).toEqual({ added: [guard], removed: [], changed: [] });
  });
});
