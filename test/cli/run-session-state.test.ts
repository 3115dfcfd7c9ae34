import { chmodSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { sessionDirectoryName } from '../../src/engine/session-files.js';
import { hookInput, root, runCli } from './run-cli.js';

const temporaries: string[] = [];
afterEach(() => {
  for (const directory of temporaries.splice(0)) rmSync(directory, { recursive: true, force: true });
});

/** A settings file of `hooks` in a temporary directory, a state directory beside it, and a `run` of them. */
function scene(hooks: Record<string, unknown>) {
  const directory = mkdtempSync(join(tmpdir(), 'hookwire-session-state-'));
  temporaries.push(directory);
  const settings = join(directory, 'settings.json');
  writeFileSync(settings, JSON.stringify({ hooks }));
  const state = join(directory, 'state');
  const run = (event: string, fields: Record<string, unknown>, env: Record<string, string> = {}) =>
    runCli(['run', '--settings', settings], hookInput(event, fields), { HOOKWIRE_STATE_DIR: state, ...env });
  return { directory, state, run };
}

const prompt = { prompt: 'next' };

/** A `once` UserPromptSubmit hook that appends a line to `log` each time it runs. */
function onceHook(log: string) {
  return {
    UserPromptSubmit: [{ hooks: [{ type: 'command', command: `echo ran >> '${log}'`, once: true }] }],
  };
}

function runsIn(log: string): number {
  try {
    return readFileSync(log, 'utf8').split('\n').filter(Boolean).length;
  } catch {
    return 0;
  }
}

describe('hookwire run: per-session state across processes', () => {
  it('runs a once hook once per session, even for runs of one session at the same moment', async () => {
    const log = join(mkdtempSync(join(tmpdir(), 'hookwire-once-log-')), 'log');
    temporaries.push(join(log, '..'));
    const { state, run } = scene(onceHook(log));
    const together = await Promise.all(
      [1, 2, 3, 4].map(() => run('UserPromptSubmit', { ...prompt, session_id: 'race' })),
    );
    expect(together.map((result) => result.code)).toEqual([0, 0, 0, 0]);
    expect(runsIn(log)).toBe(1);
    expect((await run('UserPromptSubmit', { ...prompt, session_id: 'race' })).code).toBe(0);
    expect(runsIn(log)).toBe(1);

    // Another session has its own once.
    await run('UserPromptSubmit', { ...prompt, session_id: 'other' });
    expect(runsIn(log)).toBe(2);

    // SessionEnd removes the session's state: a session of that id starting again runs it again.
    const sessions = join(state, 'sessions');
    expect(readdirSync(sessions).sort()).toEqual(
      [sessionDirectoryName('other'), sessionDirectoryName('race')].sort(),
    );
    expect((await run('SessionEnd', { session_id: 'race', reason: 'other' })).code).toBe(0);
    expect(readdirSync(sessions)).toEqual([sessionDirectoryName('other')]);
    await run('UserPromptSubmit', { ...prompt, session_id: 'race' });
    expect(runsIn(log)).toBe(3);
  }, 60_000);

  it('keeps the Stop block cap across runs: the tenth consecutive block is refused', async () => {
    const { run } = scene({
      Stop: [{ hooks: [{ type: 'command', command: 'echo "tests fail" >&2; exit 2' }] }],
    });
    const codes: Array<number | null> = [];
    for (let index = 0; index < 10; index++) {
      codes.push((await run('Stop', { session_id: 'stop-cap', stop_hook_active: index > 0 })).code);
    }
    expect(codes).toEqual([2, 2, 2, 2, 2, 2, 2, 2, 2, 0]);
  }, 120_000);

  it('does not believe session state in a directory others may write, nor one inside the project', async () => {
    const log = join(mkdtempSync(join(tmpdir(), 'hookwire-once-log-')), 'log');
    temporaries.push(join(log, '..'));
    const { state, run } = scene(onceHook(log));
    // A planted claim in a world-writable directory: the hook runs anyway, every time.
    const planted = join(state, 'sessions', sessionDirectoryName('planted'));
    mkdirSync(planted, { recursive: true, mode: 0o777 });
    for (const path of [state, join(state, 'sessions'), planted]) chmodWorld(path);
    await run('UserPromptSubmit', { ...prompt, session_id: 'planted' });
    await run('UserPromptSubmit', { ...prompt, session_id: 'planted' });
    expect(runsIn(log)).toBe(2);

    const inside = await run(
      'UserPromptSubmit',
      { ...prompt, session_id: 'inside' },
      {
        HOOKWIRE_STATE_DIR: join(root, 'test', '.state-inside-the-project'),
      },
    );
    expect(inside.stderr).toContain('is inside the project');
    expect(runsIn(log)).toBe(3);
  }, 60_000);
});

/** mkdir's mode goes through the umask; chmod's does not. */
function chmodWorld(path: string): void {
  chmodSync(path, 0o777);
}
