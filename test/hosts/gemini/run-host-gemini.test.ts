import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../../cli/run-cli.js';
import { trustFiles } from '../../support/trust-files.js';

/*
 * `hookwire run --host gemini` as Gemini CLI starts it: the event on stdin in Gemini's shape (its event and
 * tool names, `timestamp`), the project's .hookwire/hooks.json (Claude Code's shape) named by --settings, the
 * answer in what Gemini reads (docs/hosts/gemini.md; the same rules seen in the real CLI: compat/gemini/).
 */
/** The built bin, as Gemini runs it (`npm run build` first): a process from source costs seconds each. */
const BUILT = ['dist/hookwire.cjs'];
const temporary = mkdtempSync(join(tmpdir(), 'hookwire-gemini-'));
const state = mkdtempSync(join(tmpdir(), 'hookwire-gemini-state-'));
afterAll(() => {
  rmSync(temporary, { recursive: true, force: true });
  rmSync(state, { recursive: true, force: true });
});

let projects = 0;
/** The state directory of a project, outside it (hookwire refuses one inside the project). */
const stateOf = (project: string) => join(state, project.split('-').at(-1) ?? '');
/** A project whose trusted hooks file has `hooks` (Claude Code's shape); each hook's input lands in input.json. */
function project(hooks: Record<string, unknown>): string {
  const directory = join(temporary, `project-${++projects}`);
  mkdirSync(join(directory, '.hookwire'), { recursive: true });
  const hooksFile = join(directory, '.hookwire', 'hooks.json');
  writeFileSync(hooksFile, JSON.stringify({ hooks }));
  // A trust store per project: the tests run at once, and one store written while read would race.
  trustFiles(stateOf(directory), [hooksFile]);
  return directory;
}

/** A command hook that keeps its input in the project and prints `output` (JSON, or text as it is). */
function printing(output: unknown, exit = 0): Record<string, unknown> {
  const text = typeof output === 'string' ? output : JSON.stringify(output);
  return {
    type: 'command',
    command: `cat > "$CLAUDE_PROJECT_DIR/input.json"; printf '%s' '${text}'; exit ${exit}`,
  };
}

const group = (hook: Record<string, unknown>, matcher?: string) => [
  { ...(matcher ? { matcher } : {}), hooks: [hook] },
];

function geminiEvent(cwd: string, event: string, fields: Record<string, unknown>): string {
  return `${JSON.stringify({
    session_id: 'gemini-session',
    transcript_path: join(cwd, 'chats', 'session.jsonl'),
    cwd,
    hook_event_name: event,
    timestamp: '2026-12-04T19:20:19.102Z',
    ...fields,
  })}\n`;
}

const shell = {
  tool_name: 'run_shell_command',
  tool_input: { command: 'rm -rf build', is_background: false },
};

function run(dir: string, event: string, fields: Record<string, unknown>) {
  return runCli(
    ['run', '--host', 'gemini', '--settings', join(dir, '.hookwire', 'hooks.json'), event],
    geminiEvent(dir, event, fields),
    { HOOKWIRE_STATE_DIR: stateOf(dir) },
    BUILT,
  );
}

const received = (dir: string) => JSON.parse(readFileSync(join(dir, 'input.json'), 'utf8'));

