import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fireHooks } from '../../src/hosts/deepagents/fire-hooks.js';
import { scrubHookEnvironment } from '../../src/hosts/deepagents/hook-environment.js';
import type { HookEvent } from '../../src/hosts/deepagents/hook-events.js';
import {
  hooksRunContext,
  type LogicalEvent,
  type SessionGate,
  sessionGate,
} from '../../src/hosts/deepagents/hook-invocation.js';
import { type HooksSnapshot, snapshotHooks } from '../../src/hosts/deepagents/hook-snapshot.js';
import { loadHooks } from '../../src/hosts/deepagents/load-hooks.js';
import { type InvocationContext, projectInvocation } from '../../src/hosts/deepagents/project-invocation.js';
import type { InvokeHook } from '../../src/hosts/deepagents/server-hook-steps.js';
import {
  type ToolCommand,
  type ToolMessage,
  type ToolOutcome,
  toolResultText,
} from '../../src/hosts/deepagents/tool-results.js';

/*
 * What the checks of how the agent applies decisions share: a hook printing a given wire output (a real
 * process), the wire output a stated decision reduces from, a loaded snapshot, an invoker that projects,
 * fires and reduces as Deep Agents Code's client does, and LangChain-shaped tool results.
 */

export type Vector = Record<string, unknown> & { id: string; kind: string };
export type Check = (vector: Vector, tmp: string) => Promise<string | null>;

/** The upstream test a vector comes from, without its file and parameters. */
export function upstreamTest(vector: Vector): string {
  const source = typeof vector.source === 'string' ? vector.source : '';
  return (source.split('::').pop() ?? '').replace(/\[.*\]$/, '');
}

export const CONTEXT: InvocationContext = {
  thread_id: 'thread-1',
  transcript_path: '/t/thread.jsonl',
  cwd: '/tmp',
};

/** A hook printing `wire` (its `<call id>` replaced by the payload's `tool_use_id`), after `before` (shell). */
export function hookPrinting(wire: unknown, tmp: string, name: string, before = ''): Record<string, unknown> {
  const script = join(tmp, `${name}.mjs`);
  writeFileSync(
    script,
    [
      "import { readFileSync } from 'node:fs';",
      "const payload = JSON.parse(readFileSync(0, 'utf8'));",
      `const text = ${JSON.stringify(JSON.stringify(wire))}.split('<call id>').join(payload.tool_use_id ?? '');`,
      "if (text !== 'null') process.stdout.write(text);",
    ].join('\n'),
  );
  const node = `'${process.execPath}' '${script}'`;
  return { type: 'command', command: before === '' ? node : `${before}; ${node}` };
}

/** The wire output a decision (as a vector states it) reduces from. */
export function wireOf(event: HookEvent, decision: Record<string, unknown>): Record<string, unknown> | null {
  const wire: Record<string, unknown> = {};
  const specific: Record<string, unknown> = { hookEventName: event };
  const context = Array.isArray(decision.context) ? decision.context.join('\n\n') : undefined;
  if (context !== undefined) specific.additionalContext = context;
  if (decision.suppress_original_prompt === true) specific.suppressOriginalPrompt = true;
  if (Array.isArray(decision.feedback)) {
    wire.decision = 'block';
    wire.reason = decision.feedback.join('\n');
  }
  if (decision.continue_processing === false) wire.continue = false;
  if (typeof decision.stop_reason === 'string') wire.stopReason = decision.stop_reason;
  if (Object.keys(specific).length > 1) wire.hookSpecificOutput = specific;
  return Object.keys(wire).length === 0 ? null : wire;
}

/** A loaded snapshot of `hooks` (written as the user's file). */
export function snapshotOf(
  hooks: Record<string, unknown>,
  tmp: string,
): { snapshot: HooksSnapshot; snapshotId: string } {
  const path = join(tmp, 'user', 'hooks.json');
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, JSON.stringify({ hooks }));
  const loaded = loadHooks([{ label: 'user', scope: 'user', path }]);
  return { snapshot: snapshotHooks(loaded.config), snapshotId: loaded.snapshotId };
}

export interface Invoker {
  readonly invoke: InvokeHook;
  readonly payloads: { event: HookEvent; payload: Record<string, unknown>; logical: LogicalEvent }[];
}

/** Runs invocations as Deep Agents Code's client does: projected, fired (real processes), reduced. */
export function invoker(snapshot: HooksSnapshot, tmp: string, context: InvocationContext = CONTEXT): Invoker {
  const payloads: Invoker['payloads'] = [];
  const invoke: InvokeHook = async (event, invocation, logical) => {
    const payload = projectInvocation(event, invocation, { ...context, cwd: tmp });
    payloads.push({ event, payload, logical });
    const fired = await fireHooks({
      snapshot,
      event,
      payload,
      cwd: tmp,
      env: scrubHookEnvironment(process.env),
    });
    return fired.decision;
  };
  return { invoke, payloads };
}

export const gateOf = (snapshotId: string, events: readonly HookEvent[]): SessionGate | null =>
  sessionGate(hooksRunContext(snapshotId, events));

export const message = (
  content: ToolMessage['content'],
  callId: string,
  extra: Partial<ToolMessage> = {},
): ToolMessage => ({
  type: 'tool',
  content,
  tool_call_id: callId,
  name: 'execute',
  ...extra,
});

export const multiResult = (): ToolCommand => ({
  type: 'command',
  update: { messages: [message('mine', 'c1'), message('theirs', 'c2', { status: 'error' })] },
});

export const text = (outcome: ToolOutcome, callId: string): string => toolResultText(outcome, callId);
