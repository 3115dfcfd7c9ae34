import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CURSOR_HOST_EVENTS } from '../../../src/hosts/cursor/cursor-events.js';
import { type CliResult, root, runCli } from '../../cli/run-cli.js';
import { guarded } from '../../support/guarded-command.js';
import { hostTestProjects, one, printing } from '../host-test-projects.js';

/*
 * `hookwire run --host cursor` as Cursor starts it from the entries `hookwire init cursor` writes, on the
 * payloads of Cursor's documentation (test/fixtures/cursor/, each with its source; Cursor does not install
 * here, so none was run against Cursor: docs/hosts/cursor.md).
 */
/** The built CLI, as Cursor starts it (`npm run build` first). */
const BUILT = ['dist/hookwire.cjs'];
const { state, temporary, project } = hostTestProjects('cursor');

const fixture = (name: string): Record<string, unknown> =>
  JSON.parse(readFileSync(new URL(`../../fixtures/cursor/${name}.json`, import.meta.url), 'utf8'));

/** The fixture as Cursor would send it in the project `cwd`. */
const inProject = (
  name: string,
  cwd: string,
  fields: Record<string, unknown> = {},
): Record<string, unknown> => ({
  ...fixture(name),
  workspace_roots: [cwd],
  ...fields,
});

const run = (
  cwd: string,
  name: string,
  fields: Record<string, unknown> = {},
  env: Record<string, string> = {},
) => {
  const payload = inProject(name, cwd, fields);
  return runCli(
    [
      'run',
      '--host',
      'cursor',
      '--settings',
      join(cwd, '.hookwire', 'hooks.json'),
      String(payload.hook_event_name),
    ],
    `${JSON.stringify(payload)}\n`,
    { HOOKWIRE_STATE_DIR: state, HOME: temporary, ...env },
    BUILT,
  );
};

/** `hookwire run --host cursor` started as a hook run by `hookwire run` for `event` (HOOKWIRE_RUN_EVENTS). */
function recursive(cwd: string, name: string, event: string): Promise<CliResult> {
  const payload = inProject(name, cwd);
  const child = spawn(
    process.execPath,
    [
      ...BUILT,
      'run',
      '--host',
      'cursor',
      '--settings',
      join(cwd, '.hookwire', 'hooks.json'),
      String(payload.hook_event_name),
    ],
    { cwd: root, env: { ...process.env, HOOKWIRE_STATE_DIR: state, HOOKWIRE_RUN_EVENTS: event } },
  );
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => (stdout += chunk));
  child.stderr.on('data', (chunk) => (stderr += chunk));
  child.stdin.end(`${JSON.stringify(payload)}\n`);
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

