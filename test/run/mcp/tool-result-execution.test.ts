import { describe, expect, it } from 'vitest';
import type { EventName } from '../../../src/events/event-names.js';
import { readExecution } from '../../../src/read/read-execution.js';
import {
  toolCallFailure,
  toolResultExecution,
  toolResultText,
} from '../../../src/run/mcp/tool-result-execution.js';
import { configuredHook } from '../../engine/engine-harness.js';

const context = { label: 'guard', server: 'guards', tool: 'check', durationMs: 1 };
const text = (value: string) => ({ type: 'text', text: value });
const denyJson = JSON.stringify({
  hookSpecificOutput: {
    hookEventName: 'PreToolUse',
    permissionDecision: 'deny',
    permissionDecisionReason: 'no rm',
  },
});

describe('toolResultText', () => {
  it('joins text blocks with newlines and names the other blocks by type', () => {
    expect(
      toolResultText([text('one'), { type: 'image', data: 'x', mimeType: 'image/png' }, text('two'), 7]),
    ).toBe('one\n[image]\ntwo\n[unknown]');
  });
  it('reads no content as empty text', () => {
    expect(toolResultText(undefined)).toBe('');
    expect(toolResultText([])).toBe('');
  });
});

describe('toolResultExecution', () => {
  it('reads a JSON object as a command hook stdout on exit 0', () => {
    expect(
      toolResultExecution({ content: [text(denyJson)] }, { ...context, plainTextIsNoVerdict: false }),
    ).toEqual({
      kind: 'completed',
      exitCode: 0,
      signal: null,
      stdout: denyJson,
      stderr: '',
      stdoutTruncated: false,
      stderrTruncated: false,
      durationMs: 1,
      details: { server: 'guards', tool: 'check', text: denyJson },
    });
  });

  it('reads isError as a failure naming the tool and its text', () => {
    const execution = toolResultExecution(
      { content: [text(' disk full ')], isError: true },
      { ...context, plainTextIsNoVerdict: false },
    );
    expect(execution.kind).toBe('failed');
    expect(execution.error).toBe("[guard]: MCP tool 'check' on server 'guards' returned an error: disk full");
  });

  it('reads plain text as a success that says nothing, or as no verdict', () => {
    const plain = { content: [text('looks fine')] };
    const success = toolResultExecution(plain, { ...context, plainTextIsNoVerdict: false });
    expect([success.kind, success.stdout, success.details?.text]).toEqual(['completed', '', 'looks fine']);
    const noVerdict = toolResultExecution(plain, { ...context, plainTextIsNoVerdict: true });
    expect([noVerdict.kind, noVerdict.error]).toEqual([
      'failed',
      "[guard]: no verdict: MCP tool 'check' on server 'guards' answered text that is not a JSON object",
    ]);
  });
});

describe('an mcp_tool answer through the one reader', () => {
  const verdictOf = (
    event: EventName,
    result: Record<string, unknown>,
    onFailure: 'block' | 'continue' | undefined,
    plainTextIsNoVerdict = onFailure === 'block',
  ) => {
    const hook = configuredHook({
      event,
      label: 'guard',
      handler: { ...(onFailure === undefined ? {} : { onFailure }) },
    });
    return readExecution(event, hook, toolResultExecution(result, { ...context, plainTextIsNoVerdict }));
  };

  it('a JSON deny denies', () => {
    expect(verdictOf('PreToolUse', { content: [text(denyJson)] }, undefined)).toMatchObject({
      status: 'blocking',
      effects: { decision: 'deny', reason: 'no rm' },
    });
  });
  it('isError is a non-blocking error, a block under onFailure: "block"', () => {
    const failing = { content: [text('boom')], isError: true };
    expect(verdictOf('PreToolUse', failing, undefined)).toMatchObject({
      status: 'non_blocking_error',
      effects: {},
    });
    expect(verdictOf('PreToolUse', failing, 'block')).toMatchObject({
      status: 'blocking',
      effects: { decision: 'deny' },
    });
  });
  it('plain text is a success, and blocks under onFailure: "block" where the event can refuse', () => {
    const plain = { content: [text('hello')] };
    expect(verdictOf('PreToolUse', plain, undefined)).toEqual({
      status: 'success',
      output: null,
      error: null,
      effects: {},
    });
    expect(verdictOf('UserPromptSubmit', plain, undefined)).toMatchObject({ status: 'success', effects: {} });
    expect(verdictOf('PreToolUse', plain, 'block')).toMatchObject({
      status: 'blocking',
      effects: { decision: 'deny' },
    });
  });
  it('JSON failing validation is a non-blocking error', () => {
    const invalid = { content: [text('{"hookSpecificOutput":{"permissionDecision":"maybe"}}')] };
    expect(verdictOf('PreToolUse', invalid, undefined)).toMatchObject({
      status: 'non_blocking_error',
      effects: {},
    });
  });
  it('a server that is not connected is a non-blocking error', () => {
    const hook = configuredHook({ event: 'PreToolUse', label: 'guard' });
    const execution = toolCallFailure("MCP server 'guards' not connected", {
      ...context,
      plainTextIsNoVerdict: false,
    });
    expect(readExecution('PreToolUse', hook, execution)).toMatchObject({
      status: 'non_blocking_error',
      error: "[guard]: MCP server 'guards' not connected",
    });
  });
});
