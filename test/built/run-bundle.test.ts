import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { type CliResult, hookInput, root, runCli } from '../cli/run-cli.js';

/*
 * The shipped `hookwire run`, as an agent spawns it: the bin package.json declares (dist/hookwire.cjs), which
 * loads the single-file bundle dist/hookwire-run.cjs for `run`. It needs the build, which `npm test` makes
 * first (its pretest script).
 */
const PACKAGE = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { bin: { hookwire: string } };
const BIN = join(root, PACKAGE.bin.hookwire);
const BUNDLE = join(root, 'dist', 'hookwire-run.cjs');

beforeAll(() => {
  for (const file of [BIN, BUNDLE]) {
    if (!existsSync(file)) throw new Error(`${file} is missing: run \`npm run build\` first`);
  }
});

/** Runs the built bin in the repository root, as a hook with `stdin` as its input. */
function runBuilt(args: readonly string[], stdin: string): Promise<CliResult> {
  return runCli(args, stdin, {}, [BIN]);
}

const bash = { tool_name: 'Bash', tool_input: { command: 'ls' }, tool_use_id: 'toolu_01' };

describe('the built hookwire run', () => {
  it('is the run bundle: the bin and dist/cli.js load dist/hookwire-run.cjs for `run`', () => {
    expect(readFileSync(BIN, 'utf8')).toContain('"hookwire-run.cjs"');
    expect(readFileSync(join(root, 'dist', 'cli.js'), 'utf8')).toContain('import("./hookwire-run.cjs")');
  });

  it('answers an allow with exit 0 and the decision on stdout', async () => {
    const result = await runBuilt(
      ['run', '--settings', 'test/fixtures/cli/allow.json'],
      hookInput('PreToolUse', bash),
    );
    expect(result).toEqual({
      code: 0,
      stdout:
        '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"allow","permissionDecisionReason":"MK_ALLOW read-only"}}\n',
      stderr: '',
    });
  });

  it('re-tells a deny by exit 2 as exit 2 with the hook’s stderr', async () => {
    const result = await runBuilt(
      ['run', 'PreToolUse', '--settings', 'test/fixtures/cli/exit2.json'],
      hookInput('PreToolUse', bash),
    );
    expect(result).toEqual({ code: 2, stdout: '', stderr: 'MK_EXIT2 blocked by hook\n' });
  });

  it('blocks the first Stop with the shipped example settings', async () => {
    const result = await runBuilt(
      ['run', '--settings', 'examples/settings.json'],
      hookInput('Stop', { stop_hook_active: false }),
    );
    expect(result).toEqual({
      code: 0,
      stdout:
        '{"decision":"block","reason":"Run the test suite (npm test) and fix any failure before you finish."}\n',
      stderr: '',
    });
  });

  it('runs the hooks of an unknown event name as notifications and says so, with a suggestion', async () => {
    const result = await runBuilt(
      ['run', '--settings', 'test/fixtures/cli/allow.json'],
      hookInput('PreTooluse', bash),
    );
    expect(result).toEqual({
      code: 0,
      stdout: '',
      stderr:
        'hookwire: unknown event "PreTooluse" (did you mean "PreToolUse"?): its hooks run as notifications (their output is not honoured)\n',
    });
  });
});
