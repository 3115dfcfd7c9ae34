import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from './run-cli.js';

// Where `hookwire run` finds the MCP server of an mcp_tool guard: the project's .mcp.json (trusted like the
// project's hooks) and --mcp-config. The settings file and the state directory lie outside the project.
const SERVER = resolve(import.meta.dirname, '..', 'fixtures', 'mcp', 'guard-server.mjs');
const root = mkdtempSync(join(tmpdir(), 'hookwire-mcp-discovery-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const home = join(root, 'home');
const project = join(root, 'project');
for (const directory of [home, project]) mkdirSync(directory, { recursive: true });
const guards = { mcpServers: { guards: { command: process.execPath, args: [SERVER] } } };
const mcpJson = join(project, '.mcp.json');
writeFileSync(mcpJson, JSON.stringify(guards, null, 2));
const mcpConfig = join(root, 'servers.json');
writeFileSync(mcpConfig, JSON.stringify({ mcpServers: { flagged: guards.mcpServers.guards } }));
const settingsFor = (server: string) => {
  const file = join(root, `settings-${server}.json`);
  const hook = { type: 'mcp_tool', server, tool: 'guard', input: { command: '${tool_input.command}' } };
  writeFileSync(file, JSON.stringify({ hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [hook] }] } }));
  return file;
};
const input = `${JSON.stringify({
  session_id: 's1',
  transcript_path: join(root, 't.jsonl'),
  cwd: project,
  hook_event_name: 'PreToolUse',
  tool_name: 'Bash',
  tool_input: { command: 'rm -rf build' },
  tool_use_id: 'toolu_1',
})}\n`;
const BUILT = ['dist/hookwire.cjs'];
const answerOf = (stdout: string) =>
  JSON.parse(stdout).hookSpecificOutput as { permissionDecision: string; permissionDecisionReason: string };

describe('hookwire run finds an mcp_tool guard’s server', () => {
  it('in the project’s .mcp.json only once it is trusted: before, the guarded call is denied, located', async () => {
    const state = join(root, 'state-untrusted');
    const env = { HOME: home, HOOKWIRE_HOME: home, HOOKWIRE_STATE_DIR: state };
    const untrusted = await runCli(['run', '--settings', settingsFor('guards')], input, env);
    // Blocked as a hook that could not run under onFailure: "block" is: exit 2, the reason on stderr.
    expect(untrusted.code).toBe(2);
    expect(untrusted.stderr).toContain(
      `MCP server 'guards' is defined in ${mcpJson}:3:5, which is not trusted (new file): review and trust it with \`hookwire trust --project ${project}\``,
    );
    // `hookwire trust --project` reviews the project's .mcp.json with its hooks files.
    const review = await runCli(['trust', '--project', project, '--yes'], '', env, BUILT);
    expect(review.stdout).toContain(`mcpServers: {"guards":{"command":`);
    expect(review.stdout).toContain(`trusted ${mcpJson}`);
    const trusted = await runCli(['run', '--settings', settingsFor('guards')], input, env);
    expect(answerOf(trusted.stdout)).toEqual({
      hookEventName: 'PreToolUse',
      permissionDecision: 'deny',
      permissionDecisionReason: 'MCP guard: no rm ({"command":"rm -rf build"})',
    });
  });

  it('in an --mcp-config file, and fails closed when that file is missing', async () => {
    const entry = BUILT;
    const env = { HOME: home, HOOKWIRE_HOME: home };
    const args = ['run', '--settings', settingsFor('flagged')];
    const found = await runCli([...args, '--mcp-config', mcpConfig], input, env, entry);
    expect(answerOf(found.stdout).permissionDecisionReason).toBe(
      'MCP guard: no rm ({"command":"rm -rf build"})',
    );
    const notNamed = await runCli(args, input, env, entry);
    // The guard's server is named nowhere: a non-blocking error, told to the user as Claude Code tells it.
    expect(notNamed.stdout).toBe(
      '{"systemMessage":"A hook gave no usable answer, so it didn\'t check this action."}\n',
    );
    const missing = join(root, 'missing.json');
    const broken = await runCli([...args, `--mcp-config=${missing}`], input, env, entry);
    expect(broken.code).toBe(2);
    expect(broken.stderr).toContain(`the --mcp-config file ${missing} cannot be read (ENOENT)`);
  });

  it('for fire, list and validate too', async () => {
    const env = { HOME: home, HOOKWIRE_HOME: home };
    const payload = JSON.stringify({ tool_name: 'Bash', tool_input: { command: 'rm -rf build' } });
    const settings = settingsFor('flagged');
    const fired = await runCli(
      [
        'fire',
        'PreToolUse',
        '--settings',
        settings,
        '--mcp-config',
        mcpConfig,
        '--payload',
        payload,
        '--json',
      ],
      '',
      env,
      BUILT,
    );
    expect(JSON.parse(fired.stdout)).toMatchObject({ decision: 'deny' });
    const listed = await runCli(['list', '--settings', settings, '--mcp-config', mcpConfig], '', env, BUILT);
    expect(listed.stdout).toContain(`MCP server 'flagged' from ${mcpConfig}.`);
    const broken = join(root, 'broken-servers.json');
    writeFileSync(broken, JSON.stringify({ mcpServers: { bad: { type: 'ws' } } }));
    const validated = await runCli(['validate', '--mcp-config', broken], '', env, BUILT);
    expect(validated.code).toBe(1);
    expect(validated.stdout).toContain(`mcpServers.bad: error: type "ws" needs a "command"`);
  });
});
