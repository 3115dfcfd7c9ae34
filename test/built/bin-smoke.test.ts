import {
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { hookInput, root, runCli } from '../cli/run-cli.js';

/*
 * The shipped bin as a user meets it: it answers `--version`, validates every shipped example, and
 * `hookwire run` blocks as the example's guard does through every way the bin can load the run bundle:
 * without its V8 code cache, writing the cache, reading it, and through the full CLI (dist/cli.js run).
 * Each must give the host the same exit 2 and stderr.
 */
const PACKAGE = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
  version: string;
  bin: { hookwire: string };
};
const BIN = join(root, PACKAGE.bin.hookwire);
const cache = mkdtempSync(join(tmpdir(), 'hookwire-bin-cache-'));
afterAll(() => rmSync(cache, { recursive: true, force: true }));

/** Every example settings file (JSON) under examples/, outside node_modules. */
function exampleFiles(directory = 'examples'): string[] {
  return readdirSync(join(root, directory), { withFileTypes: true }).flatMap((entry) => {
    const path = `${directory}/${entry.name}`;
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : exampleFiles(path);
    return entry.name.endsWith('.json') ? [path] : [];
  });
}

/**
 * The plugin example's hooks use ${CLAUDE_PLUGIN_ROOT}, which a hook outside a plugin may not (Claude Code
 * refuses it): it is checked inside a plugin laid out as Claude Code loads one.
 */
const PLUGIN_HOOKS = 'examples/real-world/plugin-hooks.json';
function examplePlugin(): string {
  const plugin = join(cache, 'example-plugin');
  mkdirSync(join(plugin, '.claude-plugin'), { recursive: true });
  mkdirSync(join(plugin, 'hooks'), { recursive: true });
  mkdirSync(join(plugin, 'scripts'), { recursive: true });
  writeFileSync(join(plugin, '.claude-plugin', 'plugin.json'), '{"name": "example"}');
  copyFileSync(join(root, PLUGIN_HOOKS), join(plugin, 'hooks', 'hooks.json'));
  for (const script of ['format.sh', 'check_tests_ran.py'])
    writeFileSync(join(plugin, 'scripts', script), '');
  return plugin;
}

const destructive = hookInput('PreToolUse', {
  tool_name: 'Bash',
  tool_input: { command: 'rm -rf /' },
  tool_use_id: 'toolu_smoke',
});
const expected = {
  code: 2,
  stdout: '',
  stderr: 'Refusing a destructive command: rm -rf /. Delete specific paths inside the project instead.\n',
};

describe('the built bin', () => {
  it('prints its version', async () => {
    const result = await runCli(['--version'], '', {}, [BIN]);
    expect(result).toMatchObject({ code: 0, stdout: `${PACKAGE.version}\n` });
  });

  it('validates every shipped example, the plugin hooks file as the plugin it belongs in', async () => {
    const settings = exampleFiles()
      .filter((file) => file !== PLUGIN_HOOKS)
      .sort();
    const result = await runCli(['validate', ...settings, '--plugin', examplePlugin()], '', {}, [BIN]);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
  });

  // Sequential: the first writes the code cache, the second reads it.
  it.each([
    ['without the code cache', { NODE_DISABLE_COMPILE_CACHE: '1' }, [BIN]],
    ['writing the code cache', { XDG_CACHE_HOME: cache }, [BIN]],
    ['reading the code cache', { XDG_CACHE_HOME: cache }, [BIN]],
    ['through the full CLI', {}, [join(root, 'dist', 'cli.js')]],
  ] as const)('blocks the example guard’s destructive command, %s', async (_how, env, entry) => {
    const result = await runCli(['run', '--settings', 'examples/settings.json'], destructive, env, entry);
    expect(result).toEqual(expected);
  });

  it('kept a code cache file', () => {
    expect(readdirSync(join(cache, 'hookwire')).some((name) => name.endsWith('.v8'))).toBe(true);
  });
});
