import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createEngine } from '../../src/engine/create-engine.js';
import type { Engine, EngineOptions } from '../../src/engine/engine.js';
import { temporaryHome } from '../engine/engine-harness.js';
import { guardPlugin, printingScript, writePlugin } from '../support/plugin-directory.js';
import { trustFiles } from '../support/trust-files.js';

/*
 * Plugins as a settings source: real plugin directories (manifest, hooks/hooks.json, scripts that name
 * themselves through ${CLAUDE_PLUGIN_ROOT}), real shell scripts, the real engine.
 */

let home: ReturnType<typeof temporaryHome>;
const engines: Engine[] = [];
const bash = (command: string) => ({ tool_name: 'Bash', tool_input: { command } });

beforeEach(() => {
  home = temporaryHome();
});

afterEach(async () => {
  for (const engine of engines.splice(0)) await engine.close();
  home.remove();
});

async function open(options: Partial<EngineOptions>): Promise<Engine> {
  const engine = await createEngine({ ...home.options, ...options });
  engines.push(engine);
  return engine;
}

/** A plugin whose SessionStart hook adds `context` (same script name in every such plugin). */
function contextPlugin(root: string, name: string, context: string): string {
  return writePlugin(root, {
    manifest: { name },
    hooksFile: {
      hooks: {
        SessionStart: [{ hooks: [{ type: 'command', command: '"${CLAUDE_PLUGIN_ROOT}/hooks/context.sh"' }] }],
      },
    },
    files: {
      'hooks/context.sh': printingScript({
        hookSpecificOutput: { hookEventName: 'SessionStart', additionalContext: context },
      }),
    },
  });
}

