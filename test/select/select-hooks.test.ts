import { describe, expect, it } from 'vitest';
import { compileHookIndex } from '../../src/select/hook-index.js';
import { NO_HOOKS, selectHooks, selectionNeedsShellParser } from '../../src/select/select-hooks.js';
import { loadShellParser } from '../../src/select/shell-parser.js';
import type { ConfiguredHook } from '../../src/settings/configured-hook.js';
import { configuredHook } from '../engine/engine-harness.js';

function selectedCommands(hooks: ConfiguredHook[], event: string, payload: Record<string, unknown>) {
  const index = compileHookIndex(hooks, '/project');
  return selectHooks(index, event, payload).map(({ indexed, duplicateOf }) => [
    indexed.hook.label,
    duplicateOf,
  ]);
}

// [event, matcher, payload, selected]
const subjects: Array<[string, string, Record<string, unknown>, boolean]> = [
  ['PreToolUse', 'Bash', { tool_name: 'Bash' }, true],
  ['PermissionRequest', 'Bash', { tool_name: 'Bash' }, true],
  ['SessionStart', 'resume', { source: 'resume' }, true],
  ['SessionStart', 'resume', { source: 'startup' }, false],
  ['SessionEnd', 'clear', { reason: 'clear' }, true],
  ['Notification', 'idle_prompt', { notification_type: 'idle_prompt' }, true],
  ['SubagentStop', 'Explore', { agent_type: 'Explore' }, true],
  ['PreCompact', 'manual', { trigger: 'manual' }, true],
  ['ConfigChange', 'user_settings', { source: 'user_settings' }, true],
  ['FileChanged', '.env', { file_path: '/project/.env' }, true],
  ['FileChanged', 'project', { file_path: '/project/.env' }, false],
  ['FileChanged', '\\.env$', { file_path: '/project/.env' }, true],
  ['StopFailure', 'rate_limit', { error: 'rate_limit' }, true],
  ['InstructionsLoaded', 'session_start', { load_reason: 'session_start' }, true],
  ['Elicitation', 'github', { mcp_server_name: 'github' }, true],
  ['Setup', 'init', { trigger: 'init' }, true],
  ['UserPromptExpansion', 'deploy', { command_name: 'deploy' }, true],
  // Events without a subject ignore the matcher.
  ['Stop', 'Bash', {}, true],
  ['UserPromptSubmit', 'nothing-like-this', { prompt: 'hi' }, true],
  ['PreToolUse', 'Bash', {}, false],
  // The model switches' subject is `source` (hookwire's reading); a missing one reads as "".
  ['PreModelSwitch', 'user', { source: 'user' }, true],
  ['PostModelSwitch', 'user', {}, false],
  ['DirectoryAdded', 'src', { directory: '/project/src' }, true],
  // An event the catalogue does not know: `source` when the payload has one, else every hook.
  ['SomeNewEvent', 'startup', { source: 'startup' }, true],
  ['SomeNewEvent', 'startup', { source: 'resume' }, false],
  ['SomeNewEvent', 'startup', { to_model: 'opus' }, true],
  ['tool.retry', 'ls', { tool_name: 'rm' }, true],
  // Claude Code's legacy tool names (src/events/tool-aliases.ts): old names match the tool they name now.
  ['PreToolUse', 'Task', { tool_name: 'Agent' }, true],
  ['PreToolUse', 'Tas.*', { tool_name: 'Agent' }, true],
  ['PreToolUse', 'Task|Nothing', { tool_name: 'Agent' }, true],
  ['PreToolUse', '^Task$', { tool_name: 'Agent' }, true],
  ['PreToolUse', 'Agent', { tool_name: 'Task' }, true],
  ['PreToolUse', 'KillShell', { tool_name: 'TaskStop' }, true],
  ['PreToolUse', 'KillBash', { tool_name: 'TaskStop' }, true],
  ['PostToolUse', 'Kill.*', { tool_name: 'TaskStop' }, true],
  ['PreToolUse', 'Task', { tool_name: 'TaskStop' }, false],
  ['PreToolUse', 'Agent', { tool_name: 'TaskStop' }, false],
  // Not a tool event: no aliases.
  ['SubagentStop', 'Task', { agent_type: 'Agent' }, false],
];

