import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createEngine, type EngineOptions } from '../../src/index.js';
import type { ClaudeSettings } from '../../src/settings/settings-schema.js';
import { hookInput, runCli } from '../cli/run-cli.js';
import { temporaryHome } from '../engine/engine-harness.js';
import { readOnlyDirectory } from '../support/read-only-directory.js';

const sessionId = 'session-1';
const homes: Array<{ remove(): void }> = [];
afterEach(() => {
  for (const home of homes.splice(0)) home.remove();
});

function home() {
  const created = temporaryHome();
  homes.push(created);
  return created;
}

/** Settings with one command hook per event. */
function settings(commands: Record<string, string>): ClaudeSettings {
  return {
    hooks: Object.fromEntries(
      Object.entries(commands).map(([event, command]) => [
        event,
        [{ hooks: [{ type: 'command', command }] }],
      ]),
    ),
  } as ClaudeSettings;
}

async function engineWith(commands: Record<string, string>, options: Partial<EngineOptions> = {}) {
  const { root, options: base } = home();
  const stateDir = join(root, 'state');
  const engine = await createEngine({ ...base, stateDir, settings: [settings(commands)], ...options });
  return { engine, root, stateDir };
}

const appendFoo = `echo 'export FOO=bar' >> "$CLAUDE_ENV_FILE"`;

describe('the session environment file (CLAUDE_ENV_FILE)', () => {
  it('gives the host FOO=bar when a SessionStart hook appends `export FOO=bar`', async () => {
    const { engine, stateDir } = await engineWith({ SessionStart: appendFoo });
    const outcome = await engine.fire('SessionStart', { session_id: sessionId, source: 'startup' });
    expect(outcome.environment).toEqual({ FOO: 'bar' });
    expect(outcome.warnings).toEqual([]);
    expect(engine.sessionEnvironment(sessionId)).toEqual({ FOO: 'bar' });
    const file = join(stateDir, 'session-env', sessionId, 'env.sh');
    expect(readFileSync(file, 'utf8')).toBe('export FOO=bar\n');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(join(file, '..')).mode & 0o777).toBe(0o700);
    await engine.close();
    expect(existsSync(join(file, '..'))).toBe(false);
  });

  it('keeps one file per session across its events, and removes it after SessionEnd', async () => {
    const { engine, stateDir } = await engineWith({
      SessionStart: appendFoo,
      CwdChanged: `echo 'export WHERE="$1"' >> "$CLAUDE_ENV_FILE"; echo "PROJECT='new dir'" >> "$CLAUDE_ENV_FILE"`,
      SessionEnd: 'test -z "$CLAUDE_ENV_FILE"',
    });
    await engine.fire('SessionStart', { session_id: sessionId, source: 'startup' });
    const changed = await engine.fire('CwdChanged', { session_id: sessionId, old_cwd: '/a', new_cwd: '/b' });
    expect(changed.environment).toEqual({ FOO: 'bar', PROJECT: 'new dir' });
    const file = join(stateDir, 'session-env', sessionId, 'env.sh');
    expect(changed.warnings).toEqual([
      `${file}:2: \`$\` (expansion or command substitution) is refused: the file is read, never run; the line is ignored`,
    ]);
    const ended = await engine.fire('SessionEnd', { session_id: sessionId, reason: 'other' });
    expect(ended.runs.map((run) => run.status)).toEqual(['success']);
    expect(ended.environment).toBeUndefined();
    expect(existsSync(join(file, '..'))).toBe(false);
    expect(engine.sessionEnvironment(sessionId)).toEqual({});
    await engine.close();
  });

  it('is offered to SessionStart, Setup, CwdChanged and FileChanged hooks only', async () => {
    const printed = 'printf %s "${CLAUDE_ENV_FILE:-none}"';
    const { engine } = await engineWith({
      SessionStart: printed,
      Setup: printed,
      CwdChanged: printed,
      FileChanged: printed,
      UserPromptSubmit: printed,
      Stop: printed,
    });
    const fired = {
      SessionStart: { source: 'startup' },
      Setup: { trigger: 'init' },
      CwdChanged: { old_cwd: '/a', new_cwd: '/b' },
      FileChanged: { file_path: '/b/.env', event: 'change' },
      UserPromptSubmit: { prompt: 'hi' },
      Stop: { stop_hook_active: false },
    } as const;
    const offered: Record<string, boolean> = {};
    for (const [event, fields] of Object.entries(fired)) {
      const outcome = await engine.fire(event as keyof typeof fired, { session_id: sessionId, ...fields });
      offered[event] = outcome.runs[0]?.stdout.endsWith('/env.sh') ?? false;
    }
    expect(offered).toEqual({
      SessionStart: true,
      Setup: true,
      CwdChanged: true,
      FileChanged: true,
      UserPromptSubmit: false,
      Stop: false,
    });
    await engine.close();
  });

  it('makes its own state directory under the temporary directory when given none, and removes it', async () => {
    const { root, options } = home();
    const engine = await createEngine({
      ...options,
      settings: [settings({ SessionStart: 'printf %s "$CLAUDE_ENV_FILE"' })],
    });
    const outcome = await engine.fire('SessionStart', { session_id: sessionId, source: 'startup' });
    const file = outcome.runs[0]?.stdout ?? '';
    expect(file.startsWith(join(tmpdir(), 'hookwire-state-'))).toBe(true);
    expect(existsSync(file)).toBe(true);
    await engine.close();
    expect(existsSync(join(file, '..', '..', '..'))).toBe(false);
    expect(readdirSync(root)).not.toContain('state');
  });

  it("with envFile: 'host', gives hooks the host's file or none, and makes no file of its own", async () => {
    const { engine, stateDir } = await engineWith(
      { SessionStart: 'echo "file=[${CLAUDE_ENV_FILE-unset}]"' },
      { envFile: 'host' },
    );
    const outcome = await engine.fire('SessionStart', { session_id: sessionId, source: 'startup' });
    await engine.close();
    expect(outcome.runs.map((run) => run.stdout)).toEqual(['file=[unset]\n']);
    expect(outcome.environment).toBeUndefined();
    expect(existsSync(join(stateDir, 'session-env'))).toBe(false);
  });

  it("gives hooks the host's file when the host already names one, and leaves it in place", async () => {
    const { root } = home();
    const hostFile = join(root, 'host-env.sh');
    writeFileSync(hostFile, 'export EARLIER=1\n');
    const { engine } = await engineWith({ SessionStart: appendFoo }, { env: { CLAUDE_ENV_FILE: hostFile } });
    const outcome = await engine.fire('SessionStart', { session_id: sessionId, source: 'startup' });
    expect(outcome.environment).toEqual({ EARLIER: '1', FOO: 'bar' });
    await engine.close();
    expect(readFileSync(hostFile, 'utf8')).toBe('export EARLIER=1\nexport FOO=bar\n');
  });

  it('warns, and runs the hooks without the file, when the state directory is read-only', async () => {
    const { root } = home();
    const directory = readOnlyDirectory(join(root, 'read-only-state'));
    try {
      const { engine } = await engineWith(
        { SessionStart: 'if [ -n "$CLAUDE_ENV_FILE" ]; then echo offered; fi' },
        { stateDir: directory.path },
      );
      const outcome = await engine.fire('SessionStart', { session_id: sessionId, source: 'startup' });
      expect(outcome.runs.map((run) => [run.status, run.stdout])).toEqual([['success', '']]);
      expect(outcome.environment).toEqual({});
      expect(outcome.warnings).toEqual([
        expect.stringMatching(
          new RegExp(
            `^cannot create the session's environment file ${join(directory.path, 'session-env', sessionId, 'env.sh')}: E(ACCES|PERM).*; its hooks run without CLAUDE_ENV_FILE$`,
          ),
        ),
      ]);
      await engine.close();
    } finally {
      directory.restore();
    }
  });
});

