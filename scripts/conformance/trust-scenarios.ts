import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, realpathSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { trustDeepAgents } from '../../src/cli/trust/trust-deepagents.js';
import { CodeHooksSession } from '../../src/hosts/deepagents/code-hooks-session.js';
import {
  deepAgentsHookSources,
  loadDeepAgentsHooks,
} from '../../src/hosts/deepagents/deepagents-hook-sources.js';
import { snapshotHooks } from '../../src/hosts/deepagents/hook-snapshot.js';
import { loadHooks } from '../../src/hosts/deepagents/load-hooks.js';
import {
  canonicalProjectRoot,
  hooksTrustStorePath,
  type ProjectTrust,
  projectTrustAllows,
  readHooksTrust,
  resolveProjectTrust,
  SessionTrust,
  type TrustAnswer,
  type TrustPolicy,
  trustProjectAlways,
} from '../../src/hosts/deepagents/workspace-trust.js';
import { firstDifference } from './compare.js';

/*
 * The `trust` vectors are upstream's unit tests of `trust.py` and the runtime that consults it; each is
 * replayed here as the same scenario on hookwire's trust module and store: a home, a project (a git root
 * with a `.deepagents/hooks.json` holding a Stop hook), the answers a prompt gives.
 */

const STOP_DOCUMENT = { hooks: { Stop: [{ hooks: [{ type: 'command', command: 'true' }] }] } };

interface World {
  readonly home: string;
  readonly project: string;
  readonly store: string;
  /** The project's trust as a session at its root resolves it under `policy`. */
  resolveTrust(policy: TrustPolicy, session: SessionTrust): Promise<ProjectTrust>;
}

function world(tmp: string, withProjectHooks = true): World {
  const home = join(tmp, 'home');
  const project = join(tmp, 'project');
  mkdirSync(join(home, '.deepagents'), { recursive: true });
  mkdirSync(join(project, '.git'), { recursive: true });
  if (withProjectHooks) {
    mkdirSync(join(project, '.deepagents'), { recursive: true });
    writeFileSync(join(project, '.deepagents', 'hooks.json'), JSON.stringify(STOP_DOCUMENT));
  }
  return {
    home,
    project,
    store: hooksTrustStorePath(home),
    resolveTrust: (policy, session) => resolveProjectTrust({ cwd: project, home, policy, session }),
  };
}

const asking = (answer: TrustAnswer, asked: { count: number }): TrustPolicy => ({
  kind: 'interactive',
  prompt: () => {
    asked.count += 1;
    return answer;
  },
});

function hasStop(home: string, trust: ProjectTrust): boolean {
  const loaded = loadHooks(deepAgentsHookSources(home, trust));
  return (snapshotHooks(loaded.config).handlers.Stop ?? []).length > 0;
}

type Scenario = (expect: Record<string, unknown>, tmp: string, param: string) => Promise<string | null>;

const persistedIn = (store: string, root: string): boolean =>
  Object.hasOwn(readHooksTrust(store).projects, root);

/** A project at `root` (a git root unless `git` is false) with a Stop hook in `.deepagents/hooks.json`. */
function projectAt(root: string, git = true): string {
  mkdirSync(join(root, git ? '.git' : '.deepagents'), { recursive: true });
  mkdirSync(join(root, '.deepagents'), { recursive: true });
  writeFileSync(join(root, '.deepagents', 'hooks.json'), JSON.stringify(STOP_DOCUMENT));
  return root;
}

const allowsAt = (cwd: string, policy: TrustPolicy, session: SessionTrust, store: string): boolean =>
  projectTrustAllows(canonicalProjectRoot(cwd), policy, session, store);

/** The answer a parametrization names: REMEMBER / always_allow, ALLOW_ONCE / allow_once, DENY. */
function answerOf(param: string): TrustAnswer {
  const first = param.split('-')[0]?.toLowerCase() ?? '';
  if (first === 'remember' || first === 'always_allow') return 'always_allow';
  if (first === 'allow_once') return 'allow_once';
  return 'deny';
}

