import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEEPAGENTS_EVENTS } from '../../src/events/event-names.js';
import type { ConfiguredHook } from '../../src/settings/configured-hook.js';
import { type LoadSettingsOptions, loadSettings } from '../../src/settings/load-settings.js';

let root: string;
let options: LoadSettingsOptions;

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'hookwire-settings-'));
  options = {
    cwd: join(root, 'project'),
    projectDir: join(root, 'project'),
    homeDir: join(root, 'home'),
    managedSettingsPath: join(root, 'etc', 'managed-settings.json'),
    deepAgentsPath: join(root, 'home', '.deepagents', 'hooks.json'),
  };
});

afterEach(() => rmSync(root, { recursive: true, force: true }));

function write(path: string, content: unknown): string {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, typeof content === 'string' ? content : JSON.stringify(content, null, 2));
  return path;
}

const paths = () => ({
  managed: options.managedSettingsPath,
  user: join(options.homeDir, '.claude', 'settings.json'),
  project: join(options.projectDir, '.claude', 'settings.json'),
  local: join(options.projectDir, '.claude', 'settings.local.json'),
  deepagents: options.deepAgentsPath,
});

function oneCommand(event: string, command: string, extra: Record<string, unknown> = {}) {
  return { hooks: { [event]: [{ hooks: [{ type: 'command', command }] }] }, ...extra };
}

const summary = (hooks: readonly ConfiguredHook[]) =>
  hooks.map((hook) => `${hook.provenance.level}:${hook.event}:${hook.label}`);