describe("Cursor's events on the catalogue", () => {
  it('maps the generic tool events, with Claude Code tool names and argument names beside Cursor’s', () => {
    const shell = CURSOR_HOST_EVENTS.incoming('preToolUse', fixture('pre-tool-use-shell'));
    expect(shell.event).toBe('PreToolUse');
    expect(shell.payload).toMatchObject({
      hook_event_name: 'PreToolUse',
      host_event_name: 'preToolUse',
      session_id: '668320d2-2fd8-4888-b33c-2a466fec86e7',
      cwd: '/home/dev/project',
      tool_name: 'Bash',
      host_tool_name: 'Shell',
      tool_input: { command: 'rm -rf build' },
    });
    expect(shell.payload).not.toHaveProperty('transcript_path');
    const edit = CURSOR_HOST_EVENTS.incoming('preToolUse', fixture('pre-tool-use-str-replace')).payload;
    expect(edit).toMatchObject({
      tool_name: 'Edit',
      tool_input: { path: '/home/dev/project/src/main.ts', file_path: '/home/dev/project/src/main.ts' },
    });
    const post = CURSOR_HOST_EVENTS.incoming('postToolUse', fixture('post-tool-use-shell')).payload;
    expect(post).toMatchObject({ tool_name: 'Bash', tool_response: { output: '1 passed', exitCode: 0 } });
  });

  it('maps the per-tool events onto PreToolUse and PostToolUse of their one tool', () => {
    expect(
      CURSOR_HOST_EVENTS.incoming('beforeShellExecution', fixture('before-shell-execution')),
    ).toMatchObject({
      event: 'PreToolUse',
      payload: { tool_name: 'Bash', tool_input: { command: 'rm -rf build' }, cwd: '/home/dev/project' },
    });
    expect(CURSOR_HOST_EVENTS.incoming('beforeReadFile', fixture('before-read-file')).payload).toMatchObject({
      tool_name: 'Read',
      tool_input: { file_path: '/home/dev/project/.env' },
    });
    expect(
      CURSOR_HOST_EVENTS.incoming('beforeMCPExecution', fixture('before-mcp-execution')).payload,
    ).toMatchObject({
      tool_name: 'database_query',
      tool_input: { query: 'DELETE FROM users' },
    });
    expect(CURSOR_HOST_EVENTS.incoming('afterFileEdit', fixture('after-file-edit'))).toMatchObject({
      event: 'PostToolUse',
      payload: {
        tool_name: 'Edit',
        tool_input: { old_string: 'const foo = 1', new_string: 'const foo = 2' },
      },
    });
  });

  it('maps the lifecycle events, and leaves an event the catalogue lacks as it came', () => {
    expect(CURSOR_HOST_EVENTS.incoming('stop', fixture('stop'))).toMatchObject({
      event: 'Stop',
      payload: { stop_hook_active: false, status: 'completed' },
    });
    expect(CURSOR_HOST_EVENTS.incoming('beforeSubmitPrompt', fixture('before-submit-prompt')).event).toBe(
      'UserPromptSubmit',
    );
    expect(CURSOR_HOST_EVENTS.incoming('sessionStart', fixture('session-start')).payload).toMatchObject({
      source: 'startup',
    });
    const unknown = CURSOR_HOST_EVENTS.incoming('afterAgentResponse', fixture('after-agent-response'));
    expect(unknown).toMatchObject({ event: 'afterAgentResponse', payload: fixture('after-agent-response') });
    expect(CURSOR_HOST_EVENTS.fromCatalogue('PreToolUse')).toBe('preToolUse');
    expect(CURSOR_HOST_EVENTS.fromCatalogue('Notification')).toBeUndefined();
  });
});

const deny = { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: 'no rm' };

