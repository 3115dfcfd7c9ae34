import { afterEach, describe, expect, it } from 'vitest';
import { createEngine } from '../../src/engine/create-engine.js';
import type { Engine } from '../../src/engine/engine.js';
import { temporaryHome } from './engine-harness.js';

const homes: Array<ReturnType<typeof temporaryHome>> = [];
const engines: Engine[] = [];
afterEach(async () => {
  for (const engine of engines.splice(0)) await engine.close();
  for (const home of homes.splice(0)) home.remove();
});

/*
 * The engine loads the Bash parser on the first firing whose `if` rule must split a command line (this file
 * starts without it), then selects: a guard with `if: "Bash(rm *)"` runs for every line that runs `rm`.
 */
describe('an if rule on a compound Bash command, through the engine', () => {
  it('runs the guard for each form of compound line, and not for a line without rm', async () => {
    const home = temporaryHome();
    homes.push(home);
    const engine = await createEngine({
      ...home.options,
      settings: [
        {
          hooks: {
            PreToolUse: [
              {
                matcher: 'Bash',
                hooks: [{ type: 'command', command: 'echo no rm >&2; exit 2', if: 'Bash(rm *)' }],
              },
            ],
          },
        },
      ],
    });
    engines.push(engine);
    const decision = async (command: string) =>
      (
        await engine.fire('PreToolUse', {
          session_id: 's',
          tool_name: 'Bash',
          tool_input: { command },
          cwd: home.root,
        })
      ).decision;
    for (const command of [
      'ls && rm -rf x',
      'ls; rm -rf x',
      'ls\nrm -rf x',
      'FOO=1 rm -rf x',
      'echo $(rm -rf x)',
      'ls | rm -rf x',
    ])
      expect([command, await decision(command)]).toEqual([command, 'deny']);
    expect(await decision('ls && echo rm')).toBeNull();
  }, 30_000);
});
