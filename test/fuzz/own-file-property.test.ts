import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { fuzzCheck } from './fuzz-check.js';
import {
  BLOCKED_AFTER_MS,
  type DirectoryPlant,
  type FilePlant,
  OWN_FILE_READERS,
  plantDirectory,
  plantFile,
} from './own-file-readers.js';

/*
 * Property (docs/trust.md, "Files only this user can have written"): every reader of a file that only this
 * user can have written (the trust store, the trusted bytes beside it, the background results, the session
 * files' Stop count, the run bundle's V8 code cache: test/fuzz/own-file-readers.ts) refuses, or takes for
 * absent, whatever else is planted where it expects its file, or one of the directories it checks, and
 * never blocks: a symbolic link (to a copy of the file of this user's, to a device, to nothing), a FIFO, a
 * directory for a file or a file for a directory, a mode that lets group or others write it, another user's
 * file or directory, a hard link to another user's file. Real files in temporary directories, no fs mocked.
 * Negative control: each reader accepts its file as hookwire writes it (0600 in 0700 directories).
 *
 * What this machine cannot plant is skipped, and named: another user's file (chown) and a hard link to one
 * need root (as another user, a hard link to a file of this user's own is this user's file: not in the class;
 * on Linux, fs.protected_hardlinks keeps a user from linking another's file they cannot write).
 */

const temporary = mkdtempSync(join(tmpdir(), 'hookwire-own-file-'));
afterAll(() => rmSync(temporary, { recursive: true, force: true }));

const isRoot = process.getuid?.() === 0;
const ownUid = process.getuid?.() ?? 0;

let count = 0;
/** A fresh directory of this user's for one scene. */
function sceneRoot(): string {
  return mkdtempSync(join(temporary, `scene-${++count}-`));
}

/** Any permission bits with at least one of group-write and other-write, and the owner's own kept. */
function writableByOthers(ownerBits: number): fc.Arbitrary<number> {
  return fc
    .tuple(fc.integer({ min: 0, max: 0o777 }), fc.constantFrom(0o020, 0o002, 0o022))
    .map(([any, write]) => (any | ownerBits | write) & 0o777);
}
const otherUid = fc.integer({ min: 1, max: 4_000_000 }).filter((uid) => uid !== ownUid);

/** The plants of a file's place this machine can make here (FIFOs apart: below, in processes of their own). */
const FILE_PLANTS: readonly { name: string; needsRoot: boolean; plant: fc.Arbitrary<FilePlant> }[] = [
  {
    name: 'a symbolic link',
    needsRoot: false,
    plant: fc.constantFrom('own-copy', 'device', 'dangling').map((target) => ({ kind: 'symlink', target })),
  },
  { name: 'a directory', needsRoot: false, plant: fc.constant({ kind: 'directory' }) },
  {
    name: 'a mode others can write',
    needsRoot: false,
    plant: writableByOthers(0o600).map((mode) => ({ kind: 'writable-by-others', mode })),
  },
  {
    name: "another user's file",
    needsRoot: true,
    plant: otherUid.map((uid) => ({ kind: 'other-owner', uid })),
  },
  {
    name: "a hard link to another user's file",
    needsRoot: true,
    plant: otherUid.map((uid) => ({ kind: 'hard-link-to-other-users-file', uid })),
  },
];

const DIRECTORY_PLANTS: readonly { name: string; needsRoot: boolean; plant: fc.Arbitrary<DirectoryPlant> }[] =
  [
    { name: 'a symbolic link to the directory', needsRoot: false, plant: fc.constant({ kind: 'symlink' }) },
    { name: 'a regular file', needsRoot: false, plant: fc.constant({ kind: 'regular-file' }) },
    {
      name: 'a mode others can write',
      needsRoot: false,
      plant: writableByOthers(0o700).map((mode) => ({ kind: 'writable-by-others', mode })),
    },
    {
      name: "another user's directory",
      needsRoot: true,
      plant: otherUid.map((uid) => ({ kind: 'other-owner', uid })),
    },
  ];

/** Runs per reader and plant: a reader in a process of its own costs a process start each. */
function runsOf(inProcess: boolean): number {
  return inProcess ? 8 : 2;
}

