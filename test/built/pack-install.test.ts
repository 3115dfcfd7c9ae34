import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { root } from '../cli/run-cli.js';

/*
 * The package as a user installs it before it is published: `npm pack` of this checkout, then a plain
 * `npm i TARBALL` (no flags such as --legacy-peer-deps) into an empty project and beside each adapter's SDK,
 * then `npx hookwire --help` there, the adapter's entry imported, and `require('hookwire')` (Node 20.19 loads
 * the ESM entry). It needs the registry (or npm's cache) for the dependencies. The build is already there
 * (`npm test` builds first), so the pack skips prepack's build; `package.json` says prepack builds.
 */
const run = promisify(execFile);
const temporary = mkdtempSync(join(tmpdir(), 'hookwire-pack-'));
let tarball = '';
// Seven projects' node_modules: removing them takes a while on a loaded machine.
afterAll(() => rm(temporary, { recursive: true, force: true }), 600_000);

const PACKAGE = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
  scripts: Record<string, string>;
};

/*
 * npm without its audit and funding requests (they change nothing installed), and preferring its cache:
 * metadata npm already holds is used without asking the registry again whether it changed (seven installs of
 * mostly the same packages asked about each one seven times). A package it does not hold is still fetched, and
 * what is installed, and the peer ranges checked against it, are npm's plain resolution: no flag changes that.
 */
const npmEnvironment = {
  ...process.env,
  npm_config_audit: 'false',
  npm_config_fund: 'false',
  npm_config_prefer_offline: 'true',
};

beforeAll(async () => {
  const { stdout } = await run(
    'npm',
    ['pack', '--ignore-scripts', '--json', '--pack-destination', temporary],
    {
      cwd: root,
      env: npmEnvironment,
    },
  );
  const [packed] = JSON.parse(stdout) as Array<{ filename: string; files: Array<{ path: string }> }>;
  tarball = join(temporary, packed?.filename ?? '');
  const files = packed?.files.map((file) => file.path) ?? [];
  expect(files).toEqual(
    expect.arrayContaining(['LICENSE', 'README.md', 'dist/hookwire.cjs', 'dist/index.js']),
  );
}, 300_000);

/** A fresh project with `npm i TARBALL ...sdks`; returns npm's stderr (its warnings). */
async function installBeside(
  name: string,
  sdks: readonly string[],
): Promise<{ dir: string; stderr: string }> {
  const dir = join(temporary, name);
  mkdirSync(dir);
  writeFileSync(
    join(dir, 'package.json'),
    JSON.stringify({ name: `try-${name}`, version: '1.0.0', private: true }),
  );
  const { stderr } = await run('npm', ['i', tarball, ...sdks], { cwd: dir, env: npmEnvironment });
  return { dir, stderr };
}

async function helpIn(dir: string): Promise<string> {
  const { stdout } = await run('npx', ['hookwire', '--help'], { cwd: dir, env: npmEnvironment });
  return stdout;
}

async function importIn(dir: string, entry: string): Promise<number> {
  const { stdout } = await run(
    process.execPath,
    ['--input-type=module', '-e', `const m = await import('${entry}'); console.log(Object.keys(m).length)`],
    { cwd: dir },
  );
  return Number(stdout.trim());
}

describe('the packed package', () => {
  it('builds before it packs', () => {
    expect(PACKAGE.scripts.prepack).toBe('npm run build');
  });

  it('installs into an empty project: npx hookwire --help, import and require', async () => {
    const { dir } = await installBeside('empty', []);
    expect(await helpIn(dir)).toContain('Usage: hookwire');
    expect(await importIn(dir, 'hookwire')).toBeGreaterThan(0);
    const { stdout } = await run(
      process.execPath,
      ['-e', "console.log(typeof require('hookwire').createEngine)"],
      {
        cwd: dir,
      },
    );
    expect(stdout.trim()).toBe('function');
  }, 600_000);

  // Concurrently: each install waits mostly on npm's cache and the registry.
  const cases: Array<readonly [string, readonly string[], string]> = [
    ['openai-agents', ['@openai/agents@^0.20'], 'hookwire/openai-agents'],
    ['openai-6', ['openai@^6.49'], 'hookwire'],
    ['openai-7', ['openai@^7'], 'hookwire'],
    ['ai-sdk', ['ai@^6'], 'hookwire/ai-sdk'],
    ['langchain', ['langchain@^1.5', '@langchain/core@^1.2.9'], 'hookwire/langchain'],
    ['deepagents', ['deepagents@^1.14'], 'hookwire/deepagents'],
  ];
  for (const [name, sdks, entry] of cases) {
    it.concurrent(`installs beside ${name} with a plain npm i, and its entry loads`, async ({ expect }) => {
      const { dir, stderr } = await installBeside(name, sdks);
      expect(stderr).not.toContain('ERESOLVE');
      expect(await helpIn(dir)).toContain('Usage: hookwire');
      expect(await importIn(dir, entry)).toBeGreaterThan(0);
    }, 600_000);
  }
});
