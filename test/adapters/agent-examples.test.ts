import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/*
 * The runnable agents of examples/agents/, spawned as a user runs them (tsx): each must run offline to the
 * end and show the guard, the rewrite, the PostToolUse context and the Stop continuation at work.
 */

const root = resolve(import.meta.dirname, '../..');

describe.each(['ai-sdk', 'openai-agents'])('examples/agents/%s.ts', (name) => {
  it('runs offline and prints what the hooks did', () => {
    const child = spawnSync(process.execPath, ['--import', 'tsx', `examples/agents/${name}.ts`], {
      cwd: root,
      encoding: 'utf8',
      env: { ...process.env, OPENAI_API_KEY: '' },
    });
    expect({ status: child.status, stderr: child.stderr }).toEqual({ status: 0, stderr: '' });
    const lines = child.stdout.split('\n');
    expect(lines).toContain('  hook PreToolUse guard-bash.sh: blocking');
    expect(lines).toContain('  hook Stop require-tests.sh: blocking');
    expect(lines).toContain('round 2 ended with: Tests pass; done.');
    expect(child.stdout).toContain(
      'model read from Bash: ["$CLAUDE_PROJECT_DIR"/examples/hooks/guard-bash.sh]',
    );
    expect(child.stdout).toContain('src/hello.ts changed: run `npm test -- hello` before you finish.');
    expect(child.stdout).toContain('src/hello.ts as written:\n// SPDX-License-Identifier: MIT\n');
  });
});
