import {
  chmodSync,
  existsSync,
  linkSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  realpathSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createEngine } from '../../src/engine/create-engine.js';
import { reviewFile, trustEntryOf } from '../../src/settings/review-file.js';
import { SettingsCache } from '../../src/settings/settings-cache.js';
import { emptyTrustStore, type TrustStore } from '../../src/settings/trust-store.js';
import { runCli } from '../cli/run-cli.js';

/*
 * The property of docs/trust.md, "Trust binds the bytes and the project": a file trusted in one project
 * never runs under that trust in another, whatever path leads there. Exhaustive over the layouts a hostile
 * repository can build to reach a trusted project's file (a symlinked file, a symlinked .hookwire or .claude
 * directory, a symlinked parent directory, each link relative or absolute, and a hard link), for the two
 * kinds of project file (`.hookwire/hooks.json` named by `--settings`, `.claude/settings.json` read by
 * default): each blocks the guarded event and runs nothing of the hostile repository, through the engine,
 * the daemon's cached loading (`SettingsCache`), and real `hookwire run` and `run --host codex` processes.
 * Negative control: the trusted project itself runs its hook.
 */

const temporary = realpathSync(mkdtempSync(join(tmpdir(), 'hookwire-trust-project-')));
afterAll(() => rmSync(temporary, { recursive: true, force: true }));

type Kind = 'hooks' | 'claude';
type Link = 'file' | 'directory' | 'parent' | 'hardlink';
type Spelling = 'relative' | 'absolute';

const RELATIVE: Record<Kind, string> = {
  hooks: join('.hookwire', 'hooks.json'),
  claude: join('.claude', 'settings.json'),
};

const GUARDED = { tool_name: 'Bash', tool_input: { command: 'ls' }, tool_use_id: 't' };

/** A project whose hook runs its own `./check.sh`, which leaves a marker: what runs is the project's script. */
function makeProject(directory: string, kind: Kind): string {
  mkdirSync(dirname(join(directory, RELATIVE[kind])), { recursive: true });
  const settings = {
    hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: './check.sh' }] }] },
  };
  writeFileSync(join(directory, RELATIVE[kind]), JSON.stringify(settings, null, 2));
  writeFileSync(join(directory, 'check.sh'), `#!/bin/sh\ntouch "${join(directory, 'ran')}"\n`);
  chmodSync(join(directory, 'check.sh'), 0o755);
  return join(directory, RELATIVE[kind]);
}

function link(target: string, path: string, spelling: Spelling): void {
  symlinkSync(spelling === 'relative' ? relative(dirname(path), target) : target, path);
}

let count = 0;

/** A trusted project and a hostile one reaching its file by `layout`; the path the hostile settings go by. */
function layout(kind: Kind, how: Link, spelling: Spelling) {
  const base = join(temporary, `case-${++count}`);
  const good = join(base, 'good');
  const evil = join(base, 'evil');
  const state = join(base, 'state');
  mkdirSync(join(base, 'home'), { recursive: true });
  mkdirSync(state, { mode: 0o700 });
  const trusted = makeProject(good, kind);
  // The hostile project has its own check.sh, which the borrowed trust would run.
  makeProject(evil, kind);
  rmSync(join(evil, RELATIVE[kind]));
  let settingsPath = join(evil, RELATIVE[kind]);
  if (how === 'file') link(trusted, settingsPath, spelling);
  else if (how === 'hardlink') linkSync(trusted, settingsPath);
  else if (how === 'directory') {
    rmSync(dirname(settingsPath), { recursive: true });
    link(dirname(trusted), dirname(settingsPath), spelling);
  } else {
    // The settings named through a directory of the project that links to the other project.
    link(good, join(evil, 'conf'), spelling);
    settingsPath = join(evil, 'conf', RELATIVE[kind]);
  }
  const storeFile = join(state, 'trust.json');
  const store: TrustStore = {
    ...emptyTrustStore(),
    files: { [trusted]: trustEntryOf(reviewFile(trusted, 'project', emptyTrustStore(), good)) },
  };
  writeFileSync(storeFile, JSON.stringify(store), { mode: 0o600 });
  return { base, good, evil, state, storeFile, settingsPath, trusted };
}

type Layout = ReturnType<typeof layout>;

/** The reason of the PreToolUse deny `hookwire run` answered (Claude Code's JSON on stdout, exit 0). */
function denied(stdout: string): string {
  const specific = (JSON.parse(stdout) as { hookSpecificOutput: Record<string, string> }).hookSpecificOutput;
  expect(specific.permissionDecision).toBe('deny');
  return specific.permissionDecisionReason ?? '';
}