describe('loadSettings', () => {
  it('loads every default source in order: managed, user, project, local, Deep Agents', () => {
    const files = paths();
    write(files.deepagents, { hooks: [{ command: ['da.sh'], events: ['task.complete'] }] });
    write(files.local, oneCommand('Stop', 'local.sh'));
    write(files.project, oneCommand('Stop', 'project.sh'));
    write(files.user, oneCommand('Stop', 'user.sh'));
    write(files.managed, oneCommand('Stop', 'managed.sh'));
    const loaded = loadSettings(options);
    expect(summary(loaded.hooks)).toEqual([
      'managed:Stop:managed.sh',
      'user:Stop:user.sh',
      'project:Stop:project.sh',
      'local:Stop:local.sh',
      'deepagents:task.complete:da.sh',
    ]);
    expect(loaded.files).toEqual([
      { file: files.managed, level: 'managed', format: 'claude' },
      { file: files.user, level: 'user', format: 'claude' },
      { file: files.project, level: 'project', format: 'claude' },
      { file: files.local, level: 'local', format: 'claude' },
      { file: files.deepagents, level: 'deepagents', format: 'deepagents' },
    ]);
    expect(loaded.diagnostics).toEqual([]);
    expect(loaded.policy).toEqual({
      disableAllHooks: false,
      allowManagedHooksOnly: false,
      allowedHttpHookUrls: undefined,
      httpHookAllowedEnvVars: undefined,
    });
  });

  it('resolves every field of a configured hook, with its provenance', () => {
    const file = write(
      paths().project,
      `{
  "hooks": {
    "PreToolUse": [
      {
        "matcher": "  Bash ",
        "async": true,
        "hooks": [
          { "type": "command", "command": "node", "args": ["guard.js", "--strict"], "timeout": 7 },
          { "type": "http", "url": "http://127.0.0.1:9/hook" }
        ]
      },
      {
        "matcher": "*",
        "sequential": true,
        "hooks": [{ "type": "prompt", "prompt": "Safe? $ARGUMENTS" }, { "type": "agent", "prompt": "Check", "async": true }]
      }
    ]
  }
}`,
    );
    const provenance = (line: number, column: number, jsonPath: string) => ({
      file,
      level: 'project',
      line,
      column,
      jsonPath,
    });
    expect(loadSettings(options).hooks).toEqual([
      {
        event: 'PreToolUse',
        matcher: 'Bash',
        definitionId: 'd1',
        sequential: false,
        background: true,
        handler: { type: 'command', command: 'node', args: ['guard.js', '--strict'], timeout: 7 },
        type: 'command',
        timeoutSeconds: 7,
        dedupeKey: 'node\u0000guard.js\u0000--strict',
        label: 'node guard.js --strict',
        provenance: provenance(8, 11, 'hooks.PreToolUse[0].hooks[0]'),
      },
      {
        event: 'PreToolUse',
        matcher: 'Bash',
        definitionId: 'd1',
        sequential: false,
        background: true,
        handler: { type: 'http', url: 'http://127.0.0.1:9/hook' },
        type: 'http',
        timeoutSeconds: 600,
        dedupeKey: 'http://127.0.0.1:9/hook',
        label: 'http://127.0.0.1:9/hook',
        provenance: provenance(9, 11, 'hooks.PreToolUse[0].hooks[1]'),
      },
      {
        event: 'PreToolUse',
        matcher: undefined,
        definitionId: 'd2',
        sequential: true,
        background: false,
        handler: { type: 'prompt', prompt: 'Safe? $ARGUMENTS' },
        type: 'prompt',
        timeoutSeconds: 30,
        dedupeKey: 'prompt\u0000Safe? $ARGUMENTS',
        label: 'Safe? $ARGUMENTS',
        provenance: provenance(15, 19, 'hooks.PreToolUse[1].hooks[0]'),
      },
      {
        event: 'PreToolUse',
        matcher: undefined,
        definitionId: 'd2',
        sequential: true,
        background: true,
        handler: { type: 'agent', prompt: 'Check', async: true },
        type: 'agent',
        timeoutSeconds: 60,
        dedupeKey: 'agent\u0000Check',
        label: 'Check',
        provenance: provenance(15, 71, 'hooks.PreToolUse[1].hooks[1]'),
      },
    ]);
  });

  it('loads only explicit files and inline objects when given, after one another', () => {
    write(paths().user, oneCommand('Stop', 'user.sh'));
    const explicit = write(join(root, 'extra.json'), oneCommand('Stop', 'explicit.sh'));
    const loaded = loadSettings({
      ...options,
      files: ['../extra.json'],
      objects: [
        oneCommand('SessionEnd', 'inline.sh'),
        { hooks: [{ command: ['da.sh'], events: ['session.end'] }] },
      ],
    });
    expect(summary(loaded.hooks)).toEqual([
      'explicit:Stop:explicit.sh',
      'inline:SessionEnd:inline.sh',
      'inline:session.end:da.sh',
    ]);
    expect(loaded.hooks.map((hook) => hook.provenance)).toEqual([
      { file: explicit, level: 'explicit', line: 6, column: 11, jsonPath: 'hooks.Stop[0].hooks[0]' },
      { file: '<inline 1>', level: 'inline', line: 1, column: 1, jsonPath: 'hooks.SessionEnd[0].hooks[0]' },
      { file: '<inline 2>', level: 'inline', line: 1, column: 1, jsonPath: 'hooks[0]' },
    ]);
  });

  it('reports a missing explicit file, but silently skips missing default files', () => {
    expect(loadSettings(options)).toEqual({
      hooks: [],
      policy: {
        disableAllHooks: false,
        allowManagedHooksOnly: false,
        allowedHttpHookUrls: undefined,
        httpHookAllowedEnvVars: undefined,
      },
      files: [],
      diagnostics: [],
      untrusted: [],
    });
    expect(loadSettings({ ...options, files: ['absent.json'] }).diagnostics).toEqual([
      {
        severity: 'error',
        file: join(options.cwd, 'absent.json'),
        line: 1,
        column: 1,
        jsonPath: '$',
        message: 'file not found',
      },
    ]);
  });

  it('reads the home directory settings once when the project is the home directory', () => {
    write(paths().user, oneCommand('Stop', 'user.sh'));
    const loaded = loadSettings({ ...options, projectDir: options.homeDir, cwd: options.homeDir });
    expect(summary(loaded.hooks)).toEqual(['user:Stop:user.sh']);
  });

  it('skips only the handler that cannot run, keeping the rest of the file', () => {
    const file = write(
      paths().project,
      `{"hooks": {"Stop": [{"hooks": [
  {"type": "command", "command": "a.sh", "timeout": "5s"},
  {"type": "command", "command": "b.sh"}]}]}}`,
    );
    const loaded = loadSettings(options);
    expect(summary(loaded.hooks)).toEqual(['project:Stop:b.sh']);
    expect(loaded.diagnostics).toEqual([
      {
        severity: 'error',
        file,
        line: 2,
        column: 53,
        jsonPath: 'hooks.Stop[0].hooks[0].timeout',
        message: 'timeout must be a positive number of seconds, got "5s"',
      },
    ]);
  });

  it('refuses, located, every shell the runner cannot start, so its hook fails closed, not at run time', () => {
    // Generated over the class: shells people write (fish, zsh, cmd), near misses and casing.
    const refused = ['fish', 'zsh', 'cmd', 'Bash', 'SH', 'bash ', '/bin/bash', 'powershell.exe', ''];
    const accepted = ['sh', 'bash', 'powershell', 'pwsh'];
    for (const shell of [...refused, ...accepted]) {
      write(paths().project, { hooks: { Stop: [{ hooks: [{ type: 'command', command: 'a.sh', shell }] }] } });
      const loaded = loadSettings(options);
      const errors = loaded.diagnostics.filter((diagnostic) => diagnostic.severity === 'error');
      if (accepted.includes(shell)) expect({ shell, errors }).toEqual({ shell, errors: [] });
      else
        expect({ shell, paths: errors.map((error) => error.jsonPath), hooks: loaded.hooks.length }).toEqual({
          shell,
          paths: ['hooks.Stop[0].hooks[0].shell'],
          hooks: 0,
        });
    }
  });

  it('reports malformed Claude-style settings as an error and loads nothing from them', () => {
    const file = write(paths().user, '{\n  "hooks": {,\n}');
    write(paths().project, oneCommand('Stop', 'project.sh'));
    const loaded = loadSettings(options);
    expect(summary(loaded.hooks)).toEqual(['project:Stop:project.sh']);
    expect(loaded.diagnostics).toEqual([
      {
        severity: 'error',
        file,
        line: 2,
        column: 13,
        jsonPath: '$',
        message: 'malformed JSON: expected a value',
      },
    ]);
  });
});

