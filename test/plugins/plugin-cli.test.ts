import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../cli/run-cli.js';
import { guardPlugin, writePlugin } from '../support/plugin-directory.js';

/*
 * `--plugin DIR` on the commands, as a new user would type them: real plugin directories in a temporary
 * directory (outside this repository, the project of these runs), the CLI as a real process.
 */

const directory = mkdtempSync(join(tmpdir(), 'hookwire-plugin-cli-'));
afterAll(() => rmSync(directory, { recursive: true, force: true }));
const home = { HOOKWIRE_HOME: join(directory, 'home') };
const guard = guardPlugin(join(directory, 'guard'));
// The session's project: elsewhere than the plugins, which would otherwise lie in it and need trust.
const work = join(directory, 'work');
mkdirSync(work);
const rmPayload = JSON.stringify({
  hook_event_name: 'PreToolUse',
  session_id: 's',
  cwd: work,
  tool_name: 'Bash',
  tool_input: { command: 'rm -rf /' },
});

describe('hookwire run --plugin', () => {
  it('answers with the plugin guard’s deny, no variable set by hand', async () => {
    const result = await runCli(['run', '--plugin', guard], rmPayload, home);

    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({
      hookSpecificOutput: {
        hookEventName: 'PreToolUse',
        permissionDecision: 'deny',
        permissionDecisionReason: 'rm -rf is not allowed',
      },
    });
  });

  it('refuses to run a plugin inside the project until it is trusted, and says so', async () => {
    const project = join(directory, 'project');
    mkdirSync(project);
    const inside = guardPlugin(join(project, 'plugins', 'guard'));
    const payload = JSON.stringify({ ...JSON.parse(rmPayload), cwd: project });
    const state = { ...home, HOOKWIRE_STATE_DIR: join(directory, 'state-run') };

    const untrusted = await runCli(['run', '--plugin', inside], payload, state);
    const command = `hookwire trust --project ${project} --plugin ${inside}`;
    const hooksFile = join(inside, 'hooks', 'hooks.json');
    expect(untrusted.code).toBe(0);
    expect(untrusted.stderr).toContain(hooksFile);
    // The guard did not run: hookwire denies in its place (fail closed), not with the guard's reason.
    expect(JSON.parse(untrusted.stdout)).toEqual({
      systemMessage: `hookwire: skipped untrusted hooks of plugin guard@1.2.0 (guard@inline) in ${hooksFile} (new file): review and trust them with \`${command}\``,
      hookSpecificOutput: {
        hookEventName: 'PreToolUse',
        permissionDecision: 'deny',
        permissionDecisionReason: `hookwire blocked this PreToolUse: hooks that would have run for it are not trusted, so they did not run (fail closed until they are trusted):\n${hooksFile} (new file): its hook at line 8; ask the user to review and trust them: \`${command}\``,
      },
    });

    const trust = await runCli(['trust', '--project', project, '--plugin', inside, '--yes'], '', state);
    expect(trust.code).toBe(0);
    expect(trust.stdout).toContain(`trusted ${join(inside, 'hooks', 'hooks.json')}`);
    const trusted = await runCli(['run', '--plugin', inside], payload, state);
    expect(JSON.parse(trusted.stdout).hookSpecificOutput.permissionDecision).toBe('deny');
  });
});

describe('hookwire fire, list and validate --plugin', () => {
  it('fire reports the plugin hook that decided', async () => {
    const result = await runCli(
      ['fire', 'PreToolUse', '--plugin', guard, '--payload', rmPayload, '--json'],
      '',
      home,
    );

    expect(result.code).toBe(0);
    const outcome = JSON.parse(result.stdout);
    expect(outcome.decision).toBe('deny');
    expect(outcome.runs[0].source.plugin).toEqual({
      id: 'guard@inline',
      name: 'guard',
      version: '1.2.0',
      root: guard,
    });

    const report = await runCli(['fire', 'PreToolUse', '--plugin', guard, '--payload', rmPayload], '', home);
    expect(report.stdout).toContain(`plugin guard@inline ${join(guard, 'hooks', 'hooks.json')}:`);
  });

  it('list shows each plugin hook with the plugin it came with', async () => {
    const result = await runCli(['list', '--plugin', guard], '', home);

    expect(result.code).toBe(0);
    expect(result.stdout).toContain('plugin guard@1.2.0 (guard@inline)');
    expect(result.stdout).toContain(`${guard}/hooks/guard.sh`);
  });

  it('validate warns, located, about a script the plugin lacks, and fails on a broken manifest', async () => {
    const missing = writePlugin(join(directory, 'missing'), {
      manifest: { name: 'missing' },
      hooksFile: {
        hooks: {
          Stop: [{ hooks: [{ type: 'command', command: 'bash "${CLAUDE_PLUGIN_ROOT}/hooks/stop.sh"' }] }],
        },
      },
    });
    const broken = writePlugin(join(directory, 'broken'), { manifest: { version: '1.0.0' } });

    const warned = await runCli(['validate', '--plugin', missing], '', home);
    const failed = await runCli(['validate', '--plugin', broken], '', home);

    expect(warned.code).toBe(0);
    expect(warned.stdout).toContain(
      `hooks.json:6:11 hooks.Stop[0].hooks[0]: warning: hooks/stop.sh is not in the plugin (${missing}): this hook will fail with "not found"`,
    );
    expect(failed.code).toBe(1);
    expect(failed.stdout).toContain('plugin.json:1:1 name: error: the plugin manifest needs a "name" string');
  });
});
