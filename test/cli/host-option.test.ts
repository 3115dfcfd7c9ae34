import { describe, expect, it } from 'vitest';
import { hostList } from '../../src/hosts/registry.js';
import { hookInput, runCli } from './run-cli.js';

const hosts = `the hosts are ${hostList()}`;

describe('--host on the commands that speak a host protocol', () => {
  it.each([
    ['fire', ['fire', 'Stop']],
    ['list', ['list']],
    ['validate', ['validate']],
    ['init', ['init', 'claude']],
    ['replay', ['replay', 'no-such-session.jsonl']],
  ])('%s refuses an unknown host with exit 2 (a usage error), naming the hosts', async (command, args) => {
    const result = await runCli([...args, '--host', 'nope']);
    expect(result).toEqual({
      code: 2,
      stdout: '',
      stderr: `hookwire ${command}: --host "nope" names no host; ${hosts}\n`,
    });
  });

  it('fire --host claude-code reports as fire', async () => {
    const args = ['fire', 'Stop', '--settings', 'test/fixtures/cli/allow.json', '--json', '--payload', '{}'];
    const plain = await runCli(args);
    const named = await runCli([...args, '--host', 'claude-code']);
    const strip = (text: string) => text.replace(/"(durationMs|startedAtMs)": [\d.]+/g, '"$1": 0');
    expect(plain.code).toBe(0);
    expect({ ...named, stdout: strip(named.stdout) }).toEqual({ ...plain, stdout: strip(plain.stdout) });
  });

  it('init says why it cannot install into Deep Agents legacy hooks', async () => {
    const result = await runCli(['init', '--host', 'deepagents-legacy', '--print']);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/^hookwire init: Deep Agents \(legacy hooks.json\): .*hookwire convert/);
  });

  it('run takes --host after the event too', async () => {
    const result = await runCli(
      ['run', 'Stop', '--host', 'claude-code', '--settings', 'test/fixtures/cli/allow.json'],
      hookInput('Stop', { stop_hook_active: false }),
    );
    expect(result.code).toBe(0);
  });
});
