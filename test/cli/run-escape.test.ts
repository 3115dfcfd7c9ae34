import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { eventually, processIsRunning } from '../run/make-request.js';
import { hookInput, runCli } from './run-cli.js';

/*
 * `hookwire run` closes its engine after every event. A daemon that a hook detached (setsid) and exited
 * normally is left running, as Claude Code leaves it; the same daemon of a hook that timed out is killed.
 */

const escapeFixture = (name: string) => fileURLToPath(new URL(`../fixtures/escape/${name}`, import.meta.url));
const directory = mkdtempSync(join(tmpdir(), 'hookwire-run-escape-'));
const daemons: number[] = [];
afterAll(() => {
  for (const pid of daemons) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // Gone, as most should be.
    }
  }
  rmSync(directory, { recursive: true, force: true });
});

let settingsFiles = 0;
function settingsWith(pidFile: string, mode: 'exit' | 'hang', timeout = 1): string {
  const file = join(directory, `settings-${++settingsFiles}-${mode}.json`);
  const hook = { type: 'command', command: escapeFixture('setsid.sh'), args: [pidFile, mode], timeout };
  writeFileSync(file, JSON.stringify({ hooks: { Stop: [{ hooks: [hook] }] } }));
  return file;
}

describe.runIf(process.platform === 'linux')('hookwire run and detached daemons', () => {
  it('leaves the daemon of a hook that exited normally, kills the daemon of a hook that timed out', async () => {
    const kept = join(directory, 'kept.pid');
    const first = await runCli(
      ['run', '--settings', settingsWith(kept, 'exit')],
      hookInput('Stop', { stop_hook_active: false }),
    );
    expect(first.code).toBe(0);
    const keptPid = Number(readFileSync(kept, 'utf8'));
    daemons.push(keptPid);
    expect(processIsRunning(keptPid)).toBe(true);

    // The hook's timeout runs in the hookwire process, which this test cannot hold: a run whose fixture had
    // not written its pid by then (a starved machine) proves nothing, so it runs again with twice the time.
    let killed = '';
    for (let timeout = 1; ; timeout *= 2) {
      killed = join(directory, `killed-${timeout}.pid`);
      const second = await runCli(
        ['run', '--settings', settingsWith(killed, 'hang', timeout)],
        hookInput('Stop', { stop_hook_active: false }),
      );
      expect(second.code).toBe(0);
      if (existsSync(killed) || timeout >= 16) break;
    }
    const killedPid = Number(readFileSync(killed, 'utf8'));
    daemons.push(killedPid);
    expect(await eventually(() => !processIsRunning(killedPid))).toBe(true);
    expect(processIsRunning(keptPid)).toBe(true);
  }, 120_000);
});
