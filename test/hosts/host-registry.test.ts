import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createEngine } from '../../src/engine/create-engine.js';
import { HookwireError } from '../../src/errors/hookwire-error.js';
import { claudeCodeHost } from '../../src/hosts/claude-code/claude-code-host.js';
import type { Host } from '../../src/hosts/host.js';
import { DEFAULT_HOST, HOST_NAMES, hostNamed, registeredHosts } from '../../src/hosts/registry.js';
import { temporaryHome } from '../engine/engine-harness.js';

describe('the host registry', () => {
  it('finds each host by its name, Claude Code by default', () => {
    expect(HOST_NAMES).toEqual([
      'claude-code',
      'codex',
      'copilot',
      'gemini',
      'qwen',
      'droid',
      'opencode',
      'cursor',
      'cline',
      'deepagents-legacy',
      'deepagents',
    ]);
    for (const name of HOST_NAMES) expect(hostNamed(name).name).toBe(name);
    expect(hostNamed('claude')).toBe(claudeCodeHost);
    expect(hostNamed()).toBe(claudeCodeHost);
    expect(DEFAULT_HOST).toBe('claude-code');
  });

  it('refuses an unknown name with a usage error that lists the hosts', () => {
    expect(() => hostNamed('nope')).toThrow(HookwireError);
    expect(() => hostNamed('nope')).toThrow(
      '--host "nope" names no host; the hosts are claude-code (claude), codex (codex-cli), copilot (copilot-cli, github-copilot), gemini (gemini-cli), qwen (qwen-code), droid (factory, factory-droid), opencode (opencode-ai, sst-opencode), cursor (cursor-agent), cline (cline-cli), deepagents-legacy, deepagents (deepagents-code, deep-agents)',
    );
  });

  it('finds each host by each of its aliases, which no two hosts share', () => {
    const names = registeredHosts().flatMap((host) => [host.name, ...host.aliases]);
    expect(new Set(names).size).toBe(names.length);
    for (const host of registeredHosts())
      for (const alias of host.aliases) expect(hostNamed(alias)).toBe(host);
  });

  it('docs/hosts/README.md lists every host with its aliases', () => {
    const page = readFileSync(join(import.meta.dirname, '..', '..', 'docs', 'hosts', 'README.md'), 'utf8');
    for (const host of registeredHosts()) {
      const row = page.split('\n').find((line) => line.startsWith(`| \`${host.name}\``));
      expect(row, host.name).toBeDefined();
      const aliases = (row as string).split('|')[2] as string;
      expect([...aliases.matchAll(/`([^`]+)`/g)].map((match) => match[1])).toEqual(host.aliases);
    }
  });

  it('every host implements version v1 of the contract', () => {
    for (const name of HOST_NAMES) expect(hostNamed(name).specificationVersion).toBe('v1');
  });
});

describe("an engine's host", () => {
  // Prints, as plain context: CLAUDECODE, SCRATCH_SESSION and the payload's transcript_path.
  const script = join(import.meta.dirname, '..', 'fixtures', 'hosts', 'print-host-facts.mjs');
  const hooks = {
    UserPromptSubmit: [{ hooks: [{ type: 'command' as const, command: `node '${script}'` }] }],
  };
  const payload = { session_id: 's9', prompt: 'go' };

  it("gives hooks Claude Code's variables by default", async () => {
    const home = temporaryHome();
    const engine = await createEngine({ ...home.options, settings: [{ hooks }] });
    try {
      const outcome = await engine.fire('UserPromptSubmit', payload);
      expect(outcome.additionalContext).toEqual([`1 - ${join(home.options.homeDir, '.claude', 'projects')}`]);
    } finally {
      await engine.close();
      home.remove();
    }
  });

  it('gives hooks the variables of the host it is given, and its transcript path', async () => {
    const scratch: Host = {
      ...claudeCodeHost,
      name: 'scratch',
      environment: { variables: ({ sessionId }) => ({ SCRATCH_SESSION: sessionId }) },
      locations: {
        ...claudeCodeHost.locations,
        transcriptPath: (_home, _project, sessionId) => `/scratch/${sessionId}.jsonl`,
      },
    };
    const home = temporaryHome();
    const engine = await createEngine({ ...home.options, settings: [{ hooks }], host: scratch });
    try {
      const outcome = await engine.fire('UserPromptSubmit', payload);
      expect(outcome.additionalContext).toEqual(['- s9 /scratch']);
    } finally {
      await engine.close();
      home.remove();
    }
  });
});
