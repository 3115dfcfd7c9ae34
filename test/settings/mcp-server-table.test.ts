import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { type McpServerSources, mcpServerTable } from '../../src/settings/mcp/mcp-server-table.js';
import { validateMcpConfig } from '../../src/settings/mcp/validate-mcp-config.js';
import { TRUST_STORE_FILE_NAME } from '../../src/settings/trust-store.js';
import { trustFiles } from '../support/trust-files.js';

const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

/** A project, a home and a state directory (outside the project), and the table's sources over them. */
function world(options: Partial<McpServerSources> = {}) {
  const root = mkdtempSync(join(tmpdir(), 'hookwire-mcp-table-'));
  roots.push(root);
  const project = join(root, 'project');
  const home = join(root, 'home');
  const state = join(root, 'state');
  const managed = join(root, 'managed');
  for (const directory of [project, home, state, managed]) mkdirSync(directory, { recursive: true });
  const write = (file: string, value: unknown) => {
    mkdirSync(join(file, '..'), { recursive: true });
    writeFileSync(file, typeof value === 'string' ? value : JSON.stringify(value, null, 2));
    return file;
  };
  const sources: McpServerSources = {
    cwd: project,
    projectDir: project,
    homeDir: home,
    managedSettingsPath: join(managed, 'managed-settings.json'),
    configs: [],
    plugins: [],
    trustStore: join(state, TRUST_STORE_FILE_NAME),
    ...options,
  };
  return { root, project, home, state, managed, write, sources };
}

const stdio = (tag: string) => ({ command: 'node', args: [tag] });
const argOf = (found: ReturnType<ReturnType<typeof mcpServerTable>['find']>) =>
  'server' in found && found.server.transport === 'stdio' ? found.server.args[0] : found;

