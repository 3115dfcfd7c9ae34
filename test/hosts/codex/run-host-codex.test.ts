import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { inPosixShell } from '../../../src/install/missing-program-guard.js';
import { runCli } from '../../cli/run-cli.js';
import { guarded } from '../../support/guarded-command.js';
import { trustFiles } from '../../support/trust-files.js';

/*
 * `hookwire run --host codex` as Codex starts it: the event on stdin in Codex's shape (Claude's plus
 * `turn_id` and `model`), the project's .hookwire/hooks.json found from the payload's cwd, the answer in
 * what Codex enforces (docs/hosts/codex.md; the same rules seen in the real CLI: compat/codex/).
 */
const temporary = mkdtempSync(join(tmpdir(), 'hookwire-codex-'));
const state = mkdtempSync(join(tmpdir(), 'hookwire-codex-state-'));
afterAll(() => {
  rmSync(temporary, { recursive: true, force: true });
  rmSync(state, { recursive: true, force: true });
});

let projects = 0;
/** A project (a git root) whose hooks file prints `output` for every PreToolUse, trusted unless told. */
function project(hook: Record<string, unknown>, trusted = true): string {
  const directory = join(temporary, `project-${++projects}`);
  mkdirSync(join(directory, '.hookwire'), { recursive: true });
  mkdirSync(join(directory, '.git'));
  mkdirSync(join(directory, 'src'));
  const hooksFile = join(directory, '.hookwire', 'hooks.json');
  writeFileSync(hooksFile, JSON.stringify({ hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [hook] }] } }));
  if (trusted) trustFiles(state, [hooksFile]);
  return directory;
}

const printing = (output: unknown) => ({
  type: 'command',
  command: `printf '%s' '${JSON.stringify(output)}'`,
});

function codexEvent(cwd: string): string {
  return `${JSON.stringify({
    session_id: 'codex-session',
    turn_id: 'turn-1',
    transcript_path: null,
    cwd,
    hook_event_name: 'PreToolUse',
    model: 'gpt-5',
    permission_mode: 'bypassPermissions',
    tool_name: 'Bash',
    tool_input: { command: 'rm -rf build' },
    tool_use_id: 'call_1',
  })}\n`;
}

const run = (cwd: string) =>
  runCli(['run', '--host', 'codex', 'PreToolUse'], codexEvent(cwd), { HOOKWIRE_STATE_DIR: state });

function specificOf(stdout: string): Record<string, unknown> {
  return (JSON.parse(stdout) as { hookSpecificOutput: Record<string, unknown> }).hookSpecificOutput;
}