describe.concurrent('hookwire run --host cursor', () => {
  it("answers a Bash guard's deny in Cursor's fields, on preToolUse and on beforeShellExecution", async () => {
    const dir = project(one('PreToolUse', printing({ hookSpecificOutput: deny }), 'Bash'));
    for (const name of ['pre-tool-use-shell', 'before-shell-execution']) {
      const result = await run(dir, name);
      expect({ name, code: result.code, answer: JSON.parse(result.stdout) }).toEqual({
        name,
        code: 0,
        answer: { permission: 'deny', user_message: 'no rm', agent_message: 'no rm' },
      });
    }
    const read = await run(dir, 'before-read-file');
    expect(JSON.parse(read.stdout)).toEqual({});
  });

  it("denies with an exit-2 hook's own words", async () => {
    const dir = project(one('PreToolUse', { type: 'command', command: "echo 'not here' >&2; exit 2" }));
    const result = await run(dir, 'pre-tool-use-shell');
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({
      permission: 'deny',
      user_message: 'not here',
      agent_message: 'not here',
    });
  });

  it("gives a rewritten input back under Cursor's argument names on preToolUse", async () => {
    const rewrite = {
      hookSpecificOutput: {
        hookEventName: 'PreToolUse',
        updatedInput: { file_path: '/home/dev/project/src/other.ts', old_string: 'one', new_string: 'three' },
      },
    };
    const dir = project(one('PreToolUse', printing(rewrite), 'Edit'));
    const result = await run(dir, 'pre-tool-use-str-replace');
    expect(JSON.parse(result.stdout)).toEqual({
      updated_input: { path: '/home/dev/project/src/other.ts', old_string: 'one', new_string: 'three' },
    });
  });

  it('denies a rewrite on beforeShellExecution, which Cursor cannot apply, and says why', async () => {
    const rewrite = {
      hookSpecificOutput: {
        hookEventName: 'PreToolUse',
        updatedInput: { command: 'rm -rf build --dry-run' },
      },
    };
    const dir = project(one('PreToolUse', printing(rewrite), 'Bash'));
    const result = await run(dir, 'before-shell-execution');
    expect(JSON.parse(result.stdout).permission).toBe('deny');
    expect(result.stderr).toContain('which Cursor takes only on preToolUse');
  });

  it('gives context as additional_context after a tool and at session start', async () => {
    const context = (event: string) =>
      printing({ hookSpecificOutput: { hookEventName: event, additionalContext: `ctx of ${event}` } });
    const dir = project({
      ...one('PostToolUse', context('PostToolUse')),
      ...one('SessionStart', context('SessionStart')),
    });
    expect(JSON.parse((await run(dir, 'post-tool-use-shell')).stdout)).toEqual({
      additional_context: 'ctx of PostToolUse',
    });
    expect(JSON.parse((await run(dir, 'session-start')).stdout)).toEqual({
      additional_context: 'ctx of SessionStart',
    });
  });

  it("continues a stop with the hook's reason as Cursor's followup_message, once", async () => {
    const dir = project(
      one('Stop', {
        type: 'command',
        command: `node -e "const p=JSON.parse(require('fs').readFileSync(0,'utf8'));if(!p.stop_hook_active)console.log(JSON.stringify({decision:'block',reason:'run the tests'}))"`,
      }),
    );
    expect(JSON.parse((await run(dir, 'stop')).stdout)).toEqual({ followup_message: 'run the tests' });
    expect(JSON.parse((await run(dir, 'stop', { loop_count: 1 })).stdout)).toEqual({});
  });

  it('blocks a prompt with continue: false', async () => {
    const dir = project(one('UserPromptSubmit', printing({ decision: 'block', reason: 'not that' })));
    expect(JSON.parse((await run(dir, 'before-submit-prompt')).stdout)).toEqual({
      continue: false,
      user_message: 'not that',
    });
  });

  it("answers hookwire's own failure as a deny (and exit 2) on preToolUse, a followup on stop", async () => {
    const dir = project(one('PreToolUse', { type: 'command', command: 'true' }));
    // hookwire run inside a hook run for the same event: refused as a recursion, a failure of hookwire.
    const recursion = (name: string, event: string) => recursive(dir, name, event);
    const denied = await recursion('pre-tool-use-shell', 'PreToolUse');
    expect(denied.code).toBe(2);
    expect(JSON.parse(denied.stdout)).toMatchObject({ permission: 'deny' });
    expect(denied.stderr).toMatch(/^hookwire run: blocked this PreToolUse because hookwire failed/);
    const stopped = await recursion('stop', 'Stop');
    expect(stopped.code).toBe(0);
    expect(JSON.parse(stopped.stdout).followup_message).toMatch(/^hookwire run: blocked this Stop/);
  });

  it('answers an event the catalogue lacks with an empty object, and lets a crashed hook through', async () => {
    const dir = project(one('PreToolUse', { type: 'command', command: 'echo boom >&2; exit 1' }));
    const unknown = await run(dir, 'after-agent-response');
    expect({ code: unknown.code, stdout: unknown.stdout }).toEqual({ code: 0, stdout: '{}\n' });
    const crashed = await run(dir, 'pre-tool-use-shell');
    expect(crashed.code).toBe(0);
    expect(JSON.parse(crashed.stdout)).toEqual({});
  });
});

