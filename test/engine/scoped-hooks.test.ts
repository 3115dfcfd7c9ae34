import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createEngine } from '../../src/engine/create-engine.js';
import type { Engine } from '../../src/engine/engine.js';
import { HookwireError } from '../../src/errors/hookwire-error.js';
import { temporaryHome } from './engine-harness.js';

/*
 * Scoped hook sets (engine.addScopedHooks): what a host does with the hooks of a subagent's or a skill's
 * frontmatter. Real command hooks that print what they are, the real engine.
 */

let home: ReturnType<typeof temporaryHome>;
let engine: Engine;

/** A command hook that adds `text` as context on `event`. */
const says = (event: string, text: string, extra: Record<string, unknown> = {}) => ({
  type: 'command' as const,
  command: `cat >/dev/null; printf '%s\\n' '${JSON.stringify({ hookSpecificOutput: { hookEventName: event, additionalContext: text } })}'`,
  ...extra,
});
const blocks = (reason: string) => ({
  type: 'command' as const,
  command: `cat >/dev/null; printf '%s\\n' '${JSON.stringify({ decision: 'block', reason })}'`,
});

beforeEach(async () => {
  home = temporaryHome();
  engine = await createEngine({
    ...home.options,
    settings: [{ hooks: { PostToolUse: [{ hooks: [says('PostToolUse', 'from settings')] }] } }],
  });
});

afterEach(async () => {
  await engine.close();
  home.remove();
});

const postToolUse = (agentId?: string) => ({
  tool_name: 'Bash',
  tool_input: { command: 'ls' },
  tool_response: 'ok',
  ...(agentId === undefined ? {} : { agent_id: agentId, agent_type: 'code-reviewer' }),
});

describe('a subagent scope', () => {
  it('runs its hooks only for events of that subagent (its agent_id), after the settings hooks, until removed', async () => {
    const set = engine.addScopedHooks(
      { PostToolUse: [{ matcher: 'Bash', hooks: [says('PostToolUse', 'from the reviewer')] }] },
      {
        kind: 'subagent',
        agentId: 'agent-1',
        name: 'code-reviewer',
        file: '/project/.claude/agents/code-reviewer.md',
      },
    );

    const inside = await engine.fire('PostToolUse', postToolUse('agent-1'));
    const otherAgent = await engine.fire('PostToolUse', postToolUse('agent-2'));
    const mainThread = await engine.fire('PostToolUse', postToolUse());
    set.remove();
    const after = await engine.fire('PostToolUse', postToolUse('agent-1'));

    expect(inside.additionalContext).toEqual(['from settings', 'from the reviewer']);
    expect(inside.runs[1]?.source).toEqual({
      file: '/project/.claude/agents/code-reviewer.md',
      level: 'inline',
      line: 1,
      jsonPath: 'hooks.PostToolUse[0].hooks[0]',
      scope: { kind: 'subagent', name: 'code-reviewer', agentId: 'agent-1' },
    });
    expect(otherAgent.additionalContext).toEqual(['from settings']);
    expect(mainThread.additionalContext).toEqual(['from settings']);
    expect(after.additionalContext).toEqual(['from settings']);
    expect(set.diagnostics).toEqual([]);
  });

  it('runs its Stop hooks on SubagentStop, when the subagent finishes, and says so', async () => {
    const set = engine.addScopedHooks(
      { Stop: [{ hooks: [blocks('Review the diff once more.')] }] },
      { kind: 'subagent', agentId: 'agent-1', name: 'code-reviewer' },
    );

    const subagentStop = await engine.fire('SubagentStop', { agent_id: 'agent-1', stop_hook_active: false });
    const mainStop = await engine.fire('Stop', { stop_hook_active: false });

    expect(subagentStop.decision).toBe('block');
    expect(subagentStop.reason).toBe('Review the diff once more.');
    expect(mainStop.runs).toEqual([]);
    expect(set.diagnostics.map((diagnostic) => diagnostic.message)).toEqual([
      'Stop hooks of a subagent run on SubagentStop, when the subagent finishes',
    ]);
    expect(set.diagnostics[0]?.file).toBe('<subagent code-reviewer>');
  });

  it('ignores "once" (skills only, as Claude Code), with a warning', async () => {
    const set = engine.addScopedHooks(
      { PostToolUse: [{ hooks: [says('PostToolUse', 'each time', { once: true })] }] },
      { kind: 'subagent', agentId: 'agent-1', name: 'code-reviewer' },
    );

    await engine.fire('PostToolUse', postToolUse('agent-1'));
    const second = await engine.fire('PostToolUse', postToolUse('agent-1'));

    expect(second.additionalContext).toEqual(['from settings', 'each time']);
    expect(set.diagnostics.map((diagnostic) => diagnostic.message)).toEqual([
      '"once" is honoured in the hooks of skills only, as Claude Code does: a subagent\'s hooks run every time',
    ]);
  });
});

