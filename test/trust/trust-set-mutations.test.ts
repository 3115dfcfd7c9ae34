import { mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createEngine } from '../../src/engine/create-engine.js';
import type { SourceLevel } from '../../src/settings/configured-hook.js';
import { reviewFile, trustEntryOf } from '../../src/settings/review-file.js';
import { SettingsCache } from '../../src/settings/settings-cache.js';
import { emptyTrustStore, type TrustStore } from '../../src/settings/trust-store.js';
import { runCli } from '../cli/run-cli.js';

/*
 * The property of docs/trust.md, "The trusted set": every file read to build a project's hooks (its hooks
 * files, the plugin manifest and the hooks files it names, the .mcp.json whose servers mcp_tool hooks start)
 * is in the project's trusted set, and any change to any of them is a trust change: the guarded event is
 * blocked, with a reason naming the file, until the user reviews. Enumerated: every file of a fixture that
 * uses every kind, times every mutation that applies to it (a byte edited, deleted, `{}`, `{`, a server
 * renamed, the manifest no longer naming a hooks file), through the engine (what `hookwire run` and
 * `run --host codex` build) and the daemon's cached loading (`SettingsCache`, loaded twice so the second
 * answer is the cache's); `hookwire run` as a real process for the attacks of the issue. Negative control:
 * the unmutated project is not blocked by trust.
 */

const SERVER = resolve(import.meta.dirname, '..', 'fixtures', 'mcp', 'guard-server.mjs');
const temporary = realpathSync(mkdtempSync(join(tmpdir(), 'hookwire-trust-set-')));
afterAll(() => rmSync(temporary, { recursive: true, force: true }));

const guard = (handler: Record<string, unknown>) => ({
  hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [handler] }] },
});
const PASS = { type: 'command', command: 'true' };

/** The fixture's files (relative to the project), their content, their level, and which loading reads them. */
const FILES: Record<string, { content: unknown; level: SourceLevel; loader: 'claude' | 'hookwire' }> = {
  '.claude/settings.json': {
    content: guard({
      type: 'mcp_tool',
      server: 'guard',
      tool: 'guard',
      input: { command: '${tool_input.command}' },
    }),
    level: 'project',
    loader: 'claude',
  },
  '.claude/settings.local.json': { content: guard(PASS), level: 'local', loader: 'claude' },
  '.mcp.json': {
    content: { mcpServers: { guard: { command: process.execPath, args: [SERVER] } } },
    level: 'project',
    loader: 'claude',
  },
  '.hookwire/hooks.json': { content: guard(PASS), level: 'explicit', loader: 'hookwire' },
  'plug/.claude-plugin/plugin.json': {
    content: { name: 'plug', hooks: './extra.json' },
    level: 'plugin',
    loader: 'hookwire',
  },
  'plug/hooks/hooks.json': { content: guard(PASS), level: 'plugin', loader: 'hookwire' },
  'plug/extra.json': { content: guard(PASS), level: 'plugin', loader: 'hookwire' },
};

type Mutation = 'edit a byte' | 'delete' | '{}' | '{' | 'rename the server' | 'drop the manifest hooks entry';

/** The mutation's new content (undefined: delete), or null when it does not apply to the file. */
function mutate(file: string, text: string, mutation: Mutation): string | undefined | null {
  switch (mutation) {
    case 'edit a byte':
      return ` ${text}`;
    case 'delete':
      return undefined;
    case '{}':
      return '{}';
    case '{':
      return '{';
    case 'rename the server':
      return file === '.mcp.json' ? text.replace('"guard"', '"guard2"') : null;
    case 'drop the manifest hooks entry':
      return file.endsWith('plugin.json') ? JSON.stringify({ name: 'plug' }) : null;
  }
}

const MUTATIONS: readonly Mutation[] = [
  'edit a byte',
  'delete',
  '{}',
  '{',
  'rename the server',
  'drop the manifest hooks entry',
];

const CASES = Object.keys(FILES).flatMap((file) =>
  MUTATIONS.filter((mutation) => mutate(file, '"guard"', mutation) !== null).map(
    (mutation) => [file, mutation] as const,
  ),
);

let count = 0;

/** The fixture project, every file of its trusted set trusted for it as `hookwire trust` records them. */
function fixture() {
  const base = join(temporary, `case-${++count}`);
  const projectDir = join(base, 'project');
  const state = join(base, 'state');
  mkdirSync(join(base, 'home'), { recursive: true });
  mkdirSync(state, { mode: 0o700 });
  let store: TrustStore = emptyTrustStore();
  for (const [file, { content }] of Object.entries(FILES)) {
    mkdirSync(dirname(join(projectDir, file)), { recursive: true });
    writeFileSync(join(projectDir, file), `${JSON.stringify(content, null, 2)}\n`);
  }
  for (const [file, { level }] of Object.entries(FILES)) {
    const path = join(projectDir, file);
    store = {
      ...store,
      files: { ...store.files, [path]: trustEntryOf(reviewFile(path, level, store, projectDir)) },
    };
  }
  const storeFile = join(state, 'trust.json');
  writeFileSync(storeFile, JSON.stringify(store), { mode: 0o600 });
  return { base, projectDir, state, storeFile };
}