describe('hookwire init cursor', () => {
  const init = (dir: string, ...extra: string[]) =>
    runCli(
      ['init', 'cursor', '--project', dir, '--hookwire', 'hookwire', ...extra],
      '',
      { HOOKWIRE_STATE_DIR: state },
      BUILT,
    );

  it("adds hookwire to the project's .cursor/hooks.json, keeps the rest, and undoes it byte for byte", async () => {
    const dir = project({
      ...one('PreToolUse', { type: 'command', command: 'true' }, 'Bash'),
      ...one('Stop', { type: 'command', command: 'true' }),
      ...one('Notification', { type: 'command', command: 'true' }),
    });
    mkdirSync(join(dir, '.cursor'));
    const before = `{
  // the user's own
  "version": 1,
  "hooks": {
    "preToolUse": [{ "command": "./hooks/audit.sh", "matcher": "Shell" }]
  }
}
`;
    const file = join(dir, '.cursor', 'hooks.json');
    writeFileSync(file, before);
    const installed = await init(dir);
    expect(installed.code).toBe(0);
    expect(installed.stderr).toContain('Cursor has no Notification event');
    const text = readFileSync(file, 'utf8');
    expect(text).toContain("// the user's own");
    const settings = join(dir, '.hookwire', 'hooks.json');
    expect(JSON.parse(text.replace(/^\s*\/\/.*$/m, '')).hooks).toEqual({
      preToolUse: [
        { command: './hooks/audit.sh', matcher: 'Shell' },
        {
          command: guarded(
            `hookwire run --host cursor --settings ${settings} preToolUse`,
            'cursor',
            'preToolUse',
          ),
          timeout: 600,
          failClosed: true,
        },
      ],
      stop: [
        {
          command: guarded(`hookwire run --host cursor --settings ${settings} stop`, 'cursor', 'stop'),
          timeout: 600,
        },
      ],
    });

    expect((await init(dir)).code).toBe(0);
    expect(readFileSync(file, 'utf8')).toBe(text);

    expect((await init(dir, '--undo')).code).toBe(0);
    expect(readFileSync(file, 'utf8')).toBe(before);
    expect(existsSync(`${file}.before-hookwire`)).toBe(false);
  });

  it('removes the hooks file it created, and only its own entries from a file edited since', async () => {
    const dir = project(one('Stop', { type: 'command', command: 'true' }));
    const file = join(dir, '.cursor', 'hooks.json');
    expect((await init(dir)).code).toBe(0);
    expect(JSON.parse(readFileSync(file, 'utf8')).version).toBe(1);
    expect((await init(dir, '--undo')).code).toBe(0);
    expect(existsSync(file)).toBe(false);

    expect((await init(dir)).code).toBe(0);
    writeFileSync(
      file,
      readFileSync(file, 'utf8').replace(
        '"hooks": {',
        '"hooks": {\n    "afterFileEdit": [{ "command": "./fmt.sh" }],',
      ),
    );
    expect((await init(dir, '--undo')).code).toBe(0);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({
      version: 1,
      hooks: { afterFileEdit: [{ command: './fmt.sh' }] },
    });
  });

  it('prints what it would write with --print, and writes nothing', async () => {
    const dir = project(one('Stop', { type: 'command', command: 'true' }));
    const result = await init(dir, '--print');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('run --host cursor --settings ');
    expect(existsSync(join(dir, '.cursor', 'hooks.json'))).toBe(false);
  });

  it('refuses a .cursor that leads out of the project, and writes nothing', async () => {
    const dir = project(one('Stop', { type: 'command', command: 'true' }));
    const outside = join(temporary, 'outside-cursor');
    mkdirSync(outside);
    symlinkSync(outside, join(dir, '.cursor'));
    const result = await init(dir);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('outside the project');
    expect(existsSync(join(outside, 'hooks.json'))).toBe(false);
  });
});
