import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENT_NAMES } from '../../src/events/event-names.js';
import { hookInputJsonSchema } from '../../src/events/hook-input-schema.js';
import { hookOutputJsonSchema } from '../../src/read/hook-output-schema.js';
import { settingsJsonSchema } from '../../src/settings/json-schemas.js';
import { CLI_ENTRY } from '../support/cli-entry.js';

const repository = join(import.meta.dirname, '..', '..');
let sandbox: string;

/** Runs the CLI (the build, else the sources: test/support/cli-entry.ts) as a real process, with home and managed settings pointed into the sandbox. */
function hookwire(
  args: string[],
  cwd = repository,
): Promise<{ code: number; stdout: string; stderr: string }> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    HOOKWIRE_HOME: join(sandbox, 'home'),
    HOOKWIRE_MANAGED_SETTINGS: join(sandbox, 'managed-settings.json'),
  };
  delete env.CLAUDE_PROJECT_DIR;
  return new Promise((resolve) => {
    execFile(process.execPath, [...CLI_ENTRY, ...args], { cwd, env }, (error, stdout, stderr) => {
      resolve({ code: error ? Number(error.code) : 0, stdout, stderr });
    });
  });
}

beforeAll(() => {
  sandbox = mkdtempSync(join(tmpdir(), 'hookwire-cli-'));
  mkdirSync(join(sandbox, 'project', '.claude'), { recursive: true });
  writeFileSync(
    join(sandbox, 'project', '.claude', 'settings.json'),
    JSON.stringify(
      { hooks: { Stop: [{ hooks: [{ type: 'command', command: 'echo done', timeout: 2000 }] }] } },
      null,
      2,
    ),
  );
});

afterAll(() => rmSync(sandbox, { recursive: true, force: true }));

describe('hookwire CLI', () => {
  it('validate prints located diagnostics and a summary, exiting 1 on errors and 0 otherwise', async () => {
    const [broken, defaults, unknownEvents] = await Promise.all([
      hookwire([
        'validate',
        'test/fixtures/settings/malformed.json',
        'examples/real-world/plugin-hooks.json',
      ]),
      hookwire(['validate'], join(sandbox, 'project')),
      hookwire(['validate', 'test/fixtures/cli/unknown-events.json']),
    ]);
    // A plugin's hooks file read as settings: Claude Code refuses ${CLAUDE_PLUGIN_ROOT} outside a plugin.
    const outside = (line: number, event: string) =>
      `examples/real-world/plugin-hooks.json:${line}:11 hooks.${event}[0].hooks[0]: error: Hook command references \${CLAUDE_PLUGIN_ROOT} but the hook is not associated with a plugin. This variable is only available in hooks defined in a plugin's hooks/hooks.json file, not in settings.json. The hook does not load, so ${event} fails closed until it is fixed.\n`;
    expect(broken).toEqual({
      code: 1,
      stdout:
        'test/fixtures/settings/malformed.json:5:7 $: error: malformed JSON: expected ","\n' +
        outside(8, 'PostToolUse') +
        outside(19, 'Stop') +
        '1 file checked: 3 errors, 0 warnings.\n',
      stderr: '',
    });
    expect(defaults).toEqual({
      code: 0,
      stdout:
        '.claude/settings.json:9:24 hooks.Stop[0].hooks[0].timeout: warning: timeout is in seconds: 2000 means about 33 minutes (was it meant as milliseconds?)\n' +
        '1 file checked: 0 errors, 1 warning.\n',
      stderr: '',
    });
    // The host may well send an event the catalogue does not know: its hooks run, so it is only a warning.
    const notified = 'if the host sends it, its hooks run as notifications (their output is not honoured)';
    expect(unknownEvents).toEqual({
      code: 0,
      stdout:
        `test/fixtures/cli/unknown-events.json:3:5 hooks.PreTooluse: warning: unknown event "PreTooluse" (did you mean "PreToolUse"?); ${notified}\n` +
        `test/fixtures/cli/unknown-events.json:11:5 hooks.SomeNewEvent: warning: unknown event "SomeNewEvent"; ${notified}\n` +
        '1 file checked: 0 errors, 2 warnings.\n',
      stderr: '',
    });
  });

  it('list, events and schema print what the library computes', async () => {
    const label = 'Check whether every task the user asked for is complete and tests pass. $ARGUMENTS';
    const [list, events, schema, hookInput, hookOutput, unknownEvent] = await Promise.all([
      hookwire(['list', '--event', 'Stop', '--settings', 'examples/real-world/claude-code-settings.json']),
      hookwire(['events', '--json']),
      hookwire(['schema', 'settings']),
      hookwire(['schema', 'hook-input', 'PreToolUse']),
      hookwire(['schema', 'hook-output', 'session.start']),
      hookwire(['schema', 'hook-output', 'PreTooluse']),
    ]);
    expect(list).toEqual({
      code: 0,
      stdout:
        `EVENT  MATCHER  TYPE    ${'COMMAND OR URL'.padEnd(label.length)}  SOURCE\n` +
        `Stop   *        prompt  ${label}  examples/real-world/claude-code-settings.json:79\n` +
        '1 hook from 1 file.\n',
      stderr: '',
    });
    expect(Object.keys(JSON.parse(events.stdout))).toEqual([...EVENT_NAMES]);
    expect(JSON.parse(schema.stdout)).toEqual(settingsJsonSchema());
    expect(JSON.parse(hookInput.stdout)).toEqual(hookInputJsonSchema('PreToolUse'));
    expect(JSON.parse(hookOutput.stdout)).toEqual(hookOutputJsonSchema('session.start'));
    expect(unknownEvent).toEqual({
      code: 2,
      stdout: '',
      stderr: `hookwire schema hook-output: unknown event "PreTooluse"; the events are: ${EVENT_NAMES.join(', ')}\n`,
    });
  });
});
