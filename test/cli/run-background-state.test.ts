import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { answerEvent } from '../../src/cli/answer/answer-event.js';
import { sessionFileName } from '../../src/engine/background/delivery-store.js';
import { hookInput, runCli } from './run-cli.js';

const temporaries: string[] = [];
afterEach(() => {
  for (const directory of temporaries.splice(0)) rmSync(directory, { recursive: true, force: true });
});

/** A deny guard on PreToolUse Bash, a state directory, and a `run` of one PreToolUse in session `sessionId`. */
function scene() {
  const directory = mkdtempSync(join(tmpdir(), 'hookwire-background-state-'));
  temporaries.push(directory);
  const settings = join(directory, 'settings.json');
  const deny = JSON.stringify({
    hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionReason: 'no' },
  });
  writeFileSync(
    settings,
    JSON.stringify({
      hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: `echo '${deny}'` }] }] },
    }),
  );
  const state = join(directory, 'state');
  mkdirSync(state, { mode: 0o700 });
  const run = (sessionId: string) =>
    runCli(
      ['run', '--settings', settings],
      hookInput('PreToolUse', {
        session_id: sessionId,
        tool_name: 'Bash',
        tool_input: { command: 'rm -rf /' },
        tool_use_id: 'toolu_01',
      }),
      { HOOKWIRE_STATE_DIR: state },
    );
  return { directory, state, run };
}

/** One background result as a background job records it. */
function deliveryLine(context: string): string {
  return `${JSON.stringify({
    event: 'PostToolUse',
    additionalContext: context,
    run: {
      index: 0,
      source: { file: '/elsewhere/settings.json', level: 'user', line: 1, jsonPath: 'hooks.PostToolUse[0]' },
      type: 'command',
      command: 'lint',
      matcher: null,
      status: 'ok',
      exitCode: 0,
      signal: null,
      startedAtMs: 0,
      durationMs: 1,
      stdout: '',
      stderr: '',
      background: true,
    },
  })}\n`;
}

function denied(stdout: string): boolean {
  return JSON.parse(stdout || '{}').hookSpecificOutput?.permissionDecision === 'deny';
}

describe('hookwire run: the background-result file', () => {
  it('a file of 150,000 results neither overflows the stack nor lets the deny guard fail open', async () => {
    const { state, run } = scene();
    writeFileSync(join(state, await sessionFileName('big')), deliveryLine('x').repeat(150_000), {
      mode: 0o600,
    });
    const result = await run('big');
    expect(result.code).toBe(0);
    expect(denied(result.stdout)).toBe(true);
  }, 60_000);

  it('is not believed in a directory others may write, nor through a symlink', async () => {
    const { directory, state, run } = scene();
    writeFileSync(join(state, await sessionFileName('open')), deliveryLine('INJECTED'), { mode: 0o600 });
    chmodSync(state, 0o777);
    const open = await run('open');
    expect(open.stdout).not.toContain('INJECTED');
    expect(denied(open.stdout)).toBe(true);
    expect(open.stderr).toBe(
      `hookwire run: background results not read: ${state} may be written by other users\n`,
    );

    chmodSync(state, 0o700);
    const elsewhere = join(directory, 'elsewhere');
    writeFileSync(elsewhere, deliveryLine('INJECTED'), { mode: 0o600 });
    symlinkSync(elsewhere, join(state, await sessionFileName('linked')));
    const linked = await run('linked');
    expect(linked.stdout).not.toContain('INJECTED');
    expect(denied(linked.stdout)).toBe(true);
    const linkName = join(state, await sessionFileName('linked'));
    expect(linked.stderr).toBe(
      `hookwire run: background results in ${linkName} not read: it is a symbolic link\n`,
    );
    expect(existsSync(linkName)).toBe(false);

    const real = join(directory, 'real-state');
    mkdirSync(real, { mode: 0o700 });
    writeFileSync(join(real, await sessionFileName('via')), deliveryLine('INJECTED'), { mode: 0o600 });
    const throughLink = join(directory, 'state-link');
    symlinkSync(real, throughLink);
    const via = await runCli(
      ['run', '--settings', join(directory, 'settings.json')],
      hookInput('UserPromptSubmit', { session_id: 'via', prompt: 'hi' }),
      { HOOKWIRE_STATE_DIR: throughLink },
    );
    expect(via.stdout).not.toContain('INJECTED');
    expect(via.stderr).toBe(`hookwire run: background results not read: ${throughLink} is not a directory\n`);
  }, 60_000);

  it('a result file of another user’s mode (group-writable) is not read', async () => {
    const { state, run } = scene();
    const file = join(state, await sessionFileName('group'));
    writeFileSync(file, deliveryLine('INJECTED'));
    chmodSync(file, 0o666);
    const result = await run('group');
    expect(result.stdout).not.toContain('INJECTED');
    expect(denied(result.stdout)).toBe(true);
    expect(result.stderr).toBe(
      `hookwire run: background results in ${file} not read: it may be written by other users\n`,
    );
    expect(existsSync(file)).toBe(false);
  }, 30_000);

  it('a FIFO in place of the result file is refused at once, not waited on', async () => {
    const { state, run } = scene();
    const file = join(state, await sessionFileName('fifo'));
    execFileSync('mkfifo', ['-m', '600', file]);
    const result = await run('fifo');
    expect(denied(result.stdout)).toBe(true);
    expect(result.stderr).toBe(
      `hookwire run: background results in ${file} not read: it is not a regular file\n`,
    );
  }, 30_000);
});

