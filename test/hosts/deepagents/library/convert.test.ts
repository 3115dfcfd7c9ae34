import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { quoteShellWords, splitShellWords } from '../../../../src/common/shell-words.js';
import { convertToClaude } from '../../../../src/hosts/deepagents/list-hooks/convert-to-claude.js';
import { convertToDeepAgents } from '../../../../src/hosts/deepagents/list-hooks/convert-to-deepagents.js';
import { deepAgentsFieldsFromClaude } from '../../../../src/hosts/deepagents/list-hooks/deepagents-fields-from-claude.js';
import { root, runCli } from '../../../cli/run-cli.js';
import { fixture, recordedPayloads, temporaryDirectory, writeHooks } from './helpers.js';

let directory: { path: string; cleanup(): void };
beforeEach(() => {
  directory = temporaryDirectory();
});
afterEach(() => directory.cleanup());

const adapter = (event: string, argv: string) => ({
  type: 'command',
  command: `hookwire deepagents-adapter ${event} -- ${argv}`,
  async: true,
  timeout: 6,
});

describe('convertToClaude', () => {
  it('maps each event to its closest protocol event through the adapter, and lists what cannot map', () => {
    const result = convertToClaude({
      hooks: [
        {
          command: ['python3', 'my handler.py', "it's"],
          events: ['session.start', 'tool.result', 'input.required'],
        },
        { command: ['notify'], events: ['context.offload', 'sesion.end'] },
        { command: 'not a list' },
      ],
    });
    const handler = "python3 'my handler.py' 'it'\\''s'";
    expect(result.settings).toEqual({
      hooks: {
        SessionStart: [{ hooks: [adapter('session.start', handler)] }],
        PostToolUse: [{ hooks: [adapter('tool.result', handler)] }],
        PostToolUseFailure: [{ hooks: [adapter('tool.result', handler)] }],
        Notification: [
          { matcher: 'idle_prompt|elicitation_dialog', hooks: [adapter('input.required', handler)] },
        ],
      },
    });
    expect(result.notes).toEqual([
      'hooks[1]: context.offload has no Claude-style equivalent; not converted',
      'hooks[1]: unknown event "sesion.end" (did you mean "session.end"?)',
      'hooks[2]: skipped: "command" must be a non-empty list of strings and "events" a list',
    ]);
  });

  it('gives an entry without events every event that has an equivalent', () => {
    const result = convertToClaude({ hooks: [{ command: ['log'] }] });
    expect(Object.keys(result.settings.hooks ?? {})).toEqual([
      'SessionStart',
      'SessionEnd',
      'UserPromptSubmit',
      'Notification',
      'PermissionRequest',
      'PostToolUseFailure',
      'Stop',
      'PreCompact',
      'PreToolUse',
      'PostToolUse',
    ]);
    expect(result.notes).toEqual(['hooks[0]: context.offload has no Claude-style equivalent; not converted']);
  });

  it('round-trips through --to deepagents to the original argv and events', () => {
    const original = {
      hooks: [
        {
          command: ['bash', '-c', 'jq -c . >> ~/log; echo "$HOME"'],
          events: ['session.start', 'task.complete'],
        },
        { command: ['python3', 'h.py', '$HOME; rm -rf x'], events: ['permission.request', 'tool.result'] },
      ],
    };
    const back = convertToDeepAgents(convertToClaude(original).settings);
    expect(back.settings).toEqual(original);
    expect(back.notes).toEqual([]);
  });
});

describe('convertToDeepAgents', () => {
  it('converts command hooks where possible and lists the rest', () => {
    const result = convertToDeepAgents({
      hooks: {
        SessionStart: [{ hooks: [{ type: 'command', command: 'echo started | tee -a log' }] }],
        PreToolUse: [
          { matcher: 'Bash', hooks: [{ type: 'command', command: 'guard' }] },
          { hooks: [{ type: 'command', command: 'audit', args: ['--json'] }] },
        ],
        Stop: [{ hooks: [{ type: 'http', url: 'http://127.0.0.1:9/stop' }] }],
        CwdChanged: [{ hooks: [{ type: 'command', command: 'direnv' }] }],
      },
    });
    expect(result.settings).toEqual({
      hooks: [
        { command: ['sh', '-c', 'echo started | tee -a log'], events: ['session.start'] },
        { command: ['audit', '--json'], events: ['tool.use'] },
      ],
    });
    expect(result.notes).toEqual([
      'hooks.SessionStart[0].hooks[0]: converted to session.start; it now receives the Deep Agents payload and its output is ignored',
      'hooks.PreToolUse[0].hooks[0]: matcher "Bash" cannot be expressed (Deep Agents has no matchers)',
      'hooks.PreToolUse[1].hooks[0]: converted to tool.use; it now receives the Deep Agents payload and its output is ignored',
      'hooks.Stop[0].hooks[0]: http hooks cannot run under Deep Agents (command hooks only)',
      'hooks.CwdChanged[0].hooks[0]: CwdChanged has no Deep Agents equivalent; not converted',
    ]);
  });
});