describe('a plugin named by the caller (plugins: [dir])', () => {
  it('runs its PreToolUse guard through ${CLAUDE_PLUGIN_ROOT}, with the plugin as provenance', async () => {
    const root = guardPlugin(join(home.root, 'guard'));
    const engine = await open({ plugins: [root] });

    const denied = await engine.fire('PreToolUse', bash('rm -rf /'));
    const allowed = await engine.fire('PreToolUse', bash('ls'));

    expect(engine.settings.diagnostics).toEqual([]);
    expect(denied.decision).toBe('deny');
    expect(denied.reason).toBe('rm -rf is not allowed');
    expect(denied.runs[0]?.status).toBe('blocking');
    expect(denied.runs[0]?.command).toBe(`${root}/hooks/guard.sh`);
    expect(denied.runs[0]?.source).toMatchObject({
      file: join(root, 'hooks', 'hooks.json'),
      level: 'plugin',
      plugin: { id: 'guard@inline', name: 'guard', version: '1.2.0', root },
    });
    expect(allowed.decision).toBeNull();
  });

  it('gives each hook CLAUDE_PLUGIN_ROOT and a CLAUDE_PLUGIN_DATA that persists between sessions', async () => {
    const root = writePlugin(join(home.root, 'counter'), {
      manifest: { name: 'counter' },
      hooksFile: {
        hooks: {
          SessionStart: [{ hooks: [{ type: 'command', command: '$CLAUDE_PLUGIN_ROOT/scripts/count.sh' }] }],
        },
      },
      files: {
        'scripts/count.sh': `#!/bin/sh
cat >/dev/null
count=$(cat "$CLAUDE_PLUGIN_DATA/count" 2>/dev/null || echo 0)
count=$((count + 1))
echo "$count" > "$CLAUDE_PLUGIN_DATA/count"
echo "session $count from $CLAUDE_PLUGIN_ROOT"
`,
      },
    });
    const dataDir = join(home.options.homeDir, '.claude', 'plugins', 'data', 'counter-inline');

    const first = await (await open({ plugins: [root] })).fire('SessionStart', { source: 'startup' });
    const second = await (await open({ plugins: [root] })).fire('SessionStart', { source: 'startup' });

    expect(first.additionalContext).toEqual([`session 1 from ${root}`]);
    expect(second.additionalContext).toEqual([`session 2 from ${root}`]);
    expect(readFileSync(join(dataDir, 'count'), 'utf8')).toBe('2\n');
  });

  it('runs two plugins whose scripts share a name, each its own', async () => {
    const first = contextPlugin(join(home.root, 'first'), 'first', 'From the first plugin.');
    const second = contextPlugin(join(home.root, 'second'), 'second', 'From the second plugin.');
    const engine = await open({ plugins: [first, second] });

    const outcome = await engine.fire('SessionStart', { source: 'startup' });

    expect(outcome.runs.map((run) => run.status)).toEqual(['success', 'success']);
    expect(outcome.additionalContext).toEqual(['From the first plugin.', 'From the second plugin.']);
  });

  it('loads hooks the manifest declares: a path and an inline object, besides hooks/hooks.json', async () => {
    const root = writePlugin(join(home.root, 'declared'), {
      manifest: {
        name: 'declared',
        hooks: [
          './config/more-hooks.json',
          { Stop: [{ hooks: [{ type: 'command', command: '${CLAUDE_PLUGIN_ROOT}/hooks/stop.sh' }] }] },
        ],
      },
      files: {
        'config/more-hooks.json': JSON.stringify({
          hooks: {
            SessionStart: [{ hooks: [{ type: 'command', command: '${CLAUDE_PLUGIN_ROOT}/hooks/start.sh' }] }],
          },
        }),
        'hooks/start.sh': printingScript({
          hookSpecificOutput: { hookEventName: 'SessionStart', additionalContext: 'declared start' },
        }),
        'hooks/stop.sh': printingScript({ decision: 'block', reason: 'declared stop' }),
      },
    });
    const engine = await open({ plugins: [root] });

    expect((await engine.fire('SessionStart', { source: 'startup' })).additionalContext).toEqual([
      'declared start',
    ]);
    expect((await engine.fire('Stop', { stop_hook_active: false })).reason).toBe('declared stop');
    expect(engine.settings.hooks.map((hook) => hook.provenance.file)).toEqual([
      join(root, 'config', 'more-hooks.json'),
      join(root, '.claude-plugin', 'plugin.json'),
    ]);
  });

  it('warns, located at the hook, about a script that is not in the plugin', async () => {
    const root = writePlugin(join(home.root, 'broken'), {
      manifest: { name: 'broken' },
      hooksFile: {
        hooks: {
          PreToolUse: [
            { hooks: [{ type: 'command', command: 'python3 ${CLAUDE_PLUGIN_ROOT}/hooks/gone.py' }] },
          ],
        },
      },
    });
    const engine = await open({ plugins: [root] });

    expect(engine.settings.diagnostics).toEqual([
      {
        severity: 'warning',
        file: join(root, 'hooks', 'hooks.json'),
        line: 6,
        column: 11,
        jsonPath: 'hooks.PreToolUse[0].hooks[0]',
        message: `hooks/gone.py is not in the plugin (${root}): this hook will fail with "not found"`,
      },
    ]);
  });

  it('refuses a shell hook whose ${CLAUDE_PLUGIN_ROOT} would paste code: a directory named plug$(touch x)', async () => {
    // The author's quotes do not help: the text is replaced before the shell parses it.
    const root = guardPlugin(join(home.root, 'plug$(touch injected)'));
    writePlugin(root, {
      hooksFile: {
        hooks: {
          PreToolUse: [
            {
              matcher: 'Bash',
              hooks: [{ type: 'command', command: '"${CLAUDE_PLUGIN_ROOT}/hooks/guard.sh"' }],
            },
            {
              matcher: 'Read',
              hooks: [{ type: 'command', command: '"$CLAUDE_PLUGIN_ROOT/hooks/guard.sh"' }],
            },
            {
              matcher: 'Grep',
              hooks: [{ type: 'command', command: '${CLAUDE_PLUGIN_ROOT}/hooks/guard.sh', args: [] }],
            },
          ],
        },
      },
    });
    const engine = await open({ plugins: [root], onConfigError: 'block' });

    expect(engine.settings.diagnostics).toEqual([
      {
        severity: 'error',
        file: join(root, 'hooks', 'hooks.json'),
        line: 7,
        column: 11,
        jsonPath: 'hooks.PreToolUse[0].hooks[0]',
        message: `the plugin's directory ${JSON.stringify(root)} holds "$", "(", ")", which the shell would read as code once \${CLAUDE_PLUGIN_ROOT} is replaced in this command: the hook is not loaded (rename the directory; "$CLAUDE_PLUGIN_ROOT", expanded by the shell as a variable, is safe)`,
      },
    ]);
    // Fail closed: the guard that did not load blocks what it guards, and nothing ran.
    expect((await engine.fire('PreToolUse', bash('ls'))).decision).toBe('deny');
    expect(existsSync(join(home.root, 'injected'))).toBe(false);
    // The variable and the exec form involve no second parse: they run, the directory's name as it is.
    expect(
      (await engine.fire('PreToolUse', { tool_name: 'Read', tool_input: { file_path: 'rm -rf' } })).decision,
    ).toBe('deny');
    expect(
      (await engine.fire('PreToolUse', { tool_name: 'Grep', tool_input: { pattern: 'rm -rf' } })).decision,
    ).toBe('deny');
    expect(existsSync(join(home.root, 'injected'))).toBe(false);
  });

  it('refuses a hooks file whose events are not inside "hooks", which would load nothing', async () => {
    const root = writePlugin(join(home.root, 'flat'), {
      manifest: { name: 'flat' },
      hooksFile: { PreToolUse: [{ hooks: [{ type: 'command', command: 'true' }] }] },
    });
    const engine = await open({ plugins: [root] });

    expect(engine.settings.diagnostics.map(({ severity, message }) => ({ severity, message }))).toEqual([
      {
        severity: 'error',
        message: 'a plugin\'s hooks file needs a "hooks" object; put the events (PreToolUse) inside "hooks"',
      },
    ]);
  });

  it('reports a directory that is not a plugin, or a broken manifest, and fails closed when asked to', async () => {
    const empty = join(home.root, 'empty');
    mkdirSync(empty);
    const badManifest = join(home.root, 'bad');
    mkdirSync(join(badManifest, '.claude-plugin'), { recursive: true });
    writeFileSync(join(badManifest, '.claude-plugin', 'plugin.json'), '{ "version": "1" }');
    const engine = await open({
      plugins: [empty, badManifest, join(home.root, 'absent')],
      onConfigError: 'block',
    });

    expect(
      engine.settings.diagnostics.map(({ file, severity, message }) => ({ file, severity, message })),
    ).toEqual([
      {
        file: empty,
        severity: 'error',
        message: 'not a plugin: neither .claude-plugin/plugin.json nor hooks/hooks.json is here',
      },
      {
        file: join(badManifest, '.claude-plugin', 'plugin.json'),
        severity: 'error',
        message: 'the plugin manifest needs a "name" string',
      },
      {
        file: join(home.root, 'absent'),
        severity: 'error',
        message: 'plugin directory not found: its hooks do not run',
      },
    ]);
    expect((await engine.fire('PreToolUse', bash('ls'))).decision).toBe('deny');
  });
});

