import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { loadSettings } from '../../src/settings/load-settings.js';
import { validateFiles } from '../../src/settings/validate-settings.js';
import { untilReady } from '../run/fixture-ready.js';

/*
 * A settings file replaced while hookwire reads it, by another process: an editor that saves by rename, and
 * one that rewrites the file in place. Every load sees one whole version, or (in place only) a located
 * error for the half-written text: never a throw, never a mix of the two versions' hooks.
 */

const REPLACER = fileURLToPath(new URL('../fixtures/faults/replace-settings.mjs', import.meta.url));
const directory = mkdtempSync(join(tmpdir(), 'hookwire-settings-replaced-'));
afterAll(() => rmSync(directory, { recursive: true, force: true }));

const version = (command: string, count: number) =>
  JSON.stringify(
    {
      hooks: {
        PreToolUse: Array.from({ length: count }, () => ({
          matcher: 'Bash',
          hooks: [{ type: 'command', command }],
        })),
      },
    },
    null,
    2,
  );
const FIRST = version('first', 3);
const SECOND = version('second', 7);

describe.each(['rename', 'in-place'])('a settings file replaced while being read (%s)', (mode) => {
  it('loads one whole version or reports a located error, never throws', async () => {
    const file = join(directory, `settings-${mode}.json`);
    const stop = join(directory, `stop-${mode}`);
    writeFileSync(file, FIRST);
    const replacer = spawn(process.execPath, [REPLACER, file, FIRST, SECOND, mode, stop], {
      stdio: 'ignore',
    });
    const exited = new Promise((resolve) => replacer.on('close', resolve));
    try {
      await untilReady(`${stop}.running`);
      const seen = new Set<string>();
      for (let round = 0; round < 300; round++) {
        const loaded = loadSettings({
          cwd: directory,
          projectDir: join(directory, 'none'),
          homeDir: join(directory, 'none'),
          managedSettingsPath: join(directory, 'none.json'),
          deepAgentsPath: join(directory, 'none.json'),
          files: [file],
        });
        const commands = loaded.hooks.map((hook) => (hook.handler as { command: string }).command);
        const errors = loaded.diagnostics.filter((diagnostic) => diagnostic.severity === 'error');
        if (errors.length > 0) {
          expect(mode).toBe('in-place');
          for (const error of errors)
            expect(error).toMatchObject({ file, line: expect.any(Number), column: expect.any(Number) });
          expect(commands).toEqual([]);
          seen.add('error');
        } else {
          expect([Array(3).fill('first'), Array(7).fill('second')]).toContainEqual(commands);
          seen.add(commands[0] as string);
        }
        const validated = validateFiles([file]);
        for (const diagnostic of validated.diagnostics) expect(diagnostic.file).toBe(file);
      }
      // Renamed into place, the file is always whole: every load saw one version, never an error.
      if (mode === 'rename') expect(seen.has('error')).toBe(false);
    } finally {
      writeFileSync(stop, '');
      await exited;
    }
    expect(existsSync(file)).toBe(true);
  }, 60_000);
});
