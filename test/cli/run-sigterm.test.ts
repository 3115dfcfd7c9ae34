import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { CLI_RUN_ENTRY } from '../support/cli-entry.js';
import { trustFiles } from '../support/trust-files.js';
import { root } from './run-cli.js';

const directory = mkdtempSync(join(tmpdir(), 'hookwire-run-term-'));
// The state directory lies outside the project (the payload's cwd): a trust store inside it is not believed.
const stateDirectory = mkdtempSync(join(tmpdir(), 'hookwire-run-term-state-'));
afterAll(() => {
  rmSync(directory, { recursive: true, force: true });
  rmSync(stateDirectory, { recursive: true, force: true });
});

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function eventually(check: () => boolean): Promise<boolean> {
  for (let attempt = 0; attempt < 200; attempt++) {
    if (check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return check();
}

it('ends the hooks it started when the host sends it SIGTERM, instead of leaving them running', async () => {
  const pidFile = join(directory, 'pid');
  const settings = join(directory, 'settings.json');
  writeFileSync(
    settings,
    JSON.stringify({
      hooks: {
        PreToolUse: [{ hooks: [{ type: 'command', command: `echo $$ > '${pidFile}'; exec sleep 30` }] }],
      },
    }),
  );
  // The settings file lies in the payload's cwd, the project: `run` needs it trusted (docs/trust.md).
  trustFiles(stateDirectory, [settings]);
  const environment: NodeJS.ProcessEnv = { ...process.env, HOOKWIRE_STATE_DIR: stateDirectory };
  delete environment.HOOKWIRE_RUN_EVENTS;
  const child = spawn(process.execPath, [...CLI_RUN_ENTRY, 'run', '--settings', settings], {
    cwd: root,
    env: environment,
    stdio: ['pipe', 'ignore', 'ignore'],
  });
  const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
  child.stdin.end(
    JSON.stringify({
      hook_event_name: 'PreToolUse',
      session_id: 's',
      cwd: directory,
      tool_name: 'Bash',
      tool_input: {},
      tool_use_id: 't',
    }),
  );
  expect(await eventually(() => existsSync(pidFile) && readFileSync(pidFile, 'utf8').trim() !== '')).toBe(
    true,
  );
  const hookPid = Number(readFileSync(pidFile, 'utf8').trim());
  expect(hookPid).toBeGreaterThan(1);
  child.kill('SIGTERM');
  expect(await exited).toBe(143);
  expect(await eventually(() => !isRunning(hookPid))).toBe(true);
});
