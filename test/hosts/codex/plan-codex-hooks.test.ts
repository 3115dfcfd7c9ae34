import { describe, expect, it } from 'vitest';
import { codexHookHash } from '../../../src/hosts/codex/codex-hook-hash.js';
import { planCodexHooks } from '../../../src/hosts/codex/install/plan-codex-hooks.js';

const FILE = '/home/u/.codex/hooks.json';
const command = (event: string): string => `hookwire run --host codex ${event}`;

/* A user's own hooks, with formatting of their own: their bytes and their trust keys must not move. */
const USERS = `{
    "hooks": {
        "PreToolUse": [
            { "matcher": "Bash", "hooks": [ { "type": "command", "command": "./mine.sh" } ] }
        ]
    }
}
`;

describe('planCodexHooks', () => {
  it('appends a hookwire group after the user groups, so their keys keep their index', () => {
    const plan = planCodexHooks(FILE, USERS, ['PreToolUse', 'Stop'], command);
    const hooks = JSON.parse(plan.text).hooks;
    expect(hooks.PreToolUse[0]).toEqual({
      matcher: 'Bash',
      hooks: [{ type: 'command', command: './mine.sh' }],
    });
    expect(hooks.PreToolUse[1]).toEqual({ hooks: [{ type: 'command', command: command('PreToolUse') }] });
    expect(hooks.Stop).toEqual([{ hooks: [{ type: 'command', command: command('Stop') }] }]);
    expect(plan.text).toContain('{ "type": "command", "command": "./mine.sh" }');
    expect(plan.installed).toEqual([
      {
        event: 'PreToolUse',
        key: `${FILE}:pre_tool_use:1:0`,
        hash: codexHookHash('pre_tool_use', undefined, { type: 'command', command: command('PreToolUse') }),
      },
      {
        event: 'Stop',
        key: `${FILE}:stop:0:0`,
        hash: codexHookHash('stop', undefined, { type: 'command', command: command('Stop') }),
      },
    ]);
  });

  it('changes nothing when run again', () => {
    const once = planCodexHooks(FILE, USERS, ['PreToolUse', 'Stop'], command);
    const twice = planCodexHooks(FILE, once.text, ['PreToolUse', 'Stop'], command);
    expect(twice.text).toBe(once.text);
    expect(twice.installed).toEqual(once.installed);
    expect(twice.removed).toEqual([]);
  });

  it('undoes to the user file, byte for byte, with the keys it removed', () => {
    const installed = planCodexHooks(FILE, USERS, ['PreToolUse', 'Stop'], command);
    const undone = planCodexHooks(FILE, installed.text, [], command);
    expect(undone.text).toBe(USERS);
    expect(undone.removed).toEqual([`${FILE}:pre_tool_use:1:0`, `${FILE}:stop:0:0`]);
  });

  it('empties, rather than removes, a hookwire group the user added groups after', () => {
    const installed = planCodexHooks(FILE, undefined, ['PreToolUse'], command);
    const withLater = JSON.parse(installed.text);
    withLater.hooks.PreToolUse.push({ hooks: [{ type: 'command', command: './later.sh' }] });
    const undone = planCodexHooks(FILE, JSON.stringify(withLater), [], command);
    expect(JSON.parse(undone.text).hooks.PreToolUse).toEqual([
      { hooks: [] },
      { hooks: [{ type: 'command', command: './later.sh' }] },
    ]);
  });

  it('refuses a hooks file that is not JSON, with its line', () => {
    expect(() => planCodexHooks(FILE, '{\n  "hooks": {,\n}', ['Stop'], command)).toThrow(/hooks\.json:2:/);
  });
});
