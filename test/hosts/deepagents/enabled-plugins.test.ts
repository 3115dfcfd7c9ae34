import { mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CodeHooksSession } from '../../../src/hosts/deepagents/code-hooks-session.js';
import { enabledDeepAgentsPlugins } from '../../../src/hosts/deepagents/enabled-plugins.js';

/* The plugins Deep Agents Code enables (~/.deepagents/.state), read as upstream reads them, and run. */
const temporary = realpathSync(mkdtempSync(join(tmpdir(), 'hookwire-da-plugins-')));
afterAll(() => rmSync(temporary, { recursive: true, force: true }));

const home = join(temporary, 'home');
const state = join(home, '.deepagents', '.state');
const plugin = join(temporary, 'cache', 'checker');
const out = join(temporary, 'out');
const write = (path: string, value: unknown): void => {
  mkdirSync(join(path, '..'), { recursive: true });
  writeFileSync(path, typeof value === 'string' ? value : JSON.stringify(value));
};
const recorder = (name: string) => ({
  type: 'command',
  command: `echo "${name} $CLAUDE_PLUGIN_ROOT" >> '${out}'`,
});
write(join(state, 'plugin_state.json'), {
  version: 1,
  enabledPlugins: { 'checker@market': true, 'off@market': false, 'ghost@market': true },
});
write(join(state, 'installed_plugins.json'), {
  version: 2,
  plugins: {
    'checker@market': [{ installPath: plugin, version: '1.0.0' }],
    'off@market': [{ installPath: plugin }],
  },
});
write(join(plugin, 'hooks', 'hooks.json'), { hooks: { SessionStart: [{ hooks: [recorder('file')] }] } });
write(join(plugin, 'extra', 'hooks.json'), { hooks: { SessionStart: [{ hooks: [recorder('extra')] }] } });
write(join(plugin, '.claude-plugin', 'plugin.json'), { name: 'checker', hooks: ['./extra', '../outside'] });

describe('enabled Deep Agents Code plugins', () => {
  it('lists the enabled, installed plugins’ hooks documents in upstream’s order, with a diagnostic for the rest', () => {
    const { plugins, diagnostics } = enabledDeepAgentsPlugins(home);
    expect(plugins).toEqual([
      { name: 'checker@market', root: plugin, path: join(plugin, 'hooks', 'hooks.json') },
      { name: 'checker@market', root: plugin, path: join(plugin, 'extra', 'hooks.json') },
    ]);
    expect(diagnostics.map((diagnostic) => diagnostic.message)).toEqual([
      'Plugin discovery warning: Plugin ghost@market is enabled but not installed (missing installed_plugins.json entry); run install to fix this',
    ]);
  });

  it('runs them in a Deep Agents session with the plugin’s variables', async () => {
    const project = join(temporary, 'project');
    mkdirSync(project, { recursive: true });
    const session = new CodeHooksSession({
      home,
      cwd: project,
      transcriptRoot: join(temporary, 'transcripts'),
    });
    await session.invoke('SessionStart', { cause: 'startup' }, { thread: 't' });
    expect(readFileSync(out, 'utf8').trim().split('\n').sort()).toEqual([
      `extra ${plugin}`,
      `file ${plugin}`,
    ]);
  });
});
