import {
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyClaudeInit } from '../../src/hosts/claude-code/install/apply-claude-init.js';
import { undoClaudeInit } from '../../src/hosts/claude-code/install/undo-claude-init.js';
import { initCline } from '../../src/hosts/cline/install/init-cline.js';
import { initCodex } from '../../src/hosts/codex/install/init-codex.js';
import { initCopilot } from '../../src/hosts/copilot/install/init-copilot.js';
import { initDeepAgents } from '../../src/hosts/deepagents/install/init-deepagents.js';
import { initDroid } from '../../src/hosts/droid/install/init-droid.js';
import { initGemini } from '../../src/hosts/gemini/install/init-gemini.js';
import type { HostInstallOptions } from '../../src/hosts/host.js';
import { initOpenCode } from '../../src/hosts/opencode/install/init-opencode.js';
import { initQwen } from '../../src/hosts/qwen/install/init-qwen.js';

/*
 * The property (docs/cli.md, "init --undo"): `hookwire init <host>` then `hookwire init <host> --undo`, with
 * nothing else changing the files in between, leaves every byte of the host's files and of the project as
 * they were, for every host init installs into: a file that did not exist is gone again, with the
 * directories init made for it. The originals are generated over the ways a file is written: one line,
 * two spaces, tabs, CRLF, no final newline, keys of the user's, unicode, the user's own hooks; TOML for Codex.
 */

const root = mkdtempSync(join(tmpdir(), 'hookwire-init-undo-'));
const savedState = process.env.HOOKWIRE_STATE_DIR;
beforeAll(() => {
  process.env.HOOKWIRE_STATE_DIR = join(root, 'state');
});
afterAll(() => {
  if (savedState === undefined) delete process.env.HOOKWIRE_STATE_DIR;
  else process.env.HOOKWIRE_STATE_DIR = savedState;
  rmSync(root, { recursive: true, force: true });
});

/** Every file (with its bytes) and directory under a directory. */
function snapshot(directory: string): Record<string, string> {
  const result: Record<string, string> = {};
  const walk = (at: string): void => {
    for (const name of readdirSync(at)) {
      const path = join(at, name);
      const key = relative(directory, path);
      if (lstatSync(path).isDirectory()) {
        result[`${key}/`] = '(directory)';
        walk(path);
      } else result[key] = readFileSync(path).toString('base64');
    }
  };
  if (existsSync(directory)) walk(directory);
  return result;
}

/** How a JSON file is laid out. */
const layout = fc.record({
  indent: fc.constantFrom<'' | '  ' | '\t' | '    '>('', '  ', '\t', '    '),
  crlf: fc.boolean(),
  finalNewline: fc.boolean(),
});
type Layout = typeof layout extends fc.Arbitrary<infer T> ? T : never;

function render(value: unknown, { indent, crlf, finalNewline }: Layout): string {
  const text = indent === '' ? JSON.stringify(value) : JSON.stringify(value, null, indent);
  const lines = crlf ? text.replace(/\n/g, '\r\n') : text;
  return finalNewline ? `${lines}${crlf ? '\r\n' : '\n'}` : lines;
}

/** A user's own settings: keys of theirs, unicode included, never `hooks` (added on purpose). */
const userKeys = fc.dictionary(
  fc.oneof(fc.constantFrom('model', 'theme', 'ünïcødé', '日本語', 'env'), fc.string({ minLength: 1 })),
  fc.oneof(fc.string({ unit: 'grapheme' }), fc.integer(), fc.boolean(), fc.constant(null)),
  { maxKeys: 4 },
);

/** A user's own hook group for an event of the host, or none. */
const userGroup = (events: readonly string[], commandKey = 'command') =>
  fc
    .option(
      fc.record({
        event: fc.constantFrom(...events),
        command: fc.constantFrom('./mine.sh', 'echo «ok»', 'true'),
      }),
      { nil: undefined },
    )
    .map((group) =>
      group === undefined
        ? {}
        : {
            hooks: {
              [group.event]: [{ matcher: 'Read', hooks: [{ type: 'command', [commandKey]: group.command }] }],
            },
          },
    );

/** The original of a JSON file: absent (and its directory too, or not), or a generated document. */
function originalJson(events: readonly string[]) {
  return fc.oneof(
    fc.record({ kind: fc.constant('absent' as const), directory: fc.boolean() }),
    fc.record({ keys: userKeys, group: userGroup(events), layout }).map(({ keys, group, layout }) => ({
      kind: 'file' as const,
      text: render({ ...keys, ...group }, layout),
    })),
  );
}
type Original = { kind: 'absent'; directory: boolean } | { kind: 'file'; text: string };

function place(file: string, original: Original): void {
  if (original.kind === 'file') {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, original.text);
  } else if (original.directory) mkdirSync(dirname(file), { recursive: true });
}

