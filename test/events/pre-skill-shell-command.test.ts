import { describe, expect, it } from 'vitest';
import { specOf } from '../../src/events/lookup.js';
import { UPDATED_INPUT_REFUSED } from '../../src/read/effects-of-output.js';
import { readExecution } from '../../src/read/read-execution.js';
import { hookInput, runCli } from '../cli/run-cli.js';
import { completed, configuredHook, json } from '../engine/engine-harness.js';

const event = 'PreSkillShellCommand';
const shell = {
  tool_name: 'Bash',
  tool_input: { command: 'git status' },
  tool_use_id: 'toolu_skill_01',
  command_name: 'status',
  invoked_by: 'user',
};
const answer = (specific: Record<string, unknown>) =>
  completed(0, { stdout: json({ hookSpecificOutput: { hookEventName: event, ...specific } }) });

describe('PreSkillShellCommand (Claude Code 2.1.332)', () => {
  it('matches on the shell tool, runs no model hooks, and has PreToolUse timeouts', () => {
    const spec = specOf(event);
    expect(spec.matcher).toEqual({ field: 'tool_name' });
    expect(spec.handlers).not.toContain('prompt');
    expect(spec.handlers).not.toContain('agent');
    expect(spec.handlers).toContain('command');
    expect(spec.timeouts).toEqual(specOf('PreToolUse').timeouts);
  });

  it('reads deny, ask and defer as decisions and refuses any updatedInput', () => {
    const hook = configuredHook({ event, label: 'guard' });
    const read = (specific: Record<string, unknown>) => readExecution(event, hook, answer(specific)).effects;
    expect(read({ permissionDecision: 'deny', permissionDecisionReason: 'no' })).toEqual({
      decision: 'deny',
      reason: 'no',
    });
    expect(read({ permissionDecision: 'ask' })).toEqual({ decision: 'ask' });
    expect(read({ permissionDecision: 'defer' })).toEqual({ decision: 'defer' });
    expect(read({ permissionDecision: 'allow', updatedInput: { command: 'ls' } })).toEqual({
      decision: 'deny',
      reason: UPDATED_INPUT_REFUSED,
    });
    expect(read({ updatedInput: {} })).toEqual({ decision: 'deny', reason: UPDATED_INPUT_REFUSED });
  });

  it('hookwire run answers an updatedInput with a deny and exit 2 with exit 2', async () => {
    const settings = ['--settings', 'test/fixtures/cli/pre-skill-shell.json'];
    const rewritten = await runCli(['run', ...settings], hookInput(event, shell));
    expect(rewritten.code).toBe(0);
    expect(JSON.parse(rewritten.stdout)).toEqual({
      hookSpecificOutput: {
        hookEventName: event,
        permissionDecision: 'deny',
        permissionDecisionReason: UPDATED_INPUT_REFUSED,
      },
    });
    const refused = await runCli(
      ['run', ...settings],
      hookInput(event, { ...shell, tool_name: 'PowerShell' }),
    );
    expect(refused).toEqual({ code: 2, stdout: '', stderr: 'MK_EXIT2 blocked by hook\n' });
  });

  it('hookwire events lists it', async () => {
    const listed = await runCli(['events'], '');
    expect(listed.code).toBe(0);
    expect(listed.stdout).toContain(event);
  });
});
