import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createEngine } from '../../src/engine/create-engine.js';
import type { EngineOptions } from '../../src/engine/engine.js';
import { runCli } from '../cli/run-cli.js';

const temporary = mkdtempSync(join(tmpdir(), 'hookwire-untrusted-closed-'));
afterAll(() => rmSync(temporary, { recursive: true, force: true }));

const GUARD = {
  hooks: {
    PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: 'echo MK_GUARD >&2; exit 2' }] }],
    UserPromptSubmit: [{ hooks: [{ type: 'command', command: 'exit 2' }] }],
    SessionStart: [{ hooks: [{ type: 'command', command: 'echo context' }] }],
    Notification: [{ hooks: [{ type: 'command', command: 'true' }] }],
  },
};

let count = 0;
/** A project whose `.claude/settings.json` holds `text`, never trusted, with its own home and state. */
function project(text: string = JSON.stringify(GUARD, null, 2)) {
  const base = join(temporary, `case-${++count}`);
  const projectDir = join(base, 'project');
  mkdirSync(join(projectDir, '.claude'), { recursive: true });
  mkdirSync(join(base, 'home'));
  const file = join(projectDir, '.claude', 'settings.json');
  writeFileSync(file, text);
  const options: EngineOptions = {
    cwd: projectDir,
    homeDir: join(base, 'home'),
    managedSettingsPath: join(base, 'managed.json'),
    trust: 'require',
    trustStore: join(base, 'state', 'trust.json'),
  };
  const command = `hookwire trust --project ${projectDir}`;
  const warning = `hookwire: skipped untrusted project hooks in ${file} (new file): review and trust them with \`${command}\``;
  return { base, projectDir, file, options, command, warning };
}

const bash = (command: string) => ({ tool_name: 'Bash', tool_input: { command }, tool_use_id: 't' });

describe('an untrusted file fails closed', () => {
  it('blocks an event its hook would have run on, naming the file, why, the line and the command', async () => {
    const { file, options, command, warning } = project();
    const engine = await createEngine(options);
    const outcome = await engine.fire('PreToolUse', bash('rm -rf /'));
    expect(outcome).toMatchObject({
      decision: 'deny',
      reason: `hookwire blocked this PreToolUse: hooks that would have run for it are not trusted, so they did not run (fail closed until they are trusted):\n${file} (new file): its hook at line 7; ask the user to review and trust them: \`${command}\``,
      systemMessages: [warning],
      runs: [],
    });
    // UserPromptSubmit blocks with `block`; the guard's own text never reaches the reason.
    const prompt = await engine.fire('UserPromptSubmit', { prompt: 'hi' });
    expect([prompt.decision, prompt.reason?.includes('MK_GUARD')]).toEqual(['block', false]);
    await engine.close();
  });

  it('lets through what none of its hooks would have matched', async () => {
    const { options } = project();
    const engine = await createEngine(options);
    const read = await engine.fire('PreToolUse', {
      tool_name: 'Read',
      tool_input: { file_path: 'x' },
      tool_use_id: 't',
    });
    expect([read.decision, read.systemMessages]).toEqual([null, []]);
    await engine.close();
  });

  it('tells events that cannot block in a system message, and notifications in warnings only', async () => {
    const { options, warning } = project();
    const engine = await createEngine(options);
    const start = await engine.fire('SessionStart', { source: 'startup' });
    expect([start.decision, start.systemMessages, start.additionalContext]).toEqual([null, [warning], []]);
    const notification = await engine.fire('Notification', { message: 'm' });
    expect([notification.systemMessages, notification.warnings]).toEqual([[], [warning]]);
    await engine.close();
  });

  it('blocks every event that can block when it cannot be read as settings', async () => {
    const { options } = project('{ "hooks": { "PreToolUse": [ ');
    const engine = await createEngine(options);
    const outcome = await engine.fire('PreToolUse', bash('ls'));
    expect(outcome.decision).toBe('deny');
    expect(outcome.reason).toContain('(new file): hookwire cannot tell which of its hooks would have run');
    expect((await engine.fire('Stop', {})).decision).toBe('block');
    await engine.close();
  });

  it("only tells, without blocking, under onUntrusted: 'skip'; a misspelt policy is refused", async () => {
    const { options, warning } = project();
    const engine = await createEngine({ ...options, onUntrusted: 'skip' });
    const outcome = await engine.fire('PreToolUse', bash('rm -rf /'));
    expect([outcome.decision, outcome.systemMessages, outcome.runs]).toEqual([null, [warning], []]);
    await engine.close();
    await expect(createEngine({ ...options, onUntrusted: 'skipp' as unknown as 'skip' })).rejects.toThrow(
      "onUntrusted must be 'block' or 'skip', not \"skipp\"",
    );
  });
});

describe('hookwire run after an edit of the hooks file init wrote', () => {
  it('denies the rm -rf / the guard was written for, and --on-untrusted skip opts out', async () => {
    const { base, projectDir } = project(JSON.stringify(GUARD));
    const env = {
      HOOKWIRE_STATE_DIR: join(base, 'state'),
      HOOKWIRE_HOME: join(base, 'home'),
      HOOKWIRE_MANAGED_SETTINGS: join(base, 'managed.json'),
    };
    const init = await runCli(['init', 'claude', '--project', projectDir, '--hookwire', 'hookwire'], '', env);
    expect([init.code, init.stderr]).toEqual([0, '']);
    const hooksFile = join(projectDir, '.hookwire', 'hooks.json');
    const payload = JSON.stringify({
      session_id: 's1',
      hook_event_name: 'PreToolUse',
      cwd: projectDir,
      ...bash('rm -rf /'),
    });
    const run = (...flags: string[]) =>
      runCli(['run', '--settings', hooksFile, ...flags, 'PreToolUse'], payload, env);
    expect(await run()).toEqual({ code: 2, stdout: '', stderr: 'MK_GUARD\n' });

    // One character, as when tuning a guard.
    writeFileSync(hooksFile, readFileSync(hooksFile, 'utf8').replace('MK_GUARD', 'MK_GUARD!'));
    const edited = await run();
    expect(edited.code).toBe(0);
    const answer = JSON.parse(edited.stdout);
    expect(answer.hookSpecificOutput.permissionDecision).toBe('deny');
    expect(answer.hookSpecificOutput.permissionDecisionReason).toMatch(
      new RegExp(
        `^hookwire blocked this PreToolUse: .*\\n${hooksFile} \\(changed since you trusted it on \\d{4}-[^)]+\\): its hook at line \\d+; ask the user to review and trust them: \`hookwire trust --project ${projectDir}\`$`,
      ),
    );
    expect(edited.stderr).not.toContain('MK_GUARD');

    const skipped = await run('--on-untrusted', 'skip');
    expect(skipped.code).toBe(0);
    expect(Object.keys(JSON.parse(skipped.stdout))).toEqual(['systemMessage']);
    const wrong = await run('--on-untrusted=maybe');
    // hookwire's own failure before it knows the event: a block, never 1 (docs/reliability.md).
    expect([wrong.code, wrong.stderr]).toEqual([
      2,
      'hookwire run: --on-untrusted must be block or skip, not "maybe"\n',
    ]);
  });
});
