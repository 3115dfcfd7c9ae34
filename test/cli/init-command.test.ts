import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { guarded } from '../support/guarded-command.js';
import { runCli } from './run-cli.js';

const temporary = mkdtempSync(join(tmpdir(), 'hookwire-init-'));
afterAll(() => rmSync(temporary, { recursive: true, force: true }));

/* A settings file as people write them: four-space indentation, keys around the hooks, a compact line. */
const SETTINGS = `{
    "permissions": { "allow": ["Bash(npm test)"], "deny": [] },
    "hooks": {
        "PreToolUse": [
            {
                "matcher": "Bash",
                "hooks": [
                    { "type": "command", "command": "./guard.sh", "timeout": 30 },
                    { "type": "mcp_tool", "server": "audit" }
                ]
            }
        ],
        "Stop": [
            { "sequential": true, "hooks": [
                { "type": "command", "command": "./lint.sh", "timeout": 20 },
                { "type": "command", "command": "./test.sh", "timeout": 40 }
            ] }
        ],
        "StopFailure": [ { "hooks": [ { "type": "command", "command": "./report.sh" } ] } ]
    },
    "model": "opus"
}
`;
const LOCAL = `{"env":{"DEBUG":"1"},"hooks":{"Stop":[{"hooks":[{"type":"prompt","prompt":"done?"}]}],"SessionStart":[{"hooks":[{"type":"command","command":"./hello.sh"}]}]}}
`;

const CALL = 'hookwire run --settings "$CLAUDE_PROJECT_DIR"/.hookwire/hooks.json';

let projects = 0;
/** A fresh project with the given files (paths relative to it). */
function project(files: Record<string, string>): string {
  const directory = join(temporary, `project-${++projects}`);
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(join(directory, file, '..'), { recursive: true });
    writeFileSync(join(directory, file), text);
  }
  return directory;
}

/** Every file of a project, path → text. */
function snapshot(directory: string): Record<string, string> {
  const files: Record<string, string> = {};
  const walk = (folder: string): void => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) walk(path);
      else files[relative(directory, path)] = readFileSync(path, 'utf8');
    }
  };
  walk(directory);
  return files;
}

function init(directory: string, ...options: string[]) {
  return runCli(['init', 'claude', '--project', directory, '--hookwire', 'hookwire', ...options]);
}

const read = (directory: string, file: string) => JSON.parse(readFileSync(join(directory, file), 'utf8'));

