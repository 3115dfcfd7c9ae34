/*
 * Acceptance: equivalents of published Claude Code plugins (test/fixtures/acceptance-plugins/*, each README
 * names its source), loaded as a new user would: `hookwire run --plugin DIR` as a real process, with no
 * variable set by hand, in a temporary session directory and home.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../cli/run-cli.js';

const plugins = fileURLToPath(new URL('../fixtures/acceptance-plugins/', import.meta.url));
const securityGuidance = join(plugins, 'security-guidance');
const ralphWiggum = join(plugins, 'ralph-wiggum');
const root = mkdtempSync(join(tmpdir(), 'hookwire-published-plugins-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

let sessions = 0;
/** A fresh session directory and home, and a way to run one event through `hookwire run --plugin`. */
function session() {
  const directory = join(root, `session-${++sessions}`);
  const home = join(directory, 'home');
  mkdirSync(home, { recursive: true });
  const sessionId = `session-${sessions}`;
  return {
    directory,
    home,
    sessionId,
    run: (plugin: string, event: string, fields: Record<string, unknown>) =>
      runCli(
        ['run', '--plugin', plugin],
        JSON.stringify({
          session_id: sessionId,
          transcript_path: join(directory, 'transcript.jsonl'),
          cwd: directory,
          permission_mode: 'default',
          hook_event_name: event,
          ...fields,
        }),
        { HOME: home, HOOKWIRE_HOME: home },
      ),
  };
}

describe('security-guidance (PreToolUse reminders through python3 ${CLAUDE_PLUGIN_ROOT}/hooks/...)', () => {
  const write = (file: string, content: string) => ({
    tool_name: 'Write',
    tool_input: { file_path: file, content },
    tool_use_id: 'toolu_1',
  });

  it('blocks the first risky write of a file with its reminder, then lets the same write through', async () => {
    const current = session();
    const file = join(current.directory, 'app.js');

    const first = await current.run(securityGuidance, 'PreToolUse', write(file, 'const x = eval(input);'));
    const again = await current.run(securityGuidance, 'PreToolUse', write(file, 'const x = eval(input);'));

    expect(first.code).toBe(2);
    expect(first.stdout).toBe('');
    expect(first.stderr).toBe(
      '⚠️ Security reminder (eval_injection): eval() runs arbitrary code: parse the data (JSON.parse, ast.literal_eval) instead.\n',
    );
    expect(again).toEqual({ code: 0, stdout: '', stderr: '' });
    expect(
      JSON.parse(
        readFileSync(
          join(current.home, '.claude', `security_warnings_state_${current.sessionId}.json`),
          'utf8',
        ),
      ),
    ).toEqual([`${file}-eval_injection`]);
  });

  it('lets a clean edit and an ordinary command through, and blocks a commit carrying a key', async () => {
    const current = session();
    const edit = {
      tool_name: 'Edit',
      tool_input: { file_path: join(current.directory, 'a.py'), old_string: 'a', new_string: 'b = 1' },
    };
    const bash = (command: string) => ({ tool_name: 'Bash', tool_input: { command } });

    expect(await current.run(securityGuidance, 'PreToolUse', edit)).toEqual({
      code: 0,
      stdout: '',
      stderr: '',
    });
    expect(await current.run(securityGuidance, 'PreToolUse', bash('ls -la'))).toEqual({
      code: 0,
      stdout: '',
      stderr: '',
    });
    const commit = await current.run(
      securityGuidance,
      'PreToolUse',
      bash('git commit -m "key AKIAABCDEFGHIJKLMNOP"'),
    );
    expect(commit.code).toBe(2);
    expect(commit.stderr).toBe('Blocked: the commit carries what looks like an AWS access key id.\n');
  });
});

describe('ralph-wiggum (a Stop hook at ${CLAUDE_PLUGIN_ROOT}/hooks/stop-hook.sh)', () => {
  const stateFile = (directory: string) => join(directory, '.claude', 'ralph-loop.local.md');
  function startLoop(directory: string, lastAssistantText: string): void {
    mkdirSync(join(directory, '.claude'), { recursive: true });
    writeFileSync(
      stateFile(directory),
      '---\niteration: 1\nmax_iterations: 5\ncompletion_promise: "DONE"\n---\nFix the failing tests.\n',
    );
    const lines = [
      { type: 'user', message: { role: 'user', content: 'Fix the failing tests.' } },
      {
        type: 'assistant',
        message: { role: 'assistant', content: [{ type: 'text', text: lastAssistantText }] },
      },
    ];
    writeFileSync(
      join(directory, 'transcript.jsonl'),
      lines.map((line) => `${JSON.stringify(line)}\n`).join(''),
    );
  }

  it('lets the session stop when no loop is active', async () => {
    const current = session();
    mkdirSync(current.directory, { recursive: true });

    expect(await current.run(ralphWiggum, 'Stop', { stop_hook_active: false })).toEqual({
      code: 0,
      stdout: '',
      stderr: '',
    });
  });

  it('feeds the prompt back while the promise is not kept, and counts the iteration', async () => {
    const current = session();
    startLoop(current.directory, 'Two tests still fail.');

    const result = await current.run(ralphWiggum, 'Stop', { stop_hook_active: false });

    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({
      decision: 'block',
      reason: 'Fix the failing tests.',
      systemMessage:
        '🔄 Ralph iteration 2 | To stop: output <promise>DONE</promise> (ONLY when statement is TRUE - do not lie to exit!)',
    });
    expect(readFileSync(stateFile(current.directory), 'utf8')).toContain('iteration: 2\n');
  });

  it('ends the loop when the last message keeps the promise', async () => {
    const current = session();
    startLoop(current.directory, 'All green. <promise>DONE</promise>');

    const result = await current.run(ralphWiggum, 'Stop', { stop_hook_active: true });

    expect(result.code).toBe(0);
    expect(result.stdout).toBe('');
    expect(existsSync(stateFile(current.directory))).toBe(false);
  });
});
