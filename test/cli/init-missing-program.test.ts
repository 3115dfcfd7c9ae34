import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { nativeClient } from '../../scripts/native-client.js';
import { EVENT_NAMES } from '../../src/events/event-names.js';
import { specOf } from '../../src/events/lookup.js';
import type { Host } from '../../src/hosts/host.js';
import { registeredHosts } from '../../src/hosts/registry.js';
import { guardMissingProgram } from '../../src/install/missing-program-guard.js';
import { emptyOutcomeNow } from '../../src/outcome/empty-outcome.js';
import { runCli } from './run-cli.js';

/*
 * docs/reliability.md, "A missing hookwire blocks": a command line `hookwire init` writes for an event that
 * can block, run by the host's shell when its program is missing (127) or not executable (126), answers
 * with that host's own block for the event; every status of a program that did start passes through
 * unchanged. Generated over every registered host × every catalogue event the host has that can block.
 */

const work = mkdtempSync(join(tmpdir(), 'hookwire-missing-program-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));
const missing = join(work, 'no-such-hookwire');
const notExecutable = join(work, 'not-executable');
writeFileSync(notExecutable, '#!/bin/sh\nexit 0\n');
chmodSync(notExecutable, 0o644);
const exiting = (status: number) => {
  const file = join(work, `exits-${status}`);
  writeFileSync(file, `#!/bin/sh\ncat >/dev/null\necho out-${status}\nexit ${status}\n`);
  chmodSync(file, 0o755);
  return file;
};

let client: string | undefined | null = null;
/** The native client, built once for the file (nativeClient compiles it when the shipped one is stale). */
function builtClient(): string | undefined {
  if (client === null) client = nativeClient(join(work, 'client'));
  return client;
}

function shell(command: string) {
  const result = spawnSync('/bin/sh', ['-c', command], { input: '{}', encoding: 'utf8' });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

const cases = registeredHosts().flatMap((host) =>
  EVENT_NAMES.flatMap((event) => {
    const hostEvent = host.events.fromCatalogue(event);
    return hostEvent === undefined || specOf(event).block === null ? [] : [{ host, event, hostEvent }];
  }),
);

/** What the host answers to hookwire's own failure on this event (the guard's block must be the same). */
function hostBlock(host: Host, event: string, hostEvent: string) {
  const decision = specOf(event).block?.decision ?? 'block';
  const reason = `hookwire could not start (not found or not executable), so ${hostEvent} is blocked`;
  const answer = host.answer.failure?.({ ...emptyOutcomeNow(event), decision, reason }, undefined);
  return answer === undefined ? { stdout: '', exitCode: 2 } : answer;
}

describe('a command init writes, when its program cannot start', () => {
  it('covers every host that can block something', () => {
    expect(new Set(cases.map(({ host }) => host.name)).size).toBeGreaterThanOrEqual(8);
  });

  it.each(cases.map((c) => [c.host.name, c.hostEvent, c] as const))(
    '%s %s: a missing or non-executable program is the host’s block, never 1, 126 or 127',
    (_host, _event, { host, event, hostEvent }) => {
      const expected = hostBlock(host, event, hostEvent);
      for (const program of [missing, notExecutable]) {
        const result = shell(
          guardMissingProgram(`${program} run --host ${host.name} ${hostEvent}`, host, hostEvent),
        );
        expect(result.code).toBe(expected.exitCode);
        expect([1, 126, 127]).not.toContain(result.code);
        // The host's JSON block, byte for byte where it has one; the reason where the host reads stderr.
        const reasonShown =
          result.stdout.includes('could not start') || result.stderr.includes('could not start');
        expect(reasonShown).toBe(true);
        if (expected.stdout !== '') expect(JSON.parse(result.stdout)).toBeTruthy();
      }
    },
  );

  it.each(cases.map((c) => [c.host.name, c.hostEvent, c] as const))(
    '%s %s: a program that started keeps its own exit status and output',
    (_host, _event, { host, hostEvent }) => {
      for (const status of [0, 1, 2, 3]) {
        const result = shell(guardMissingProgram(exiting(status), host, hostEvent));
        expect(result).toEqual({ code: status, stdout: `out-${status}\n`, stderr: '' });
      }
    },
  );

  it.each(cases.map((c) => [c.host.name, c.hostEvent, c] as const))(
    '%s %s: the native client whose --hookwire file is gone is a program that cannot start: the host’s block',
    (_host, _event, { host, event, hostEvent }) => {
      const client = builtClient();
      if (client === undefined) return; // no C compiler: test/built/daemon-client.test.ts says so
      const line = `${client} --hookwire ${join(work, 'gone.cjs')} run --host ${host.name} ${hostEvent}`;
      expect(shell(line).code).toBe(127);
      expect(shell(guardMissingProgram(line, host, hostEvent)).code).toBe(
        hostBlock(host, event, hostEvent).exitCode,
      );
    },
  );

  it('negative control: without the guard the shell says 127, which every host reads as non-blocking', () => {
    expect(shell(`${missing} run PreToolUse`).code).toBe(127);
  });

  it('init claude writes the guard: its PreToolUse entry, run with hookwire gone, blocks with exit 2', async () => {
    const project = mkdtempSync(join(work, 'project-'));
    const settings = join(project, '.claude', 'settings.json');
    mkdirSync(join(project, '.claude'));
    writeFileSync(
      settings,
      JSON.stringify({ hooks: { PreToolUse: [{ hooks: [{ type: 'command', command: 'true' }] }] } }),
    );
    const init = await runCli(['init', 'claude', '--project', project, '--hookwire', missing]);
    expect(init.code).toBe(0);
    const written = JSON.parse(readFileSync(settings, 'utf8'));
    const command = written.hooks.PreToolUse.at(-1).hooks[0].command as string;
    expect(command.startsWith(`${missing} run --settings`)).toBe(true);
    const result = shell(command);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('could not start');
  });
});
