import { execFileSync, spawnSync } from 'node:child_process';
import {
  chmodSync,
  copyFileSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  symlinkSync,
  unlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { codeCacheDirectory } from '../../src/cli/require-with-code-cache.js';

/*
 * The module under test compiled to JavaScript once (it imports only Node's own modules), so that each of the
 * many processes below is a plain `node`, as the bin's is, and not one that first loads tsx to compile it.
 */
const loader = (() => {
  const source = readFileSync(new URL('../../src/cli/require-with-code-cache.ts', import.meta.url), 'utf8');
  const { outputText } = ts.transpileModule(source, {
    compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
  });
  const file = join(
    mkdtempSync(join(tmpdir(), 'hookwire-code-cache-loader-')),
    'require-with-code-cache.mjs',
  );
  writeFileSync(file, outputText);
  return pathToFileURL(file).href;
})();

/** A CommonJS file in a fresh directory, and a cache directory beside it. */
function commonJsFile(source: string): { file: string; cache: string } {
  const directory = mkdtempSync(join(tmpdir(), 'hookwire-code-cache-'));
  const file = join(directory, 'module.cjs');
  writeFileSync(file, source);
  return { file, cache: join(directory, 'cache') };
}

/*
 * Each load in a process of its own, as the bin does it: within one process V8 answers a second compile of
 * the same source from its own in-memory cache, and would never look at the file's.
 */
function load(
  file: string,
  cache: string | undefined,
  save = true,
  nodeOptions = '',
): { exports: unknown; fromCache: boolean } {
  const script = `
    const { requireWithCodeCache } = await import(${JSON.stringify(loader)});
    const loaded = requireWithCodeCache(${JSON.stringify(file)}, ${JSON.stringify(cache)});
    const exports = Object.fromEntries(Object.entries(loaded.exports).map(([k, v]) => [k, typeof v === 'function' ? v('x') : v]));
    process.stdout.write(JSON.stringify({ exports, fromCache: loaded.fromCache }));
    if (${save}) loaded.saveCache();`;
  const child = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
    encoding: 'utf8',
    env: { ...process.env, NODE_OPTIONS: nodeOptions },
  });
  if (child.status !== 0) throw new Error(child.stderr);
  return JSON.parse(child.stdout);
}