/** upstream's test_trust.py, one scenario per test function (its parameters read from the source). */
const EARLIER_TRUST_SCENARIOS: Readonly<Record<string, Scenario>> = {
  async test_concurrent_writes_across_stores_preserve_every_entry(expect, tmp) {
    // Real processes, each trusting its own root in one of two stores at once.
    const roots = Array.from({ length: 8 }, (_, index) => projectAt(join(tmp, `project-${index}`)));
    const stores = [join(tmp, 'state-a', 'trust.json'), join(tmp, 'state-b', 'trust.json')];
    const storeOf = (index: number): string => stores[index % stores.length] as string;
    const module = new URL('../../src/hosts/deepagents/workspace-trust.ts', import.meta.url).href;
    const codes = await Promise.all(
      roots.map(
        (root, index) =>
          new Promise<number | null>((done) => {
            const script = `const m = await import(${JSON.stringify(module)}); process.exit((await m.trustProjectAlways(${JSON.stringify(storeOf(index))}, ${JSON.stringify(root)})) ? 0 : 1);`;
            const child = spawn(
              process.execPath,
              ['--import', import.meta.resolve('tsx'), '--input-type=module', '-e', script],
              { stdio: 'ignore' },
            );
            child.on('exit', (code) => done(code));
          }),
      ),
    );
    const all =
      codes.every((code) => code === 0) && roots.every((root, index) => persistedIn(storeOf(index), root));
    return firstDifference(expect['all writes succeed and every root trusted in its store'] ?? true, all);
  },

  async test_trust_persists_under_canonical_key(expect, tmp) {
    const root = projectAt(join(tmp, 'project'));
    const store = join(tmp, 'state', 'hooks_trust.json');
    const written = await trustProjectAlways(store, canonicalProjectRoot(join(root, '.')));
    return firstDifference(pick(expect, { written: true, trusted: true, other: false, mode: '0o600' }), {
      written,
      trusted: allowsAt(root, { kind: 'interactive' }, new SessionTrust(), store),
      other: allowsAt(join(tmp, 'other'), { kind: 'interactive' }, new SessionTrust(), store),
      mode: `0o${(statSync(store).mode & 0o777).toString(8)}`,
    });
  },

  async test_corrupt_store_fails_closed_without_overwrite(expect, tmp) {
    return corruptStore(expect, tmp, Buffer.from('{invalid'));
  },

  async test_non_utf8_store_fails_closed_without_overwrite(expect, tmp) {
    return corruptStore(
      expect,
      tmp,
      Buffer.from([...Buffer.from('{"version": 1, "projects": {"'), 0xff, 0xfe, ...Buffer.from('": {}}}')]),
    );
  },

  async test_trust_is_resolved_per_workspace(expect, tmp) {
    const trusted = projectAt(join(tmp, 'trusted'));
    const untrusted = projectAt(join(tmp, 'untrusted'));
    const store = join(tmp, 'state', 'hooks_trust.json');
    await trustProjectAlways(store, canonicalProjectRoot(trusted));
    const nested = join(trusted, 'src');
    mkdirSync(nested);
    const policy: TrustPolicy = { kind: 'interactive' };
    const session = new SessionTrust();
    return firstDifference(pick(expect, { trusted: true, nested: true, untrusted: false }), {
      trusted: allowsAt(trusted, policy, session, store),
      nested: allowsAt(nested, policy, session, store),
      untrusted: allowsAt(untrusted, policy, session, store),
    });
  },

  async test_session_grant_does_not_extend_to_other_workspaces(expect, tmp) {
    const granted = projectAt(join(tmp, 'granted'));
    const other = projectAt(join(tmp, 'other'));
    const store = join(tmp, 'state', 'hooks_trust.json');
    const session = new SessionTrust();
    session.allowOnce(canonicalProjectRoot(granted));
    const policy: TrustPolicy = { kind: 'interactive' };
    return firstDifference(pick(expect, { granted: true, other: false, persisted: false }), {
      granted: allowsAt(granted, policy, session, store),
      other: allowsAt(other, policy, session, store),
      persisted: persistedIn(store, canonicalProjectRoot(granted)),
    });
  },

  async test_project_hook_edits_invalidate_only_session_grants(expect, tmp, param) {
    const w = world(tmp);
    const session = new SessionTrust();
    const persisted = param === 'True' || param === 'persisted';
    const trust = await w.resolveTrust(
      asking(persisted ? 'always_allow' : 'allow_once', { count: 0 }),
      session,
    );
    const policy: TrustPolicy = { kind: 'interactive' };
    const before = projectTrustAllows(trust.root, policy, session, w.store);
    writeFileSync(
      trust.projectFile,
      JSON.stringify({ hooks: { SessionEnd: [{ hooks: [{ type: 'command', command: 'true' }] }] } }),
    );
    const after = projectTrustAllows(trust.root, policy, session, w.store);
    return firstDifference(
      {
        before: expect['allows before edit'] ?? true,
        after: expect['allows after editing .deepagents/hooks.json'] ?? persisted,
      },
      { before, after },
    );
  },

  async test_explicit_only_policy_ignores_persisted_trust(expect, tmp) {
    const w = world(tmp);
    const session = new SessionTrust();
    const first = await w.resolveTrust(asking('always_allow', { count: 0 }), session);
    const denied = projectTrustAllows(
      first.root,
      { kind: 'explicit_only', granted: false },
      session,
      w.store,
    );
    const granted = projectTrustAllows(
      first.root,
      { kind: 'explicit_only', granted: true },
      session,
      w.store,
    );
    const interactive = projectTrustAllows(first.root, { kind: 'interactive' }, new SessionTrust(), w.store);
    return firstDifference(
      [
        expect['explicit_only(granted=False).allows'] ?? false,
        expect['explicit_only(granted=True).allows'] ?? true,
        expect['interactive policy allows (persisted)'] ?? true,
      ],
      [denied, granted, interactive],
    );
  },

  async test_headless_manager_ignores_persisted_trust(expect, tmp) {
    // The headless policy (explicit only) loads the project's Stop hook only when granted.
    const w = world(tmp);
    await trustProjectAlways(w.store, canonicalProjectRoot(w.project));
    const stopWith = async (granted: boolean): Promise<boolean> =>
      hasStop(
        w.home,
        await resolveProjectTrust({
          cwd: w.project,
          home: w.home,
          policy: { kind: 'explicit_only', granted },
          session: new SessionTrust(),
        }),
      );
    return firstDifference(pick(expect, { 'opted out has Stop': false, 'opted in has Stop': true }), {
      'opted out has Stop': await stopWith(false),
      'opted in has Stop': await stopWith(true),
    });
  },

  async test_cwd_retarget_explicit_only_policy_never_prompts(expect, tmp) {
    const w = world(tmp);
    const trust = await resolveProjectTrust({
      cwd: w.project,
      home: w.home,
      policy: { kind: 'explicit_only', granted: false },
      session: new SessionTrust(),
    });
    return firstDifference(pick(expect, { prompted: false, 'has Stop': false }), {
      prompted: trust.prompted,
      'has Stop': hasStop(w.home, trust),
    });
  },

  async test_non_git_workspace_without_hooks_skips_prompt(expect, tmp) {
    const home = join(tmp, 'home');
    const cwd = join(tmp, 'plain');
    mkdirSync(cwd, { recursive: true });
    const asked = { count: 0 };
    const trust = await resolveProjectTrust({
      cwd,
      home,
      policy: asking('always_allow', asked),
      session: new SessionTrust(),
    });
    return firstDifference(pick(expect, { prompted: false, allows: false }), {
      prompted: asked.count > 0,
      allows: trust.trusted,
    });
  },

  async test_declined_trust_resolves_to_untrusted_everywhere(expect, tmp) {
    return promptAnswered(expect, tmp, 'deny');
  },

  async test_interactive_prompt_applies_selected_action(expect, tmp, param) {
    return promptAnswered(expect, tmp, answerOf(param));
  },

  async test_user_hooks_path_collision_skips_prompt(expect, tmp) {
    const w = world(tmp);
    const asked = { count: 0 };
    const session = new SessionTrust();
    mkdirSync(join(w.home, '.git'), { recursive: true });
    writeFileSync(join(w.home, '.deepagents', 'hooks.json'), JSON.stringify(STOP_DOCUMENT));
    const trust = await resolveProjectTrust({
      cwd: w.home,
      home: w.home,
      policy: asking('always_allow', asked),
      session,
    });
    const loaded = loadHooks(deepAgentsHookSources(w.home, trust));
    if (loaded.sources.join(',') !== 'user')
      return `sources: expected [user], got ${JSON.stringify(loaded.sources)}`;
    return firstDifference(expect, {
      prompted: asked.count > 0,
      'allows(home)': projectTrustAllows(trust.root, { kind: 'interactive' }, session, w.store),
    });
  },

  async test_persisted_trust_skips_prompt(expect, tmp) {
    const w = world(tmp);
    const asked = { count: 0 };
    await w.resolveTrust(asking('always_allow', { count: 0 }), new SessionTrust());
    const trust = await w.resolveTrust(asking('deny', asked), new SessionTrust());
    return firstDifference(expect, { prompted: asked.count > 0, 'allows(root)': trust.trusted });
  },

  async test_textual_app_forwards_hook_trust(expect, tmp) {
    const w = world(tmp);
    const trust = await w.resolveTrust(asking('allow_once', { count: 0 }), new SessionTrust());
    const loaded = loadHooks(deepAgentsHookSources(w.home, trust));
    return firstDifference(
      expect['HooksRuntime.create workspace_trusted'] ?? true,
      loaded.sources.includes('project'),
    );
  },

  async test_cwd_retarget_without_project_hooks_reloads_without_prompt(expect, tmp) {
    const w = world(tmp, false);
    const asked = { count: 0 };
    const trust = await w.resolveTrust(asking('always_allow', asked), new SessionTrust());
    return firstDifference(expect, {
      'has Stop after retarget': hasStop(w.home, trust),
      prompted: asked.count > 0,
    });
  },

  async test_launch_cwd_retarget_updates_policy_before_session_state_exists(expect, tmp) {
    const w = world(tmp);
    await w.resolveTrust(asking('always_allow', { count: 0 }), new SessionTrust());
    const trust = await w.resolveTrust({ kind: 'interactive' }, new SessionTrust());
    return firstDifference(expect, {
      'policy allows target': trust.trusted,
      'has Stop after init': hasStop(w.home, trust),
    });
  },

  async test_cwd_retarget_grants_project_hooks_from_prompt(expect, tmp, param) {
    const w = world(tmp);
    const session = new SessionTrust();
    const trust = await w.resolveTrust(asking(answerOf(param), { count: 0 }), session);
    return firstDifference(expect, {
      'has Stop': hasStop(w.home, trust),
      'trust allows target': projectTrustAllows(trust.root, { kind: 'interactive' }, session, w.store),
      persisted: persistedIn(w.store, trust.root),
    });
  },
};

