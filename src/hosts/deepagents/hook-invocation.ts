import { createHash } from 'node:crypto';
import { isRecord } from '../../common/is-record.js';
import { HookwireError } from '../../errors/hookwire-error.js';
import type { HookEvent } from './hook-events.js';
import type { HookDecision } from './reduce-hook-results.js';

/*
 * The identity of one server-owned invocation and its answer (upstream `server_middleware.py`,
 * `interrupt.py`, `client.py`). Deep Agents Code's agent graph asks its client to run each hook through an
 * interrupt and resumes with the answer; a replayed graph step asks again with the same invocation id, so
 * the id is derived (UUIDv5) from what makes the invocation the same: thread, snapshot, prompt, event and
 * the logical event (the tool call, the subagent, the Stop continuation and last message). A turn that
 * reuses a tool-call id has another prompt id, hence another invocation id, and never inherits a decision.
 */

/** Upstream's namespace for invocation ids. */
const INVOCATION_NAMESPACE = 'f2896d18-cf2a-4e7d-b11a-d5b10fc0e335';

/** What identifies the logical event of one invocation. */
export type LogicalEvent =
  | { readonly event: 'PreToolUse' | 'PostToolUse' | 'PostToolUseFailure'; readonly callId: string }
  | { readonly event: 'PreCompact'; readonly callId: string }
  | { readonly event: 'SubagentStart'; readonly agentId: string }
  | { readonly event: 'SubagentStop'; readonly agentId: string; readonly continuationCount: number }
  | { readonly event: 'Stop'; readonly continuationCount: number; readonly lastAssistantMessage: string };

/** The facts an invocation id is derived from. */
export interface InvocationIdentity {
  readonly threadId: string;
  readonly snapshotId: string;
  readonly promptId?: string | null;
  readonly logical: LogicalEvent;
}

function logicalIdentity(logical: LogicalEvent): string {
  switch (logical.event) {
    case 'PreToolUse':
    case 'PostToolUse':
    case 'PostToolUseFailure':
    case 'PreCompact':
      return logical.callId;
    case 'SubagentStart':
      return logical.agentId;
    case 'SubagentStop':
      return `${logical.agentId}:${logical.continuationCount}`;
    case 'Stop':
      return `${logical.continuationCount}:${createHash('sha256').update(logical.lastAssistantMessage).digest('hex')}`;
  }
}

/** The invocation id: UUIDv5 of the identity's canonical JSON (sorted keys, no spaces), as upstream. */
export function invocationId(identity: InvocationIdentity): string {
  const fields = {
    event: identity.logical.event,
    logical_event: logicalIdentity(identity.logical),
    prompt_id: identity.promptId ?? '',
    snapshot_id: identity.snapshotId,
    thread_id: identity.threadId,
  };
  return uuidV5(INVOCATION_NAMESPACE, JSON.stringify(fields));
}

/** RFC 4122 version 5 (SHA-1, name-based) UUID. */
export function uuidV5(namespace: string, name: string): string {
  const namespaceBytes = Buffer.from(namespace.replace(/-/g, ''), 'hex');
  const digest = createHash('sha1').update(namespaceBytes).update(name, 'utf8').digest();
  const bytes = digest.subarray(0, 16);
  bytes[6] = ((bytes[6] as number) & 0x0f) | 0x50;
  bytes[8] = ((bytes[8] as number) & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The server events a session gate lets through, and the snapshot they were computed from. */
export interface SessionGate {
  readonly snapshotId: string;
  readonly events: ReadonlySet<string>;
}

/** The gate of a run's context: none without a snapshot id or without a non-empty list of events. */
export function sessionGate(context: unknown): SessionGate | null {
  if (!isRecord(context)) return null;
  const snapshotId = context.hooks_snapshot_id;
  const events = context.hooks_server_events;
  if (typeof snapshotId !== 'string' || snapshotId === '') return null;
  if (!Array.isArray(events) || events.length === 0) return null;
  return { snapshotId, events: new Set(events.map(String)) };
}

/** Whether `event` fires under `gate`. */
export function eventEnabled(gate: SessionGate | null, event: HookEvent): boolean {
  return gate?.events.has(event) === true;
}

/** The answer to one invocation. */
export interface HookInvocationResponse {
  readonly protocol_version: 1;
  readonly invocation_id: string;
  readonly snapshot_id: string;
  readonly decision: HookDecision;
}

/**
 * A resume value checked against the invocation it answers. A value of the wrong shape is `null` (the
 * caller degrades it to no decision with an `invalid_resume` diagnostic); a well-formed answer to another
 * invocation or snapshot throws, because applying it would apply another call's decision to this one.
 */
export function parseHookResume(
  value: unknown,
  expected: { readonly invocationId: string; readonly snapshotId: string },
): HookInvocationResponse | null {
  if (
    !isRecord(value) ||
    value.protocol_version !== 1 ||
    typeof value.invocation_id !== 'string' ||
    typeof value.snapshot_id !== 'string' ||
    !isRecord(value.decision) ||
    typeof value.decision.event !== 'string'
  )
    return null;
  if (value.invocation_id !== expected.invocationId)
    throw new HookwireError(
      'payload',
      `Hook resume invocation_id mismatch: expected ${expected.invocationId}, got ${value.invocation_id}`,
    );
  if (value.snapshot_id !== expected.snapshotId)
    throw new HookwireError(
      'payload',
      `Hook resume snapshot_id mismatch: expected ${expected.snapshotId}, got ${value.snapshot_id}`,
    );
  return value as unknown as HookInvocationResponse;
}

/**
 * Fulfils each (snapshot, invocation) once per session: a delivery while the first is running shares its
 * result, one after it completed gets the same answer, so a replayed graph step never runs a hook twice.
 * A failed fulfilment is forgotten, so the next delivery runs again.
 */
export class HookFulfillmentLedger {
  readonly #inFlight = new Map<string, Promise<HookInvocationResponse>>();
  readonly #completed = new Map<string, HookInvocationResponse>();

  /** The one result for `key`, running `operation` only when no delivery ran or is running it. */
  async fulfill(
    key: { readonly snapshotId: string; readonly invocationId: string },
    operation: () => Promise<HookInvocationResponse>,
  ): Promise<HookInvocationResponse> {
    const id = `${key.snapshotId}\u0000${key.invocationId}`;
    const completed = this.#completed.get(id);
    if (completed !== undefined) return completed;
    let running = this.#inFlight.get(id);
    if (running === undefined) {
      running = operation().then(
        (result) => {
          this.#completed.set(id, result);
          this.#inFlight.delete(id);
          return result;
        },
        (error: unknown) => {
          this.#inFlight.delete(id);
          throw error;
        },
      );
      this.#inFlight.set(id, running);
    }
    return running;
  }
}

/** The per-run context fields that turn the server events on: the snapshot, its server events, the prompt. */
export function hooksRunContext(
  snapshotId: string,
  serverEvents: readonly HookEvent[],
  promptId?: string,
): {
  readonly hooks_snapshot_id: string;
  readonly hooks_server_events: readonly HookEvent[];
  readonly prompt_id?: string;
} {
  return {
    hooks_snapshot_id: snapshotId,
    hooks_server_events: [...serverEvents].sort(),
    ...(promptId === undefined ? {} : { prompt_id: promptId }),
  };
}
