import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CLINE_HOST_EVENTS } from '../../../src/hosts/cline/cline-events.js';
import { clineHost } from '../../../src/hosts/cline/cline-host.js';
import { initCline } from '../../../src/hosts/cline/install/init-cline.js';
import { runCli } from '../../cli/run-cli.js';
import { outcome } from '../../support/outcome-builder.js';
import { hostTestProjects, one, printing } from '../host-test-projects.js';

/*
 * `hookwire run --host cline` as Cline runs the hook files `hookwire init cline` writes: Cline's payload
 * (as `cline` 3.0.65 sent it, docs/hosts/cline.md; the same rules seen in the real CLI: compat/cline/) on
 * stdin, Cline's JSON answer on stdout.
 */
const { state, project } = hostTestProjects('cline');

const base = (cwd: string) => ({
  clineVersion: '',
  timestamp: '2026-12-05T07:46:51.870Z',
  taskId: 'conv_1',
  sessionContext: { rootSessionId: 'session-1' },
  workspaceRoots: [cwd],
  workspaceInfo: { rootPath: cwd, hint: 'project' },
  userId: 'unknown',
  agent_id: 'agent_1',
  parent_agent_id: null,
});
const toolCall = (cwd: string, name: string, input: Record<string, unknown>) => ({
  ...base(cwd),
  hookName: 'tool_call',
  iteration: 1,
  tool_call: { id: 'call_1', name, input },
  preToolUse: { toolName: name, parameters: {} },
});
const shell = (cwd: string) => toolCall(cwd, 'run_commands', { commands: ['rm -rf build', 'ls'] });
const run = (cwd: string, payload: Record<string, unknown>, event = 'PreToolUse') =>
  runCli(
    ['run', '--host', 'cline', '--settings', join(cwd, '.hookwire', 'hooks.json'), event],
    `${JSON.stringify(payload)}\n`,
    { HOOKWIRE_STATE_DIR: state },
  );

describe("Cline's events on the catalogue", () => {
  it('maps run_commands to Bash, one command a line, and keeps Cline’s payload', () => {
    const payload = shell('/p');
    expect(CLINE_HOST_EVENTS.incoming('PreToolUse', payload).payload).toEqual({
      ...payload,
      hook_event_name: 'PreToolUse',
      host_event_name: 'PreToolUse',
      session_id: 'session-1',
      cwd: '/p',
      tool_name: 'Bash',
      host_tool_name: 'run_commands',
      tool_input: { command: 'rm -rf build\nls' },
      tool_use_id: 'call_1',
    });
  });

  it('names editor Edit or Write by its arguments, and read_files Read', () => {
    const payload = (name: string, input: Record<string, unknown>) =>
      CLINE_HOST_EVENTS.incoming('PreToolUse', toolCall('/p', name, input)).payload;
    expect(payload('editor', { path: '/p/a', old_text: 'x', new_text: 'y' })).toMatchObject({
      tool_name: 'Edit',
      tool_input: { file_path: '/p/a', old_string: 'x', new_string: 'y' },
    });
    expect(payload('editor', { path: '/p/a', new_text: 'y' })).toMatchObject({
      tool_name: 'Write',
      tool_input: { file_path: '/p/a', content: 'y' },
    });
    expect(payload('read_files', { files: [{ path: '/p/a', start_line: 2, end_line: 5 }] })).toMatchObject({
      tool_name: 'Read',
      tool_input: { file_path: '/p/a', offset: 2, limit: 4 },
    });
  });

  it('maps the lifecycle files: TaskStart and TaskResume are SessionStart, TaskComplete is Stop', () => {
    expect(CLINE_HOST_EVENTS.incoming('TaskResume', base('/p'))).toMatchObject({
      event: 'SessionStart',
      payload: { source: 'resume', session_id: 'session-1' },
    });
    const end = { ...base('/p'), hookName: 'agent_end', turn: { outputText: 'DONE', status: 'completed' } };
    expect(CLINE_HOST_EVENTS.incoming('TaskComplete', end)).toMatchObject({
      event: 'Stop',
      payload: { stop_hook_active: false, last_assistant_message: 'DONE' },
    });
    expect(CLINE_HOST_EVENTS.fromCatalogue('SessionStart')).toBe('TaskStart');
    expect(CLINE_HOST_EVENTS.toCatalogue('TaskCancel')).toBe('TaskCancel');
  });
});

