import { spawn } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { catchAllCommand } from '../../src/hosts/claude-code/install/catch-all-command.js';
import { guarded } from '../support/guarded-command.js';
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
        guarded('hookwire run --settings h.json PreToolUse', 'claude', 'PreToolUse'),
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

const answeringHookwire = join(root, 'test/fixtures/cli/hooks/fake-hookwire-answer.sh');

async function until(file: string): Promise<void> {
  while (!existsSync(file)) await new Promise((resolve) => setTimeout(resolve, 20));
}

/**
 * Starts a catch-all command as Claude Code starts a hook (`/bin/sh -c`, a group of its own, the payload on
 * stdin); `out` is where the fake hookwire records. Resolves once the fake has started.
 */
async function startAsHook(command: string, name: string, path = process.env.PATH) {
  const out = join(temporary, name);
  const hook = spawn('/bin/sh', ['-c', command], {
    detached: true,
    stdio: ['pipe', 'pipe', 'pipe'],
    env: { ...process.env, PATH: path, FAKE_HOOKWIRE_OUT: out, FAKE_HOOKWIRE_EXIT: '2' },
  });
  const exited = new Promise<number | null>((resolve) => hook.on('exit', resolve));
  const closed = new Promise<number | null>((resolve) => hook.on('close', resolve));
  let output = '';
  hook.stdout.on('data', (chunk) => (output += chunk));
  hook.stdin.end(lateAnswerPayload);
  await until(`${out}.started`);
  const record = Object.fromEntries(
    readFileSync(`${out}.started`, 'utf8')
      .trim()
      .split('\n')
      .map((line) => line.split('=', 2) as [string, string]),
  );
  return { hook, out, record, exited, closed, output: () => output };
}

const lateAnswerPayload = `${JSON.stringify({ hook_event_name: 'CwdChanged', old_cwd: '/a', new_cwd: '/b' })}\n`;

/** Every process under `pid` (by parent pid, from /proc). */
function descendantsOf(pid: number): number[] {
  const parents = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      parents.set(Number(entry), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // Gone meanwhile.
    }
  }
  const found: number[] = [];
  for (let frontier = [pid]; frontier.length > 0; ) {
    frontier = [...parents].filter(([, parent]) => frontier.includes(parent)).map(([child]) => child);
    found.push(...frontier);
  }
  return found;
}

/** A bin directory with every tool the command and the fake use, except setsid: the perl fallback. */
function binWithoutSetsid(): string {
  const bin = join(temporary, 'bin-late');
  rmSync(bin, { recursive: true, force: true });
  mkdirSync(bin);
  for (const tool of ['sh', 'cat', 'perl', 'sleep', 'mv']) {
    const found = ['/usr/bin', '/bin'].map((directory) => join(directory, tool)).find(existsSync);
    if (found) symlinkSync(found, join(bin, tool));
  }
  return bin;
}

describe.skipIf(process.platform !== 'linux')(
  'the catch-all of an event whose late answer the host applies (CwdChanged, FileChanged, SubagentStop)',
  () => {
    for (const event of ['CwdChanged', 'FileChanged', 'SubagentStop'] as const) {
      it(`${event}: the host gets the run's answer and exit status, from a run in a session of its own`, async () => {
        const command = catchAllCommand(event, { hookwire: answeringHookwire, hooksFile: 'hooks.json' });
        const started = await startAsHook(command, `answer-${event}`);
        expect(started.record.args).toBe(`run --settings hooks.json ${event}`);
        expect(started.record.session).toBe(started.record.pgrp);
        expect(started.record.pgrp).not.toBe(String(started.hook.pid));
        writeFileSync(`${started.out}.go`, '');
        expect(await started.closed).toBe(2);
        expect(started.output()).toBe('{"answer":"late"}');
        expect(readFileSync(`${started.out}.stdin`, 'utf8')).toBe(lateAnswerPayload);
      });
    }

    for (const [fallback, path] of [
      ['setsid -f', undefined],
      ['perl', 'without setsid'],
    ] as const) {
      it(`outlives the end of the session (SIGTERM, then SIGKILL to the hook's group): ${fallback}`, async () => {
        const command = catchAllCommand('CwdChanged', {
          hookwire: answeringHookwire,
          hooksFile: 'hooks.json',
        });
        const started = await startAsHook(
          command,
          `outlives-${fallback.replace(/\W/g, '')}`,
          path === undefined ? process.env.PATH : binWithoutSetsid(),
        );
        const group = started.hook.pid as number;
        process.kill(-group, 'SIGTERM');
        // As Claude Code: SIGKILL to the group and to every process it finds under the hook.
        for (const pid of descendantsOf(group)) process.kill(pid, 'SIGKILL');
        process.kill(-group, 'SIGKILL');
        // The waiting shell is killed; the run, in its own session and out of the hook's tree, got no signal.
        expect(await started.exited).toBeNull();
        expect(existsSync(`${started.out}.ended`)).toBe(false);
        writeFileSync(`${started.out}.go`, '');
        await until(`${started.out}.ended`);
      });
    }

    it('perl, where setsid is missing, hands on the answer and the exit status too', async () => {
      const command = catchAllCommand('CwdChanged', { hookwire: answeringHookwire, hooksFile: 'hooks.json' });
      const started = await startAsHook(command, 'answer-perl', binWithoutSetsid());
      expect(started.record.session).toBe(started.record.pgrp);
      expect(started.record.pgrp).not.toBe(String(started.hook.pid));
      writeFileSync(`${started.out}.go`, '');
      expect(await started.closed).toBe(2);
      expect(started.output()).toBe('{"answer":"late"}');
    });

    it('negative control: the plain command, run in the hook`s group, is ended by the same SIGTERM', async () => {
      const started = await startAsHook(
        `${answeringHookwire} run --settings hooks.json CwdChanged`,
        'plain-control',
      );
      expect(started.record.pgrp).toBe(String(started.hook.pid));
      process.kill(-(started.hook.pid as number), 'SIGTERM');
      expect(await started.closed).toBeNull();
      writeFileSync(`${started.out}.go`, '');
      expect(existsSync(`${started.out}.ended`)).toBe(false);
    });
  },
);
