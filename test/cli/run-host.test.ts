import { describe, expect, it } from 'vitest';
import { hostList } from '../../src/hosts/registry.js';
import { hookInput, runCli } from './run-cli.js';

const fixtures = 'test/fixtures/cli';
const bash = { tool_name: 'Bash', tool_input: { command: 'ls' }, tool_use_id: 'toolu_01' };
const write = { tool_name: 'Write', tool_input: { file_path: 'a.txt', content: 'x' }, tool_use_id: 't2' };

/** One answer of each kind: exit 2, JSON deny, JSON allow, plain stdout, an event nothing in the file matches. */
const cases: ReadonlyArray<readonly [string, string, string]> = [
  ['exit2.json', 'PreToolUse', JSON.stringify(bash)],
  ['deny.json', 'PreToolUse', JSON.stringify(write)],
  ['allow.json', 'PreToolUse', JSON.stringify(bash)],
  ['context.json', 'UserPromptSubmit', JSON.stringify({ prompt: 'go' })],
  ['unknown-events.json', 'Stop', JSON.stringify({ stop_hook_active: false })],
];

describe('hookwire run --host', () => {
  it.each(cases)(
    'claude-code answers %s for %s byte for byte as without --host',
    async (file, event, fields) => {
      const input = hookInput(event, JSON.parse(fields) as Record<string, unknown>);
      const settings = ['--settings', `${fixtures}/${file}`];
      const plain = await runCli(['run', ...settings], input);
      const named = await runCli(['run', '--host', 'claude-code', ...settings], input);
      const equals = await runCli(['run', '--host=claude-code', ...settings], input);
      expect(named).toEqual(plain);
      expect(equals).toEqual(plain);
    },
  );

  it('refuses an unknown host, naming the hosts, and blocks: the guard is not off', async () => {
    const result = await runCli(
      ['run', '--host', 'nope', '--settings', `${fixtures}/exit2.json`],
      hookInput('PreToolUse', bash),
    );
    expect(result).toEqual({
      code: 2,
      stdout: '',
      stderr: `hookwire run: --host "nope" names no host; the hosts are ${hostList()}\n`,
    });
  });

  it('answers a block on Deep Agents legacy hooks with exit 0 and says it is not applied', async () => {
    const result = await runCli(
      ['run', '--host', 'deepagents-legacy', '--settings', `${fixtures}/exit2.json`],
      hookInput('PreToolUse', bash),
    );
    expect(result).toEqual({
      code: 0,
      stdout: '',
      stderr:
        "MK_EXIT2 blocked by hook\nhookwire: Deep Agents' legacy hooks cannot answer PreToolUse; what the hooks decided is not applied\n" +
        // The legacy hooks.json has its own dotted events: a PreToolUse comes from settings for another host.
        'hookwire run: --host deepagents-legacy: "PreToolUse" is not an event name Deep Agents (legacy hooks.json) sends (it has no such event); answered as the catalogue\'s PreToolUse: check the settings that call hookwire run\n',
    });
  });
});
