import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { recordTrust } from '../../src/settings/record-trust.js';
import { reviewFile } from '../../src/settings/review-file.js';
import type { ClaudeSettings } from '../../src/settings/settings-schema.js';
import { emptyTrustStore } from '../../src/settings/trust-store.js';

/** A project whose settings file `hookwire run --settings` takes, trusted as `hookwire trust` would. */
export interface TrustedProject {
  readonly project: string;
  readonly settingsFile: string;
  /** The environment whose HOOKWIRE_STATE_DIR holds the trust store that trusts the file. */
  readonly env: NodeJS.ProcessEnv;
  /** The payload line with its cwd moved into the project. */
  inProject(line: string): string;
}

/**
 * Lays out `<root>/<name>-project/settings.json`, the project being the payload's cwd, so `run` checks the
 * file's trust on every event as it does for a project's .hookwire/hooks.json: the figures include that
 * check (docs/trust.md). The state directory (the trust store) lies beside the project, outside it, as for
 * a user: one inside it is refused by design, and the payload's usual cwd, /tmp, would hold `root` itself.
 */
export async function trustedProject(
  root: string,
  name: string,
  settings: ClaudeSettings,
): Promise<TrustedProject> {
  const project = join(root, `${name}-project`);
  mkdirSync(project, { recursive: true });
  const settingsFile = join(project, 'settings.json');
  writeFileSync(settingsFile, JSON.stringify(settings, null, 2));
  const stateDirectory = join(root, `${name}-state`);
  await recordTrust(join(stateDirectory, 'trust.json'), [
    reviewFile(settingsFile, 'explicit', emptyTrustStore()),
  ]);
  return {
    project,
    settingsFile,
    env: { ...process.env, HOOKWIRE_STATE_DIR: stateDirectory },
    inProject: (line) => `${JSON.stringify({ ...(JSON.parse(line) as object), cwd: project })}\n`,
  };
}