describe('hookwire run: its own failure once the event is known', () => {
  /** Answers `event` with a context whose background launcher throws, as an internal failure would. */
  async function failing(
    event: string,
    fields: Record<string, unknown>,
    options: { host?: string; stdin?: string } = {},
  ) {
    const { directory } = scene();
    const written: string[] = [];
    const host = options.host === undefined ? [] : ['--host', options.host, event];
    const result = await answerEvent([...host, '--settings', join(directory, 'settings.json')], {
      stdin: options.stdin ?? hookInput(event, fields),
      env: { HOOKWIRE_STATE_DIR: join(directory, 'state') },
      cwd: directory,
      write: (descriptor, text) => written.push(`${descriptor}:${text}`),
      launcher: () => {
        throw new Error('internal failure');
      },
    });
    return { exitCode: result.exitCode, written };
  }

  it('blocks an event that can block (exit 2, the reason on stderr), never allows it', async () => {
    expect(
      await failing('PreToolUse', { tool_name: 'Bash', tool_input: { command: 'ls' }, tool_use_id: 't' }),
    ).toEqual({
      exitCode: 2,
      written: [
        '2:hookwire run: blocked this PreToolUse because hookwire failed (fail closed): internal failure\n',
      ],
    });
  });

  it("blocks in the host's own words where exit 2 would only warn (Copilot CLI's prompt event)", async () => {
    const { exitCode, written } = await failing(
      'userPromptSubmitted',
      {},
      {
        host: 'copilot',
        stdin: `${JSON.stringify({ sessionId: 's', timestamp: 1, cwd: tmpdir(), prompt: 'deploy' })}\n`,
      },
    );
    const reason =
      'hookwire run: blocked this UserPromptSubmit because hookwire failed (fail closed): internal failure';
    expect(exitCode).toBe(0);
    expect(written).toEqual([`1:${JSON.stringify({ decision: 'block', reason })}\n`, `2:${reason}\n`]);
  });

  it("denies a Copilot CLI tool call in Copilot's words, never lets it through", async () => {
    const { exitCode, written } = await failing(
      'preToolUse',
      {},
      {
        host: 'copilot',
        stdin: `${JSON.stringify({ sessionId: 's', timestamp: 1, cwd: tmpdir(), toolName: 'bash', toolArgs: { command: 'ls' } })}\n`,
      },
    );
    const reason =
      'hookwire run: blocked this PreToolUse because hookwire failed (fail closed): internal failure';
    const denied = exitCode === 2 || JSON.parse(written[0]?.slice(2) || '{}').permissionDecision === 'deny';
    expect({ denied, written: written.at(-1) }).toEqual({ denied: true, written: `2:${reason}\n` });
  });

  it('is a non-blocking error (exit 1) on an event that cannot block', async () => {
    expect(await failing('Notification', { message: 'hi' })).toEqual({
      exitCode: 1,
      written: ['2:hookwire run: internal failure\n'],
    });
  });
});