describe('selectHooks', () => {
  it.each(subjects)('%s with matcher %j and %j → %j', (event, matcher, payload, expected) => {
    const hook = configuredHook({ event, matcher, command: 'x' });
    expect(selectedCommands([hook], event, payload)).toEqual(expected ? [['x', null]] : []);
  });

  it('returns the shared empty array when the event has no hooks or none matches', () => {
    const index = compileHookIndex(
      [configuredHook({ event: 'PreToolUse', matcher: 'Edit|Write' })],
      '/project',
    );
    expect(selectHooks(index, 'PostToolUse', {})).toBe(NO_HOOKS);
    expect(selectHooks(index, 'PreToolUse', { tool_name: 'Bash' })).toBe(NO_HOOKS);
    expect(Object.isFrozen(NO_HOOKS)).toBe(true);
  });

  it('marks later hooks with the same dedupe key as duplicates of the first, across definitions', () => {
    const hooks = [
      configuredHook({ command: 'a', matcher: 'Bash' }),
      configuredHook({ command: 'b', matcher: '*' }),
      configuredHook({ command: 'a', matcher: '.*', timeoutSeconds: 5 }),
      configuredHook({ command: 'a ', matcher: 'Bash' }),
    ];
    expect(selectedCommands(hooks, 'PreToolUse', { tool_name: 'Bash' })).toEqual([
      ['a', null],
      ['b', null],
      ['a', 0],
      ['a ', null],
    ]);
  });

  it('applies if rules to tool events, and never runs a hook with an if rule on another event', () => {
    const hooks = [
      configuredHook({ command: 'git-only', handler: { if: 'Bash(git *)' } }),
      configuredHook({ event: 'Stop', command: 'stop-with-if', handler: { if: 'Bash' } }),
    ];
    const index = compileHookIndex(hooks, '/project');
    expect(index.warnings).toEqual([
      '/project/.claude/settings.json:1 (hooks): "if" applies to tool events only; the hook never runs on Stop',
    ]);
    const names = (payload: Record<string, unknown>, event = 'PreToolUse') =>
      selectHooks(index, event, payload).map(({ indexed }) => indexed.hook.label);
    expect(names({ tool_name: 'Bash', tool_input: { command: 'git log' } })).toEqual(['git-only']);
    expect(names({ tool_name: 'Bash', tool_input: { command: 'ls' } })).toEqual([]);
    expect(names({}, 'Stop')).toEqual([]);
  });

  it('splits a Bash command line once the engine has loaded the parser (fireEvent awaits it)', async () => {
    const hooks = [configuredHook({ command: 'rm-guard', handler: { if: 'Bash(rm *)' } })];
    const index = compileHookIndex(hooks, '/project');
    const payload = { tool_name: 'Bash', tool_input: { command: 'ls && rm -rf x' } };
    const plain = { tool_name: 'Bash', tool_input: { command: 'ls -la' } };
    expect(selectionNeedsShellParser(index, 'PreToolUse', plain)).toBe(false);
    await loadShellParser();
    expect(selectionNeedsShellParser(index, 'PreToolUse', payload)).toBe(false);
    expect(selectHooks(index, 'PreToolUse', payload).map(({ indexed }) => indexed.hook.label)).toEqual([
      'rm-guard',
    ]);
    expect(selectHooks(index, 'PreToolUse', plain)).toBe(NO_HOOKS);
  });

  it('reports matchers that cannot compile', () => {
    const index = compileHookIndex([configuredHook({ matcher: '*.ts' })], '/project');
    expect(index.warnings).toHaveLength(1);
    expect(index.warnings[0]).toMatch(/matcher "\*\.ts" is not a valid regular expression/);
  });
});
