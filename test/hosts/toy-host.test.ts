import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { answerEvent } from '../../src/cli/answer/answer-event.js';
import { HookwireError } from '../../src/errors/hookwire-error.js';
import { hostNamed, registerHost } from '../../src/host.js';
import { toyHost } from '../fixtures/toy-host/toy-host.js';
import { trustFiles } from '../support/trust-files.js';

/* A host written outside hookwire against `hookwire/host` (test/fixtures/toy-host/), registered and fired. */
const base = mkdtempSync(join(tmpdir(), 'hookwire-toy-host-'));
const state = mkdtempSync(join(tmpdir(), 'hookwire-toy-host-state-'));
afterAll(() => {
  rmSync(base, { recursive: true, force: true });
  rmSync(state, { recursive: true, force: true });
});
mkdirSync(join(base, '.git'));

describe('a host registered from outside', () => {
  registerHost(toyHost);

  it('is found by its name and alias', () => {
    expect(hostNamed('toy')).toBe(toyHost);
    expect(hostNamed('toy-agent')).toBe(toyHost);
  });

  it('refuses a second host with a taken name, and another contract version', () => {
    expect(() => registerHost({ ...toyHost, aliases: [] })).toThrow(HookwireError);
    expect(() => registerHost({ ...toyHost, name: 'claude', aliases: [] })).toThrow(
      'host name "claude" is taken by Claude Code',
    );
    expect(() =>
      registerHost({ ...toyHost, name: 'toy2', aliases: [], specificationVersion: 'v2' as 'v1' }),
    ).toThrow('host "toy2" implements contract "v2"; this hookwire implements v1');
  });

  it('fires its event through hookwire run: its names in, the catalogue matched, its answer out', async () => {
    const settings = join(base, 'settings.json');
    writeFileSync(
      settings,
      JSON.stringify({
        hooks: {
          PreToolUse: [
            {
              matcher: 'Bash',
              hooks: [{ type: 'command', command: 'echo "no shell, $TOY_PROJECT" >&2; exit 2' }],
            },
          ],
        },
      }),
    );
    trustFiles(state, [settings]);
    let stdout = '';
    const result = await answerEvent(['--host', 'toy-agent', '--settings', settings, 'before_tool'], {
      stdin: JSON.stringify({ hook_event_name: 'before_tool', session_id: 's', cwd: base, tool: 'sh' }),
      env: { HOOKWIRE_HOME: base, HOOKWIRE_STATE_DIR: state },
      cwd: base,
      write: (descriptor, text) => {
        if (descriptor === 1) stdout += text;
      },
      launcher: () => () => undefined,
    });
    expect({ exitCode: result.exitCode, answer: JSON.parse(stdout) }).toEqual({
      exitCode: 0,
      answer: { verdict: 'deny', why: `[echo "no shell, $TOY_PROJECT" >&2; exit 2]: no shell, ${base}` },
    });
  }, 60_000);
});
