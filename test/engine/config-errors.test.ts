import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createEngine } from '../../src/engine/create-engine.js';
import type { Engine } from '../../src/engine/engine.js';
import { temporaryHome } from './engine-harness.js';

/*
 * Broken settings must never turn guards off unseen: with `onConfigError: 'block'` every event that can
 * block is blocked with the located errors, the valid hooks still run, and other events carry a notice.
 */
const home = temporaryHome();
const engines: Engine[] = [];
afterEach(async () => {
  for (const engine of engines.splice(0)) await engine.close();
});

function settingsFile(name: string, text: string): string {
  const file = join(home.root, name);
  writeFileSync(file, text);
  return file;
}

async function engineFor(file: string, onConfigError: 'block' | 'allow' = 'block'): Promise<Engine> {
  const engine = await createEngine({ ...home.options, settings: [file], onConfigError });
  engines.push(engine);
  return engine;
}

const bash = { tool_name: 'Bash', tool_input: { command: 'ls' }, tool_use_id: 't1' };

describe('a callback whose matcher cannot be compiled', () => {
  it('is refused at createEngine, never added as a guard that matches nothing', async () => {
    const hook = { type: 'callback' as const, name: 'guard', callback: () => undefined };
    const refused = createEngine({
      ...home.options,
      settings: [{ hooks: {} }],
      callbacks: [{ event: 'PreToolUse', matcher: '(\\w)\\1', hook }],
    });
    await expect(refused).rejects.toThrow(
      /^callbacks\[0\] \(PreToolUse\): matcher "\(\\w\)\\1" uses a backreference/,
    );
  });
});

describe('onConfigError: block', () => {
  it('blocks a PreToolUse when the settings file is malformed, naming file, line and column', async () => {
    const file = settingsFile('truncated.json', '{"hooks": {"PreToolUse": [{"hooks": [\n');
    const outcome = await (await engineFor(file)).fire('PreToolUse', bash);
    expect(outcome.decision).toBe('deny');
    expect(outcome.reason).toBe(
      `hookwire blocked this PreToolUse because the hook settings have errors (fail closed until they are fixed):\ntruncated.json:2:1 $: error: malformed JSON: expected "]"`,
    );
  });

  it('blocks when a named settings file is missing', async () => {
    const outcome = await (await engineFor(join(home.root, 'absent.json'))).fire('PreToolUse', bash);
    expect(outcome.decision).toBe('deny');
    expect(outcome.reason).toMatch(/\nabsent\.json:1:1 \$: error: file not found$/);
  });

  it('runs the valid hooks beside an invalid one and blocks only the invalid one’s event', async () => {
    const file = settingsFile(
      'mixed.json',
      JSON.stringify({
        hooks: {
          PreToolUse: [
            {
              hooks: [
                { type: 'comand', command: 'exit 2' },
                { type: 'command', command: 'true' },
              ],
            },
          ],
          UserPromptSubmit: [{ hooks: [{ type: 'command', command: 'echo context' }] }],
        },
      }),
    );
    const engine = await engineFor(file);
    const guarded = await engine.fire('PreToolUse', bash);
    expect(guarded.decision).toBe('deny');
    expect(guarded.runs.map((run) => [run.command, run.status])).toEqual([['true', 'success']]);
    expect(guarded.reason).toContain('mixed.json:1:');
    const other = await engine.fire('UserPromptSubmit', { prompt: 'hi' });
    expect(other.decision).toBe(null);
    expect(other.additionalContext).toEqual(['context']);
  });

  it('tells the user on an event that cannot block, and stays quiet on notifications', async () => {
    const engine = await engineFor(settingsFile('broken.json', '{'));
    const started = await engine.fire('SessionStart', { source: 'startup' });
    expect(started.decision).toBe(null);
    expect(started.systemMessages).toEqual([
      'hookwire: the hook settings have errors; hooks of this SessionStart may not have run:\nbroken.json:1:2 $: error: malformed JSON: expected "}"',
    ]);
    const notified = await engine.fire('Notification', { message: 'm', notification_type: 'idle_prompt' });
    expect([notified.decision, notified.systemMessages, notified.warnings.length]).toEqual([null, [], 1]);
  });

  it('drops a PermissionRequest allow that a valid hook gave', async () => {
    const allow = JSON.stringify({
      hookSpecificOutput: { hookEventName: 'PermissionRequest', decision: { behavior: 'allow' } },
    });
    const file = settingsFile(
      'permission.json',
      JSON.stringify({
        hooks: {
          PermissionRequest: [{ hooks: [{ type: 'command', command: `echo '${allow}'` }, { type: 'http' }] }],
        },
      }),
    );
    const outcome = await (await engineFor(file)).fire('PermissionRequest', {
      ...bash,
      permission_suggestions: [],
    });
    expect(outcome.decision).toBe('deny');
    expect(outcome.hookSpecificOutput.decision).toBe(undefined);
  });
});

describe('onConfigError: allow', () => {
  it('only reports the errors', async () => {
    const engine = await engineFor(settingsFile('quiet.json', '{'), 'allow');
    const outcome = await engine.fire('PreToolUse', bash);
    expect([outcome.decision, outcome.warnings]).toEqual([null, []]);
    expect(engine.settings.diagnostics.map((diagnostic) => diagnostic.severity)).toEqual(['error']);
  });
});