describe("Claude Code's installed and enabled plugins (default sources)", () => {
  /** Installs `root` as `id` in the fake home's installed_plugins.json (version 2). */
  function install(installations: Record<string, Array<Record<string, unknown>>>): void {
    const directory = join(home.options.homeDir, '.claude', 'plugins');
    mkdirSync(directory, { recursive: true });
    writeFileSync(
      join(directory, 'installed_plugins.json'),
      JSON.stringify({ version: 2, plugins: installations }),
    );
  }
  function settings(path: string, value: Record<string, unknown>): string {
    mkdirSync(join(path, '..'), { recursive: true });
    writeFileSync(path, JSON.stringify(value, null, 2));
    return path;
  }
  const userSettings = () => join(home.options.homeDir, '.claude', 'settings.json');
  const projectSettings = () => join(home.root, '.claude', 'settings.json');

  it('loads the plugins user settings enable, not the disabled ones, and warns about one not installed', async () => {
    const guard = guardPlugin(join(home.root, 'cache', 'market', 'guard', '1.2.0'));
    const other = contextPlugin(join(home.root, 'cache', 'market', 'other', '1.0.0'), 'other', 'Other.');
    install({
      'guard@market': [{ scope: 'user', installPath: guard, version: '1.2.0' }],
      'other@market': [{ scope: 'user', installPath: other, version: '1.0.0' }],
    });
    const file = settings(userSettings(), {
      enabledPlugins: { 'guard@market': true, 'other@market': false, 'ghost@market': true },
    });
    const engine = await open({});

    expect((await engine.fire('PreToolUse', bash('rm -rf /'))).decision).toBe('deny');
    expect((await engine.fire('SessionStart', { source: 'startup' })).runs).toEqual([]);
    expect(engine.settings.hooks.map((hook) => hook.provenance.plugin?.id)).toEqual(['guard@market']);
    expect(engine.settings.diagnostics).toEqual([
      {
        severity: 'warning',
        file,
        line: 5,
        column: 5,
        jsonPath: 'enabledPlugins["ghost@market"]',
        message: `plugin "ghost@market" is enabled but not installed (not in ${join(home.options.homeDir, '.claude', 'plugins', 'installed_plugins.json')}): its hooks do not run`,
      },
    ]);
  });

  it('lets local settings turn off what user settings turn on, and prefers the project installation', async () => {
    const userWide = contextPlugin(join(home.root, 'cache', 'm', 'ctx', '1'), 'ctx', 'user-wide copy');
    const forProject = contextPlugin(join(home.root, 'cache', 'm', 'ctx', '2'), 'ctx', 'project copy');
    install({
      'ctx@m': [
        { scope: 'user', installPath: userWide },
        { scope: 'project', projectPath: home.root, installPath: forProject },
      ],
      'guard@m': [{ scope: 'user', installPath: guardPlugin(join(home.root, 'cache', 'm', 'guard', '1')) }],
    });
    settings(userSettings(), { enabledPlugins: { 'ctx@m': true, 'guard@m': true } });
    settings(join(home.root, '.claude', 'settings.local.json'), { enabledPlugins: { 'guard@m': false } });
    const engine = await open({});

    expect((await engine.fire('SessionStart', { source: 'startup' })).additionalContext).toEqual([
      'project copy',
    ]);
    expect((await engine.fire('PreToolUse', bash('rm -rf /'))).decision).toBeNull();
  });

  it('needs trust for a plugin that only project settings enable, and none for one user settings enable', async () => {
    const guard = guardPlugin(join(home.root, 'cache', 'm', 'guard', '1'));
    const ctx = contextPlugin(join(home.root, 'cache', 'm', 'ctx', '1'), 'ctx', 'Context.');
    install({
      'guard@m': [{ scope: 'project', projectPath: home.root, installPath: guard }],
      'ctx@m': [{ scope: 'user', installPath: ctx }],
    });
    const project = settings(projectSettings(), { enabledPlugins: { 'guard@m': true } });
    settings(userSettings(), { enabledPlugins: { 'ctx@m': true } });
    const stateDir = join(home.root, 'state');
    const trustStore = join(stateDir, 'trust.json');

    const untrusted = await open({ trust: 'require', trustStore });
    expect(untrusted.settings.untrusted.map((source) => source.file)).toEqual([
      project,
      join(guard, 'hooks', 'hooks.json'),
    ]);
    // The untrusted guard did not run: the engine denies in its place (fail closed), not the guard.
    const denied = await untrusted.fire('PreToolUse', bash('rm -rf /'));
    expect([denied.decision, denied.runs]).toEqual(['deny', []]);
    expect(denied.reason).toContain('hooks that would have run for it are not trusted');
    expect((await untrusted.fire('SessionStart', { source: 'startup' })).additionalContext).toEqual([
      'Context.',
    ]);

    // Trusting the plugin's hooks is not enough while the settings that enable it are untrusted.
    // The plugin's hooks file and its manifest, which names what loads, trusted for the project.
    trustFiles(
      stateDir,
      [join(guard, 'hooks', 'hooks.json'), join(guard, '.claude-plugin', 'plugin.json')],
      home.options.projectDir,
    );
    const pluginOnly = await open({ trust: 'require', trustStore });
    expect(pluginOnly.settings.untrusted.map((source) => [source.file, source.reason.kind])).toEqual([
      [project, 'new'],
      [join(guard, 'hooks', 'hooks.json'), 'enabled-by-untrusted'],
    ]);
    const stillDenied = await pluginOnly.fire('PreToolUse', bash('rm -rf /'));
    expect([stillDenied.decision, stillDenied.runs]).toEqual(['deny', []]);

    trustFiles(stateDir, [project]);
    const trusted = await open({ trust: 'require', trustStore });
    expect(trusted.settings.untrusted).toEqual([]);
    expect((await trusted.fire('PreToolUse', bash('rm -rf /'))).decision).toBe('deny');
    expect(existsSync(join(home.options.homeDir, '.claude', 'plugins', 'data', 'guard-m'))).toBe(true);
  });

  // Issue 22.3: enabledPlugins was read before the trust check, so an untrusted file could silence a guard.
  it.each([
    ['false', false],
    ['null', null],
  ])('ignores an untrusted project file that sets a plugin the user enabled to %s', async (_name, value) => {
    const guard = guardPlugin(join(home.root, 'cache', 'm', 'guard', '1'));
    install({ 'guard@m': [{ scope: 'user', installPath: guard }] });
    settings(userSettings(), { enabledPlugins: { 'guard@m': true } });
    const project = settings(projectSettings(), { enabledPlugins: { 'guard@m': value } });
    const trustStore = join(home.root, 'state', 'trust.json');
    const engine = await open({ trust: 'require', trustStore });

    const denied = await engine.fire('PreToolUse', bash('rm -rf /'));

    // The user's guard itself denied: it ran, the untrusted file changed nothing.
    expect([denied.decision, denied.reason, denied.runs.map((run) => run.status)]).toEqual([
      'deny',
      'rm -rf is not allowed',
      ['blocking'],
    ]);
    expect(engine.settings.untrusted.map((source) => source.file)).toEqual([project]);
  });

  it('does not let an untrusted local file reclassify a plugin the user enabled as needing project trust', async () => {
    const guard = guardPlugin(join(home.root, 'cache', 'm', 'guard', '1'));
    install({ 'guard@m': [{ scope: 'user', installPath: guard }] });
    settings(userSettings(), { enabledPlugins: { 'guard@m': true } });
    const local = settings(join(home.root, '.claude', 'settings.local.json'), {
      enabledPlugins: { 'guard@m': true },
    });
    const engine = await open({ trust: 'require', trustStore: join(home.root, 'state', 'trust.json') });

    const denied = await engine.fire('PreToolUse', bash('rm -rf /'));
    const allowed = await engine.fire('PreToolUse', bash('ls'));

    expect([denied.reason, denied.runs.map((run) => run.status)]).toEqual([
      'rm -rf is not allowed',
      ['blocking'],
    ]);
    expect(allowed.decision).toBeNull();
    expect(engine.settings.untrusted.map((source) => source.file)).toEqual([local]);
  });
});