describe('the MCP servers an mcp_tool hook finds', () => {
  it('ranks --mcp-config, managed settings, local, the project, the user, then plugins, as Claude Code', () => {
    const w = world();
    const everywhere = (tag: string) => ({ a: stdio(tag), [tag]: stdio(tag) });
    w.write(join(w.home, '.claude.json'), {
      mcpServers: { ...everywhere('user'), b: stdio('user') },
      projects: { [w.project]: { mcpServers: { ...everywhere('local'), c: stdio('local') } } },
    });
    w.write(join(w.project, '.mcp.json'), { mcpServers: { ...everywhere('project'), b: stdio('project') } });
    trustFiles(w.state, [join(w.project, '.mcp.json')]);
    w.write(w.sources.managedSettingsPath, {
      managedMcpServers: { d: { type: 'http', url: 'https://mcp.example.com/mcp' } },
    });
    const config = w.write(join(w.root, 'extra.json'), { mcpServers: { a: stdio('config') } });
    const table = mcpServerTable({ ...w.sources, configs: [config] });
    expect(argOf(table.find('a', {}))).toBe('config');
    expect(argOf(table.find('b', {}))).toBe('project');
    expect(argOf(table.find('c', {}))).toBe('local');
    expect(argOf(table.find('user', {}))).toBe('user');
    expect(table.find('d', {})).toMatchObject({ server: { transport: 'http' } });
    expect(table.find('nowhere', {})).toEqual({ notConfigured: true });
  });

  it('passes over an untrusted .mcp.json, and fails closed, located, on a server only it defines', () => {
    const w = world();
    w.write(join(w.home, '.claude.json'), { mcpServers: { shared: stdio('user') } });
    const mcpJson = w.write(join(w.project, '.mcp.json'), {
      mcpServers: { shared: stdio('project'), guards: stdio('project') },
    });
    const table = mcpServerTable(w.sources);
    expect(argOf(table.find('shared', {}))).toBe('user');
    expect(table.find('guards', {})).toEqual({
      unusable: `MCP server 'guards' is defined in ${mcpJson}:9:5, which is not trusted (new file): review and trust it with \`hookwire trust --project ${w.project}\``,
      failClosed: true,
    });
    trustFiles(w.state, [mcpJson]);
    expect(argOf(mcpServerTable(w.sources).find('guards', {}))).toBe('project');
    // Trust off (a caller's own --settings): the file's servers are used as they are.
    expect(argOf(mcpServerTable({ ...w.sources, trustStore: undefined }).find('guards', {}))).toBe('project');
  });

  it('gives managed-mcp.json exclusive control: nothing else, not even --mcp-config', () => {
    const w = world();
    w.write(join(w.managed, 'managed-mcp.json'), { mcpServers: { org: stdio('enterprise') } });
    w.write(join(w.home, '.claude.json'), { mcpServers: { mine: stdio('user'), org: stdio('user') } });
    const config = w.write(join(w.root, 'extra.json'), { mcpServers: { flag: stdio('config') } });
    const table = mcpServerTable({ ...w.sources, configs: [config] });
    expect(argOf(table.find('org', {}))).toBe('enterprise');
    expect(table.find('mine', {})).toEqual({ notConfigured: true });
    expect(table.find('flag', {})).toEqual({ notConfigured: true });
  });

  it('expands no variable in managed settings servers, and takes none that runs a program', () => {
    const w = world();
    w.write(w.sources.managedSettingsPath, {
      managedMcpServers: {
        templated: { type: 'http', url: 'https://${HOST}/mcp' },
        program: stdio('managed'),
      },
    });
    const table = mcpServerTable(w.sources);
    expect(table.find('templated', { HOST: 'evil.example' })).toMatchObject({ failClosed: false });
    expect(table.find('program', {})).toMatchObject({ failClosed: false });
  });

  it('names a plugin server plugin:<plugin>:<server>, with CLAUDE_PLUGIN_ROOT expanded', () => {
    const w = world();
    const plugin = join(w.root, 'guard-plugin');
    w.write(join(plugin, '.claude-plugin', 'plugin.json'), { name: 'guard' });
    w.write(join(plugin, '.mcp.json'), {
      mcpServers: { checks: { command: '${CLAUDE_PLUGIN_ROOT}/server', args: [] } },
    });
    trustFiles(w.state, [join(plugin, '.mcp.json')]);
    const table = mcpServerTable({ ...w.sources, plugins: [plugin] });
    expect(table.find('plugin:guard:checks', {})).toMatchObject({
      server: { transport: 'stdio', command: `${plugin}/server` },
    });
    expect(table.find('checks', {})).toEqual({ notConfigured: true });
    // A plugin directory inside the project is the project's: untrusted, it fails closed.
    const inside = join(w.project, 'plugins', 'local');
    w.write(join(inside, '.mcp.json'), { mcpServers: { checks: stdio('inside') } });
    const local = mcpServerTable({ ...w.sources, plugins: [inside] });
    expect(local.find('plugin:local:checks', {})).toMatchObject({ failClosed: true });
  });

  it('fails every server closed when an --mcp-config cannot be read', () => {
    const w = world();
    w.write(join(w.home, '.claude.json'), { mcpServers: { guards: stdio('user') } });
    const missing = join(w.root, 'missing.json');
    const table = mcpServerTable({ ...w.sources, configs: [missing] });
    expect(table.find('guards', {})).toEqual({
      unusable: `the --mcp-config file ${missing} cannot be read (ENOENT), so its MCP servers cannot be started`,
      failClosed: true,
    });
    const inline = mcpServerTable({
      ...w.sources,
      configs: ['{"mcpServers": {"inline": {"command": "x"}}}'],
    });
    expect(inline.find('inline', {})).toMatchObject({ server: { command: 'x' } });
  });
});

describe('validateMcpConfig', () => {
  it('locates an entry that cannot start, and warns of a variable not set', () => {
    const w = world();
    const file = w.write(join(w.root, 'servers.json'), {
      mcpServers: {
        good: stdio('x'),
        bad: { type: 'ws', url: 'ws://x' },
        secret: { type: 'http', url: 'https://x', headers: { Authorization: 'Bearer ${TOKEN}' } },
      },
    });
    expect(validateMcpConfig(file, {})).toEqual([
      {
        severity: 'error',
        file,
        line: 9,
        column: 5,
        jsonPath: 'mcpServers.bad',
        message: `type "ws" needs a "command" (stdio) or a "url" (http, sse)`,
      },
      {
        severity: 'warning',
        file,
        line: 13,
        column: 5,
        jsonPath: 'mcpServers.secret',
        message: 'environment variable(s) not set: TOKEN',
      },
    ]);
    expect(validateMcpConfig(w.write(join(w.root, 'none.json'), { servers: {} }), {})).toMatchObject([
      { severity: 'error', message: 'an MCP config holds its servers in an "mcpServers" object' },
    ]);
  });
});
