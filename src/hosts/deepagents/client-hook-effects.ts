import type { HookDiagnostic } from './hook-diagnostic.js';
import type { HookEvent } from './hook-events.js';
import type { HookDecision, PermissionDecision } from './reduce-hook-results.js';

/*
 * What the client does with the decisions of the events it owns (upstream `presenter.py`,
 * `permissions.py`, `client_lifecycle.py`): diagnostics shown once per presentation before the hooks'
 * notices, terminal sequences written raw, SessionStart context queued for the thread's next turn, a
 * PermissionRequest decision as an approval answer, the prompt turn's context and suppression.
 */

/** How a notice is shown. */
export type NoticeSeverity = 'information' | 'warning' | 'error';

/** Where the presenter sends what a person sees. */
export interface PresenterSinks {
  readonly notice: (message: string, severity: NoticeSeverity) => void;
  /** Raw terminal output (the validated sequences). */
  readonly terminal: (sequence: string) => void;
  /** The one transient status line hooks own ('' releases it). Default: not shown. */
  readonly status?: (message: string) => void;
}

/** A handler started (`active`) or finished: its status message, else the event's own text. */
export interface HookProgress {
  readonly operationId: string;
  readonly event: HookEvent;
  /** The handler's `statusMessage`; '' for none. */
  readonly message: string;
  readonly active: boolean;
}

/** Presents the side effects every decision shares, permission attributions and hooks' progress. */
export class HookPresenter {
  #sinks: PresenterSinks;
  /** Active handlers' status texts, in the order they became active (a Map keeps first insertion). */
  readonly #active = new Map<string, string>();

  constructor(sinks: PresenterSinks) {
    this.#sinks = sinks;
  }

  /** Rebinds the sinks on this same presenter (a client whose UI appears after its hooks loaded). */
  attach(sinks: PresenterSinks): void {
    this.#sinks = sinks;
  }

  /**
   * Concurrent handlers share one status slot: the most recently activated one that is still running shows
   * (upstream's `update_progress`); when the last one finishes the slot is released with ''.
   */
  updateProgress(progress: HookProgress): void {
    if (progress.active)
      this.#active.set(progress.operationId, progress.message || `Running ${progress.event} hook…`);
    else this.#active.delete(progress.operationId);
    this.#sinks.status?.([...this.#active.values()].at(-1) ?? '');
  }

  /** Diagnostics first (each distinct one once), then the notices, then the terminal sequences. */
  presentDecision(decision: HookDecision): void {
    this.presentDiagnostics(decision.diagnostics);
    for (const notice of decision.user_notices) this.#sinks.notice(notice, 'information');
    for (const sequence of decision.terminal_sequences) this.#sinks.terminal(sequence);
  }

  /** Each diagnostic as a `Hook warning: ...` notice, a repeated one (same code, message, handler, field) once. */
  presentDiagnostics(diagnostics: readonly HookDiagnostic[]): void {
    const delivered = new Set<string>();
    for (const diagnostic of diagnostics) {
      const key = JSON.stringify([
        diagnostic.code,
        diagnostic.severity,
        diagnostic.message,
        diagnostic.handler_id ?? null,
        diagnostic.field ?? null,
      ]);
      if (delivered.has(key)) continue;
      delivered.add(key);
      this.#sinks.notice(`Hook warning: ${diagnostic.message}`, 'warning');
    }
  }

  /** A hook's permission decision attributed to the hook (user-facing only; the model sees the raw reason). */
  presentPermission(toolName: string, permission: Pick<PermissionDecision, 'behavior' | 'reason'>): void {
    const target = toolName || 'tool request';
    if (permission.behavior === 'allow')
      this.#sinks.notice(`PermissionRequest hook allowed ${target}.`, 'information');
    else if (permission.behavior === 'deny')
      this.#sinks.notice(
        `PermissionRequest hook denied ${target}${permission.reason ? `: ${permission.reason}` : '.'}`,
        'warning',
      );
  }
}

/** An approval answer: approve, or reject with the model-visible message. */
export interface ReviewDecision {
  readonly type: 'approve' | 'reject';
  readonly message?: string;
}

/** A PermissionRequest decision as the client applies it; `decision: null` falls through to the user. */
export interface PermissionHookOutcome {
  readonly decision: ReviewDecision | null;
  /** The whole batch of pending calls is abandoned. */
  readonly interrupt: boolean;
}