describe('requireWithCodeCache', () => {
  it('loads a CommonJS file as require does, then from the cache it wrote', () => {
    const { file, cache } = commonJsFile(`"use strict";
const path = require('node:path');
exports.where = () => path.basename(__filename) + ' in ' + path.basename(__dirname);
exports.strict = (function () { return this === undefined; })();
exports.thisIsExports = this === module.exports && exports === module.exports;`);
    const exports = {
      where: expect.stringMatching(/^module\.cjs in hookwire-code-cache-\w+$/),
      strict: true,
      thisIsExports: true,
    };
    expect(load(file, cache)).toEqual({ exports, fromCache: false });
    const [cacheFile, ...others] = readdirSync(cache);
    expect(others).toEqual([]);
    expect(readFileSync(join(cache, cacheFile!)).toString('utf8')).toContain(`${file} `);
    expect(load(file, cache)).toEqual({ exports, fromCache: true });
  });

  it('never runs a cache made for another version of the file, even of the same length', () => {
    const { file, cache } = commonJsFile('exports.value = 1;');
    load(file, cache);
    writeFileSync(file, 'exports.value = 2;');
    utimesSync(file, new Date(), new Date(Date.now() + 5_000));
    expect(load(file, cache)).toEqual({ exports: { value: 2 }, fromCache: false });
    expect(load(file, cache)).toEqual({ exports: { value: 2 }, fromCache: true });
  });

  it("keeps only the current build's cache of a file: a rebuild's write removes the earlier build's", () => {
    const { file, cache } = commonJsFile('exports.value = 1;');
    const neighbour = join(cache, '..', 'neighbour.cjs');
    writeFileSync(neighbour, 'exports.value = 0;');
    load(neighbour, cache);
    load(file, cache);
    expect(readdirSync(cache)).toHaveLength(2);
    writeFileSync(file, 'exports.value = 22;');
    utimesSync(file, new Date(), new Date(Date.now() + 5_000));
    expect(load(file, cache)).toEqual({ exports: { value: 22 }, fromCache: false });
    // The earlier build's cache is gone; the other file's cache stays, as does this build's.
    const keys = readdirSync(cache).map((name) => readFileSync(join(cache, name), 'utf8').split('\n')[0]);
    expect(keys).toHaveLength(2);
    expect(keys.filter((key) => key!.startsWith(`${file} `))).toHaveLength(1);
    expect(keys.filter((key) => key!.startsWith(`${neighbour} `))).toHaveLength(1);
    expect(load(file, cache)).toEqual({ exports: { value: 22 }, fromCache: true });
    expect(load(neighbour, cache)).toEqual({ exports: { value: 0 }, fromCache: true });
  });

  it('runs the new code of a file replaced in place with the same size and mtime', () => {
    const { file, cache } = commonJsFile('exports.value = 1;');
    const stamp = new Date('2026-01-01T00:00:00Z');
    utimesSync(file, stamp, stamp);
    expect(load(file, cache)).toEqual({ exports: { value: 1 }, fromCache: false });
    expect(load(file, cache)).toEqual({ exports: { value: 1 }, fromCache: true });
    writeFileSync(file, 'exports.value = 9;');
    utimesSync(file, stamp, stamp);
    expect(load(file, cache)).toEqual({ exports: { value: 9 }, fromCache: false });
  });

  it('does not use a cache planted for other source at the same path, size and mtime', () => {
    const { file, cache } = commonJsFile('exports.value = 7;');
    const stamp = new Date('2026-01-01T00:00:00Z');
    utimesSync(file, stamp, stamp);
    load(file, cache);
    writeFileSync(file, 'exports.value = 6;');
    utimesSync(file, stamp, stamp);
    expect(load(file, cache, false)).toEqual({ exports: { value: 6 }, fromCache: false });

    // The other file's cache (V8 checks only the source length) copied in place of this one's.
    const other = commonJsFile('exports.value = 5;');
    load(other.file, other.cache);
    expect(load(file, cache)).toEqual({ exports: { value: 6 }, fromCache: false });
    const [otherCache] = readdirSync(other.cache);
    for (const name of readdirSync(cache)) copyFileSync(join(other.cache, otherCache!), join(cache, name));
    expect(load(file, cache, false)).toEqual({ exports: { value: 6 }, fromCache: false });
  });

  it('ignores a cache file that is a FIFO or a link', () => {
    const { file, cache } = commonJsFile('exports.value = 8;');
    load(file, cache);
    const cacheFile = join(cache, readdirSync(cache)[0]!);
    const real = `${cacheFile}.real`;
    renameSync(cacheFile, real);
    symlinkSync(real, cacheFile);
    expect(load(file, cache, false)).toEqual({ exports: { value: 8 }, fromCache: false });
    unlinkSync(cacheFile);
    execFileSync('mkfifo', ['-m', '600', cacheFile]);
    expect(load(file, cache, false)).toEqual({ exports: { value: 8 }, fromCache: false });
  });

  it('ignores a cache file that others may write, and one V8 rejects', () => {
    const { file, cache } = commonJsFile('exports.value = 3;');
    load(file, cache);
    const cacheFile = join(cache, readdirSync(cache)[0]!);
    chmodSync(cacheFile, 0o666);
    expect(load(file, cache, false)).toEqual({ exports: { value: 3 }, fromCache: false });

    const key = readFileSync(cacheFile).toString('utf8').split('\n')[0];
    writeFileSync(cacheFile, `${key}\nnot V8 data`);
    chmodSync(cacheFile, 0o600);
    expect(load(file, cache)).toEqual({ exports: { value: 3 }, fromCache: false });
    expect(load(file, cache)).toEqual({ exports: { value: 3 }, fromCache: true });
  });

  it('keeps one cache per set of Node flags, so that alternating flags do not rewrite it every time', () => {
    const { file, cache } = commonJsFile('exports.value = 5;');
    const flags = '--max-old-space-size=200';
    expect(load(file, cache).fromCache).toBe(false);
    expect(load(file, cache, true, flags).fromCache).toBe(false);
    expect(load(file, cache).fromCache).toBe(true);
    expect(load(file, cache, true, flags).fromCache).toBe(true);
    expect(readdirSync(cache)).toHaveLength(2);
  });

  it('compiles without a cache when there is no directory, or none can be made', () => {
    const { file } = commonJsFile('exports.value = 4;');
    expect(load(file, undefined)).toEqual({ exports: { value: 4 }, fromCache: false });
    expect(load(file, '/dev/null/hookwire')).toEqual({ exports: { value: 4 }, fromCache: false });
  });
});

describe('codeCacheDirectory', () => {
  it.runIf(process.platform === 'linux')('follows XDG, then HOME, and is off when Node would be', () => {
    expect(codeCacheDirectory({ HOME: '/home/u' })).toBe('/home/u/.cache/hookwire');
    expect(codeCacheDirectory({ HOME: '/home/u', XDG_CACHE_HOME: '/x' })).toBe('/x/hookwire');
    expect(codeCacheDirectory({ HOME: '/home/u', XDG_CACHE_HOME: 'relative' })).toBe(
      '/home/u/.cache/hookwire',
    );
    expect(codeCacheDirectory({})).toBeUndefined();
    expect(codeCacheDirectory({ HOME: '/home/u', NODE_DISABLE_COMPILE_CACHE: '1' })).toBeUndefined();
  });
});
