import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  permissionHookOutcome,
  runPromptTurn,
  SessionContextQueue,
} from '../../../src/hosts/deepagents/client-hook-effects.js';
import {
  HookFulfillmentLedger,
  invocationId,
  parseHookResume,
} from '../../../src/hosts/deepagents/hook-invocation.js';
import { createDeepAgentsDispatcher } from '../../../src/hosts/deepagents/list-hooks/deepagents-dispatcher.js';
import type { HookDecision } from '../../../src/hosts/deepagents/reduce-hook-results.js';
import { stopContinuation } from '../../../src/hosts/deepagents/server-hook-steps.js';
import {
  appendToolResultText,
  deniedToolMessage,
  type ToolCommand,
  toolResultError,
} from '../../../src/hosts/deepagents/tool-results.js';

/* How Deep Agents Code applies reduced decisions, its invocation identity and its transcripts (pure parts). */

const base: HookDecision = {
  continue_processing: true,
  stop_reason: null,
  user_notices: [],
  terminal_sequences: [],
  diagnostics: [],
  event: 'Stop',
};
const tmp = mkdtempSync(join(tmpdir(), 'hookwire-da-lifecycle-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('tool results', () => {
  it('answers a refused call with the wire name and appends only to the call it is about', () => {
    expect(deniedToolMessage({ id: 'c1', name: 'execute' }, { reason: 'no' })).toEqual({
      type: 'tool',
      content: 'Bash blocked by hook: no',
      name: 'execute',
      tool_call_id: 'c1',
      status: 'error',
    });
    const command: ToolCommand = {
      type: 'command',
      update: {
        messages: [
          { type: 'tool', content: 'mine', tool_call_id: 'c1' },
          { type: 'tool', content: [{ type: 'text', text: 'theirs' }], tool_call_id: 'c2', status: 'error' },
        ],
      },
    };
    expect((appendToolResultText(command, 'note', 'c1') as ToolCommand).update.messages).toEqual([
      { type: 'tool', content: 'mine\n\nnote', tool_call_id: 'c1' },
      { type: 'tool', content: [{ type: 'text', text: 'theirs' }], tool_call_id: 'c2', status: 'error' },
    ]);
    expect(appendToolResultText(command, 'note', 'c3')).toBe(command);
    expect(toolResultError(command, { id: 'c1', name: 'execute' })).toBeNull();
    expect(toolResultError(command, { id: 'c2', name: 'execute' })).toBe('[{"type":"text","text":"theirs"}]');
    expect(
      toolResultError(
        { type: 'tool', content: 'x', tool_call_id: 'c1', status: 'success', artifact: { exit_code: 3 } },
        { id: 'c1', name: 'execute' },
      ),
    ).toBe('Command exited with non-zero status code 3');
  });
});

describe('invocations', () => {
  it('derives upstream invocation ids and refuses an answer to another invocation', () => {
    const id = invocationId({
      threadId: 't',
      snapshotId: 's',
      logical: { event: 'PreToolUse', callId: 'c1' },
    });
    // uuid.uuid5(namespace, json.dumps(identity, sort_keys=True, separators=(",", ":"))) in Python.
    expect(id).toBe('c77f2b92-bd43-57a7-8c9c-e9e2776ba82a');
    const answer = {
      protocol_version: 1,
      invocation_id: 'other',
      snapshot_id: 's',
      decision: { event: 'PreToolUse' },
    };
    expect(() => parseHookResume(answer, { invocationId: id, snapshotId: 's' })).toThrow(
      /invocation_id mismatch/,
    );
    expect(parseHookResume({ nonsense: true }, { invocationId: id, snapshotId: 's' })).toBeNull();
  });

  it('fulfils one invocation once, and again after a failure', async () => {
    const ledger = new HookFulfillmentLedger();
    let runs = 0;
    const key = { snapshotId: 's', invocationId: 'i' };
    const operation = async () => {
      runs += 1;
      if (runs === 1) throw new Error('first fails');
      return { protocol_version: 1 as const, invocation_id: 'i', snapshot_id: 's', decision: base };
    };
    await expect(ledger.fulfill(key, operation)).rejects.toThrow('first fails');
    const [a, b] = await Promise.all([ledger.fulfill(key, operation), ledger.fulfill(key, operation)]);
    expect(a).toBe(b);
    expect(await ledger.fulfill(key, operation)).toBe(a);
    expect(runs).toBe(2);
  });
});

describe('client effects', () => {
  it('maps PermissionRequest decisions and Stop continuations', () => {
    expect(permissionHookOutcome({ continue_processing: false, stop_reason: null })).toEqual({
      decision: { type: 'reject', message: 'Permission stopped by hook' },
      interrupt: true,
    });
    expect(stopContinuation({ ...base, continue_loop: true, feedback: [] })).toBe('Continue working.');
    expect(stopContinuation({ ...base, continue_loop: false, feedback: ['x'] })).toBeNull();
  });

  it('ends the session when SessionStart stops, without running UserPromptSubmit', async () => {
    const ran: string[] = [];
    const turn = await runPromptTurn(
      't',
      'hi',
      {
        sessionStart: async () => {
          ran.push('SessionStart');
          return { ...base, continue_processing: false };
        },
        userPromptSubmit: async () => {
          ran.push('UserPromptSubmit');
          return null;
        },
        sessionEnd: async () => {
          ran.push('SessionEnd');
          return null;
        },
        legacy: async () => {},
      },
      new SessionContextQueue(),
    );
    expect(turn).toEqual({ kind: 'stopped', reason: 'Session start stopped by hook' });
    expect(ran).toEqual(['SessionStart', 'SessionEnd']);
  });
});

describe('the legacy dispatcher', () => {
  it('runs an entry without events on an event it does not know, and says when a start failed unexpectedly', async () => {
    const path = join(tmp, 'legacy.json');
    const out = join(tmp, 'legacy-ran');
    writeFileSync(
      path,
      JSON.stringify({
        hooks: [
          { command: ['/bin/sh', '-c', `cat > '${out}'`] },
          { command: ['/bin/sh', '-c', 'exit 0'], events: ['task.complete'] },
          { command: ['nul\u0000byte'], events: ['task.complete'] },
        ],
      }),
    );
    const warnings: string[] = [];
    const logger = {
      warn: (m: string) => warnings.push(m),
      debug: () => {},
      info: () => {},
      error: () => {},
    };
    const dispatcher = createDeepAgentsDispatcher({ path, logger, spawner: 'direct' });
    const results = await dispatcher.dispatchAndWait('future.event', { x: 1 });
    expect(results.map((result) => result.kind)).toEqual(['completed']);
    expect(JSON.parse(readFileSync(out, 'utf8'))).toEqual({ event: 'future.event', x: 1 });
    await dispatcher.dispatchAndWait('task.complete', {});
    await dispatcher.close();
    expect(warnings.filter((warning) => warning.includes('failed unexpectedly'))).toHaveLength(1);
  });
});