describe('hookwire run --host codex', () => {
  it("finds the project's hooks file from a subdirectory and answers a deny as Codex enforces it", async () => {
    const dir = project(
      printing({
        hookSpecificOutput: {
          hookEventName: 'PreToolUse',
          permissionDecision: 'deny',
          permissionDecisionReason: 'no rm',
        },
      }),
    );
    const result = await run(join(dir, 'src'));
    expect(result.code).toBe(0);
    expect(specificOf(result.stdout)).toEqual({
      hookEventName: 'PreToolUse',
      permissionDecision: 'deny',
      permissionDecisionReason: 'no rm',
    });
  });

  it('turns an ask, which Codex would let through, into a deny that says why', async () => {
    const dir = project(
      printing({
        hookSpecificOutput: {
          hookEventName: 'PreToolUse',
          permissionDecision: 'ask',
          permissionDecisionReason: 'sure?',
        },
      }),
    );
    const result = await run(dir);
    const specific = specificOf(result.stdout);
    expect(specific.permissionDecision).toBe('deny');
    expect(specific.permissionDecisionReason).toMatch(
      /^sure\? \(hookwire: a hook asked for confirmation, which Codex hooks cannot ask/,
    );
    expect(result.stderr).toContain('hookwire: sure?');
  });

  it('turns continue: false into a deny with the stop reason, never the refused fields', async () => {
    const dir = project(printing({ continue: false, stopReason: 'halt', suppressOutput: true }));
    const result = await run(dir);
    const body = JSON.parse(result.stdout) as Record<string, unknown>;
    expect(body).not.toHaveProperty('continue');
    expect(body).not.toHaveProperty('stopReason');
    expect(body).not.toHaveProperty('suppressOutput');
    expect(specificOf(result.stdout).permissionDecisionReason).toMatch(
      /^halt \(hookwire: a hook asked to stop the agent/,
    );
  });

  it('gives a deny without a reason one, since Codex lets a reasonless deny through', async () => {
    const dir = project(
      printing({ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny' } }),
    );
    expect(specificOf((await run(dir)).stdout).permissionDecisionReason).toBe('Blocked by hook');
  });

  it('writes allow only with the input it rewrites, and nothing for a bare allow', async () => {
    const rewrite = project(
      printing({
        hookSpecificOutput: {
          hookEventName: 'PreToolUse',
          permissionDecision: 'allow',
          updatedInput: { command: 'rm -rf build/tmp' },
        },
      }),
    );
    expect(specificOf((await run(rewrite)).stdout)).toEqual({
      hookEventName: 'PreToolUse',
      permissionDecision: 'allow',
      updatedInput: { command: 'rm -rf build/tmp' },
    });
    const bare = project(
      printing({ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'allow' } }),
    );
    const result = await run(bare);
    expect(result).toMatchObject({ code: 0, stdout: '' });
  });

  it("blocks by exit 2 with the hook's own stderr, as Codex words it for the hook itself", async () => {
    const dir = project({ type: 'command', command: "echo 'not here' >&2; exit 2" });
    expect(await run(dir)).toMatchObject({ code: 2, stdout: '', stderr: 'not here\n' });
  });

  it('exits 1 when a hook crashed and nothing else is to be said, so Codex shows it as failed', async () => {
    const dir = project({ type: 'command', command: 'echo boom >&2; exit 1' });
    const result = await run(dir);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('boom');
  });

  it('fails closed on an untrusted hooks file: the call is blocked with the trust command', async () => {
    const dir = project({ type: 'command', command: 'true' }, false);
    const result = await run(dir);
    const blocked =
      result.code === 2 ? result.stderr : String(specificOf(result.stdout).permissionDecisionReason);
    expect(blocked).toContain('hookwire trust');
  });

  it('answers nothing, at once, in a directory without a hooks file', async () => {
    const bare = join(temporary, 'no-hooks');
    mkdirSync(join(bare, '.git'), { recursive: true });
    expect(await run(bare)).toEqual({ code: 0, stdout: '', stderr: '' });
  });

  it('refuses a host it does not know', async () => {
    const result = await runCli(['run', '--host', 'no-such-agent'], codexEvent(temporary));
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('--host "no-such-agent" names no host');
  });
});

describe('hookwire init codex', () => {
  it("installs the project's events into $CODEX_HOME with their trust, and undoes it", async () => {
    const dir = project({ type: 'command', command: 'true' });
    const home = join(temporary, 'codex-home');
    mkdirSync(home);
    writeFileSync(join(home, 'config.toml'), 'model = "gpt-5"\n');
    const env = { CODEX_HOME: home, HOOKWIRE_STATE_DIR: state };
    const init = await runCli(['init', 'codex', '--project', dir, '--hookwire', 'hookwire'], '', env);
    expect(init.code).toBe(0);
    const hooks = JSON.parse(readFileSync(join(home, 'hooks.json'), 'utf8'));
    expect(hooks).toEqual({
      hooks: {
        PreToolUse: [
          {
            hooks: [
              {
                type: 'command',
                command: inPosixShell(guarded('hookwire run --host codex PreToolUse', 'codex', 'PreToolUse')),
              },
            ],
          },
        ],
      },
    });
    const config = readFileSync(join(home, 'config.toml'), 'utf8');
    expect(config).toMatch(
      new RegExp(
        `^model = "gpt-5"\\n\\n\\[hooks\\.state\\."${home}/hooks\\.json:pre_tool_use:0:0"\\]\\ntrusted_hash = "sha256:[0-9a-f]{64}"\\n$`,
      ),
    );
    expect(readFileSync(join(home, 'config.toml.before-hookwire'), 'utf8')).toBe('model = "gpt-5"\n');

    const again = await runCli(['init', 'codex', '--project', dir, '--hookwire', 'hookwire'], '', env);
    expect(again.code).toBe(0);
    expect(readFileSync(join(home, 'config.toml'), 'utf8')).toBe(config);

    const undo = await runCli(['init', 'codex', '--undo', '--project', dir], '', env);
    expect(undo.code).toBe(0);
    expect(readFileSync(join(home, 'config.toml'), 'utf8')).toBe('model = "gpt-5"\n');
    // init created hooks.json: undo removes it again (docs/cli.md, "init <host> --undo").
    expect(existsSync(join(home, 'hooks.json'))).toBe(false);
    expect(existsSync(join(home, 'config.toml.before-hookwire'))).toBe(false);
  });

  it('prints what it would write with --print, and writes nothing', async () => {
    const dir = project({ type: 'command', command: 'true' });
    const home = join(temporary, 'codex-home-print');
    const result = await runCli(
      ['init', 'codex', '--print', '--project', dir, '--hookwire', 'hookwire'],
      '',
      { CODEX_HOME: home },
    );
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('hookwire run --host codex PreToolUse');
    expect(result.stdout).toContain('trusted_hash = "sha256:');
    expect(() => readFileSync(join(home, 'hooks.json'))).toThrow();
  });
});
