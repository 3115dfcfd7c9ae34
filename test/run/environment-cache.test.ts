import { afterAll, describe, expect, it } from 'vitest';
import { runCommand } from '../../src/run/command-runner.js';
import { endAllHookProcesses } from '../../src/run/process/live-process-groups.js';
import { makeRequest } from './make-request.js';

// A host secret and a harmless variable, for this file only.
process.env.HOOKWIRE_CACHE_TEST_API_KEY = 'host-secret';
process.env.HOOKWIRE_CACHE_TEST_PLAIN = 'plain';

afterAll(async () => {
  delete process.env.HOOKWIRE_CACHE_TEST_API_KEY;
  delete process.env.HOOKWIRE_CACHE_TEST_PLAIN;
  await endAllHookProcesses();
});

const printVariables = {
  type: 'command',
  command:
    'printf "%s|%s|%s" "$HOOKWIRE_CACHE_TEST_API_KEY" "$HOOKWIRE_CACHE_TEST_PLAIN" "$CLAUDE_PROJECT_DIR"',
} as const;

describe('the environment cache', () => {
  it.each(['direct', 'helper-process'] as const)(
    'keys on the scrub setting as well as the environment object (%s spawner)',
    async (spawner) => {
      // One environment object, reused with two scrub settings, in both orders.
      const environment = { CLAUDE_PROJECT_DIR: '/p' };
      const run = (scrubSecrets: { keep: ReadonlySet<string> } | null) =>
        runCommand(makeRequest(printVariables, { spawner, environment, scrubSecrets }));
      const scrub = { keep: new Set<string>() };
      expect((await run(null)).stdout).toBe('host-secret|plain|/p');
      expect((await run(scrub)).stdout).toBe('|plain|/p');
      expect((await run(null)).stdout).toBe('host-secret|plain|/p');
      expect((await run({ keep: new Set(['HOOKWIRE_CACHE_TEST_API_KEY']) })).stdout).toBe(
        'host-secret|plain|/p',
      );
      expect((await run(scrub)).stdout).toBe('|plain|/p');
    },
  );
});
