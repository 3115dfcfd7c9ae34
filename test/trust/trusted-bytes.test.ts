import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { sha256Hex } from '../../src/common/sha256.js';
import { loadSettings } from '../../src/settings/load-settings.js';
import { bytesHaveDigest, TRUSTED_BYTES_DIRECTORY } from '../../src/settings/trusted-bytes.js';
import { updateTrustStore } from '../../src/settings/update-trust-store.js';
import { fuzzCheck } from '../fuzz/fuzz-check.js';
import { trustFiles } from '../support/trust-files.js';

/*
 * Property (docs/trust.md, "The trusted bytes kept beside the store"): a file is trusted only when its bytes
 * are exactly the bytes trusted. The copy of them kept beside the store spares the hash, never the
 * comparison: with or without a copy, any other bytes are not trusted, and a copy is believed only as the
 * store is (a regular file in a directory of this user, which no one else can write, not reached through a
 * link).
 */

const temporary = mkdtempSync(join(tmpdir(), 'hookwire-trusted-bytes-'));
afterAll(() => rmSync(temporary, { recursive: true, force: true }));

let count = 0;
/** A fresh private state directory and its store's path (the store itself need not exist here). */
function state(): { storeFile: string; copies: string } {
  const directory = join(temporary, `state-${++count}`);
  mkdirSync(directory, { mode: 0o700 });
  return { storeFile: join(directory, 'trust.json'), copies: join(directory, TRUSTED_BYTES_DIRECTORY) };
}

/** Bytes that differ from `bytes`: one byte added, and for bytes that have one, one changed or taken away. */
function otherBytes(bytes: Uint8Array): fc.Arbitrary<Uint8Array> {
  const added = fc.integer({ min: 0, max: 255 }).map((byte) => Uint8Array.of(...bytes, byte));
  if (bytes.length === 0) return added;
  const changed = fc.tuple(fc.nat(), fc.integer({ min: 1, max: 255 })).map(([at, change]) => {
    const copy = Uint8Array.from(bytes);
    const index = at % bytes.length;
    copy[index] = (copy[index]! + change) % 256;
    return copy;
  });
  return fc.oneof(added, changed, fc.constant(bytes.subarray(0, bytes.length - 1)));
}

describe('the trusted bytes kept beside the store', () => {
  it('any other bytes than those trusted are refused, before and after the copy is kept', async () => {
    await fuzzCheck(
      'trusted bytes: other bytes refused',
      fc.property(
        fc
          .uint8Array({ maxLength: 300 })
          .chain((trusted) => fc.tuple(fc.constant(trusted), otherBytes(trusted))),
        ([trusted, other]) => {
          const { storeFile, copies } = state();
          const digest = sha256Hex(trusted);
          expect(bytesHaveDigest(storeFile, other, digest)).toBe(false);
          expect(existsSync(copies)).toBe(false);
          expect(bytesHaveDigest(storeFile, trusted, digest)).toBe(true);
          expect(readFileSync(join(copies, digest))).toEqual(Buffer.from(trusted));
          expect(bytesHaveDigest(storeFile, trusted, digest)).toBe(true);
          expect(bytesHaveDigest(storeFile, other, digest)).toBe(false);
        },
      ),
      60,
    );
  });

  /** A store's directory whose copy of `trusted`'s digest holds `planted` instead, as `setUp` leaves it. */
  function plantedCopy(setUp: (copy: string, copies: string) => void) {
    const { storeFile, copies } = state();
    const trusted = Buffer.from('{"hooks":{}}');
    const planted = Buffer.from('{"hooks":{"PreToolUse":[]}}');
    const digest = sha256Hex(trusted);
    mkdirSync(copies, { mode: 0o700 });
    const copy = join(copies, digest);
    writeFileSync(copy, planted, { mode: 0o600 });
    setUp(copy, copies);
    return bytesHaveDigest(storeFile, planted, digest);
  }

  it('believes a copy only as it believes the store: private, a regular file, no link', () => {
    // The control: a private copy is believed, so what refuses below is each check, not the comparison.
    expect(plantedCopy(() => {})).toBe(true);
    expect(plantedCopy((copy) => chmodSync(copy, 0o620))).toBe(false);
    expect(plantedCopy((copy) => chmodSync(copy, 0o602))).toBe(false);
    expect(plantedCopy((_, copies) => chmodSync(copies, 0o777))).toBe(false);
    expect(
      plantedCopy((copy) => {
        const target = `${copy}.target`;
        writeFileSync(target, readFileSync(copy), { mode: 0o600 });
        rmSync(copy);
        symlinkSync(target, copy);
      }),
    ).toBe(false);
    expect(
      plantedCopy((_, copies) => {
        const real = `${copies}.real`;
        rmSync(real, { recursive: true, force: true });
        mkdirSync(real, { mode: 0o700 });
        for (const name of readdirSync(copies))
          writeFileSync(join(real, name), readFileSync(join(copies, name)));
        rmSync(copies, { recursive: true });
        symlinkSync(real, copies);
      }),
    ).toBe(false);
  });

  it('an edit of a trusted file blocks at the very next load, whatever its size or timestamps', () => {
    const root = join(temporary, `project-${++count}`);
    const projectDir = join(root, 'project');
    const home = join(root, 'home');
    mkdirSync(join(projectDir, '.claude'), { recursive: true });
    mkdirSync(home);
    const file = join(projectDir, '.claude', 'settings.json');
    const hooks = (command: string) =>
      JSON.stringify({ hooks: { PreToolUse: [{ hooks: [{ type: 'command', command }] }] } });
    writeFileSync(file, hooks('echo one'));
    trustFiles(join(root, 'state'), [file]);
    const load = () =>
      loadSettings({
        cwd: projectDir,
        projectDir,
        homeDir: home,
        managedSettingsPath: join(root, 'managed.json'),
        deepAgentsPath: join(home, 'hooks.json'),
        trustStore: join(root, 'state', 'trust.json'),
      });
    expect(load().untrusted).toEqual([]);
    expect(readdirSync(join(root, 'state', TRUSTED_BYTES_DIRECTORY))).toHaveLength(1);
    expect(load().untrusted).toEqual([]);
    // The same size, written at once: only the bytes tell.
    writeFileSync(file, hooks('echo two'));
    expect(load().untrusted.map((source) => source.reason.kind)).toEqual(['changed']);
  });

  it('hookwire trust removes the copies no entry names any more', async () => {
    const { storeFile, copies } = state();
    const kept = Buffer.from('kept');
    const dropped = Buffer.from('dropped');
    const entry = (bytes: Buffer) => ({
      sha256: sha256Hex(bytes),
      realpath: '/r',
      trustedAt: '2026-01-01T00:00:00.000Z',
      hooks: [],
    });
    await updateTrustStore(storeFile, () => ({
      version: 1,
      files: { '/a': entry(kept), '/b': entry(dropped) },
    }));
    bytesHaveDigest(storeFile, kept, sha256Hex(kept));
    bytesHaveDigest(storeFile, dropped, sha256Hex(dropped));
    expect(readdirSync(copies).sort()).toEqual([sha256Hex(kept), sha256Hex(dropped)].sort());
    await updateTrustStore(storeFile, (store) => ({ ...store, files: { '/a': entry(kept) } }));
    expect(readdirSync(copies)).toEqual([sha256Hex(kept)]);
  });
});
