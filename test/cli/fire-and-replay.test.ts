import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { root, runCli } from './run-cli.js';

const temporary = mkdtempSync(join(tmpdir(), 'hookwire-cli-'));
afterAll(() => rmSync(temporary, { recursive: true, force: true }));

describe('hookwire fire and replay', () => {
  it('fire --json prints the outcome and --record appends the event', async () => {
    const record = join(temporary, 'session.jsonl');
    const payload = {
      tool_name: 'Write',
      tool_input: { file_path: 'a.txt', content: 'x' },
      tool_use_id: 't1',
    };
    const result = await runCli([
      'fire',
      'PreToolUse',
      '--settings',
      'test/fixtures/cli/deny.json',
      '--payload',
      JSON.stringify(payload),
      '--json',
      '--record',
      record,
    ]);
    expect(result.code).toBe(0);
    const outcome = JSON.parse(result.stdout);
    expect({
      decision: outcome.decision,
      reason: outcome.reason,
      statuses: outcome.runs.map((run: { status: string }) => run.status),
    }).toEqual({ decision: 'deny', reason: 'MK_DENY no writes here', statuses: ['success', 'blocking'] });
    expect(readFileSync(record, 'utf8')).toBe(`${JSON.stringify({ event: 'PreToolUse', payload })}\n`);
  });

  it("fire prints an exit-2 hook's reason in its own words and the hook apart; --json keeps the host's text", async () => {
    const payload = JSON.stringify({ tool_name: 'Bash', tool_input: { command: 'rm -rf /' } });
    const args = ['fire', 'PreToolUse', '--settings', 'test/fixtures/cli/exit2.json', '--payload', payload];
    const shown = await runCli(args);
    expect(shown.stdout).toContain('reason:   MK_EXIT2 blocked by hook\n');
    expect(shown.stdout).toMatch(
      /from: +"\$CLAUDE_PROJECT_DIR"\/test\/fixtures\/cli\/hooks\/exit2\.sh \(.*exit2\.json:\d+\)/,
    );
    // The outcome is what Claude Code shows (its own `[<command>]: ` prefix, compat H01-H03): unchanged.
    const json = JSON.parse((await runCli([...args, '--json'])).stdout) as { reason: string };
    expect(json.reason).toBe(
      '["$CLAUDE_PROJECT_DIR"/test/fixtures/cli/hooks/exit2.sh]: MK_EXIT2 blocked by hook',
    );
  });

  it('fire fails closed on a matcher the linear engine refuses, as run does (issue 22)', async () => {
    const settings = join(temporary, 'lookahead.json');
    const guard = { matcher: '^(?!Read$)', hooks: [{ type: 'command', command: 'exit 2' }] };
    writeFileSync(settings, JSON.stringify({ hooks: { PreToolUse: [guard] } }));
    const payload = { tool_name: 'Bash', tool_input: { command: 'rm -rf /' }, tool_use_id: 't1' };
    const result = await runCli([
      'fire',
      'PreToolUse',
      '--settings',
      settings,
      '--payload',
      JSON.stringify(payload),
      '--json',
    ]);
    expect(result.code).toBe(0);
    const outcome = JSON.parse(result.stdout);
    expect([outcome.decision, outcome.runs]).toEqual(['deny', []]);
    expect(outcome.reason).toContain(
      `${settings}:1:36 hooks.PreToolUse[0].matcher: error: matcher "^(?!Read$)" uses a lookaround`,
    );
  });

  it('fire reports usage errors with exit 2', async () => {
    const result = await runCli(['fire', '', '--settings', 'test/fixtures/cli/deny.json']);
    expect(result.code).toBe(2);
    expect(result.stderr.split('\n')[0]).toBe('hookwire fire: the event name is empty');
  });

  it('fire --json runs the hooks of an unknown event as notifications and says so', async () => {
    const result = await runCli([
      'fire',
      'PreTooluse',
      '--settings',
      'test/fixtures/cli/unknown-events.json',
      '--payload',
      JSON.stringify({ tool_name: 'Bash', tool_input: { command: 'ls' }, tool_use_id: 't1' }),
      '--json',
    ]);
    expect(result.code).toBe(0);
    const outcome = JSON.parse(result.stdout);
    expect({
      decision: outcome.decision,
      warnings: outcome.warnings,
      runs: outcome.runs.map((run: { status: string; exitCode: number }) => [run.status, run.exitCode]),
    }).toEqual({
      decision: null,
      warnings: [
        'unknown event "PreTooluse" (did you mean "PreToolUse"?): its hooks run as notifications (their output is not honoured)',
      ],
      runs: [['non_blocking_error', 2]],
    });
  });

  it('the demo session replays with the intended decisions', async () => {
    const result = await runCli([
      'replay',
      'examples/session.jsonl',
      '--settings',
      'examples/settings.json',
      '--json',
    ]);
    expect(result.code).toBe(0);
    const outcomes = result.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(
      outcomes.map((outcome) => [
        outcome.event,
        outcome.decision,
        outcome.additionalContext.length,
        outcome.updatedInput !== null,
      ]),
    ).toEqual([
      ['SessionStart', null, 1, false],
      ['UserPromptSubmit', null, 1, false],
      ['PreToolUse', null, 0, false],
      ['PreToolUse', 'deny', 0, false],
      ['PreToolUse', null, 1, true],
      ['PostToolUse', null, 1, false],
      ['Stop', 'block', 0, false],
      ['PreToolUse', null, 0, false],
      ['PostToolUse', null, 0, false],
      ['Stop', null, 0, false],
      ['SessionEnd', null, 0, false],
    ]);
    expect(outcomes[3].reason).toBe(
      '["$CLAUDE_PROJECT_DIR"/examples/hooks/guard-bash.sh]: Refusing a destructive command: rm -rf /. Delete specific paths inside the project instead.',
    );
    // The Write of src/greet.ts comes back with the licence header added, the rest of its input untouched.
    const write = JSON.parse(
      readFileSync(join(root, 'examples', 'session.jsonl'), 'utf8').split('\n')[4] ?? '',
    );
    expect(write.payload.tool_name).toBe('Write');
    const input = write.payload.tool_input;
    expect(outcomes[4].updatedInput).toEqual({
      ...input,
      content: `// SPDX-License-Identifier: MIT\n${input.content}`,
    });
  });
});