describe('policy', () => {
  it('follows scalar precedence for disableAllHooks: project false overrides user true', () => {
    const files = paths();
    write(files.user, oneCommand('Stop', 'user.sh', { disableAllHooks: true }));
    write(files.project, oneCommand('Stop', 'project.sh', { disableAllHooks: false }));
    const loaded = loadSettings(options);
    expect(loaded.policy.disableAllHooks).toBe(false);
    expect(summary(loaded.hooks)).toEqual(['user:Stop:user.sh', 'project:Stop:project.sh']);
  });

  it('lets a non-managed disableAllHooks turn off every hook but managed ones', () => {
    const files = paths();
    write(files.managed, oneCommand('Stop', 'managed.sh'));
    write(files.user, oneCommand('Stop', 'user.sh'));
    write(files.local, { disableAllHooks: true });
    write(files.deepagents, { hooks: [{ command: ['da.sh'] }] });
    const loaded = loadSettings(options);
    expect(loaded.policy.disableAllHooks).toBe(true);
    expect(summary(loaded.hooks)).toEqual(['managed:Stop:managed.sh']);
  });

  it('turns everything off when managed settings disable all hooks', () => {
    const files = paths();
    write(files.managed, oneCommand('Stop', 'managed.sh', { disableAllHooks: true }));
    write(files.user, oneCommand('Stop', 'user.sh', { disableAllHooks: false }));
    const loaded = loadSettings(options);
    expect(loaded.policy.disableAllHooks).toBe(true);
    expect(loaded.hooks).toEqual([]);
  });

  it('honours allowManagedHooksOnly from managed settings only', () => {
    const files = paths();
    write(files.user, oneCommand('Stop', 'user.sh', { allowManagedHooksOnly: true }));
    write(files.project, oneCommand('Stop', 'project.sh'));
    expect(loadSettings(options).policy.allowManagedHooksOnly).toBe(false);
    expect(summary(loadSettings(options).hooks)).toEqual(['user:Stop:user.sh', 'project:Stop:project.sh']);
    write(files.managed, oneCommand('Stop', 'managed.sh', { allowManagedHooksOnly: true }));
    const loaded = loadSettings(options);
    expect(loaded.policy.allowManagedHooksOnly).toBe(true);
    expect(summary(loaded.hooks)).toEqual(['managed:Stop:managed.sh']);
  });

  it('merges URL allow-lists keeping each pattern’s level, and unions allowed env vars', () => {
    const files = paths();
    write(files.managed, {
      allowedHttpHookUrls: ['https://hooks.example.com/*'],
      httpHookAllowedEnvVars: ['TOKEN'],
    });
    write(files.project, {
      allowedHttpHookUrls: ['http://127.0.0.1:*'],
      httpHookAllowedEnvVars: ['TOKEN', 'USER'],
    });
    expect(loadSettings(options).policy).toEqual({
      disableAllHooks: false,
      allowManagedHooksOnly: false,
      allowedHttpHookUrls: [
        { pattern: 'https://hooks.example.com/*', level: 'managed' },
        { pattern: 'http://127.0.0.1:*', level: 'project' },
      ],
      httpHookAllowedEnvVars: ['TOKEN', 'USER'],
    });
  });
});

