import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { deepAgentsHookSources } from '../../src/hosts/deepagents/deepagents-hook-sources.js';
import { snapshotHooks } from '../../src/hosts/deepagents/hook-snapshot.js';
import { loadHooks } from '../../src/hosts/deepagents/load-hooks.js';
import {
  hooksTrustStorePath,
  type ProjectTrust,
  projectTrustAllows,
  readHooksTrust,
  resolveProjectTrust,
  SessionTrust,
  type TrustAnswer,
  type TrustPolicy,
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

/** Runs the scenario of the trust vector `id`; null when it came out as `expect` says. */
export async function checkTrustScenario(
  id: string,
  expect: Record<string, unknown>,
  tmp: string,
): Promise<string | null> {
  const session = new SessionTrust();
  const asked = { count: 0 };
  const persisted = (w: World, root: string): boolean =>
    Object.hasOwn(readHooksTrust(w.store).projects, root);
  switch (id) {
    case 'trust-concurrent-writes': {
      // Real processes, each trusting its own root in the same store at once.
      const w = world(tmp);
      const roots = Array.from({ length: 6 }, (_, index) => join(tmp, `root-${index}`));
      const module = new URL('../../src/hosts/deepagents/workspace-trust.ts', import.meta.url).href;
      const codes = await Promise.all(
        roots.map(
          (root) =>
            new Promise<number | null>((done) => {
              const script = `const m = await import(${JSON.stringify(module)}); process.exit((await m.trustProjectAlways(${JSON.stringify(w.store)}, ${JSON.stringify(root)})) ? 0 : 1);`;
              const child = spawn(
                process.execPath,
                ['--import', import.meta.resolve('tsx'), '--input-type=module', '-e', script],
                { stdio: 'ignore' },
              );
              child.on('exit', (code) => done(code));
            }),
        ),
      );
      const all = codes.every((code) => code === 0) && roots.every((root) => persisted(w, root));
      return firstDifference(expect['all writes succeed and every root trusted in its store'], all);
    }
    case 'trust-edit-invalidates-session-session':
    case 'trust-edit-invalidates-session-persisted': {
      const w = world(tmp);
      const answer = id.endsWith('-session') ? 'allow_once' : 'always_allow';
      const trust = await w.resolveTrust(asking(answer, asked), session);
      const policy: TrustPolicy = { kind: 'interactive' };
      const before = projectTrustAllows(trust.root, policy, session, w.store);
      writeFileSync(trust.projectFile, JSON.stringify({ hooks: { Stop: [] } }));
      const after = projectTrustAllows(trust.root, policy, session, w.store);
      return firstDifference(
        {
          'allows before edit': expect['allows before edit'],
          after: expect['allows after editing .deepagents/hooks.json'],
        },
        { 'allows before edit': before, after },
      );
    }
    case 'trust-explicit-only': {
      const w = world(tmp);
      const first = await w.resolveTrust(asking('always_allow', asked), session);
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
      const interactive = projectTrustAllows(
        first.root,
        { kind: 'interactive' },
        new SessionTrust(),
        w.store,
      );
      return firstDifference(
        [
          expect['explicit_only(granted=False).allows'],
          expect['explicit_only(granted=True).allows'],
          expect['interactive policy allows (persisted)'],
        ],
        [denied, granted, interactive],
      );
    }
    case 'trust-declined':
    case 'trust-prompt-deny':
    case 'trust-prompt-remember': {
      const w = world(tmp);
      const answer = id === 'trust-prompt-remember' ? 'always_allow' : 'deny';
      const trust = await w.resolveTrust(asking(answer, asked), session);
      const actual: Record<string, unknown> = {
        'allows(root)': projectTrustAllows(trust.root, { kind: 'interactive' }, session, w.store),
      };
      if ('persisted' in expect) actual.persisted = persisted(w, trust.root);
      return firstDifference(expect, actual);
    }
    case 'trust-user-path-collision': {
      const w = world(tmp);
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
    }
    case 'trust-persisted-skips-prompt': {
      const w = world(tmp);
      await w.resolveTrust(asking('always_allow', { count: 0 }), new SessionTrust());
      const trust = await w.resolveTrust(asking('deny', asked), session);
      return firstDifference(expect, { prompted: asked.count > 0, 'allows(root)': trust.trusted });
    }
    case 'trust-app-forwards': {
      const w = world(tmp);
      const trust = await w.resolveTrust(asking('allow_once', asked), session);
      const loaded = loadHooks(deepAgentsHookSources(w.home, trust));
      return firstDifference(
        expect['HooksRuntime.create workspace_trusted'],
        loaded.sources.includes('project'),
      );
    }
    case 'trust-retarget-no-hooks': {
      const w = world(tmp, false);
      const trust = await w.resolveTrust(asking('always_allow', asked), session);
      return firstDifference(expect, {
        'has Stop after retarget': hasStop(w.home, trust),
        prompted: asked.count > 0,
      });
    }
    case 'trust-retarget-before-session': {
      const w = world(tmp);
      await w.resolveTrust(asking('always_allow', { count: 0 }), new SessionTrust());
      const trust = await w.resolveTrust({ kind: 'interactive' }, session);
      return firstDifference(expect, {
        'policy allows target': trust.trusted,
        'has Stop after init': hasStop(w.home, trust),
      });
    }
    case 'trust-retarget-allow_once':
    case 'trust-retarget-always_allow': {
      const w = world(tmp);
      const answer = id.endsWith('allow_once') ? 'allow_once' : 'always_allow';
      const trust = await w.resolveTrust(asking(answer, asked), session);
      return firstDifference(expect, {
        'has Stop': hasStop(w.home, trust),
        'trust allows target': projectTrustAllows(trust.root, { kind: 'interactive' }, session, w.store),
        persisted: persisted(w, trust.root),
      });
    }
    default:
      return `no hookwire check for trust vector ${id} yet`;
  }
}
