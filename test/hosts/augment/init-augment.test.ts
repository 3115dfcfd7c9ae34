import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { AUGMENT_ENTRY_TIMEOUT_MS, initAugment } from '../../../src/hosts/augment/install/init-augment.js';

/*
 * `hookwire init augment --print`: what it writes into the project's .augment/settings.json (Auggie 0.36.0's
 * shape, docs/hosts/augment.md): Auggie's event names, a timeout in milliseconds, the hooks file named.
 * Undo's byte-for-byte property is test/cli/init-undo-restores-bytes.test.ts's; the guard's,
 * test/cli/init-missing-program.test.ts's.
 */
const root = mkdtempSync(join(tmpdir(), 'hookwire-init-augment-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function printed(hooks: Record<string, unknown>): { text: string; err: string } {
  const project = mkdtempSync(join(root, 'project-'));
  mkdirSync(join(project, '.hookwire'));
  writeFileSync(join(project, '.hookwire', 'hooks.json'), JSON.stringify({ hooks }));
  let text = '';
  let err = '';
  const code = initAugment({
    projectDir: project,
    hooksPath: join(project, '.hookwire', 'hooks.json'),
    hookwire: 'hookwire',
    print: true,
    undo: false,
    values: {},
    env: { HOOKWIRE_STATE_DIR: join(root, 'state') },
    cliPath: join(root, 'no-such-cli.cjs'),
    version: '0.0.0',
    out: (line) => {
      text += line;
    },
    err: (line) => {
      err += line;
    },
  });
  expect(code).toBe(0);
  return { text: text.replace(/^# .*\n/, ''), err };
}

const group = [{ hooks: [{ type: 'command', command: 'true' }] }];

describe('hookwire init augment', () => {
  it("writes one group per event under Auggie's names, each timeout in milliseconds", () => {
    const { text } = printed({ PreToolUse: group, UserPromptSubmit: group, Stop: group });
    const hooks = JSON.parse(text).hooks as Record<string, Array<{ hooks: Array<Record<string, unknown>> }>>;
    expect(Object.keys(hooks)).toEqual(['PromptSubmit', 'PreToolUse', 'Stop']);
    const entry = hooks.PreToolUse?.[0]?.hooks[0];
    expect(entry?.timeout).toBe(AUGMENT_ENTRY_TIMEOUT_MS);
    expect(AUGMENT_ENTRY_TIMEOUT_MS).toBe(600 * 1000);
    expect(entry?.command).toMatch(
      /^hookwire run --host augment --settings '?[^ ]+hooks\.json'? PreToolUse \|\| /,
    );
    expect(hooks.PromptSubmit?.[0]?.hooks[0]?.command).toContain(' PromptSubmit');
  });

  it('lists hooks for events Auggie does not have', () => {
    const { text, err } = printed({ PreCompact: group, PreToolUse: group });
    expect(Object.keys(JSON.parse(text).hooks)).toEqual(['PreToolUse']);
    expect(err).toContain('Auggie has no PreCompact event');
  });
});