describe('hookwire init claude', () => {
  it('--print writes nothing and prints one command handler per event', async () => {
    const directory = project({ '.claude/settings.json': SETTINGS, '.claude/settings.local.json': LOCAL });
    const before = snapshot(directory);
    const result = await init(directory, '--print');
    expect(result.code).toBe(0);
    expect(snapshot(directory)).toEqual(before);
    const printed = JSON.parse(result.stdout);
    const command = (event: string) => printed.hooks[event][0].hooks[0].command;
    expect(printed).toEqual({
      hooks: {
        PreToolUse: [
          {
            hooks: [
              {
                type: 'command',
                command: guarded(`${CALL} PreToolUse`, 'claude', 'PreToolUse'),
                timeout: 35,
              },
            ],
          },
        ],
        // sequential: 20 + 40 s; the prompt hook from the local file: 30 s.
        Stop: [
          { hooks: [{ type: 'command', command: guarded(`${CALL} Stop`, 'claude', 'Stop'), timeout: 65 }] },
        ],
        StopFailure: [{ hooks: [{ type: 'command', command: command('StopFailure'), timeout: 605 }] }],
        SessionStart: [{ hooks: [{ type: 'command', command: `${CALL} SessionStart`, timeout: 605 }] }],
      },
    });
    expect(command('StopFailure')).toMatch(/^trap '' TERM; set -- hookwire run --settings .* StopFailure; /);
    expect(result.stderr).toBe(
      'hookwire init: .claude/settings.json: hooks.PreToolUse[0].hooks[1] stays with Claude Code: a handler "mcp_tool" is Claude Code\'s own (hookwire runs command, http, prompt and agent)\n',
    );
  });

  it("gives FileChanged's catch-all every moved matcher: Claude Code watches only the files they name", async () => {
    const settings = {
      hooks: {
        FileChanged: [
          { matcher: '.envrc', hooks: [{ type: 'command', command: './direnv.sh' }] },
          { matcher: 'package.json|.envrc', hooks: [{ type: 'command', command: './deps.sh' }] },
        ],
        CwdChanged: [{ matcher: 'ignored', hooks: [{ type: 'command', command: './cwd.sh' }] }],
      },
    };
    const directory = project({ '.claude/settings.json': JSON.stringify(settings) });
    const printed = JSON.parse((await init(directory, '--print')).stdout);
    expect(printed.hooks.FileChanged).toEqual([
      {
        matcher: '.envrc|package.json',
        hooks: [{ type: 'command', command: expect.any(String), timeout: 605 }],
      },
    ]);
    // Out of reach of the session end's signals, still answering (test/cli/detached-run.test.ts).
    const command: string = printed.hooks.FileChanged[0].hooks[0].command;
    expect(command.startsWith(`trap '' TERM; set -- ${CALL} FileChanged; exec 4>&1; s=$(`)).toBe(true);
    // Negative control: another event's matcher only picks hooks, which hookwire run does itself.
    expect(printed.hooks.CwdChanged[0].matcher).toBeUndefined();
  });

  it('moves the hooks into the hooks file, keeps every other key, and backs the files up', async () => {
    const directory = project({ '.claude/settings.json': SETTINGS, '.claude/settings.local.json': LOCAL });
    const result = await init(directory);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('moved 6 hook(s) of PreToolUse, Stop, StopFailure, SessionStart');

    const settings = readFileSync(join(directory, '.claude/settings.json'), 'utf8');
    expect(settings).toContain('    "permissions": { "allow": ["Bash(npm test)"], "deny": [] },\n');
    expect(settings.endsWith('    "model": "opus"\n}\n')).toBe(true);
    const { hooks, ...others } = JSON.parse(settings);
    expect(others).toEqual({ permissions: { allow: ['Bash(npm test)'], deny: [] }, model: 'opus' });
    expect(hooks.PreToolUse).toEqual([
      { matcher: 'Bash', hooks: [{ type: 'mcp_tool', server: 'audit' }] },
      {
        hooks: [
          { type: 'command', command: guarded(`${CALL} PreToolUse`, 'claude', 'PreToolUse'), timeout: 35 },
        ],
      },
    ]);
    expect(Object.keys(hooks)).toEqual(['PreToolUse', 'Stop', 'StopFailure']);

    // The local file's Stop hook joins the project's catch-all; its SessionStart gets one of its own.
    expect(read(directory, '.claude/settings.local.json')).toEqual({
      env: { DEBUG: '1' },
      hooks: {
        SessionStart: [{ hooks: [{ type: 'command', command: `${CALL} SessionStart`, timeout: 605 }] }],
      },
    });
    expect(read(directory, '.hookwire/hooks.json')).toEqual({
      hooks: {
        PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: './guard.sh', timeout: 30 }] }],
        Stop: [
          {
            sequential: true,
            hooks: [
              { type: 'command', command: './lint.sh', timeout: 20 },
              { type: 'command', command: './test.sh', timeout: 40 },
            ],
          },
          { hooks: [{ type: 'prompt', prompt: 'done?' }] },
        ],
        StopFailure: [{ hooks: [{ type: 'command', command: './report.sh' }] }],
        SessionStart: [{ hooks: [{ type: 'command', command: './hello.sh' }] }],
      },
    });
    expect(readFileSync(join(directory, '.hookwire/backup/settings.json'), 'utf8')).toBe(SETTINGS);
    expect(readFileSync(join(directory, '.hookwire/backup/settings.local.json'), 'utf8')).toBe(LOCAL);
    expect(readFileSync(join(directory, '.hookwire/.gitignore'), 'utf8')).toBe('backup/\ninit.json\n');
  });

  it('changes nothing the second time', async () => {
    const directory = project({ '.claude/settings.json': SETTINGS, '.claude/settings.local.json': LOCAL });
    expect((await init(directory)).code).toBe(0);
    const after = snapshot(directory);
    const again = await init(directory);
    expect(again.code).toBe(0);
    expect(again.stdout).toBe(
      'hookwire init: no hooks to move in .claude/settings.json or .claude/settings.local.json; .hookwire/hooks.json holds the hooks\n',
    );
    expect(snapshot(directory)).toEqual(after);
  });

  it('moves hooks added to the settings later, and an undo puts those back too', async () => {
    const directory = project({ '.claude/settings.json': SETTINGS });
    expect((await init(directory)).code).toBe(0);
    const path = join(directory, '.claude/settings.json');
    const added = { type: 'command', command: './format.sh' };
    const settings = JSON.parse(readFileSync(path, 'utf8'));
    settings.hooks.PostToolUse = [{ matcher: 'Edit', hooks: [added] }];
    settings.model = 'sonnet';
    writeFileSync(path, JSON.stringify(settings, null, 4));
    expect((await init(directory)).code).toBe(0);
    expect(read(directory, '.hookwire/hooks.json').hooks.PostToolUse).toEqual([
      { matcher: 'Edit', hooks: [added] },
    ]);
    expect(read(directory, '.claude/settings.json').hooks.PostToolUse).toEqual([
      {
        hooks: [
          { type: 'command', command: guarded(`${CALL} PostToolUse`, 'claude', 'PostToolUse'), timeout: 605 },
        ],
      },
    ]);
    expect((await runCli(['init', '--undo', '--project', directory])).code).toBe(0);
    // The edit made between the two runs stays.
    expect(read(directory, '.claude/settings.json')).toEqual({
      ...JSON.parse(SETTINGS),
      hooks: { ...JSON.parse(SETTINGS).hooks, PostToolUse: [{ matcher: 'Edit', hooks: [added] }] },
      model: 'sonnet',
    });
    expect(existsSync(join(directory, '.hookwire'))).toBe(false);
  });

  it('refuses to overwrite a hooks file that differs, unless --force', async () => {
    const mine = '{ "hooks": {} }\n';
    const directory = project({ '.claude/settings.json': SETTINGS, '.hookwire/hooks.json': mine });
    const refused = await init(directory);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(
      'hookwire init: .hookwire/hooks.json exists and differs from the hooks to move; nothing written (--force overwrites it)\n',
    );
    expect(snapshot(directory)).toEqual({ '.claude/settings.json': SETTINGS, '.hookwire/hooks.json': mine });
    const forced = await init(directory, '--force');
    expect(forced.code).toBe(0);
    expect(Object.keys(read(directory, '.hookwire/hooks.json').hooks)).toEqual([
      'PreToolUse',
      'Stop',
      'StopFailure',
    ]);
  });

  it('adds the entries of a hooks file already there when the settings hold no hooks, and an undo takes them out', async () => {
    // A clone, or a project set up for another host: Claude Code would otherwise never call its hooks.
    const hooks = JSON.stringify({
      hooks: {
        PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: './guard.sh', timeout: 30 }] }],
        Stop: [{ hooks: [{ type: 'command', command: './stop.sh' }] }],
      },
    });
    const directory = project({ '.hookwire/hooks.json': hooks });
    const before = snapshot(directory);
    const done = await init(directory);
    expect(done.code).toBe(0);
    expect(done.stdout).toContain(
      'hookwire init: no hooks to move in .claude/settings.json or .claude/settings.local.json; .hookwire/hooks.json has hooks for PreToolUse, Stop\n  .claude/settings.json: created, catch-all entries for PreToolUse, Stop\n',
    );
    // The user has not reviewed a hooks file init did not write: `hookwire trust` is theirs to run.
    expect(done.stderr).toContain('holds hooks you have not trusted');
    expect(read(directory, '.claude/settings.json')).toEqual({
      hooks: {
        PreToolUse: [
          {
            hooks: [
              {
                type: 'command',
                command: guarded(`${CALL} PreToolUse`, 'claude', 'PreToolUse'),
                timeout: 35,
              },
            ],
          },
        ],
        Stop: [
          { hooks: [{ type: 'command', command: guarded(`${CALL} Stop`, 'claude', 'Stop'), timeout: 605 }] },
        ],
      },
    });
    expect(readFileSync(join(directory, '.hookwire/hooks.json'), 'utf8')).toBe(hooks);
    const after = snapshot(directory);
    expect((await init(directory)).stdout).toContain('.hookwire/hooks.json holds the hooks');
    expect(snapshot(directory)).toEqual(after);
    const undone = await runCli(['init', '--undo', '--project', directory]);
    expect(undone.stdout).toBe(
      [
        'hookwire init --undo:',
        '  .claude/settings.json: removed (init created it)',
        '  .hookwire/hooks.json: kept (it was there before init)',
        '',
      ].join('\n'),
    );
    expect(snapshot(directory)).toEqual(before);
    expect(existsSync(join(directory, '.claude'))).toBe(false);

    // Settings of the user's without hooks get the entries beside their keys, and back to the byte.
    const settings = '{\r\n\t"model" :  "opus"\r\n}';
    const theirs = project({ '.hookwire/hooks.json': hooks, '.claude/settings.json': settings });
    const original = snapshot(theirs);
    expect((await init(theirs)).code).toBe(0);
    expect(read(theirs, '.claude/settings.json').model).toBe('opus');
    expect(Object.keys(read(theirs, '.claude/settings.json').hooks)).toEqual(['PreToolUse', 'Stop']);
    expect((await runCli(['init', '--undo', '--project', theirs])).code).toBe(0);
    expect(snapshot(theirs)).toEqual(original);
  });

  it('--undo restores the original bytes and removes what init wrote', async () => {
    const directory = project({ '.claude/settings.json': SETTINGS, '.claude/settings.local.json': LOCAL });
    const before = snapshot(directory);
    expect((await init(directory)).code).toBe(0);
    const undone = await runCli(['init', '--undo', '--project', directory]);
    expect(undone).toEqual({
      code: 0,
      stdout: [
        'hookwire init --undo:',
        '  .claude/settings.json: restored from .hookwire/backup/settings.json',
        '  .claude/settings.local.json: restored from .hookwire/backup/settings.local.json',
        '  .hookwire/hooks.json: removed',
        '',
      ].join('\n'),
      stderr: '',
    });
    expect(snapshot(directory)).toEqual(before);
  });

  it('--undo keeps edits and hooks added to the settings since, and a hooks file changed since', async () => {
    const directory = project({ '.claude/settings.json': SETTINGS });
    expect((await init(directory)).code).toBe(0);
    const path = join(directory, '.claude/settings.json');
    const edited = JSON.parse(readFileSync(path, 'utf8'));
    const mine = { hooks: [{ type: 'mcp_tool', server: 'notes' }] };
    edited.hooks.Notification = [mine];
    edited.model = 'sonnet';
    writeFileSync(path, JSON.stringify(edited, null, 4));
    const hooksPath = join(directory, '.hookwire/hooks.json');
    writeFileSync(hooksPath, `${readFileSync(hooksPath, 'utf8')}\n`);
    const undone = await runCli(['init', '--undo', '--project', directory]);
    expect(undone.code).toBe(0);
    expect(undone.stdout).toContain('.claude/settings.json: changed since init; its "hooks" restored');
    expect(undone.stdout).toContain('.hookwire/hooks.json: changed since init, kept');
    expect(read(directory, '.claude/settings.json')).toEqual({
      ...JSON.parse(SETTINGS),
      hooks: { ...JSON.parse(SETTINGS).hooks, Notification: [mine] },
      model: 'sonnet',
    });
    expect(existsSync(hooksPath)).toBe(true);
  });

  it('reports usage errors with exit 2', async () => {
    const directory = project({ '.claude/settings.json': '{ "hooks": ' });
    const result = await init(directory);
    expect(result.code).toBe(2);
    expect(result.stderr.split('\n')[0]).toBe(
      'hookwire init: .claude/settings.json:1:12: malformed JSON: expected a value',
    );
    const nothing = await runCli(['init', '--undo', '--project', directory]);
    expect(nothing.code).toBe(1);
  });
});
