import { afterEach, describe, expect, it } from 'vitest';
import { createEngine } from '../../src/engine/create-engine.js';
import type { Engine } from '../../src/engine/engine.js';
import { validateSettingsText } from '../../src/settings/validate-settings.js';
import { temporaryHome } from '../engine/engine-harness.js';

/*
 * `${CLAUDE_PLUGIN_ROOT}` / `${CLAUDE_PLUGIN_DATA}` in a hook that is not a plugin's: refused, in Claude
 * Code's words, before anything runs. hookwire refuses at load (a located error), so on an event that can
 * block the event fails closed instead of running the guard with the variable empty.
 */
const settings = (handler: Record<string, unknown>) =>
  JSON.stringify({ hooks: { PreToolUse: [{ hooks: [{ type: 'command', ...handler }] }] } });
const refusal = (name: string) =>
  `Hook command references \${${name}} but the hook is not associated with a plugin. This variable is only available in hooks defined in a plugin's hooks/hooks.json file, not in settings.json. The hook does not load, so PreToolUse fails closed until it is fixed.`;

describe('plugin variables outside a plugin', () => {
  it.each([
    [{ command: '${CLAUDE_PLUGIN_ROOT}/guard.sh' }, 'CLAUDE_PLUGIN_ROOT'],
    [{ command: 'cat "${CLAUDE_PLUGIN_DATA}/x"' }, 'CLAUDE_PLUGIN_DATA'],
    [{ command: 'node', args: ['${CLAUDE_PLUGIN_ROOT}/guard.js'] }, 'CLAUDE_PLUGIN_ROOT'],
  ])('%j is refused, located', (handler, name) => {
    const { diagnostics, hooks } = validateSettingsText(settings(handler), {
      file: 'f.json',
      level: 'project',
    });
    expect(diagnostics.filter((diagnostic) => diagnostic.severity === 'error').map((d) => d.message)).toEqual(
      [refusal(name)],
    );
    expect(hooks).toEqual([]);
  });

  it("negative control: the unbraced variable is the shell's, and is not refused", () => {
    const { diagnostics, hooks } = validateSettingsText(settings({ command: '"$CLAUDE_PLUGIN_ROOT"/x.sh' }), {
      file: 'f.json',
      level: 'project',
    });
    expect(diagnostics.filter((diagnostic) => diagnostic.severity === 'error')).toEqual([]);
    expect(hooks).toHaveLength(1);
  });

  const engines: Engine[] = [];
  const homes: Array<ReturnType<typeof temporaryHome>> = [];
  afterEach(async () => {
    for (const engine of engines.splice(0)) await engine.close();
    for (const home of homes.splice(0)) home.remove();
  });

  it('fails PreToolUse closed, naming the file, instead of running the guard with an empty root', async () => {
    const home = temporaryHome();
    homes.push(home);
    const engine = await createEngine({
      ...home.options,
      settings: [JSON.parse(settings({ command: '${CLAUDE_PLUGIN_ROOT}/guard.sh' }))],
      // What `hookwire run` does: settings errors fail the event closed.
      onConfigError: 'block',
    });
    engines.push(engine);
    const outcome = await engine.fire('PreToolUse', {
      session_id: 's',
      tool_name: 'Bash',
      tool_input: { command: 'ls' },
      cwd: home.root,
    });
    expect(outcome.decision).toBe('deny');
    expect(outcome.reason).toContain(
      'Hook command references ${CLAUDE_PLUGIN_ROOT} but the hook is not associated with a plugin',
    );
    expect(outcome.runs).toEqual([]);
  });
});