async function fireIn(setup: Layout, projectDir: string, cache?: SettingsCache) {
  const settings =
    setup.settingsPath.startsWith(setup.evil) && projectDir === setup.evil
      ? setup.settingsPath
      : join(projectDir, RELATIVE.hooks);
  const kindIsHooks = setup.settingsPath.endsWith(RELATIVE.hooks);
  const engine = await createEngine({
    cwd: projectDir,
    projectDir,
    homeDir: join(setup.base, 'home'),
    managedSettingsPath: join(setup.base, 'managed.json'),
    trust: 'require',
    trustStore: setup.storeFile,
    ...(kindIsHooks ? { settings: [settings] } : {}),
    ...(cache === undefined ? {} : { settingsCache: cache }),
  });
  const outcome = await engine.fire('PreToolUse', GUARDED);
  await engine.close();
  return outcome;
}

const LAYOUTS = (['hooks', 'claude'] as const)
  .flatMap((kind) =>
    (['file', 'directory', 'parent', 'hardlink'] as const).flatMap((how) =>
      (how === 'hardlink' ? (['absolute'] as const) : (['relative', 'absolute'] as const)).map(
        (spelling) => [kind, how, spelling] as const,
      ),
    ),
  )
  .filter(([kind, how]) => !(kind === 'claude' && how === 'parent'));

describe('trust binds the bytes and the project', () => {
  it.each(LAYOUTS)(
    '%s file reached by a %s link (%s): blocked, nothing of the hostile repository runs',
    async (kind, how, spelling) => {
      const setup = layout(kind, how, spelling);
      const cache = new SettingsCache();
      for (const loading of [undefined, cache, cache]) {
        const outcome = await fireIn(setup, setup.evil, loading);
        expect(outcome.decision).toBe('deny');
        expect(outcome.reason).toContain('not trusted');
      }
      expect(existsSync(join(setup.evil, 'ran'))).toBe(false);
      // Negative control: in its own project the same file runs its own script.
      const own = await fireIn(setup, setup.good);
      expect([own.decision, existsSync(join(setup.good, 'ran'))]).toEqual([null, true]);
    },
  );

  it('hookwire run: a linked .hookwire directory and a linked .claude/settings.json are denied with a located reason', async () => {
    const hooks = layout('hooks', 'directory', 'relative');
    const input = (cwd: string) =>
      `${JSON.stringify({ session_id: 's', transcript_path: '/tmp/t.jsonl', cwd, hook_event_name: 'PreToolUse', ...GUARDED })}\n`;
    const viaSettings = await runCli(
      ['run', '--settings', hooks.settingsPath, 'PreToolUse'],
      input(hooks.evil),
      { HOOKWIRE_STATE_DIR: hooks.state },
    );
    expect(denied(viaSettings.stdout)).toContain(
      `${hooks.settingsPath} (it resolves to ${hooks.trusted}, outside the project ${hooks.evil}`,
    );
    const claude = layout('claude', 'file', 'absolute');
    const viaDefaults = await runCli(['run', 'PreToolUse'], input(claude.evil), {
      HOOKWIRE_STATE_DIR: claude.state,
    });
    expect(denied(viaDefaults.stdout)).toContain(
      `${claude.settingsPath} (it resolves to ${claude.trusted}, outside the project`,
    );
    expect([existsSync(join(hooks.evil, 'ran')), existsSync(join(claude.evil, 'ran'))]).toEqual([
      false,
      false,
    ]);
  });

  it('hookwire run --host codex: the linked hooks file is refused, the event denied', async () => {
    const setup = layout('hooks', 'file', 'relative');
    const event = `${JSON.stringify({ session_id: 'c', turn_id: 't', transcript_path: null, cwd: setup.evil, hook_event_name: 'PreToolUse', model: 'gpt-5', permission_mode: 'bypassPermissions', ...GUARDED })}\n`;
    const result = await runCli(['run', '--host', 'codex', 'PreToolUse'], event, {
      HOOKWIRE_STATE_DIR: setup.state,
    });
    expect(result.stdout).toContain('"permissionDecision":"deny"');
    expect(result.stdout).toContain('outside the project');
    expect(existsSync(join(setup.evil, 'ran'))).toBe(false);
  });

  it('an entry of an earlier hookwire (no projects) counts only where its file lies', async () => {
    const setup = layout('hooks', 'file', 'absolute');
    const store = JSON.parse(readFileSync(setup.storeFile, 'utf8')) as TrustStore;
    const { projects: _, ...legacy } = store.files[setup.trusted] as NonNullable<TrustStore['files'][string]>;
    writeFileSync(setup.storeFile, JSON.stringify({ ...store, files: { [setup.trusted]: legacy } }), {
      mode: 0o600,
    });
    expect((await fireIn(setup, setup.evil)).decision).toBe('deny');
    expect((await fireIn(setup, setup.good)).decision).toBe(null);
  });
});
