import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  hooksTrustStorePath,
  readHooksTrust,
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
