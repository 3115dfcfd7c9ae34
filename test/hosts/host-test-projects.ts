import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';
import { trustFiles } from '../support/trust-files.js';

/**
 * A host test file's scratch space: a directory for its projects and a state directory (the trust store)
 * outside them, both removed after the file's tests.
 */
export function hostTestProjects(host: string) {
  const temporary = mkdtempSync(join(tmpdir(), `hookwire-${host}-`));
  const state = mkdtempSync(join(tmpdir(), `hookwire-${host}-state-`));
  afterAll(() => {
    rmSync(temporary, { recursive: true, force: true });
    rmSync(state, { recursive: true, force: true });
  });
  let projects = 0;
  return {
    temporary,
    state,
    /** A project (a git root) with these hooks (Claude Code's settings shape), trusted unless told. */
    project(hooks: Record<string, unknown>, trusted = true): string {
      const directory = join(temporary, `project-${++projects}`);
      mkdirSync(join(directory, '.hookwire'), { recursive: true });
      mkdirSync(join(directory, '.git'));
      const hooksFile = join(directory, '.hookwire', 'hooks.json');
      writeFileSync(hooksFile, JSON.stringify({ hooks }));
      if (trusted) trustFiles(state, [hooksFile]);
      return directory;
    },
  };
}

/** One group of `event` holding `hook`, with `matcher` when given. */
export const one = (event: string, hook: Record<string, unknown>, matcher?: string) => ({
  [event]: [{ ...(matcher === undefined ? {} : { matcher }), hooks: [hook] }],
});

/** A command hook that prints `output` as JSON. */
export const printing = (output: unknown) => ({
  type: 'command',
  command: `printf '%s' '${JSON.stringify(output)}'`,
});
