import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fireHooks } from '../../../src/hosts/deepagents/fire-hooks.js';
import { scrubHookEnvironment } from '../../../src/hosts/deepagents/hook-environment.js';
import type { HookEvent } from '../../../src/hosts/deepagents/hook-events.js';
import { snapshotHooks } from '../../../src/hosts/deepagents/hook-snapshot.js';
import { loadHooks } from '../../../src/hosts/deepagents/load-hooks.js';
import {
  type NativeInvocation,
  projectInvocation,
} from '../../../src/hosts/deepagents/project-invocation.js';
import { toDeepAgentsAnswer } from '../../../src/hosts/deepagents/to-deepagents-answer.js';
import { runCli } from '../../cli/run-cli.js';
import { guarded } from '../../support/guarded-command.js';
import { outcome as outcomeOf } from '../../support/outcome-builder.js';
import { trustFiles } from '../../support/trust-files.js';

/*
 * hookwire as a hook of Deep Agents Code: `hookwire init deepagents` writes Hooks v2 groups into
 * ~/.deepagents/hooks.json, and Deep Agents Code's own loader, runner and reducer (hookwire's Hooks v2 host
 * modules, which pass upstream's vectors: npm run conformance) load that file and run the installed
 * `hookwire run --host deepagents` as a real process with the event on stdin, as upstream does.
 */
const temporary = mkdtempSync(join(tmpdir(), 'hookwire-da-host-'));
const state = mkdtempSync(join(tmpdir(), 'hookwire-da-host-state-'));
const home = join(temporary, 'home');
const project = join(temporary, 'project');
const hooksFile = join(project, '.hookwire', 'hooks.json');
const userFile = join(home, '.deepagents', 'hooks.json');
const traces = join(temporary, 'traces');
const cli = join(process.cwd(), 'dist', 'hookwire.cjs');

beforeAll(() => {
  mkdirSync(join(project, '.hookwire'), { recursive: true });
  mkdirSync(join(project, '.git'));
  mkdirSync(join(home, '.deepagents'), { recursive: true });
  writeFileSync(
    hooksFile,
    JSON.stringify({
      hooks: {
        PreToolUse: [
          {
            matcher: 'Bash',
            hooks: [
              {
                type: 'command',
                command: `printf '%s' '${JSON.stringify({ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: 'the policy says no' } })}'`,
              },
            ],
          },
          { matcher: 'Write', hooks: [{ type: 'command', command: 'echo "no writes here" >&2; exit 2' }] },
        ],
        SessionStart: [{ hooks: [{ type: 'command', command: 'echo "from hookwire"' }] }],
        PostCompact: [{ hooks: [{ type: 'command', command: 'true' }] }],
      },
    }),
  );
  trustFiles(state, [hooksFile]);
  // The user's own Hooks v2 group, which init keeps as it is.
  writeFileSync(userFile, '{"hooks": {"Stop": [{"hooks": [{"type": "command", "command": "true"}]}]}}\n');
});
afterAll(() => {
  rmSync(temporary, { recursive: true, force: true });
  rmSync(state, { recursive: true, force: true });
});

const env = { HOOKWIRE_HOME: home, HOOKWIRE_STATE_DIR: state };
const init = (...args: string[]) =>
  runCli(
    ['init', 'deepagents', '--project', project, '--hookwire', `'${process.execPath}' '${cli}'`, ...args],
    '',
    env,
  );

/** Fires `event` as Deep Agents Code does: its user file loaded, the handlers run, the results reduced. */
async function deepAgentsFires(event: HookEvent, invocation: NativeInvocation) {
  const loaded = loadHooks([{ label: 'user', scope: 'user', path: userFile }]);
  expect(loaded.diagnostics).toEqual([]);
  const payload = projectInvocation(event, invocation, {
    thread_id: 'thread-1',
    transcript_path: join(temporary, 'transcript.jsonl'),
    cwd: project,
  });
  const fired = await fireHooks({
    snapshot: snapshotHooks(loaded.config),
    event,
    payload,
    cwd: project,
    env: scrubHookEnvironment({ ...process.env, ...env, HOOKWIRE_TRACE_DIR: traces }),
  });
  return fired.decision;
}

