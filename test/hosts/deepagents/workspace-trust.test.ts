import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadDeepAgentsHooks } from '../../../src/hosts/deepagents/deepagents-hook-sources.js';
import { snapshotHooks } from '../../../src/hosts/deepagents/hook-snapshot.js';
import {
  hooksTrustStorePath,
  readHooksTrust,
  resolveProjectTrust,
  SessionTrust,
  type TrustAnswer,
  trustProjectAlways,
} from '../../../src/hosts/deepagents/workspace-trust.js';

const made: string[] = [];
afterEach(() => {
  for (const directory of made.splice(0)) rmSync(directory, { recursive: true, force: true });
});

function home(): string {
  const directory = mkdtempSync(join(tmpdir(), 'hookwire-da-trust-'));
  made.push(directory);
  return directory;
}

describe("Deep Agents Code's hooks trust store", () => {
  it("is written in upstream's format: sorted keys, a trailing newline, 0600 in 0700", async () => {
    const store = hooksTrustStorePath(home());
    expect(await trustProjectAlways(store, '/b/project', new Date('2026-08-01T10:00:00.123Z'))).toBe(true);
    expect(await trustProjectAlways(store, '/a/project', new Date('2026-08-01T10:00:00.123Z'))).toBe(true);
    const text = readFileSync(store, 'utf8');
    expect(text.endsWith('}\n')).toBe(true);
    expect(Object.keys(JSON.parse(text).projects)).toEqual(['/a/project', '/b/project']);
    expect(JSON.parse(text).projects['/a/project']).toEqual({
      trusted_at: '2026-08-01T10:00:00.123000+00:00',
    });
    expect(statSync(store).mode & 0o777).toBe(0o600);
    expect(statSync(join(store, '..')).mode & 0o777).toBe(0o700);
  });

  it("writes past the lock file upstream's FileLock leaves behind", async () => {
    const store = hooksTrustStorePath(home());
    mkdirSync(join(store, '..'), { recursive: true });
    writeFileSync(`${store}.lock`, '');
    const past = new Date(Date.now() - 60_000);
    utimesSync(`${store}.lock`, past, past);
    expect(await trustProjectAlways(store, '/project')).toBe(true);
    expect(Object.keys(readHooksTrust(store).projects)).toEqual(['/project']);
  });

  it('never overwrites a store it cannot read', async () => {
    const store = hooksTrustStorePath(home());
    mkdirSync(join(store, '..'), { recursive: true });
    writeFileSync(store, '{"version": 2, "projects": {}}');
    expect(await trustProjectAlways(store, '/project')).toBe(false);
    expect(readFileSync(store, 'utf8')).toBe('{"version": 2, "projects": {}}');
    expect(readHooksTrust(store)).toEqual({ projects: {}, corrupt: true });
  });
});

/*
 * docs/trust.md, "A Deep Agents project's hooks load only with the bytes that were trusted": exhaustive over
 * the answers (allow once, always allow, deny) and the moments the file changes (never, while the prompt is
 * open, between the trust check and the load). Negative control: nothing changes, and a grant loads.
 */
describe('Deep Agents project hooks load only with the bytes that were trusted', () => {
  const answers: TrustAnswer[] = ['allow_once', 'always_allow', 'deny'];
  const moments = ['never', 'during the prompt', 'after the check'] as const;
  const document = (event: string) =>
    JSON.stringify({ hooks: { [event]: [{ hooks: [{ type: 'command', command: 'true' }] }] } });
  for (const answer of answers)
    for (const moment of moments)
      it(`${answer}, the file changed ${moment}`, async () => {
        const base = home();
        const project = join(base, 'project');
        mkdirSync(join(project, '.git'), { recursive: true });
        mkdirSync(join(project, '.deepagents'), { recursive: true });
        const file = join(project, '.deepagents', 'hooks.json');
        writeFileSync(file, document('Stop'));
        const trust = await resolveProjectTrust({
          cwd: project,
          home: join(base, 'home'),
          session: new SessionTrust(),
          policy: {
            kind: 'interactive',
            prompt: () => {
              if (moment === 'during the prompt') writeFileSync(file, document('SessionEnd'));
              return answer;
            },
          },
        });
        if (moment === 'after the check') writeFileSync(file, document('SessionEnd'));
        const handlers = snapshotHooks(loadDeepAgentsHooks(join(base, 'home'), trust).config).handlers;
        const loaded = Object.keys(handlers).filter((event) => (handlers[event as 'Stop']?.length ?? 0) > 0);
        // "Always allow" trusts the root's path, as upstream's does: later edits are trusted too.
        const expected =
          answer === 'deny'
            ? []
            : moment === 'never'
              ? ['Stop']
              : answer === 'always_allow'
                ? ['SessionEnd']
                : [];
        expect(loaded).toEqual(expected);
      });
});