describe("Cline's answers", () => {
  const incoming = (name: string, input: Record<string, unknown>) =>
    CLINE_HOST_EVENTS.incoming('PreToolUse', toolCall('/p', name, input));

  it('answers a deny, an ask and a stop with cancel, the only answer that keeps the call from running', () => {
    const call = incoming('run_commands', { commands: ['ls'] });
    for (const fields of [
      { decision: 'deny' as const, reason: 'no' },
      { decision: 'ask' as const, reason: 'no' },
      { continue: false, stopReason: 'no' },
    ]) {
      const answer = clineHost.answer.command(outcome({ event: 'PreToolUse', ...fields }), call);
      expect(answer.exitCode).toBe(0);
      expect(JSON.parse(answer.stdout)).toMatchObject({
        cancel: true,
        errorMessage: expect.stringContaining('no'),
      });
    }
  });

  it('gives a rewrite back under Cline’s arguments', () => {
    const answer = (name: string, input: Record<string, unknown>, updatedInput: Record<string, unknown>) =>
      JSON.parse(
        clineHost.answer.command(
          outcome({ event: 'PreToolUse', decision: 'allow', updatedInput }),
          incoming(name, input),
        ).stdout,
      );
    expect(answer('run_commands', { commands: ['ls'] }, { command: 'ls -a' })).toEqual({
      overrideInput: { commands: ['ls -a'] },
    });
    expect(
      answer(
        'editor',
        { path: '/p/a', old_text: 'x', new_text: 'y' },
        { file_path: '/p/b', old_string: 'x', new_string: 'z' },
      ),
    ).toEqual({ overrideInput: { path: '/p/b', old_text: 'x', new_text: 'z' } });
    expect(answer('editor', { path: '/p/a', new_text: 'y' }, { file_path: '/p/a', content: 'z' })).toEqual({
      overrideInput: { path: '/p/a', new_text: 'z' },
    });
  });

  it('narrows a read of several files the hooks checked to its first file, and says so', () => {
    const read = incoming('read_files', { files: [{ path: '/p/a' }, { path: '/p/.env' }] });
    const ran = outcome({ event: 'PreToolUse' });
    const checked = { ...ran, runs: [{ ...ran, index: 0 }] } as unknown as typeof ran;
    const body = JSON.parse(clineHost.answer.command(checked, read).stdout);
    expect(body.overrideInput).toEqual({ files: [{ path: '/p/a' }] });
    expect(body.contextModification).toContain('read only its first file');
    // No hook ran (nothing matched Read): the call is left as it is.
    expect(clineHost.answer.command(ran, read).stdout).toBe('');
  });

  it('answers context as contextModification, and a PostToolUse block as context too', () => {
    const after = CLINE_HOST_EVENTS.incoming('PostToolUse', {
      ...base('/p'),
      tool_result: { id: 'call_1', name: 'run_commands', input: { commands: ['ls'] }, output: [] },
    });
    const answer = clineHost.answer.command(
      outcome({ event: 'PostToolUse', decision: 'block', reason: 'tests fail', additionalContext: ['note'] }),
      after,
    );
    expect(JSON.parse(answer.stdout)).toEqual({ contextModification: 'note\ntests fail' });
  });

  it("answers hookwire's own failure as Cline's cancel, since Cline reads no exit code", () => {
    const failure = clineHost.answer.failure?.(
      outcome({ event: 'PreToolUse', decision: 'deny', reason: 'hookwire broke' }),
      undefined,
    );
    expect(JSON.parse(failure?.stdout ?? '')).toMatchObject({ cancel: true });
  });
});

