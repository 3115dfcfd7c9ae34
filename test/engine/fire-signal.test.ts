import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
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

async function engineWith(command: string, extra: Record<string, unknown> = {}, async = false) {
  const home = temporaryHome();
  homes.push(home);
  const engine = await createEngine({
    ...home.options,
    settings: [
      {
        hooks: { PreToolUse: [{ hooks: [{ type: 'command', command, ...(async ? { async: true } : {}) }] }] },
      },
    ],
    ...extra,
  });
  engines.push(engine);
  return { engine, root: home.root };
}

const payload = (cwd: string) => ({ session_id: 's', tool_name: 'Bash', tool_input: { command: 'ls' }, cwd });

/** Resolves once `file` exists: the hook has started. */
async function started(file: string): Promise<void> {
  while (!existsSync(file)) await new Promise((resolve) => setTimeout(resolve, 10));
}

describe('fire(event, payload, { signal })', () => {
  it('cancels that firing alone: its hook ends, the engine fires on', async () => {
    const { engine, root } = await engineWith('[ -e started ] && exit 0; touch started; sleep 30');
    const controller = new AbortController();
    const firing = engine.fire('PreToolUse', payload(root), { signal: controller.signal });
    await started(join(root, 'started'));
    controller.abort();
    const outcome = await firing;
    expect(outcome.runs.map((run) => run.status)).toEqual(['cancelled']);
    const next = await engine.fire('PreToolUse', payload(root));
    expect(next.runs.map((run) => run.status)).toEqual(['success']);
  }, 20_000);

  it('leaves the background hooks it started running', async () => {
    const { engine, root } = await engineWith('sleep 0.3; touch finished', {}, true);
    const controller = new AbortController();
    await engine.fire('PreToolUse', payload(root), { signal: controller.signal });
    controller.abort();
    await started(join(root, 'finished'));
  }, 20_000);
});

describe('hostEnvironment', () => {
  it('is what hooks inherit in place of process.env', async () => {
    process.env.HOOKWIRE_TEST_ONLY_THE_HOST_HAS = 'host';
    try {
      const home = temporaryHome();
      homes.push(home);
      const dir = join(home.root, 'out');
      mkdirSync(dir);
      const engine = await createEngine({
        ...home.options,
        hostEnvironment: { PATH: process.env.PATH, FROM_REQUEST: 'request' },
        settings: [
          {
            hooks: {
              PreToolUse: [
                {
                  hooks: [
                    {
                      type: 'command',
                      command: `echo "[$FROM_REQUEST][$HOOKWIRE_TEST_ONLY_THE_HOST_HAS]" > "${dir}/seen"`,
                    },
                  ],
                },
              ],
            },
          },
        ],
      });
      engines.push(engine);
      writeFileSync(join(dir, 'seen'), '');
      await engine.fire('PreToolUse', payload(home.root));
      expect(readFileSync(join(dir, 'seen'), 'utf8')).toBe('[request][]\n');
    } finally {
      delete process.env.HOOKWIRE_TEST_ONLY_THE_HOST_HAS;
    }
  });
});