describe('a skill scope', () => {
  it('runs its hooks for every event while the skill runs, honours once, and stops when removed', async () => {
    const set = engine.addScopedHooks(
      {
        PostToolUse: [
          {
            hooks: [
              says('PostToolUse', 'deploy checklist', { once: true }),
              says('PostToolUse', 'deploy log'),
            ],
          },
        ],
      },
      { kind: 'skill', name: 'deploy' },
    );

    const first = await engine.fire('PostToolUse', postToolUse());
    const second = await engine.fire('PostToolUse', postToolUse('agent-9'));
    set[Symbol.dispose]();
    set.remove();
    const after = await engine.fire('PostToolUse', postToolUse());

    expect(first.additionalContext).toEqual(['from settings', 'deploy checklist', 'deploy log']);
    expect(second.additionalContext).toEqual(['from settings', 'deploy log']);
    expect(second.runs[1]?.status).toBe('skipped');
    expect(after.additionalContext).toEqual(['from settings']);
    expect(first.runs[2]?.source.scope).toEqual({ kind: 'skill', name: 'deploy', agentId: null });
  });
});

describe('adding scoped hooks', () => {
  it('refuses, located and adding nothing, hooks that cannot run', () => {
    let thrown: unknown;
    try {
      engine.addScopedHooks(
        { PreToolUse: [{ hooks: [{ type: 'command' }, says('PreToolUse', 'fine')] }] },
        { kind: 'skill', name: 'broken', file: '/skills/broken/SKILL.md' },
      );
    } catch (error) {
      thrown = error;
    }

    expect(thrown).toBeInstanceOf(HookwireError);
    expect((thrown as HookwireError).kind).toBe('settings');
    expect((thrown as HookwireError).message).toBe(
      'the hooks of skill broken cannot run:\n/skills/broken/SKILL.md:1:1 hooks.PreToolUse[0].hooks[0]: command handler needs a non-empty "command" string',
    );
    expect(engine.settings.hooks.length).toBe(1);
  });

  it('refuses a guard whose matcher the linear engine refuses, rather than add a guard that matches nothing', () => {
    const guard = { matcher: '(?<!Safe)Bash', hooks: [says('PreToolUse', 'guard')] };
    expect(() =>
      engine.addScopedHooks({ PreToolUse: [guard] }, { kind: 'subagent', name: 'reviewer', agentId: 'a1' }),
    ).toThrow(
      /^the hooks of subagent reviewer cannot run:\n<subagent reviewer>:1:1 hooks\.PreToolUse\[0\]\.matcher: matcher "\(\?<!Safe\)Bash" uses a lookaround/,
    );
    expect(engine.settings.hooks.length).toBe(1);
  });

  it('is refused on a closed engine', async () => {
    await engine.close();
    expect(() => engine.addScopedHooks({}, { kind: 'skill', name: 'late' })).toThrow(
      'cannot add scoped hooks: the engine is closed',
    );
  });
});
