/*
 * Acceptance: hooks published by others (test/fixtures/acceptance/*, each README names its source), tried as a
 * new user would, give the verdicts their authors intended under the protocol. Every case fires through the
 * library; the ones marked `throughCli` also run as a real `hookwire fire --json` process.
 */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, it } from 'vitest';
import { createEngine } from '../../src/index.js';
import type { Outcome } from '../../src/outcome/outcome.js';
import { type AcceptanceCase, acceptanceCases, nothingDecided, type Verdict } from './acceptance-cases.js';
import {
  createProject,
  fireThroughCli,
  observedPayload,
  type Project,
  repositoryRoot,
  settingsPath,
  temporaryRoot,
} from './acceptance-project.js';

const root = temporaryRoot();
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** The parts of an outcome that `Verdict` covers. */
function verdictOf(outcome: Outcome): Verdict {
  return {
    decision: outcome.decision,
    reason: outcome.reason,
    continue: outcome.continue,
    systemMessages: outcome.systemMessages,
    additionalContext: outcome.additionalContext,
    updatedInput: outcome.updatedInput,
    hookSpecificOutput: outcome.hookSpecificOutput,
    statuses: outcome.runs.map((run) => run.status),
  };
}

function prepared(acceptanceCase: AcceptanceCase): { project: Project; payload: Record<string, unknown> } {
  const project = createProject(root);
  acceptanceCase.prepare?.(project);
  return { project, payload: observedPayload(acceptanceCase.event, project, acceptanceCase.fields(project)) };
}

async function fireThroughLibrary(
  acceptanceCase: AcceptanceCase,
  project: Project,
  payload: Record<string, unknown>,
) {
  const engine = await createEngine({
    cwd: project.directory,
    projectDir: repositoryRoot,
    settings: [settingsPath(acceptanceCase.hook, acceptanceCase.settings)],
    homeDir: project.home,
    managedSettingsPath: join(project.home, 'managed-settings.json'),
    deepAgentsPath: join(project.home, '.deepagents', 'hooks.json'),
    env: { HOME: project.home },
  });
  try {
    return await engine.fire(acceptanceCase.event, payload);
  } finally {
    await engine.close();
  }
}

const titled = (acceptanceCase: AcceptanceCase) =>
  `${acceptanceCase.hook} ${acceptanceCase.event}: ${acceptanceCase.title}${
    acceptanceCase.knownGap === undefined ? '' : ` (known gap: ${acceptanceCase.knownGap})`
  }`;

// Cases are independent (own project, own engine); running them side by side keeps npm-based Stop hooks cheap.
describe.concurrent('real-world hooks through the library', () => {
  for (const acceptanceCase of acceptanceCases) {
    const test = acceptanceCase.knownGap === undefined ? it : it.fails;
    test(titled(acceptanceCase), async ({ expect }) => {
      const { project, payload } = prepared(acceptanceCase);
      const outcome = await fireThroughLibrary(acceptanceCase, project, payload);
      expect(verdictOf(outcome)).toEqual({ ...nothingDecided, ...acceptanceCase.intended(project) });
      acceptanceCase.effects?.(project);
    });
  }
});

describe.concurrent('real-world hooks through `hookwire fire --json`', () => {
  for (const acceptanceCase of acceptanceCases.filter((each) => each.throughCli)) {
    it(titled(acceptanceCase), async ({ expect }) => {
      const { project, payload } = prepared(acceptanceCase);
      const run = await fireThroughCli(
        acceptanceCase.event,
        settingsPath(acceptanceCase.hook, acceptanceCase.settings),
        payload,
        project,
      );
      expect({ code: run.code, stderr: run.stderr }).toEqual({ code: 0, stderr: '' });
      expect(verdictOf(JSON.parse(run.stdout))).toEqual({
        ...nothingDecided,
        ...acceptanceCase.intended(project),
      });
      acceptanceCase.effects?.(project);
    });
  }
});
