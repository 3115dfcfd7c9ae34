import { describe, expect, it } from 'vitest';
import { planFiring } from '../../src/engine/plan-firing.js';
import type { OnceClaims } from '../../src/engine/session-state.js';
import { compileMatcher } from '../../src/patterns/compile-matcher.js';
import type { SelectedHook } from '../../src/select/select-hooks.js';
import type { ConfiguredHook } from '../../src/settings/configured-hook.js';

/** A selected command hook of definition `definitionId`; `shape` sets what the plan looks at. */
function selectedHook(
  definitionId: string,
  shape: {
    sequential?: boolean;
    async?: boolean;
    asyncRewake?: boolean;
    once?: boolean;
    event?: string;
  } = {},
  duplicateOf: number | null = null,
): SelectedHook {
  const command = `hook-${definitionId}`;
  const hook: ConfiguredHook = {
    event: shape.event ?? 'PreToolUse',
    matcher: undefined,
    definitionId,
    sequential: shape.sequential ?? false,
    background: shape.async ?? false,
    handler: {
      type: 'command',
      command,
      ...(shape.asyncRewake ? { asyncRewake: true } : {}),
      ...(shape.once ? { once: true } : {}),
    },
    type: 'command',
    timeoutSeconds: 60,
    dedupeKey: command,
    label: command,
    provenance: { file: '<inline>', level: 'inline', line: 1, column: 1, jsonPath: `hooks.${definitionId}` },
  };
  return { indexed: { hook, matcher: compileMatcher(undefined), ifRule: null, agentId: null }, duplicateOf };
}

/** The planner's claims as the local state makes them: the first claim per session and hook wins. */
class SessionState implements OnceClaims {
  private readonly claimed = new Set<string>();
  claimOnce(sessionId: string, hookKey: string): boolean {
    const key = `${sessionId}\u0000${hookKey}`;
    if (this.claimed.has(key)) return false;
    this.claimed.add(key);
    return true;
  }
}

describe('planFiring', () => {
  it('plans nothing for no hooks', () => {
    expect(planFiring([], new SessionState(), 's1')).toEqual({ fates: [], groups: [], parallel: 0 });
  });

  it('marks each hook, starts single hooks in configuration order and chains after them', () => {
    const selected = [
      selectedHook('chain-a', { sequential: true }),
      selectedHook('p1'),
      selectedHook('chain-b', { sequential: true }),
      selectedHook('chain-a', { sequential: true }),
      selectedHook('bg', { async: true }),
      selectedHook('p1', {}, 1),
      selectedHook('rewake', { asyncRewake: true, event: 'PostToolUse' }),
      selectedHook('chain-a', { sequential: true }),
      selectedHook('p2'),
    ];
    expect(planFiring(selected, new SessionState(), 's1')).toEqual({
      fates: [
        'sequential',
        'parallel',
        'sequential',
        'sequential',
        'background',
        'duplicate',
        'background',
        'sequential',
        'parallel',
      ],
      groups: [1, 4, 6, 8, [0, 3, 7], [2]],
      parallel: 2,
    });
  });

  it('awaits asyncRewake on PreToolUse, even with async, as Claude Code does; plain async stays background', () => {
    const selected = [
      selectedHook('rewake', { asyncRewake: true, event: 'PreToolUse' }),
      selectedHook('both', { async: true, asyncRewake: true, event: 'PreToolUse' }),
      selectedHook('bg', { async: true, event: 'PreToolUse' }),
    ];
    expect(planFiring(selected, new SessionState(), 's1')).toEqual({
      fates: ['parallel', 'parallel', 'background'],
      groups: [0, 1, 2],
      parallel: 2,
    });
  });

  it('runs a `once` hook the first time in a session only, and claims it per session', () => {
    const state = new SessionState();
    const selected = [selectedHook('once', { once: true }), selectedHook('always')];
    const first = { fates: ['parallel', 'parallel'], groups: [0, 1], parallel: 2 };
    expect(planFiring(selected, state, 's1')).toEqual(first);
    expect(planFiring(selected, state, 's1')).toEqual({
      fates: ['once-skipped', 'parallel'],
      groups: [1],
      parallel: 1,
    });
    expect(planFiring(selected, state, 's2')).toEqual(first);
  });

  it('does not claim a duplicate `once` hook: the hook it duplicates ran for it', () => {
    const state = new SessionState();
    const selected = [selectedHook('a'), selectedHook('a', { once: true }, 0)];
    expect(planFiring(selected, state, 's1').fates).toEqual(['parallel', 'duplicate']);
    expect(state.claimOnce('s1', 'PreToolUse\u0000<inline>\u0000hooks.a')).toBe(true);
  });
});