let cases = 0;
/** A fresh project (with its hooks file) and a home of its own. */
function fresh(): { project: string; home: string; base: string } {
  const base = join(root, `case-${++cases}`);
  const project = join(base, 'project');
  const home = join(base, 'home');
  mkdirSync(join(project, '.hookwire'), { recursive: true });
  mkdirSync(home);
  writeFileSync(
    join(project, '.hookwire', 'hooks.json'),
    JSON.stringify({
      hooks: {
        PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: './guard.sh' }] }],
        Stop: [{ hooks: [{ type: 'command', command: './stop.sh' }] }],
      },
    }),
  );
  return { project, home, base };
}

function options(project: string, env: NodeJS.ProcessEnv, undo: boolean): HostInstallOptions {
  return {
    projectDir: project,
    hooksPath: join(project, '.hookwire', 'hooks.json'),
    hookwire: 'hookwire',
    print: false,
    undo,
    values: {},
    env: { ...env, HOOKWIRE_STATE_DIR: process.env.HOOKWIRE_STATE_DIR },
    cliPath: join(root, 'no-such-cli.cjs'),
    version: '0.0.0',
    out: () => {},
    err: () => {},
  };
}

/** A host's init, run as `init <host>` and `init <host> --undo`, and where its files live. */
interface HostCase {
  readonly name: string;
  /** The files init writes, by role, from the case's project and home. */
  readonly files: (project: string, home: string) => Record<string, string>;
  readonly originals: Record<string, fc.Arbitrary<Original>>;
  readonly env: (home: string) => NodeJS.ProcessEnv;
  readonly init: (options: HostInstallOptions) => number;
}

const geminiEvents = ['BeforeTool', 'AfterTool', 'AfterAgent'];
const claudeEvents = ['PreToolUse', 'PostToolUse', 'Stop', 'SessionStart'];

/** config.toml as people write it: comments, tables, unicode, CRLF, no final newline. */
const originalToml = fc.oneof(
  fc.record({ kind: fc.constant('absent' as const), directory: fc.boolean() }),
  fc
    .record({
      lines: fc.array(
        fc.oneof(
          fc.string({ unit: 'grapheme' }).map((value) => `model = ${JSON.stringify(value)}`),
          fc.constantFrom('# mine', '[projects."/tmp/ø"]', 'trust_level = "trusted"', ''),
        ),
        { minLength: 1, maxLength: 5 },
      ),
      crlf: fc.boolean(),
      finalNewline: fc.boolean(),
    })
    .map(({ lines, crlf, finalNewline }) => {
      const eol = crlf ? '\r\n' : '\n';
      return { kind: 'file' as const, text: `${lines.join(eol)}${finalNewline ? eol : ''}` };
    }),
);

/** Copilot's file is hookwire's own: its original is absent, or a hooks file with no hooks yet. */
const originalCopilot = fc.oneof(
  fc.record({ kind: fc.constant('absent' as const), directory: fc.boolean() }),
  layout.map((layout) => ({ kind: 'file' as const, text: render({ version: 1, hooks: {} }, layout) })),
);

const hosts: HostCase[] = [
  {
    name: 'gemini',
    files: (project) => ({ settings: join(project, '.gemini', 'settings.json') }),
    originals: { settings: originalJson(geminiEvents) },
    env: (home) => ({ GEMINI_CLI_HOME: home }),
    init: (o) => initGemini({ ...o, user: false, trustFolder: false }),
  },
  {
    name: 'gemini --user',
    files: (_, home) => ({ settings: join(home, '.gemini', 'settings.json') }),
    originals: { settings: originalJson(geminiEvents) },
    env: (home) => ({ GEMINI_CLI_HOME: home }),
    init: (o) => initGemini({ ...o, user: true, trustFolder: false }),
  },
  {
    name: 'qwen',
    files: (_, home) => ({ settings: join(home, '.qwen', 'settings.json') }),
    originals: { settings: originalJson(claudeEvents) },
    env: (home) => ({ QWEN_HOME: join(home, '.qwen') }),
    init: initQwen,
  },
  {
    name: 'droid',
    files: (project) => ({ settings: join(project, '.factory', 'settings.json') }),
    originals: { settings: originalJson(claudeEvents) },
    env: () => ({}),
    init: initDroid,
  },
  {
    name: 'codex',
    files: (_, home) => ({
      hooks: join(home, '.codex', 'hooks.json'),
      config: join(home, '.codex', 'config.toml'),
    }),
    originals: { hooks: originalJson(claudeEvents), config: originalToml },
    env: (home) => ({ CODEX_HOME: join(home, '.codex') }),
    init: initCodex,
  },
  {
    name: 'copilot',
    files: (_, home) => ({ hooks: join(home, '.copilot', 'hooks', 'hookwire.json') }),
    originals: { hooks: originalCopilot },
    env: (home) => ({ COPILOT_HOME: join(home, '.copilot') }),
    init: initCopilot,
  },
  {
    name: 'opencode',
    files: (project) => ({ plugin: join(project, '.opencode', 'plugins', 'hookwire.js') }),
    // The plugin file is hookwire's own: init refuses a file of that name that is not.
    originals: { plugin: fc.record({ kind: fc.constant('absent' as const), directory: fc.boolean() }) },
    env: () => ({}),
    init: initOpenCode,
  },
  {
    name: 'cline',
    files: (project) => ({ hook: join(project, '.cline', 'hooks', 'PreToolUse') }),
    // The hook files are hookwire's own: init refuses a file of that name that is not.
    originals: { hook: fc.record({ kind: fc.constant('absent' as const), directory: fc.boolean() }) },
    env: () => ({}),
    init: initCline,
  },
  {
    name: 'deepagents',
    files: (_, home) => ({ hooks: join(home, '.deepagents', 'hooks.json') }),
    originals: { hooks: originalJson(claudeEvents) },
    env: (home) => ({ HOME: home }),
    init: (o) => initDeepAgents({ ...o, scope: 'user' }),
  },
];

