import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** Runs a TypeScript file with tsx, as `npx tsx <file>` does, and collects what it printed. */
function runWithTsx(file: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', file], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr += chunk;
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

it('examples/agents/langchain.ts runs offline and shows what the hooks did', async () => {
  const { code, stdout, stderr } = await runWithTsx('examples/agents/langchain.ts');
  expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
  const hookLines = stdout
    .split('\n')
    .filter((line) => line.startsWith('  hook '))
    .map((line) => line.replace(/: .*/, ''));
  expect(hookLines).toEqual([
    '  hook SessionStart -> success',
    '  hook UserPromptSubmit -> success',
    '  hook PreToolUse -> blocking',
    '  hook PreToolUse -> success',
    '  hook PostToolUse -> success',
    '  hook Stop -> blocking',
    '  hook PreToolUse -> success',
    '  hook Stop -> success',
    '  hook SessionEnd -> success',
  ]);
  expect(stdout).toContain('Refusing a destructive command: rm -rf /');
  expect(stdout).toContain('// SPDX-License-Identifier: MIT');
});
