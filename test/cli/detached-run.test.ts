import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { catchAllCommand } from '../../src/cli/init/catch-all-command.js';
import { root } from './run-cli.js';

const temporary = mkdtempSync(join(tmpdir(), 'hookwire-detached-'));
afterAll(() => rmSync(temporary, { recursive: true, force: true }));

const fakeHookwire = join(root, 'test/fixtures/cli/hooks/fake-hookwire.sh');
const payload = `${JSON.stringify({ hook_event_name: 'StopFailure', error: 'server_error', pad: 'x'.repeat(200_000) })}\n`;

/**
 * Runs a catch-all command as Claude Code runs a hook (`/bin/sh -c`, a process group of its own, the
 * payload on stdin), waits for the hook to exit, then ends its group as Claude Code does at the end of a
 * session (SIGTERM, SIGKILL 1.5 s later); resolves with what the fake hookwire recorded once it has finished.
 */
async function runAsHook(command: string, name: string, path = process.env.PATH) {
  const out = join(temporary, name);
  const scratch = join(temporary, `${name}-tmp`);
  mkdirSync(scratch);
  const hook = spawn('/bin/sh', ['-c', command], {
    detached: true,
    stdio: ['pipe', 'pipe', 'pipe'],
    env: { ...process.env, PATH: path, TMPDIR: scratch, FAKE_HOOKWIRE_OUT: out },
  });
  hook.stdin.end(payload);
  let output = '';
  hook.stdout.on('data', (chunk) => (output += chunk));
  hook.stderr.on('data', (chunk) => (output += chunk));
  const code = await new Promise<number | null>((resolve) => hook.on('close', resolve));
  const group = hook.pid as number;
  for (const [signal, after] of [
    ['SIGTERM', 0],
    ['SIGKILL', 1500],
  ] as const) {
    await new Promise((resolve) => setTimeout(resolve, after));
    try {
      process.kill(-group, signal);
    } catch {
      // The group is empty: the detached run has left it.
    }
  }
  for (let waited = 0; !existsSync(out) && waited < 10_000; waited += 50) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const record = Object.fromEntries(
    readFileSync(out, 'utf8')
      .trim()
      .split('\n')
      .map((line) => line.split('=', 2) as [string, string]),
  );
  const stdin = readFileSync(`${out}.stdin`, 'utf8');
  return { code, output, group, record, stdin, leftInTmp: readdirSync(scratch) };
}

describe.skipIf(process.platform !== 'linux')(
  'the detached catch-all of an event the host does not wait for',
  () => {
    const command = catchAllCommand('StopFailure', { hookwire: fakeHookwire, hooksFile: 'hooks.json' });

    it('exits at once and runs hookwire in a session of its own, with the whole payload on stdin', async () => {
      const result = await runAsHook(command, 'setsid');
      expect(result.code).toBe(0);
      expect(result.output).toBe('');
      expect(result.record.args).toBe('run --settings hooks.json StopFailure');
      expect(result.record.session).toBe(result.record.pgrp);
      expect(result.record.pgrp).not.toBe(String(result.group));
      expect(result.stdin).toBe(payload);
      expect(result.leftInTmp).toEqual([]);
    });

    it('falls back to perl where setsid is missing', async () => {
      const bin = join(temporary, 'bin');
      rmSync(bin, { recursive: true, force: true });
      // Every tool the command and the fake hookwire use, except setsid.
      const tools = ['sh', 'cat', 'mktemp', 'rm', 'perl', 'sleep', 'mv'];
      mkdirSync(bin);
      for (const tool of tools) {
        const found = ['/usr/bin', '/bin'].map((directory) => join(directory, tool)).find(existsSync);
        if (found) symlinkSync(found, join(bin, tool));
      }
      const result = await runAsHook(command, 'perl', bin);
      expect(result.code).toBe(0);
      expect(result.record.args).toBe('run --settings hooks.json StopFailure');
      expect(result.record.session).toBe(result.record.pgrp);
      expect(result.record.pgrp).not.toBe(String(result.group));
      expect(result.stdin).toBe(payload);
      expect(result.leftInTmp).toEqual([]);
    });

    it('is only for events the host does not wait for', () => {
      expect(catchAllCommand('PreToolUse', { hookwire: 'hookwire', hooksFile: 'h.json' })).toBe(
        'hookwire run --settings h.json PreToolUse',
      );
      expect(command.startsWith(`trap '' TERM;`)).toBe(true);
    });

    it('is left to the native client, which detaches itself', () => {
      expect(
        catchAllCommand('StopFailure', {
          hookwire: 'hookwire-client',
          hooksFile: 'h.json',
          detachesItself: true,
        }),
      ).toBe('hookwire-client run --settings h.json StopFailure');
    });
  },
);