/**
 * `continue: false` rejects and interrupts (message: the stop reason); allow approves; deny rejects (its
 * message when it has one) and interrupts only when the hook asked; no decision asks the user.
 */
export function permissionHookOutcome(
  decision: Pick<HookDecision, 'continue_processing' | 'stop_reason' | 'permission'>,
): PermissionHookOutcome {
  if (!decision.continue_processing)
    return {
      decision: { type: 'reject', message: decision.stop_reason || 'Permission stopped by hook' },
      interrupt: true,
    };
  const permission = decision.permission;
  if (permission?.behavior === 'allow') return { decision: { type: 'approve' }, interrupt: false };
  if (permission?.behavior === 'deny')
    return {
      decision: permission.reason ? { type: 'reject', message: permission.reason } : { type: 'reject' },
      interrupt: permission.interrupt,
    };
  return { decision: null, interrupt: false };
}

/** SessionStart context per thread, taken once by the thread's next turn. */
export class SessionContextQueue {
  readonly #pending = new Map<string, string[]>();

  add(threadId: string, context: readonly string[]): void {
    if (context.length === 0) return;
    const queued = this.#pending.get(threadId) ?? [];
    queued.push(...context);
    this.#pending.set(threadId, queued);
  }

  /** The thread's queued context, removed. */
  take(threadId: string): readonly string[] {
    const queued = this.#pending.get(threadId) ?? [];
    this.#pending.delete(threadId);
    return queued;
  }

  /** Drops a thread's context (its session ended). */
  clear(threadId: string): void {
    this.#pending.delete(threadId);
  }
}

/** A message of the turn's input. */
export interface TurnMessage {
  readonly role: 'system' | 'user';
  readonly content: string;
}

/** The events a prompt turn runs, each resolving to its reduced decision (null: no handler configured). */
export interface PromptTurnHooks {
  readonly sessionStart: () => Promise<HookDecision | null>;
  readonly userPromptSubmit: (prompt: string) => Promise<HookDecision | null>;
  readonly sessionEnd: (cause: string) => Promise<HookDecision | null>;
  /** The legacy dispatcher's `session.start` and `user.prompt`, fired only without a v2 UserPromptSubmit. */
  readonly legacy: (event: 'session.start' | 'user.prompt', fields: Record<string, unknown>) => Promise<void>;
}

/** A prompt turn's input for the agent, or the reason a hook stopped it (the session then ended). */
export type PromptTurn =
  | { readonly kind: 'run'; readonly messages: readonly TurnMessage[] }
  | { readonly kind: 'stopped'; readonly reason: string };

/**
 * The headless first turn, as Deep Agents Code runs it: SessionStart (its context becomes a leading system
 * message), then UserPromptSubmit, whose context is a system message before the prompt and whose
 * `suppressOriginalPrompt` drops the prompt; a v2 UserPromptSubmit handler replaces the legacy
 * `session.start`/`user.prompt` dispatch, so a migrated hook does not fire twice. A stop at either point
 * ends the session (SessionEnd, cause `other`) and the agent never runs.
 */
export async function runPromptTurn(
  threadId: string,
  prompt: string,
  hooks: PromptTurnHooks,
  queue: SessionContextQueue,
): Promise<PromptTurn> {
  const start = await hooks.sessionStart();
  if (start !== null && !start.continue_processing) {
    queue.clear(threadId);
    await hooks.sessionEnd('other');
    return { kind: 'stopped', reason: start.stop_reason || 'Session start stopped by hook' };
  }
  if (start !== null) queue.add(threadId, start.context ?? []);
  const messages: TurnMessage[] = [{ role: 'user', content: prompt }];
  const sessionContext = queue.take(threadId);
  if (sessionContext.length > 0) messages.unshift({ role: 'system', content: sessionContext.join('\n\n') });
  const submitted = await hooks.userPromptSubmit(prompt);
  if (submitted === null) {
    await hooks.legacy('session.start', { thread_id: threadId });
    await hooks.legacy('user.prompt', {});
    return { kind: 'run', messages };
  }
  if (!submitted.continue_processing) {
    queue.clear(threadId);
    await hooks.sessionEnd('other');
    return { kind: 'stopped', reason: submitted.stop_reason || 'User prompt submission stopped by hook' };
  }
  const context = submitted.context ?? [];
  if (context.length > 0)
    messages.splice(messages.length - 1, 0, { role: 'system', content: context.join('\n\n') });
  if (submitted.suppress_original_prompt === true) messages.pop();
  return { kind: 'run', messages };
}