describe.concurrent('hookwire run --host cline', () => {
  it('runs a Bash guard on run_commands and answers its exit 2 with cancel', async () => {
    const dir = project(one('PreToolUse', { type: 'command', command: 'echo no rm >&2; exit 2' }, 'Bash'));
    const result = await run(dir, shell(dir));
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({
      cancel: true,
      errorMessage: 'no rm (Cline cannot deny one call: hookwire cancelled the task)',
    });
  });

  it('lets a call the hooks allow run, saying nothing', async () => {
    const dir = project(one('PreToolUse', printing({}), 'Bash'));
    const result = await run(dir, toolCall(dir, 'read_files', { files: [{ path: 'a' }] }));
    expect(result).toMatchObject({ code: 0, stdout: '' });
  });

  it('cancels when the hooks file is not trusted (fail closed)', async () => {
    const dir = project(one('PreToolUse', printing({}), 'Bash'), false);
    const result = await run(dir, shell(dir));
    expect(JSON.parse(result.stdout)).toMatchObject({
      cancel: true,
      errorMessage: expect.stringContaining('trust'),
    });
  });
});

describe('the hook files init cline writes', () => {
  const installed = (hooks: Record<string, unknown>, hookwire: string) => {
    const dir = project(hooks);
    const code = initCline({
      projectDir: dir,
      hooksPath: join(dir, '.hookwire', 'hooks.json'),
      values: {},
      hookwire,
      print: false,
      undo: false,
      env: process.env,
      cliPath: '',
      version: '0.0.0',
      out: () => {},
      err: () => {},
    });
    expect(code).toBe(0);
    return dir;
  };
  const fire = (dir: string, event: string, payload: unknown) =>
    spawnSync(join(dir, '.cline', 'hooks', event), {
      cwd: dir,
      input: JSON.stringify(payload),
      encoding: 'utf8',
      env: { ...process.env, HOOKWIRE_STATE_DIR: state },
    });

  it('writes one executable file per Cline event the hooks use (SessionStart: TaskStart and TaskResume)', () => {
    const dir = installed(
      { ...one('PreToolUse', printing({})), ...one('SessionStart', printing({})) },
      'hookwire',
    );
    expect(readdirSync(join(dir, '.cline', 'hooks')).filter((name) => !name.includes('.'))).toEqual([
      'PreToolUse',
      'TaskResume',
      'TaskStart',
    ]);
  });

  it('answers cancel when hookwire cannot start, or exits with a failure and prints nothing', () => {
    for (const program of ['/nonexistent/hookwire', 'sh -c "exit 3" hookwire']) {
      const dir = installed(one('PreToolUse', printing({}), 'Bash'), program);
      const result = fire(dir, 'PreToolUse', shell(dir));
      expect(JSON.parse(result.stdout), program).toMatchObject({ cancel: true });
    }
  });

  it('passes a started hookwire’s answer through, and its silence (exit 0) as silence', () => {
    const dir = installed(one('PreToolUse', printing({}), 'Bash'), 'sh -c "cat >/dev/null; exit 0" hookwire');
    expect(fire(dir, 'PreToolUse', shell(dir))).toMatchObject({ status: 0, stdout: '' });
  });

  it('leaves a hook file of the user’s own alone and says which', () => {
    const dir = project(one('PreToolUse', printing({})));
    mkdirSync(join(dir, '.cline', 'hooks'), { recursive: true });
    const mine = join(dir, '.cline', 'hooks', 'PreToolUse');
    writeFileSync(mine, '#!/bin/sh\necho "{}"\n');
    expect(() =>
      initCline({
        projectDir: dir,
        hooksPath: join(dir, '.hookwire', 'hooks.json'),
        values: {},
        hookwire: 'hookwire',
        print: false,
        undo: false,
        env: process.env,
        cliPath: '',
        version: '0.0.0',
        out: () => {},
        err: () => {},
      }),
    ).toThrow(/not hookwire's/);
    expect(readFileSync(mine, 'utf8')).toBe('#!/bin/sh\necho "{}"\n');
    expect(existsSync(`${mine}.hookwire-init`)).toBe(false);
  });
});