/** A session loading the project of `cwd` in `home` as `deepAgentsCodeHooks` does: does it have Stop? */
async function sessionHas(
  home: string,
  cwd: string,
  event: 'Stop' | 'SessionEnd',
  trustProjectHooks?: boolean,
): Promise<boolean> {
  const session = new CodeHooksSession({
    home,
    cwd,
    plugins: [],
    transcriptRoot: join(home, 'transcripts'),
    ...(trustProjectHooks === undefined ? {} : { trustProjectHooks }),
  });
  return session.handles(event);
}

/** `projectAt` with a hook on `event` instead of Stop. */
function rewriteHooks(root: string, event: string): void {
  writeFileSync(
    join(root, '.deepagents', 'hooks.json'),
    JSON.stringify({ hooks: { [event]: [{ hooks: [{ type: 'command', command: 'true' }] }] } }),
  );
}

const loadedHas = (home: string, trust: ProjectTrust, event: 'Stop' | 'SessionEnd'): boolean =>
  (snapshotHooks(loadDeepAgentsHooks(home, trust).config).handlers[event] ?? []).length > 0;

/** The trust tests of the runtime, the manager and the prompt that the earlier round left unchecked. */
const MORE_TRUST_SCENARIOS: Readonly<Record<string, Scenario>> = {
  async test_runtime_loads_project_hooks_only_when_trusted(expect, tmp) {
    const w = world(tmp);
    const cwd = join(w.project, 'src');
    mkdirSync(cwd);
    return firstDifference(expect, {
      'trusted has Stop': await sessionHas(w.home, cwd, 'Stop', true),
      'untrusted has Stop': await sessionHas(w.home, cwd, 'Stop', false),
    });
  },

  async test_runtime_refuses_loaded_project_hooks_without_trust(expect, tmp) {
    // hookwire's session is frozen at load: trust cannot be withdrawn from a loaded one. The property the
    // test guards, that an untrusted session never runs a project hook, is checked on a session created so.
    const w = world(tmp);
    const session = new CodeHooksSession({
      home: w.home,
      cwd: w.project,
      plugins: [],
      trustProjectHooks: false,
      transcriptRoot: join(tmp, 'transcripts'),
    });
    const decision = await session.invoke(
      'Stop',
      { continuation_count: 0, last_assistant_message: 'done' },
      { thread: 'thread' },
    );
    return firstDifference(expect, { 'untrusted Stop runs a project hook': decision !== null });
  },

  async test_explicit_trust_allows_non_git_project_hooks(expect, tmp) {
    const home = join(tmp, 'home');
    const root = projectAt(join(tmp, 'project'), false);
    const asked = { count: 0 };
    const trust = await resolveProjectTrust({
      cwd: root,
      home,
      policy: { kind: 'explicit_only', granted: true },
      session: new SessionTrust(),
    });
    return firstDifference(expect, {
      prompted: asked.count > 0,
      'allows(root)': trust.trusted && trust.root === realpathSync(root),
      'has Stop': await sessionHas(home, root, 'Stop', true),
    });
  },

  async test_prompt_renders_paths_containing_markup(expect, tmp) {
    const home = join(tmp, 'home');
    const root = projectAt(join(tmp, 'proj[bold]x'));
    let out = '';
    const code = await trustDeepAgents({
      projectDir: root,
      once: false,
      yes: true,
      list: false,
      revoke: false,
      env: { HOME: home },
      out: (text) => (out += text),
      err: (text) => (out += text),
      interactive: false,
    });
    return firstDifference(expect, {
      'exit code': code,
      'shows the path verbatim': out.includes('proj[bold]x'),
      'shows the project hooks path': out.includes(join(root, '.deepagents', 'hooks.json')),
    });
  },

  async test_textual_app_defaults_to_untrusted_without_a_policy(expect, tmp) {
    // No `trustProjectHooks` and nothing in the store: the interactive policy without a prompt (a library
    // has no terminal to ask on) leaves the project untrusted.
    const w = world(tmp);
    return firstDifference(expect, { workspace_trusted: await sessionHas(w.home, w.project, 'Stop') });
  },

  async test_manager_rejects_project_hooks_changed_after_trust_check(expect, tmp) {
    const w = world(tmp);
    const session = new SessionTrust();
    session.allowOnce(w.project);
    const trust = await w.resolveTrust({ kind: 'interactive' }, session);
    // The file changes between the trust check and the load: the load reads other bytes.
    rewriteHooks(w.project, 'SessionEnd');
    return firstDifference(expect, {
      'trusted at check': trust.trusted,
      'has Stop': loadedHas(w.home, trust, 'Stop'),
      'has SessionEnd': loadedHas(w.home, trust, 'SessionEnd'),
    });
  },

  async test_reload_drops_project_hooks_when_leaving_trusted_workspace(expect, tmp) {
    const home = join(tmp, 'home');
    const trusted = projectAt(join(tmp, 'trusted'));
    const untrusted = projectAt(join(tmp, 'untrusted'));
    const session = new SessionTrust();
    session.allowOnce(realpathSync(trusted));
    const resolve = (cwd: string) =>
      resolveProjectTrust({ cwd, home, policy: { kind: 'interactive' }, session });
    const before = await resolve(trusted);
    const after = await resolve(untrusted);
    return firstDifference(expect, {
      'has Stop before': hasStop(home, before),
      'has Stop after reload': hasStop(home, after),
    });
  },

  async test_reload_picks_up_trust_when_entering_trusted_workspace(expect, tmp) {
    const home = join(tmp, 'home');
    const untrusted = projectAt(join(tmp, 'untrusted'));
    const trusted = projectAt(join(tmp, 'trusted'));
    const stored = await trustProjectAlways(hooksTrustStorePath(home), realpathSync(trusted));
    const session = new SessionTrust();
    const resolve = (cwd: string) =>
      resolveProjectTrust({ cwd, home, policy: { kind: 'interactive' }, session });
    return firstDifference(expect, {
      stored,
      'has Stop before': hasStop(home, await resolve(untrusted)),
      'has Stop after reload': hasStop(home, await resolve(trusted)),
    });
  },

  async test_cwd_retarget_rejects_allow_once_when_file_changes_during_prompt(expect, tmp) {
    const w = world(tmp);
    const session = new SessionTrust();
    const trust = await w.resolveTrust(
      {
        kind: 'interactive',
        prompt: () => {
          rewriteHooks(w.project, 'SessionEnd');
          return 'allow_once';
        },
      },
      session,
    );
    return firstDifference(expect, {
      'trust allows target': projectTrustAllows(trust.root, { kind: 'interactive' }, session, w.store),
      'has SessionEnd': loadedHas(w.home, trust, 'SessionEnd'),
    });
  },

  async test_cwd_retarget_prompt_failure_fails_closed(expect, tmp) {
    const w = world(tmp);
    const session = new SessionTrust();
    const trust = await w.resolveTrust(
      {
        kind: 'interactive',
        prompt: () => {
          throw new Error('screen unavailable');
        },
      },
      session,
    );
    return firstDifference(expect, {
      'has Stop': loadedHas(w.home, trust, 'Stop'),
      'trust allows target': projectTrustAllows(trust.root, { kind: 'interactive' }, session, w.store),
      'notified once with': trust.promptFailed ?? null,
    });
  },
};

