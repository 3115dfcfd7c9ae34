import { spawn } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { root } from '../cli/run-cli.js';

/*
 * The model SDKs are optional peers: installed as a user installs hookwire (its dist/ and package.json with
 * only its dependencies beside it, in a directory no other node_modules is above), a prompt hook whose
 * provider's SDK is missing blocks the event it guards, naming the package and where the hook is defined,
 * and everything else runs without either SDK.
 */
let directory: string;
let bin: string;
let settings: string;

beforeAll(() => {
  directory = mkdtempSync(join(tmpdir(), 'hookwire-no-sdks-'));
  const installed = join(directory, 'node_modules', 'hookwire');
  mkdirSync(installed, { recursive: true });
  cpSync(join(root, 'dist'), join(installed, 'dist'), { recursive: true });
  cpSync(join(root, 'package.json'), join(installed, 'package.json'));
  for (const dependency of ['zod', 'jsonc-parser']) {
    symlinkSync(join(root, 'node_modules', dependency), join(directory, 'node_modules', dependency));
  }
  bin = join(installed, 'dist', 'hookwire.cjs');
  mkdirSync(join(directory, 'settings'));
  settings = join(directory, 'settings', 'hooks.json');
  writeFileSync(
    settings,
    `${JSON.stringify(
      {
        hooks: {
          PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'prompt', prompt: 'Is this safe? $ARGUMENTS' }] }],
          SessionStart: [{ hooks: [{ type: 'command', command: 'echo started' }] }],
        },
      },
      null,
      2,
    )}\n`,
  );
  mkdirSync(join(directory, 'project'));
});

afterAll(() => rmSync(directory, { recursive: true, force: true }));

interface Result {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

function run(args: readonly string[], stdin: string, env: Readonly<Record<string, string>>): Promise<Result> {
  const child = spawn(process.execPath, args, {
    cwd: join(directory, 'project'),
    env: {
      PATH: process.env.PATH ?? '',
      HOME: directory,
      HOOKWIRE_STATE_DIR: join(directory, 'state'),
      ANTHROPIC_API_KEY: 'sk-ant-unused',
      ...env,
    },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => (stdout += chunk));
  child.stderr.on('data', (chunk) => (stderr += chunk));
  child.stdin.end(stdin);
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

function event(name: string, fields: Record<string, unknown>): string {
  return JSON.stringify({
    session_id: 's1',
    transcript_path: join(directory, 't.jsonl'),
    cwd: join(directory, 'project'),
    hook_event_name: name,
    ...fields,
  });
}

const bash = { tool_name: 'Bash', tool_input: { command: 'rm -rf build' }, tool_use_id: 'toolu_01' };

describe('without the model SDKs installed', () => {
  it.each([
    { provider: 'anthropic', sdk: '@anthropic-ai/sdk', label: 'anthropic claude-haiku-4-5' },
    { provider: 'openai', sdk: 'openai', label: 'openai local-model' },
  ])(
    'hookwire run blocks a PreToolUse its $provider prompt hook guards, naming $sdk',
    async ({ provider, sdk, label }) => {
      const result = await run([bin, 'run', '--settings', settings], event('PreToolUse', bash), {
        HOOKWIRE_MODEL_PROVIDER: provider,
        ...(provider === 'openai'
          ? { HOOKWIRE_MODEL: 'local-model', OPENAI_BASE_URL: 'http://127.0.0.1:9/v1' }
          : {}),
      });
      // Re-told as the host's own block: exit 2, the message on stderr (the host puts its command before it).
      expect(result).toEqual({
        code: 2,
        stdout: '',
        stderr: `${label}: the package ${sdk} is not installed; prompt hooks of this provider need it (npm install ${sdk}), at ${settings}:7:11 hooks.PreToolUse[0].hooks[0]; blocking because the hook could not run`,
      });
    },
  );

  it('the library blocks a PreToolUse the same way (the SDK imported, not required)', async () => {
    const script = `
      const { createEngine } = await import('hookwire');
      const engine = await createEngine({ cwd: process.cwd(), settings: [${JSON.stringify(settings)}] });
      const outcome = await engine.fire('PreToolUse', ${JSON.stringify(bash)});
      await engine.close();
      console.log(JSON.stringify([outcome.decision, outcome.reason]));`;
    const result = await run(['--input-type=module', '-e', script], '', {});
    const reason = `[Is this safe? $ARGUMENTS]: anthropic claude-haiku-4-5: the package @anthropic-ai/sdk is not installed; prompt hooks of this provider need it (npm install @anthropic-ai/sdk), at ${settings}:7:11 hooks.PreToolUse[0].hooks[0]; blocking because the hook could not run`;
    expect(result).toEqual({ code: 0, stdout: `${JSON.stringify(['deny', reason])}\n`, stderr: '' });
  });

  it('the library loads and runs command hooks', async () => {
    const script = `
      const { createEngine } = await import('hookwire');
      const engine = await createEngine({ cwd: process.cwd(), settings: [${JSON.stringify(settings)}] });
      const outcome = await engine.fire('SessionStart', { session_id: 's1', source: 'startup' });
      await engine.close();
      console.log(JSON.stringify(outcome.additionalContext));`;
    const result = await run(['--input-type=module', '-e', script], '', {});
    expect(result).toEqual({ code: 0, stdout: '["started"]\n', stderr: '' });
  });
});