describe('Deep Agents hooks.json', () => {
  it('turns each entry into command hooks without a shell, one per event (all events when none listed)', () => {
    const file = write(paths().deepagents, {
      hooks: [
        { command: ['python3', 'my_handler.py'], events: ['session.start', 'task.complete'] },
        { command: ['bash', 'log_everything.sh'] },
      ],
    });
    const hooks = loadSettings(options).hooks;
    expect(hooks[0]).toEqual({
      event: 'session.start',
      matcher: undefined,
      definitionId: 'd1',
      sequential: false,
      background: false,
      handler: { type: 'command', command: 'python3', args: ['my_handler.py'] },
      type: 'command',
      timeoutSeconds: 5,
      dedupeKey: 'python3\u0000my_handler.py',
      label: 'python3 my_handler.py',
      provenance: { file, level: 'deepagents', line: 3, column: 5, jsonPath: 'hooks[0]' },
    });
    expect(hooks.map((hook) => `${hook.definitionId}:${hook.event}`)).toEqual([
      'd1:session.start',
      'd1:task.complete',
      ...DEEPAGENTS_EVENTS.map((event) => `d2:${event}`),
    ]);
  });

  const warning = (file: string, line: number, column: number, jsonPath: string, message: string) => ({
    severity: 'warning',
    file,
    line,
    column,
    jsonPath,
    message,
  });

  it('warns about invalid JSON and loads no hooks from it', () => {
    const file = write(paths().deepagents, '{"hooks": [\n  {"command": ["a"]}\n  {"command": ["b"]}]}');
    expect(loadSettings(options)).toMatchObject({
      hooks: [],
      files: [],
      diagnostics: [warning(file, 3, 3, '$', 'malformed JSON: expected ","; no hooks loaded')],
    });
  });

  it('warns when the root is not an object with a hooks list', () => {
    const file = write(paths().deepagents, '["a"]');
    const message = 'a Deep Agents hooks.json must be an object with a "hooks" list; no hooks loaded';
    expect(loadSettings(options).diagnostics).toEqual([warning(file, 1, 1, '$', message)]);
    write(file, '{"hooks": "a.sh"}');
    expect(loadSettings(options).diagnostics).toEqual([warning(file, 1, 11, 'hooks', message)]);
  });

  it('warns about a bad entry by index and still loads the others, suggesting close event names', () => {
    const file = write(
      paths().deepagents,
      `{"hooks": [
  {"command": "notify.sh"},
  {"command": ["a.sh"], "events": "task.complete"},
  {"command": ["b.sh"], "events": ["task.completed"]}]}`,
    );
    const loaded = loadSettings(options);
    expect(summary(loaded.hooks)).toEqual(['deepagents:task.completed:b.sh']);
    expect(loaded.diagnostics).toEqual([
      warning(
        file,
        2,
        15,
        'hooks[0].command',
        'Deep Agents entry 0: "command" must be a non-empty list of strings; the entry never runs',
      ),
      warning(
        file,
        3,
        35,
        'hooks[1].events',
        'Deep Agents entry 1: "events" must be a list of event names; the entry never runs',
      ),
      warning(
        file,
        4,
        36,
        'hooks[2].events[0]',
        'unknown event "task.completed" (did you mean "task.complete"?); if the host sends it, its hooks run as notifications (their output is not honoured)',
      ),
    ]);
  });
});

describe('the loader’s hot path', () => {
  it('does not import zod, directly or through its modules', () => {
    const seen = new Set<string>();
    const visit = (file: string): void => {
      if (seen.has(file)) return;
      seen.add(file);
      const source = readFileSync(file, 'utf8');
      for (const [, specifier] of source.matchAll(/^import (?!type )[^;]*? from '([^']+)';/gms)) {
        expect(specifier, `${file} imports zod`).not.toBe('zod');
        if (specifier?.startsWith('.')) visit(join(dirname(file), specifier.replace(/\.js$/, '.ts')));
      }
    };
    visit(join(import.meta.dirname, '..', '..', 'src', 'settings', 'load-settings.ts'));
    expect(seen.size).toBeGreaterThan(5);
  });
});