/** The keys of `defaults` the vector's `expect` states, with its values; all of them when it states none. */
function pick(expect: Record<string, unknown>, defaults: Record<string, unknown>): Record<string, unknown> {
  const stated = Object.keys(defaults).filter((key) => key in expect);
  if (stated.length === 0) return defaults;
  return Object.fromEntries(
    Object.keys(defaults).map((key) => [key, key in expect ? expect[key] : defaults[key]]),
  );
}

/** A store holding `bytes`: it trusts nothing, refuses a write, and keeps its bytes. */
async function corruptStore(
  expect: Record<string, unknown>,
  tmp: string,
  bytes: Buffer,
): Promise<string | null> {
  const root = projectAt(join(tmp, 'project'));
  const store = join(tmp, 'hooks_trust.json');
  writeFileSync(store, bytes);
  const trusted = allowsAt(root, { kind: 'interactive' }, new SessionTrust(), store);
  const written = await trustProjectAlways(store, canonicalProjectRoot(root));
  return firstDifference(pick(expect, { trusted: false, written: false, unchanged: true }), {
    trusted,
    written,
    unchanged: readFileSync(store).equals(bytes),
  });
}

/** The trust prompt answered `answer`: whether the root is allowed and whether that was persisted. */
async function promptAnswered(
  expect: Record<string, unknown>,
  tmp: string,
  answer: TrustAnswer,
): Promise<string | null> {
  const w = world(tmp);
  const session = new SessionTrust();
  const trust = await w.resolveTrust(asking(answer, { count: 0 }), session);
  const actual: Record<string, unknown> = {
    'allows(root)': projectTrustAllows(trust.root, { kind: 'interactive' }, session, w.store),
  };
  if ('persisted' in expect) actual.persisted = persistedIn(w.store, trust.root);
  return firstDifference(expect, actual);
}

/** upstream's test_trust.py, one scenario per test function. */
export const TRUST_SCENARIOS: Readonly<Record<string, Scenario>> = {
  ...EARLIER_TRUST_SCENARIOS,
  ...MORE_TRUST_SCENARIOS,
};

/** Runs the scenario of a trust vector's upstream test; null when it came out as `expect` says. */
export async function checkTrustScenario(
  test: string,
  param: string,
  expect: Record<string, unknown>,
  tmp: string,
): Promise<string | null> {
  const scenario = TRUST_SCENARIOS[test];
  if (scenario === undefined) return `no hookwire check for the upstream test ${test} (trust) yet`;
  return scenario(expect, tmp, param);
}