type Fixture = ReturnType<typeof fixture>;

const RM = { tool_name: 'Bash', tool_input: { command: 'ls' }, tool_use_id: 't' };

async function fire(setup: Fixture, loader: 'claude' | 'hookwire', cache?: SettingsCache) {
  const engine = await createEngine({
    cwd: setup.projectDir,
    projectDir: setup.projectDir,
    homeDir: join(setup.base, 'home'),
    managedSettingsPath: join(setup.base, 'managed.json'),
    trust: 'require',
    onConfigError: 'block',
    trustStore: setup.storeFile,
    ...(loader === 'hookwire'
      ? {
          settings: [join(setup.projectDir, '.hookwire', 'hooks.json')],
          plugins: [join(setup.projectDir, 'plug')],
        }
      : {}),
    ...(cache === undefined ? {} : { settingsCache: cache }),
  });
  const outcome = await engine.fire('PreToolUse', RM);
  await engine.close();
  return outcome;
}

function apply(setup: Fixture, file: string, mutation: Mutation): void {
  const path = join(setup.projectDir, file);
  const next = mutate(file, readFileSync(path, 'utf8'), mutation);
  if (next === undefined) rmSync(path);
  else writeFileSync(path, next as string);
}

describe('the trusted set: any change to any file that decides what runs blocks until reviewed', () => {
  it('negative control: the project as trusted runs its guards, blocked by nothing', async () => {
    const setup = fixture();
    for (const loader of ['claude', 'hookwire'] as const) {
      const outcome = await fire(setup, loader);
      expect([loader, outcome.decision, outcome.reason ?? null]).toEqual([loader, null, null]);
    }
  });

  it.each(CASES)('%s, %s: the event is blocked, naming the file', async (file, mutation) => {
    const setup = fixture();
    const { loader } = FILES[file] as (typeof FILES)[string];
    const cache = new SettingsCache();
    await fire(setup, loader, cache);
    apply(setup, file, mutation);
    for (const loading of [undefined, cache, cache]) {
      const outcome = await fire(setup, loader, loading);
      expect(outcome.decision).toBe('deny');
      // Located: the file by its path (relative to the project when a settings error names it).
      expect(outcome.reason).toContain(file);
    }
  });

  it('hookwire run: a deleted .mcp.json and a manifest that no longer names the guard file block, located', async () => {
    const input = (cwd: string) =>
      `${JSON.stringify({ session_id: 's', transcript_path: '/tmp/t.jsonl', cwd, hook_event_name: 'PreToolUse', ...RM })}\n`;
    const mcp = fixture();
    rmSync(join(mcp.projectDir, '.mcp.json'));
    const deleted = await runCli(['run', 'PreToolUse'], input(mcp.projectDir), {
      HOOKWIRE_STATE_DIR: mcp.state,
      HOME: join(mcp.base, 'home'),
    });
    expect(blockReason(deleted)).toContain(`${join(mcp.projectDir, '.mcp.json')}`);
    const plugin = fixture();
    apply(plugin, 'plug/.claude-plugin/plugin.json', 'drop the manifest hooks entry');
    const dropped = await runCli(
      ['run', '--settings', '.hookwire/hooks.json', '--plugin', 'plug', 'PreToolUse'].map((arg) =>
        arg.startsWith('.') || arg === 'plug' ? join(plugin.projectDir, arg) : arg,
      ),
      input(plugin.projectDir),
      { HOOKWIRE_STATE_DIR: plugin.state, HOME: join(plugin.base, 'home') },
    );
    expect(blockReason(dropped)).toContain(join(plugin.projectDir, 'plug', 'extra.json'));
    expect(relative(plugin.projectDir, join(plugin.projectDir, 'plug'))).toBe('plug');
  });
});

/** Why `hookwire run` blocked the PreToolUse: exit 2 and stderr, or Claude Code's JSON deny on stdout. */
function blockReason(result: { code: number | null; stdout: string; stderr: string }): string {
  if (result.code === 2) return result.stderr;
  expect(result.code).toBe(0);
  const specific = (JSON.parse(result.stdout) as { hookSpecificOutput: Record<string, string> })
    .hookSpecificOutput;
  expect(specific.permissionDecision).toBe('deny');
  return specific.permissionDecisionReason ?? '';
}
