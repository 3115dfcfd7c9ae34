import { execFileSync, spawnSync } from 'node:child_process';
import {
  chmodSync,
  chownSync,
  linkSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import ts from 'typescript';
import { sha256Hex } from '../../src/common/sha256.js';
import { sessionFileName, takeDeliveries } from '../../src/engine/background/delivery-store.js';
import { SessionFiles, sessionDirectoryName } from '../../src/engine/session-files.js';
import { readTrustStore } from '../../src/settings/trust-store.js';
import { bytesHaveDigest, TRUSTED_BYTES_DIRECTORY } from '../../src/settings/trusted-bytes.js';

/*
 * Every reader of a file only this user can have written (docs/trust.md, "Files only this user can have
 * written"), each as a scene: its file, written as hookwire writes it (0600, in 0700 directories of this
 * user's) with content the reader would act on, the directories it checks on the way there, and what the
 * reader makes of the file now. test/fuzz/own-file-property.test.ts plants files in their place (`plant`, below).
 */

/** What a reader made of its file: acted on what it holds, or refused it (or took it for absent). */
export type Verdict = 'accepted' | 'refused';

export interface Scene {
  /** The file the reader reads. */
  readonly file: string;
  /** The directories it checks on the way, outermost first (each 0700 and this user's when the scene is made). */
  readonly directories: readonly string[];
  verdict(): Promise<Verdict>;
}

export interface OwnFileReader {
  readonly name: string;
  /** Whether the reader runs in this process (false: in a child process, which a FIFO could block alone). */
  readonly inProcess: boolean;
  /** A scene under `root` (an empty directory of this user's) that the reader accepts as it is. */
  scene(root: string): Promise<Scene>;
}

function privateDirectory(path: string): string {
  mkdirSync(path, { mode: 0o700 });
  return path;
}

/** A store trusting one file: read, it is a store of one entry; refused or absent, it trusts nothing. */
const trustStore: OwnFileReader = {
  name: 'the trust store (readTrustStore)',
  inProcess: true,
  async scene(root) {
    const state = privateDirectory(join(root, 'state'));
    const file = join(state, 'trust.json');
    const entry = { sha256: 'a'.repeat(64), realpath: '/p/hooks.json', trustedAt: '2026-01-01', hooks: [] };
    writeFileSync(file, JSON.stringify({ version: 1, files: { '/p/hooks.json': entry } }), { mode: 0o600 });
    return {
      file,
      directories: [state],
      async verdict() {
        const reading = readTrustStore(file);
        return Object.keys(reading.store?.files ?? {}).length === 1 ? 'accepted' : 'refused';
      },
    };
  },
};

/**
 * A copy named by the digest of some bytes, holding others: believed, those others pass for the trusted
 * ones (bytesHaveDigest true); not believed, they are hashed and refused.
 */
const trustedBytes: OwnFileReader = {
  name: 'the trusted bytes beside the store (bytesHaveDigest)',
  inProcess: true,
  async scene(root) {
    const state = privateDirectory(join(root, 'state'));
    const copies = privateDirectory(join(state, TRUSTED_BYTES_DIRECTORY));
    const digest = sha256Hex('{"hooks":{}}');
    const forged = Buffer.from('{"hooks":{"Stop":[]}}');
    const file = join(copies, digest);
    writeFileSync(file, forged, { mode: 0o600 });
    return {
      file,
      directories: [copies],
      async verdict() {
        return bytesHaveDigest(join(state, 'trust.json'), forged, digest) ? 'accepted' : 'refused';
      },
    };
  },
};

/** A session's waiting background result: taken, it is one delivery; refused or absent, none. */
const deliveries: OwnFileReader = {
  name: 'the background results (takeDeliveries)',
  inProcess: true,
  async scene(root) {
    const state = privateDirectory(join(root, 'state'));
    const file = join(state, await sessionFileName('session'));
    const delivery = { event: 'PostToolUse', run: {}, additionalContext: 'PLANTED' };
    writeFileSync(file, `${JSON.stringify(delivery)}\n`, { mode: 0o600 });
    return {
      file,
      directories: [state],
      async verdict() {
        const taken = await takeDeliveries(state, 'session');
        return taken.deliveries.length === 1 ? 'accepted' : 'refused';
      },
    };
  },
};

/**
 * A Stop count of 5 under a cap of 1: believed, the next block is refused (countStopBlock false); refused
 * or absent, the count starts again and the block stands.
 */
const stopCount: OwnFileReader = {
  name: 'the session files (SessionFiles.countStopBlock)',
  inProcess: true,
  async scene(root) {
    const base = privateDirectory(join(root, 'state'));
    const sessions = privateDirectory(join(base, 'sessions'));
    const session = privateDirectory(join(sessions, sessionDirectoryName('session')));
    const file = join(session, `stop-${sha256Hex('stop-key')}`);
    writeFileSync(file, '5', { mode: 0o600 });
    return {
      file,
      directories: [base, sessions, session],
      async verdict() {
        const standing = new SessionFiles(base).countStopBlock('session', 'stop-key', true, 1);
        return standing ? 'refused' : 'accepted';
      },
    };
  },
};

/*
 * The run bundle's V8 code cache, read by the bin in a process of its own (as in
 * test/cli/require-with-code-cache.test.ts: within one process V8 would answer from its own memory). The
 * module under test is compiled to JavaScript once (it imports only Node's modules). The cache of one
 * CommonJS file is written once; each scene is a cache directory holding a copy of it. Its directory is not
 * checked on reading, on purpose: the file is judged on its descriptor, which no swap of the directory can
 * change (require-with-code-cache.ts); so a scene has no directories.
 */
const codeCacheTemplate = (() => {
  let made: { module: string; cacheFileName: string; cacheBytes: Buffer; loader: string } | undefined;
  return async () => {
    if (made !== undefined) return made;
    const directory = mkdtempSync(join(tmpdir(), 'hookwire-own-file-code-cache-'));
    const source = readFileSync(new URL('../../src/cli/require-with-code-cache.ts', import.meta.url), 'utf8');
    const { outputText } = ts.transpileModule(source, {
      compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
    });
    const loader = join(directory, 'require-with-code-cache.mjs');
    writeFileSync(loader, outputText);
    const module = join(directory, 'module.cjs');
    writeFileSync(module, 'exports.answer = () => 42;\n');
    // A cache is written only for a file whose change time is older than a clock tick: wait until it is.
    while (Date.now() - statSync(module).ctimeMs <= 100)
      await new Promise((resolve) => setTimeout(resolve, 10));
    const cache = join(directory, 'cache');
    loadWithCodeCache(loader, module, cache, true);
    const [cacheFileName] = readdirSync(cache).filter((name) => name.endsWith('.v8'));
    if (cacheFileName === undefined) throw new Error('the code cache was not written');
    made = { module, cacheFileName, cacheBytes: readFileSync(join(cache, cacheFileName)), loader };
    return made;
  };
})();

/** The script of every load is the same (its text is in process.execArgv, which is part of the cache's key). */
const LOAD_SCRIPT = `
  const [loader, file, cache, save] = process.argv.slice(1);
  const { requireWithCodeCache } = await import(loader);
  const loaded = requireWithCodeCache(file, cache);
  process.stdout.write(JSON.stringify({ fromCache: loaded.fromCache }));
  if (save === 'save') loaded.saveCache();`;

/** How long a load may take before it counts as blocked: only a hang reaches it. */
export const BLOCKED_AFTER_MS = 60_000;

function loadWithCodeCache(loader: string, module: string, cache: string, save: boolean): boolean {
  const child = spawnSync(
    process.execPath,
    ['--input-type=module', '-e', LOAD_SCRIPT, pathToFileURL(loader).href, module, cache, save ? 'save' : ''],
    { encoding: 'utf8', env: { ...process.env, NODE_OPTIONS: '' }, timeout: BLOCKED_AFTER_MS },
  );
  if (child.signal !== null)
    throw new Error(`the load blocked (killed by ${child.signal} after ${BLOCKED_AFTER_MS} ms)`);
  if (child.status !== 0) throw new Error(child.stderr);
  return (JSON.parse(child.stdout) as { fromCache: boolean }).fromCache;
}

const codeCache: OwnFileReader = {
  name: 'the V8 code cache of the run bundle (requireWithCodeCache)',
  inProcess: false,
  async scene(root) {
    const { module, cacheFileName, cacheBytes, loader } = await codeCacheTemplate();
    const cache = privateDirectory(join(root, 'cache'));
    const file = join(cache, cacheFileName);
    writeFileSync(file, cacheBytes, { mode: 0o600 });
    return {
      file,
      directories: [],
      async verdict() {
        return loadWithCodeCache(loader, module, cache, false) ? 'accepted' : 'refused';
      },
    };
  },
};

/** Every reader of the class. */
export const OWN_FILE_READERS: readonly OwnFileReader[] = [
  trustStore,
  trustedBytes,
  deliveries,
  stopCount,
  codeCache,
];

/** What is planted where a reader expects a regular file of this user's. */
export type FilePlant =
  /** A symbolic link: to a 0600 copy of the file of this user's, to /dev/zero, or to nothing. */
  | { readonly kind: 'symlink'; readonly target: 'own-copy' | 'device' | 'dangling' }
  | { readonly kind: 'fifo' }
  /** A directory of this user's (0700). */
  | { readonly kind: 'directory' }
  /** The file itself, with a mode that lets group or others write it. */
  | { readonly kind: 'writable-by-others'; readonly mode: number }
  /** The file itself, owned by another user (root only: chown). */
  | { readonly kind: 'other-owner'; readonly uid: number }
  /** A hard link to a copy of the file that another user owns (root only: chown, then link). */
  | { readonly kind: 'hard-link-to-other-users-file'; readonly uid: number };

/** What is planted where a reader expects a directory of this user's. */
export type DirectoryPlant =
  /** A symbolic link to the real directory, moved aside whole: a 0700 directory of this user's. */
  | { readonly kind: 'symlink' }
  | { readonly kind: 'fifo' }
  /** A regular file of this user's (0600). */
  | { readonly kind: 'regular-file' }
  | { readonly kind: 'writable-by-others'; readonly mode: number }
  | { readonly kind: 'other-owner'; readonly uid: number };

/** Replaces the scene's file with `planted`; `aside` is a free path outside the scene's directories. */
export function plantFile(file: string, planted: FilePlant, aside: string): void {
  switch (planted.kind) {
    case 'symlink': {
      const target = { 'own-copy': aside, device: '/dev/zero', dangling: join(aside, 'missing') }[
        planted.target
      ];
      if (planted.target === 'own-copy') renameSync(file, aside);
      else rmSync(file);
      symlinkSync(target, file);
      return;
    }
    case 'fifo':
      rmSync(file);
      execFileSync('mkfifo', ['-m', '600', file]);
      return;
    case 'directory':
      rmSync(file);
      mkdirSync(file, { mode: 0o700 });
      return;
    case 'writable-by-others':
      chmodSync(file, planted.mode);
      return;
    case 'other-owner':
      chownSync(file, planted.uid, planted.uid);
      return;
    case 'hard-link-to-other-users-file':
      renameSync(file, aside);
      chownSync(aside, planted.uid, planted.uid);
      linkSync(aside, file);
      return;
  }
}

/** Replaces one of the scene's directories with `planted`; `aside` as for plantFile. */
export function plantDirectory(directory: string, planted: DirectoryPlant, aside: string): void {
  switch (planted.kind) {
    case 'symlink':
      renameSync(directory, aside);
      symlinkSync(aside, directory);
      return;
    case 'fifo':
      rmSync(directory, { recursive: true });
      execFileSync('mkfifo', ['-m', '600', directory]);
      return;
    case 'regular-file':
      rmSync(directory, { recursive: true });
      writeFileSync(directory, '', { mode: 0o600 });
      return;
    case 'writable-by-others':
      chmodSync(directory, planted.mode);
      return;
    case 'other-owner':
      chownSync(directory, planted.uid, planted.uid);
      return;
  }
}