describe('the adapter payloads', () => {
  const common = { session_id: 's1', transcript_path: '/t', cwd: '/w' };
  it.each([
    ['session.start', { ...common, hook_event_name: 'SessionStart', source: 'startup' }, { thread_id: 's1' }],
    ['task.complete', { ...common, hook_event_name: 'Stop', stop_hook_active: false }, { thread_id: 's1' }],
    ['user.prompt', { ...common, hook_event_name: 'UserPromptSubmit', prompt: 'hi' }, {}],
    [
      'permission.request',
      { ...common, hook_event_name: 'PermissionRequest', tool_name: 'Bash' },
      { tool_names: ['Bash'] },
    ],
    [
      'tool.use',
      {
        ...common,
        hook_event_name: 'PreToolUse',
        tool_name: 'Bash',
        tool_use_id: 'u1',
        tool_input: { command: 'ls' },
      },
      { tool_name: 'Bash', tool_id: 'u1', tool_args: { command: 'ls' } },
    ],
    [
      'tool.result',
      {
        ...common,
        hook_event_name: 'PostToolUseFailure',
        tool_name: 'Bash',
        tool_use_id: 'u1',
        tool_input: {},
        error: 'exit 1',
      },
      { tool_name: 'Bash', tool_id: 'u1', tool_args: {}, tool_status: 'error', tool_output: 'exit 1' },
    ],
  ] as const)('%s', (event, claude, fields) => {
    expect(deepAgentsFieldsFromClaude(event, claude)).toEqual(fields);
  });
});

describe('shell words', () => {
  it('reads back exactly what it quotes', () => {
    const argv = ['a b', "it's", '$HOME; rm -rf x', '"q"', '', 'plain-1.2'];
    expect(splitShellWords(quoteShellWords(argv))).toEqual(argv);
    expect(splitShellWords('echo $HOME')).toBeUndefined();
  });
});

describe('hookwire convert and deepagents-adapter (real processes)', () => {
  it('a converted hook run by a shell receives the exact Deep Agents payload', async () => {
    const out = join(directory.path, 'received');
    const hooksPath = writeHooks(directory.path, {
      hooks: [{ command: [fixture('record-stdin.sh'), out], events: ['tool.result'] }],
    });
    const settingsPath = join(directory.path, 'claude.json');
    const hookwire = `${process.execPath} --import tsx ${join(root, 'src/cli/main.ts')}`;
    const converted = await runCli([
      'convert',
      '--to',
      'claude',
      hooksPath,
      '--out',
      settingsPath,
      '--hookwire',
      hookwire,
    ]);
    expect(converted).toMatchObject({ code: 0, stdout: '', stderr: '' });
    const settings = JSON.parse(readFileSync(settingsPath, 'utf8'));
    const command: string = settings.hooks.PostToolUse[0].hooks[0].command;
    const claudePayload = {
      session_id: 's1',
      transcript_path: '/t',
      cwd: directory.path,
      hook_event_name: 'PostToolUse',
      tool_name: 'Bash',
      tool_use_id: 'toolu_1',
      tool_input: { command: 'ls' },
      tool_response: { stdout: 'a'.repeat(3000) },
    };
    const shell = spawnSync('/bin/sh', ['-c', command], {
      cwd: root,
      input: JSON.stringify(claudePayload),
      encoding: 'utf8',
    });
    expect(shell.status).toBe(0);
    expect(recordedPayloads(out)).toEqual([
      {
        event: 'tool.result',
        tool_name: 'Bash',
        tool_id: 'toolu_1',
        tool_args: { command: 'ls' },
        tool_status: 'success',
        tool_output: JSON.stringify({ stdout: 'a'.repeat(3000) }).slice(0, 2000),
      },
    ]);
  }, 30_000);

  it('the adapter exits 0 even when the command is missing', async () => {
    const result = await runCli(
      ['deepagents-adapter', 'session.start', '--', join(directory.path, 'missing')],
      '{}',
    );
    expect(result.code).toBe(0);
  }, 30_000);
});