describe('a file only this user can have written: every reader refuses anything else, and never blocks', () => {
  it.each(OWN_FILE_READERS)(
    'negative control: $name accepts its file as hookwire writes it',
    async (reader) => {
      const scene = await reader.scene(sceneRoot());
      expect(await scene.verdict()).toBe('accepted');
    },
  );

  describe.each(OWN_FILE_READERS)('$name', (reader) => {
    for (const { name, needsRoot, plant } of FILE_PLANTS) {
      it.skipIf(needsRoot && !isRoot)(`refuses ${name} for its file`, async () => {
        await fuzzCheck(
          `own file: ${reader.name}: file: ${name}`,
          fc.asyncProperty(plant, async (planted) => {
            const root = sceneRoot();
            const scene = await reader.scene(root);
            plantFile(scene.file, planted, join(root, 'aside'));
            expect({ planted, verdict: await scene.verdict() }).toEqual({ planted, verdict: 'refused' });
          }),
          runsOf(reader.inProcess),
          { runsDivisor: reader.inProcess ? 1 : 10 },
        );
      });
    }

    for (const { name, needsRoot, plant } of DIRECTORY_PLANTS) {
      it.skipIf(needsRoot && !isRoot)(`refuses ${name} for each directory it checks`, async () => {
        const places = (await reader.scene(sceneRoot())).directories.length;
        // The code cache checks no directory on reading (own-file-readers.ts says why).
        if (places === 0) return;
        await fuzzCheck(
          `own file: ${reader.name}: directory: ${name}`,
          fc.asyncProperty(plant, fc.nat({ max: places - 1 }), async (planted, place) => {
            const root = sceneRoot();
            const scene = await reader.scene(root);
            const directory = scene.directories[place] as string;
            plantDirectory(directory, planted, join(root, 'aside'));
            expect({ planted, directory, verdict: await scene.verdict() }).toEqual({
              planted,
              directory,
              verdict: 'refused',
            });
          }),
          runsOf(reader.inProcess),
        );
      });
    }
  });

  /*
   * A FIFO at every place of every reader that runs in this process, exhaustively, in a process of its own:
   * a reader that waited on it would block that process, which is then killed after BLOCKED_AFTER_MS (a
   * bound only a hang reaches) and the test fails saying so. The code cache's loads are processes already.
   */
  it('refuses a FIFO at its file or any directory it checks, without waiting on it (readers of this process)', () => {
    const root = mkdtempSync(join(temporary, 'fifo-'));
    const repository = fileURLToPath(new URL('../../', import.meta.url));
    const child = spawnSync(
      process.execPath,
      [
        '--import',
        join(repository, 'node_modules', 'tsx', 'dist', 'loader.mjs'),
        join(repository, 'test', 'fuzz', 'own-file-fifo-child.ts'),
        root,
      ],
      { encoding: 'utf8', timeout: BLOCKED_AFTER_MS },
    );
    const outcome = { signal: child.signal, status: child.status, stderr: child.stderr };
    expect(outcome, `killed after ${BLOCKED_AFTER_MS} ms: a reader waited on a FIFO`).toEqual({
      signal: null,
      status: 0,
      stderr: '',
    });
    const verdicts = JSON.parse(child.stdout) as { reader: string; place: string; verdict: string }[];
    const readers = OWN_FILE_READERS.filter((reader) => reader.inProcess).map((reader) => reader.name);
    expect(new Set(verdicts.map((each) => each.reader))).toEqual(new Set(readers));
    expect(verdicts.filter((each) => each.verdict !== 'refused')).toEqual([]);
  });

  it('the code cache refuses a FIFO in place of its file, without waiting on it', async () => {
    const codeCache = OWN_FILE_READERS.find((reader) => !reader.inProcess);
    if (codeCache === undefined) throw new Error('no reader runs in a process of its own');
    const root = sceneRoot();
    const scene = await codeCache.scene(root);
    plantFile(scene.file, { kind: 'fifo' }, join(root, 'aside'));
    expect(await scene.verdict()).toBe('refused');
  });
});
