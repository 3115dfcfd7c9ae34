import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { hookInput, runCli } from './run-cli.js';

const temporary = mkdtempSync(join(tmpdir(), 'hookwire-replay-trace-'));
afterAll(() => rmSync(temporary, { recursive: true, force: true }));

const bash = (command: string) => ({ tool_name: 'Bash', tool_input: { command }, tool_use_id: 'toolu_01' });

describe('hookwire replay of a trace', () => {
  it('fires the recorded payloads against the current settings and says what changed', async () => {
    const traces = join(temporary, 'traces');
    const recorded = await runCli(
      ['run', '--settings', 'test/fixtures/cli/exit2.json', '--trace', traces],
      hookInput('PreToolUse', bash('rm -rf /')),
    );
    expect(recorded.code).toBe(2);
    const trace = join(traces, 's1.trace.jsonl');

    const same = await runCli(['replay', trace, '--settings', 'test/fixtures/cli/exit2.json']);
    expect(same.code).toBe(0);
    expect(same.stdout).not.toContain('≠ recorded');
    expect(same.stdout).toMatch(/; 0 differ from the recording\n$/);

    const changed = await runCli(['replay', trace, '--settings', 'test/fixtures/cli/allow.json']);
    expect(changed.code).toBe(0);
    expect(changed.stdout).toContain(
      '≠ recorded: decision deny → allow; "$CLAUDE_PROJECT_DIR"/test/fixtures/cli/hooks/exit2.sh no longer runs; "$CLAUDE_PROJECT_DIR"/test/fixtures/cli/hooks/allow.sh runs now\n',
    );
    expect(changed.stdout).toMatch(/; 1 differ from the recording\n$/);

    const html = join(temporary, 'replayed.html');
    const page = await runCli([
      'replay',
      trace,
      '--settings',
      'test/fixtures/cli/allow.json',
      '--html',
      html,
    ]);
    expect(page.code).toBe(0);
    expect(readFileSync(html, 'utf8')).toContain('"changes":["decision deny → allow"');
  });

  it('refuses a trace line of a newer format and an outcome that is not one, with the line', async () => {
    const newer = join(temporary, 'newer.jsonl');
    writeFileSync(newer, `${JSON.stringify({ v: 2, event: 'Stop', payload: {}, outcome: {} })}\n`);
    const result = await runCli(['replay', newer]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(
      `hookwire replay: ${newer}:1: trace line format 2 is not one this hookwire reads (1); upgrade hookwire`,
    );
    const broken = join(temporary, 'broken.jsonl');
    writeFileSync(
      broken,
      `\n${JSON.stringify({ v: 1, event: 'Stop', payload: {}, outcome: { event: 'Stop' } })}\n`,
    );
    const second = await runCli(['replay', broken]);
    expect(second.code).toBe(2);
    expect(second.stderr).toMatch(new RegExp(`^hookwire replay: ${broken}:2: outcome\\.decision: `));
  });

  it('--recorded needs a trace, and --html a directory that exists', async () => {
    const session = join(temporary, 'session.jsonl');
    writeFileSync(session, `${JSON.stringify({ event: 'Stop', payload: {} })}\n`);
    const recorded = await runCli(['replay', session, '--recorded']);
    expect(recorded.code).toBe(2);
    expect(recorded.stderr).toContain(
      `--recorded needs a trace (hookwire run --trace); event 1 of ${session} is a session line`,
    );
    const withSettings = await runCli(['replay', session, '--recorded', '--settings', 'x.json']);
    expect(withSettings.code).toBe(2);
    expect(withSettings.stderr).toContain(
      '--recorded runs no hook: --settings, --plugin and --cwd do not apply to it',
    );
    const html = await runCli(['replay', session, '--html', join(temporary, 'missing', 'x.html')]);
    expect(html.code).toBe(2);
    expect(html.stderr).toContain(`--html: directory not found: ${join(temporary, 'missing')}`);
  });
});

describe('hookwire replay after hookwire init claude', () => {
  it('skips, and says it skipped, the catch-all that calls hookwire itself: no false difference', async () => {
    const project = join(temporary, 'after-init');
    const state = join(temporary, 'after-init-state');
    const { mkdirSync } = await import('node:fs');
    mkdirSync(join(project, '.claude'), { recursive: true });
    mkdirSync(join(project, '.hookwire'), { recursive: true });
    writeFileSync(join(project, '.hookwire', 'hooks.json'), JSON.stringify({ hooks: {} }));
    const catchAll = 'hookwire run --settings "$CLAUDE_PROJECT_DIR"/.hookwire/hooks.json PreToolUse';
    writeFileSync(
      join(project, '.claude', 'settings.json'),
      JSON.stringify({ hooks: { PreToolUse: [{ hooks: [{ type: 'command', command: catchAll }] }] } }),
    );
    const env = { HOOKWIRE_STATE_DIR: state };
    expect((await runCli(['trust', '--project', project, '--yes'], '', env)).code).toBe(0);
    const traces = join(temporary, 'after-init-traces');
    const recorded = await runCli(
      ['run', '--settings', join(project, '.hookwire', 'hooks.json'), '--trace', traces],
      hookInput('PreToolUse', { ...bash('ls'), cwd: project }),
      env,
    );
    expect(recorded.code).toBe(0);
    const replayed = await runCli(['replay', join(traces, 's1.trace.jsonl'), '--cwd', project], '', env);
    expect(replayed.code).toBe(0);
    expect(replayed.stdout).toContain(
      `note: skipped the PreToolUse hook at ${join(project, '.claude', 'settings.json')}:1, which calls hookwire itself`,
    );
    expect(replayed.stdout).not.toContain('≠ recorded');
    expect(replayed.stdout).toMatch(/; 0 differ from the recording\n$/);
  });
});
