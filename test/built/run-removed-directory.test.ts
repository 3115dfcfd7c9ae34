import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { root } from '../cli/run-cli.js';
import { trustFiles } from '../support/trust-files.js';

/*
 * The built `hookwire run` started in a working directory that was removed (docs/reliability.md, "hookwire's
 * own failures"): it used to exit 1 on an uncaught ENOENT, which the host reads as "allow". Built, since the
 * TypeScript loader the sources need cannot start there itself.
 */
const base = mkdtempSync(join(tmpdir(), 'hookwire-removed-directory-'));
afterAll(() => rmSync(base, { recursive: true, force: true }));

describe('the built hookwire run in a removed working directory', () => {
  it('blocks an event that can block, with a reason, instead of crashing', async () => {
    const state = join(base, 'state');
    const settings = join(base, 'settings.json');
    writeFileSync(settings, '{"hooks":{}}');
    trustFiles(state, [settings]);
    const gone = join(base, 'gone');
    const bin = join(root, 'dist', 'hookwire.cjs');
    const child = spawn(
      'sh',
      [
        '-c',
        `mkdir '${gone}' && cd '${gone}' && rmdir '${gone}' && exec '${process.execPath}' '${bin}' run --settings '${settings}'`,
      ],
      {
        env: { ...process.env, HOOKWIRE_HOME: base, HOOKWIRE_STATE_DIR: state, HOOKWIRE_RUN_EVENTS: '' },
        stdio: ['pipe', 'pipe', 'pipe'],
      },
    );
    let stderr = '';
    let stdout = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.stdin.end(
      JSON.stringify({ hook_event_name: 'PreToolUse', session_id: 's', tool_name: 'Bash', tool_input: {} }),
    );
    const code = await new Promise((resolve) => child.on('close', resolve));
    expect({ code, stdout, stderr }).toEqual({
      code: 2,
      stdout: '',
      stderr: `hookwire run: blocked this PreToolUse because hookwire failed (fail closed): the working directory ${gone} no longer exists, and the hook input names no other\n`,
    });
  }, 60_000);
});