describe('init <host> --undo gives back every byte', () => {
  for (const host of hosts) {
    it(`${host.name}: init then --undo leaves the project and the home as they were`, () => {
      fc.assert(
        fc.property(fc.record(host.originals), (originals) => {
          const { project, home, base } = fresh();
          const files = host.files(project, home);
          for (const [role, original] of Object.entries(originals)) place(files[role] as string, original);
          const before = snapshot(base);
          const env = host.env(home);
          expect(host.init(options(project, env, false))).toBe(0);
          expect(snapshot(base)).not.toEqual(before);
          expect(host.init(options(project, env, true))).toBe(0);
          expect(snapshot(base)).toEqual(before);
        }),
        { numRuns: 25, seed: 33 },
      );
    });

    // OpenCode's plugin file and Cline's hook files are hookwire's own (init refuses any other): there is no
    // change of the user's to keep.
    it.skipIf(host.name === 'opencode' || host.name === 'cline')(
      `${host.name}: a change made since init is kept, and hookwire's entries still go (control)`,
      () => {
        const { project, home } = fresh();
        const files = host.files(project, home);
        const [role, file] = Object.entries(files)[0] as [string, string];
        const original = '{"model":"ø"}';
        place(file, { kind: 'file', text: original });
        const env = host.env(home);
        expect(host.init(options(project, env, false))).toBe(0);
        const installed = readFileSync(file, 'utf8');
        // The user adds a key of their own after init: undo must not throw it away for the old bytes.
        writeFileSync(file, installed.replace(/\}\s*$/, ', "mine": 1}\n'));
        expect(host.init(options(project, env, true))).toBe(0);
        const after = existsSync(file) ? readFileSync(file, 'utf8') : '';
        expect(after, role).not.toBe(original);
        if (host.name !== 'copilot') expect(after).toContain('"mine"');
        expect(after).not.toContain('run --host');
      },
    );
  }
});

describe('init claude --undo gives back every byte', () => {
  const settingsFile = (project: string, name: string) => join(project, '.claude', name);
  const claudeOriginal = fc
    .record({ keys: userKeys, layout, event: fc.constantFrom(...claudeEvents) })
    .map(({ keys, layout, event }) =>
      render(
        {
          ...keys,
          hooks: { [event]: [{ matcher: 'Bash', hooks: [{ type: 'command', command: './a.sh' }] }] },
        },
        layout,
      ),
    );

  it('init claude then init --undo leaves the project as it was', async () => {
    await fc.assert(
      fc.asyncProperty(
        claudeOriginal,
        fc.option(claudeOriginal, { nil: undefined }),
        fc.boolean(),
        async (shared, local, hooksFileBefore) => {
          const { project } = fresh();
          if (!hooksFileBefore) rmSync(join(project, '.hookwire'), { recursive: true });
          mkdirSync(join(project, '.claude'), { recursive: true });
          writeFileSync(settingsFile(project, 'settings.json'), shared);
          if (local !== undefined) writeFileSync(settingsFile(project, 'settings.local.json'), local);
          if (hooksFileBefore) rmSync(join(project, '.hookwire', 'hooks.json'));
          const before = snapshot(project);
          expect(await applyClaudeInit(project, { hookwire: 'hookwire', cliPath: '' })).toBe(0);
          expect(snapshot(project)).not.toEqual(before);
          expect(await undoClaudeInit(project)).toBe(0);
          expect(snapshot(project)).toEqual(before);
        },
      ),
      { numRuns: 15, seed: 33 },
    );
  });
});
