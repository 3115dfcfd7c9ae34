import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { root } from '../cli/run-cli.js';

/*
 * The built `hookwire/ai-sdk` and `hookwire/openai-agents` entries, imported by package name (Node resolves
 * the package's own `exports` from its root), as a user's ESM project imports them: they load, with their
 * SDKs left external, and export the documented functions.
 */

function exportsOf(specifier: string): string[] {
  const child = spawnSync(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      `console.log(JSON.stringify(Object.keys(await import(${JSON.stringify(specifier)}))))`,
    ],
    { cwd: root, encoding: 'utf8' },
  );
  expect(child.stderr).toBe('');
  return JSON.parse(child.stdout) as string[];
}

describe('the built adapter entries', () => {
  it('hookwire/ai-sdk', () => {
    expect(exportsOf('hookwire/ai-sdk').sort()).toEqual([
      'ToolCallRefusedError',
      'createAiSdkHooks',
      'hookTools',
    ]);
  });

  it('hookwire/openai-agents', () => {
    expect(exportsOf('hookwire/openai-agents').sort()).toEqual([
      'GUARDRAIL_NAMES',
      'createOpenAiAgentsHooks',
    ]);
  });
});
