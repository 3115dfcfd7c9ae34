import {
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { sessionFileName } from '../../src/engine/background/delivery-store.js';
import { hookInput, runCli } from '../cli/run-cli.js';
import { eventually } from '../run/make-request.js';

/*
 * The state `hookwire run` keeps for its background hooks (their results, for the session's next run) on a
 * disk that is full or that cannot be written: the event is never the one to fail. A background result that
 * cannot be recorded is lost (docs/reliability.md), the job ends, and the next run answers as usual.
 * The disk is made full without privileges: the session's file is a link to /dev/full (writes: ENOSPC).
 */

const directory = mkdtempSync(join(tmpdir(), 'hookwire-delivery-faults-'));
afterAll(() => rmSync(directory, { recursive: true, force: true }));
const bash = { tool_name: 'Bash', tool_input: { command: 'ls' }, tool_use_id: 'toolu_01', tool_response: {} };

/** True while a process has `needle` in its environment (the background job carries its state dir there). */
function processWithEnvironment(needle: string): boolean {
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/environ`, 'latin1').includes(needle)) return true;
    } catch {
      // Ended meanwhile, or not ours.
    }
  }
  return false;
}

function scene(name: string, beforeAnswer = '') {
  const root = join(directory, name);
  mkdirSync(root);
  const marker = join(root, 'marker');
  const settings = join(root, 'settings.json');
  const output = JSON.stringify({
    hookSpecificOutput: { hookEventName: 'PostToolUse', additionalContext: 'BG' },
  });
  writeFileSync(
    settings,
    JSON.stringify({
      hooks: {
        PostToolUse: [
          {
            hooks: [
              {
                type: 'command',
                command: `${beforeAnswer}echo done > '${marker}'; echo '${output}'`,
                async: true,
              },
            ],
          },
        ],
      },
    }),
  );
  const state = join(root, 'state');
  const run = (event: string, fields: Record<string, unknown>) =>
    runCli(['run', '--settings', settings], hookInput(event, fields), { HOOKWIRE_STATE_DIR: state });
  return { marker, state, run };
}

describe.runIf(process.platform === 'linux')('background delivery state on a full or unwritable disk', () => {
  it('disk full: the result is lost, the job ends, the next run answers and clears the damaged file', async () => {
    // The hook itself makes the disk full just before the job records its result (the run before it takes
    // the session's file, so a link made earlier would be gone by then).
    const state = join(directory, 'full', 'state');
    const file = join(state, await sessionFileName('sess-full'));
    const { marker, run } = scene('full', `mkdir -p -m 700 '${state}' && ln -s /dev/full '${file}'; `);

    expect(await run('PostToolUse', { ...bash, session_id: 'sess-full' })).toEqual({
      code: 0,
      stdout: '',
      stderr: '',
    });
    expect(await eventually(() => existsSync(marker), 20_000)).toBe(true);
    expect(await eventually(() => !processWithEnvironment(`HOOKWIRE_STATE_DIR=${state}\u0000`), 20_000)).toBe(
      true,
    );
    expect(lstatSync(file).isSymbolicLink()).toBe(true); // nothing could be written through it

    // Reading the "file" would read /dev/full's endless zeros: it is a link, so it is dropped unread, and said.
    const next = await run('UserPromptSubmit', { prompt: 'next', session_id: 'sess-full' });
    expect(next).toEqual({
      code: 0,
      stdout: '',
      stderr: `hookwire run: background results in ${file} not read: it is a symbolic link\n`,
    });
    expect(readdirSync(state)).toEqual([]);
  }, 60_000);

  it('state directory that cannot be created: the event is answered and the job ends', async () => {
    const { marker, state, run } = scene('unwritable');
    // A regular file where the state directory's parent should be: mkdir fails (ENOTDIR), as for root on a
    // read-only mount, which a test cannot make without privileges.
    writeFileSync(join(state, '..', 'blocker'), '');
    const blocked = join(state, '..', 'blocker', 'state');
    const result = await runCli(
      ['run', '--settings', join(state, '..', 'settings.json')],
      hookInput('PostToolUse', { ...bash, session_id: 'sess-ro' }),
      { HOOKWIRE_STATE_DIR: blocked },
    );
    expect(result).toEqual({ code: 0, stdout: '', stderr: '' });
    expect(await eventually(() => existsSync(marker), 20_000)).toBe(true);
    expect(
      await eventually(() => !processWithEnvironment(`HOOKWIRE_STATE_DIR=${blocked}\u0000`), 20_000),
    ).toBe(true);
    const next = await runCli(
      ['run', '--settings', join(state, '..', 'settings.json')],
      hookInput('UserPromptSubmit', { prompt: 'next', session_id: 'sess-ro' }),
      { HOOKWIRE_STATE_DIR: blocked },
    );
    expect(next).toEqual({ code: 0, stdout: '', stderr: '' });
    void run;
  }, 60_000);
});