describe.concurrent('hookwire run --host gemini', () => {
  it("gives a Bash hook Claude Code's names and answers its deny as Gemini's decision", async () => {
    const dir = project({
      PreToolUse: group(
        printing({
          hookSpecificOutput: {
            hookEventName: 'PreToolUse',
            permissionDecision: 'deny',
            permissionDecisionReason: 'no rm',
          },
        }),
        'Bash',
      ),
    });
    const result = await run(dir, 'BeforeTool', shell);
    expect(result).toMatchObject({ code: 0, stdout: '{"decision":"deny","reason":"no rm"}\n' });
    expect(received(dir)).toEqual({
      session_id: 'gemini-session',
      transcript_path: join(dir, 'chats', 'session.jsonl'),
      cwd: dir,
      hook_event_name: 'PreToolUse',
      timestamp: '2026-12-04T19:20:19.102Z',
      tool_name: 'Bash',
      tool_input: { command: 'rm -rf build', run_in_background: false },
      host_event_name: 'BeforeTool',
      host_tool_name: 'run_shell_command',
    });
  });

  it("blocks by exit 2 with the hook's own stderr, as Gemini words it for the hook itself", async () => {
    const dir = project({ PreToolUse: group({ type: 'command', command: "echo 'not here' >&2; exit 2" }) });
    expect(await run(dir, 'BeforeTool', shell)).toEqual({ code: 2, stdout: '', stderr: 'not here\n' });
  });

  it("answers a rewrite as Gemini's tool_input, under the tool's own argument names", async () => {
    const dir = project({
      PreToolUse: group(
        printing({
          hookSpecificOutput: {
            hookEventName: 'PreToolUse',
            permissionDecision: 'allow',
            updatedInput: { pattern: 'TODO', path: 'src', glob: '*.ts' },
          },
        }),
        'Grep',
      ),
    });
    const result = await run(dir, 'BeforeTool', {
      tool_name: 'grep_search',
      tool_input: { pattern: 'TODO', dir_path: '.', include_pattern: '*' },
    });
    expect(JSON.parse(result.stdout)).toEqual({
      hookSpecificOutput: {
        hookEventName: 'BeforeTool',
        tool_input: { pattern: 'TODO', dir_path: 'src', include_pattern: '*.ts' },
      },
    });
    expect(received(dir).tool_input).toEqual({ pattern: 'TODO', path: '.', glob: '*' });
  });

  it("answers an ask as Gemini's ask, the reason shown to the user", async () => {
    const dir = project({
      PreToolUse: group(
        printing({
          hookSpecificOutput: {
            hookEventName: 'PreToolUse',
            permissionDecision: 'ask',
            permissionDecisionReason: 'sure?',
          },
        }),
      ),
    });
    expect(JSON.parse((await run(dir, 'BeforeTool', shell)).stdout)).toEqual({
      decision: 'ask',
      systemMessage: 'sure?',
    });
  });

  it('fires PostToolUseFailure for a failed call, its context in the AfterTool answer', async () => {
    const dir = project({
      PostToolUse: group(printing('{"decision":"block","reason":"should not run"}')),
      PostToolUseFailure: group(
        printing({ hookSpecificOutput: { hookEventName: 'PostToolUseFailure', additionalContext: 'retry' } }),
        'Bash',
      ),
    });
    const result = await run(dir, 'AfterTool', {
      ...shell,
      tool_response: { llmContent: 'failed', returnDisplay: '', error: { message: 'exit 1', type: 'x' } },
    });
    expect(JSON.parse(result.stdout)).toEqual({
      hookSpecificOutput: { hookEventName: 'AfterTool', additionalContext: 'retry' },
    });
    expect(received(dir)).toMatchObject({ hook_event_name: 'PostToolUseFailure', error: 'exit 1' });
  });

  it("answers a Stop block as AfterAgent's deny, which Gemini retries with the reason", async () => {
    const dir = project({ Stop: group(printing({ decision: 'block', reason: 'run the tests' })) });
    const result = await run(dir, 'AfterAgent', {
      prompt: 'go',
      prompt_response: 'DONE',
      stop_hook_active: false,
    });
    expect(result.stdout).toBe('{"decision":"deny","reason":"run the tests"}\n');
    expect(received(dir)).toMatchObject({ hook_event_name: 'Stop', last_assistant_message: 'DONE' });
  });

  it("answers SessionStart's plain-stdout context as JSON context, which Gemini gives the model", async () => {
    const dir = project({ SessionStart: group(printing('the repo uses pnpm')) });
    const result = await run(dir, 'SessionStart', { source: 'startup' });
    expect(JSON.parse(result.stdout)).toEqual({
      hookSpecificOutput: { hookEventName: 'SessionStart', additionalContext: 'the repo uses pnpm' },
    });
  });

  it("exits 1 with a crashed hook's own stderr, which Gemini shows as a warning", async () => {
    const dir = project({ PreToolUse: group({ type: 'command', command: 'echo boom >&2; exit 1' }) });
    expect(await run(dir, 'BeforeTool', shell)).toEqual({ code: 1, stdout: '', stderr: 'boom\n' });
  });

  it('tells the user what Gemini cannot do: a blocked compression goes on', async () => {
    const dir = project({ PreCompact: group({ type: 'command', command: 'echo no >&2; exit 2' }) });
    const result = await run(dir, 'PreCompress', { trigger: 'auto' });
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({
      systemMessage:
        'hookwire: a hook blocked the compression, which Gemini CLI hooks cannot stop (PreCompress is advisory); it goes on',
    });
  });

  it("passes BeforeModel's llm_request through, a Gemini-only event hooks name as Gemini does", async () => {
    const dir = project({
      BeforeModel: group(
        printing({ hookSpecificOutput: { hookEventName: 'BeforeModel', llm_request: { model: 'flash' } } }),
      ),
    });
    const result = await run(dir, 'BeforeModel', { llm_request: { model: 'pro', messages: [] } });
    expect(JSON.parse(result.stdout)).toEqual({
      hookSpecificOutput: { hookEventName: 'BeforeModel', llm_request: { model: 'flash' } },
    });
  });
});