describe('hookwire init deepagents', () => {
  it('prints the groups it would add and writes nothing with --print', async () => {
    const before = readFileSync(userFile, 'utf8');
    const result = await init('--print');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(`# ${userFile}`);
    expect(result.stdout).toContain('run --host deepagents PreToolUse');
    expect(readFileSync(userFile, 'utf8')).toBe(before);
  });

  it('adds one group per event Deep Agents Code has, keeps the user’s own and a backup, and says what it cannot run', async () => {
    const result = await init();
    expect(result.code).toBe(0);
    expect(result.stderr).toContain('Deep Agents Code has no PostCompact event');
    const written = JSON.parse(readFileSync(userFile, 'utf8')) as { hooks: Record<string, unknown[]> };
    expect(Object.keys(written.hooks)).toEqual(['Stop', 'SessionStart', 'PreToolUse']);
    expect(written.hooks.Stop).toEqual([{ hooks: [{ type: 'command', command: 'true' }] }]);
    expect(written.hooks.PreToolUse).toEqual([
      {
        hooks: [
          {
            type: 'command',
            command: guarded(
              `'${process.execPath}' '${cli}' run --host deepagents PreToolUse`,
              'deepagents',
              'PreToolUse',
            ),
            timeout: 600,
          },
        ],
      },
    ]);
    expect(readFileSync(`${userFile}.before-hookwire`, 'utf8')).toContain('"Stop"');
    // Again: nothing changes.
    const text = readFileSync(userFile, 'utf8');
    expect((await init()).code).toBe(0);
    expect(readFileSync(userFile, 'utf8')).toBe(text);
  });

  it('under Deep Agents Code: a hook denies Bash, a command hook blocks Write, plain stdout is context, traces are written', async () => {
    const bash = await deepAgentsFires('PreToolUse', {
      call: { id: 'c1', name: 'execute', args: { command: 'rm -rf build' } },
    });
    expect(bash.permission).toEqual({ behavior: 'deny', reason: 'the policy says no', interrupt: false });
    expect(bash.diagnostics).toEqual([]);
    const write = await deepAgentsFires('PreToolUse', {
      call: { id: 'c2', name: 'write_file', args: { file_path: 'a.txt', content: 'x' } },
    });
    expect(write.permission?.behavior).toBe('deny');
    expect(write.permission?.reason).toContain('no writes here');
    const start = await deepAgentsFires('SessionStart', { cause: 'startup' });
    expect(start.context).toEqual(['from hookwire']);
    expect(start.diagnostics).toEqual([]);
    expect(readdirSync(traces).length).toBeGreaterThan(0);
  });

  it('puts the file back with --undo, and refuses a legacy list-shaped file', async () => {
    expect((await init('--undo')).code).toBe(0);
    expect(JSON.parse(readFileSync(userFile, 'utf8'))).toEqual({
      hooks: { Stop: [{ hooks: [{ type: 'command', command: 'true' }] }] },
    });
    const legacy = join(temporary, 'legacy-home');
    mkdirSync(join(legacy, '.deepagents'), { recursive: true });
    writeFileSync(join(legacy, '.deepagents', 'hooks.json'), '{"hooks": [{"command": ["notify"]}]}');
    const refused = await runCli(['init', 'deepagents', '--project', project], '', {
      ...env,
      HOOKWIRE_HOME: legacy,
    });
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('legacy Deep Agents hooks file');
  });

  it('writes the project file with --scope project, and says the workspace needs Deep Agents Code’s trust', async () => {
    const result = await init('--scope', 'project');
    expect(result.code).toBe(0);
    expect(existsSync(join(project, '.deepagents', 'hooks.json'))).toBe(true);
    expect(result.stderr).toContain('hookwire trust --host deepagents');
    expect((await init('--scope', 'project', '--undo')).code).toBe(0);
    expect(existsSync(join(project, '.deepagents', 'hooks.json'))).toBe(false);
  });
});

describe('the answer in Hooks v2', () => {
  it('says what Deep Agents Code cannot do as the closest safe thing', () => {
    const rewrite = toDeepAgentsAnswer(
      outcomeOf({
        event: 'PreToolUse',
        decision: 'allow',
        updatedInput: { command: 'ls' },
        hookSpecificOutput: { permissionDecision: 'allow', updatedInput: { command: 'ls' } },
      }),
    );
    expect(JSON.parse(rewrite.stdout)).toEqual({
      hookSpecificOutput: {
        hookEventName: 'PreToolUse',
        permissionDecision: 'deny',
        permissionDecisionReason:
          'hookwire: a hook rewrote the tool input, which Deep Agents Code cannot apply; the call is denied',
      },
    });
    const end = toDeepAgentsAnswer(outcomeOf({ event: 'SessionEnd', systemMessages: ['bye'] }));
    expect(end.stdout).not.toContain('hookSpecificOutput');
  });
});
