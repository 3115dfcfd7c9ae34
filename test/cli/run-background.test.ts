import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { sessionFileName } from '../../src/engine/background/delivery-store.js';
import { hookInput, root, runCli } from './run-cli.js';

const temporaries: string[] = [];
const groups: number[] = [];
afterEach(() => {
  for (const pgid of groups.splice(0)) {
    try {
      process.kill(-pgid, 'SIGKILL');
    } catch {
      // Already gone, as it should be.
    }
  }
  for (const directory of temporaries.splice(0)) rmSync(directory, { recursive: true, force: true });
});

/** A temporary directory with a settings file of `hooks` and a state directory that does not exist yet. */
function scene(hooks: Record<string, unknown>) {
  const directory = mkdtempSync(join(tmpdir(), 'hookwire-background-'));
  temporaries.push(directory);
  const settings = join(directory, 'settings.json');
  writeFileSync(settings, JSON.stringify({ hooks }));
  const state = join(directory, 'state');
  const env = { HOOKWIRE_STATE_DIR: state };
  const run = (event: string, fields: Record<string, unknown>, entry?: readonly string[]) =>
    runCli(['run', '--settings', settings], hookInput(event, fields), env, entry);
  return { directory, state, run };
}

/** Polls `condition` every 50 ms until it holds; fails after `timeoutMs`. */
async function eventually(condition: () => boolean, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`still false after ${timeoutMs} ms: ${condition}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

function groupIsAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

const bash = { tool_name: 'Bash', tool_input: { command: 'ls' }, tool_use_id: 'toolu_01', tool_response: {} };
const prompt = { prompt: 'next' };

/** An async PostToolUse hook that sleeps, writes `marker`, then prints context. */
function slowContextHook(marker: string) {
  const output = JSON.stringify({
    systemMessage: 'lint finished',
    hookSpecificOutput: { hookEventName: 'PostToolUse', additionalContext: 'BG_CONTEXT 3 warnings' },
  });
  return {
    PostToolUse: [
      {
        hooks: [
          { type: 'command', command: `sleep 0.5; echo done > '${marker}'; echo '${output}'`, async: true },
        ],
      },
    ],
  };
}

describe('hookwire run: background hooks', () => {
  it('finish after run has exited, and their context comes with the session’s next run, once', async () => {
    const { directory, state, run } = scene({});
    const marker = join(directory, 'marker');
    writeFileSync(join(directory, 'settings.json'), JSON.stringify({ hooks: slowContextHook(marker) }));

    const first = await run('PostToolUse', { ...bash, session_id: 'sess-a' });
    expect(first).toEqual({ code: 0, stdout: '', stderr: '' });
    expect(existsSync(marker)).toBe(false);
    await eventually(() => existsSync(marker));
    const file = join(state, await sessionFileName('sess-a'));
    await eventually(() => existsSync(file));
    expect(statSync(state).mode & 0o777).toBe(0o700);
    expect(statSync(file).mode & 0o777).toBe(0o600);

    const other = await run('UserPromptSubmit', { ...prompt, session_id: 'sess-b' });
    expect(other).toEqual({ code: 0, stdout: '', stderr: '' });

    const next = await run('UserPromptSubmit', { ...prompt, session_id: 'sess-a' });
    expect(next.code).toBe(0);
    expect(JSON.parse(next.stdout)).toEqual({
      systemMessage: 'lint finished',
      hookSpecificOutput: { hookEventName: 'UserPromptSubmit', additionalContext: 'BG_CONTEXT 3 warnings' },
    });
    expect(readdirSync(state)).toEqual([]);

    const after = await run('UserPromptSubmit', { ...prompt, session_id: 'sess-a' });
    expect(after).toEqual({ code: 0, stdout: '', stderr: '' });
  }, 60_000);

  it('SessionEnd removes the session’s file', async () => {
    const { directory, state, run } = scene({});
    const marker = join(directory, 'marker');
    writeFileSync(join(directory, 'settings.json'), JSON.stringify({ hooks: slowContextHook(marker) }));
    await run('PostToolUse', { ...bash, session_id: 'sess-end' });
    const file = join(state, await sessionFileName('sess-end'));
    await eventually(() => existsSync(file));
    const end = await run('SessionEnd', { session_id: 'sess-end', reason: 'other' });
    expect(end.code).toBe(0);
    expect(existsSync(file)).toBe(false);
  }, 60_000);

  it('kills a hook that hangs at its timeout, process group and all, although run is gone', async () => {
    const { directory, run } = scene({});
    const pidFile = join(directory, 'pid');
    const command = `echo $$ > '${pidFile}'; sleep 60 & sleep 60`;
    writeFileSync(
      join(directory, 'settings.json'),
      JSON.stringify({
        hooks: { PostToolUse: [{ hooks: [{ type: 'command', command, async: true, timeout: 1 }] }] },
      }),
    );
    const result = await run('PostToolUse', { ...bash, session_id: 'sess-hang' });
    expect(result.code).toBe(0);
    await eventually(() => existsSync(pidFile) && readFileSync(pidFile, 'utf8').endsWith('\n'));
    const pgid = Number(readFileSync(pidFile, 'utf8').trim());
    groups.push(pgid);
    expect(groupIsAlive(pgid)).toBe(true);
    await eventually(() => !groupIsAlive(pgid), 10_000);
  }, 60_000);

  it('runs asyncRewake on PreToolUse like a normal hook: its exit 2 blocks', async () => {
    const { run } = scene({
      PreToolUse: [
        { hooks: [{ type: 'command', command: 'echo MK_REWAKE no >&2; exit 2', asyncRewake: true }] },
      ],
    });
    const result = await run('PreToolUse', { ...bash, session_id: 'sess-rewake' });
    expect(result).toEqual({ code: 2, stdout: '', stderr: 'MK_REWAKE no\n' });
  }, 30_000);

  const built = join(root, 'dist', 'cli.js');
  it.skipIf(!existsSync(built))(
    'work from the build (dist/cli.js run) too',
    async () => {
      const { directory, state, run } = scene({});
      const marker = join(directory, 'marker');
      writeFileSync(join(directory, 'settings.json'), JSON.stringify({ hooks: slowContextHook(marker) }));
      const first = await run('PostToolUse', { ...bash, session_id: 'sess-dist' }, [built]);
      expect(first).toEqual({ code: 0, stdout: '', stderr: '' });
      const file = join(state, await sessionFileName('sess-dist'));
      await eventually(() => existsSync(file));
      const next = await run('UserPromptSubmit', { ...prompt, session_id: 'sess-dist' }, [built]);
      expect(JSON.parse(next.stdout).hookSpecificOutput.additionalContext).toBe('BG_CONTEXT 3 warnings');
    },
    60_000,
  );
});