describe('hookwire run', () => {
  it("passes the host's CLAUDE_ENV_FILE to its SessionStart hooks, so the host applies what they append", async () => {
    const { root } = home();
    const hostFile = join(root, 'claude-session-env.sh');
    const settingsFile = join(root, 'settings.json');
    writeFileSync(settingsFile, JSON.stringify(settings({ SessionStart: appendFoo })));
    const result = await runCli(
      ['run', '--settings', settingsFile],
      hookInput('SessionStart', { source: 'startup' }),
      { CLAUDE_ENV_FILE: hostFile, HOOKWIRE_HOME: join(root, 'home') },
    );
    expect(result).toEqual({ code: 0, stdout: '', stderr: '' });
    expect(readFileSync(hostFile, 'utf8')).toBe('export FOO=bar\n');
  });

  it('gives its hooks no CLAUDE_ENV_FILE when the host names none, as such a host gives its own hooks', async () => {
    const { root } = home();
    const settingsFile = join(root, 'settings.json');
    const state = join(root, 'state');
    writeFileSync(
      settingsFile,
      JSON.stringify(settings({ SessionStart: 'echo "file=[${CLAUDE_ENV_FILE-unset}]"' })),
    );
    const result = await runCli(
      ['run', '--settings', settingsFile],
      hookInput('SessionStart', { source: 'startup' }),
      { HOOKWIRE_HOME: join(root, 'home'), HOOKWIRE_STATE_DIR: state },
    );
    expect(result).toEqual({ code: 0, stdout: 'file=[unset]\n', stderr: '' });
    expect(existsSync(join(state, 'session-env'))).toBe(false);
  });
});
