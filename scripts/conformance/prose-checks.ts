import { chmodSync, existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { AIMessage, HumanMessage } from 'langchain';
import {
  HookPresenter,
  type NoticeSeverity,
  SessionContextQueue,
} from '../../src/hosts/deepagents/client-hook-effects.js';
import { CodeHooksSession } from '../../src/hosts/deepagents/code-hooks-session.js';
import { scrubHookEnvironment } from '../../src/hosts/deepagents/hook-environment.js';
import { HOOK_EVENTS, type HookEvent } from '../../src/hosts/deepagents/hook-events.js';
import {
  HookFulfillmentLedger,
  invocationId,
  parseHookResume,
  sessionGate,
} from '../../src/hosts/deepagents/hook-invocation.js';
import { configuredEvents } from '../../src/hosts/deepagents/hook-snapshot.js';
import type { NativeToolCall } from '../../src/hosts/deepagents/project-invocation.js';
import { redactTranscriptValue } from '../../src/hosts/deepagents/redact-transcript.js';
import { askOutcome } from '../../src/hosts/deepagents/server-hook-steps.js';
import {
  appendToolResultText,
  applyPostToolUse,
  deniedToolMessage,
  mergeToolMessageContent,
  type ToolCommand,
  type ToolMessage,
  toolResultError,
} from '../../src/hosts/deepagents/tool-results.js';
import { TranscriptStore } from '../../src/hosts/deepagents/transcript-store.js';
import { firstDifference } from './compare.js';
import {
  type Check,
  hookPrinting,
  invoker,
  message,
  multiResult,
  snapshotOf,
  type Vector,
} from './lifecycle-helpers.js';

/*
 * Upstream's prose tests of the server middleware's pieces, the client, the presenter and the transcript,
 * each as the same scenario on hookwire's modules. A check computes what its test asserts under the names
 * the vector's `expect` uses and compares every key the vector states (`stated`), so a vector changed to
 * expect anything else fails.
 */

/** Compares each key `expect` states with `actual`'s; a key the check does not compute fails. */
export function stated(expect: unknown, actual: Record<string, unknown>): string | null {
  if (typeof expect !== 'object' || expect === null) return 'the vector states no expectation';
  for (const [key, wanted] of Object.entries(expect)) {
    if (!(key in actual)) return `${key}: this check does not compute it`;
    const difference = firstDifference(wanted, actual[key], key);
    if (difference !== null) return difference;
  }
  return null;
}

const expectOf = (vector: Vector): Record<string, unknown> => vector.expect as Record<string, unknown>;
const outputsOf = (vector: Vector): { stdout?: string }[] =>
  (vector.handler_outputs ?? []) as { stdout?: string }[];

/** The decision a real hook printing the vector's first handler output reduces to, for `event`. */
async function decisionFrom(vector: Vector, tmp: string, event: HookEvent) {
  const stdout = outputsOf(vector)[0]?.stdout ?? '';
  const { snapshot, snapshotId } = snapshotOf(
    { [event]: [{ hooks: [hookPrinting(stdout === '' ? null : JSON.parse(stdout), tmp, 'decision')] }] },
    tmp,
  );
  const { invoke } = invoker(snapshot, tmp);
  const call: NativeToolCall = { id: 'c1', name: 'execute', args: {} };
  const invocation =
    event === 'PostToolUse'
      ? { call, result: 'ok', duration_ms: 1 }
      : event === 'PreToolUse'
        ? { call }
        : event === 'Notification'
          ? { notification: { type: 'agent_completed', message: 'done' } }
          : { cause: 'startup' };
  return {
    decision: await invoke(event, invocation as never, { event: 'PreCompact', callId: event }),
    snapshotId,
  };
}

const identity = (promptId: string) => ({
  threadId: 'thread-1',
  snapshotId: 'snapshot-1',
  promptId,
  logical: { event: 'PreToolUse' as const, callId: 'call-1' },
});

export const SERVER_PROSE: Readonly<Record<string, Check>> = {
  async test_hook_interrupt_payload_round_trip(vector) {
    // hookwire runs hooks in the agent's process: no interrupt carries an invocation. What it keeps of the
    // protocol is the resume: a response round-trips through its reader, anything else is no response.
    const id = invocationId(identity('p'));
    const response = {
      protocol_version: 1,
      invocation_id: id,
      snapshot_id: 'snapshot-1',
      decision: { event: 'PreToolUse', continue_processing: true },
    };
    const copy = JSON.parse(JSON.stringify(response)) as unknown;
    return stated(expectOf(vector), {
      'round trip equal':
        JSON.stringify(parseHookResume(copy, { invocationId: id, snapshotId: 'snapshot-1' })) ===
        JSON.stringify(response),
      "{'type': 'ask_user'} parses to": parseHookResume(
        { type: 'ask_user' },
        { invocationId: id, snapshotId: 'snapshot-1' },
      ),
    });
  },

  async test_hook_resume_value_validates_identity(vector) {
    const id = invocationId(identity('p'));
    const resume = {
      protocol_version: 1,
      invocation_id: id,
      snapshot_id: 'snapshot-1',
      decision: { event: 'PreToolUse', permission: { behavior: 'allow' } },
    };
    let mismatch = '';
    try {
      parseHookResume(resume, { invocationId: invocationId(identity('q')), snapshotId: 'snapshot-1' });
    } catch (error) {
      mismatch = (error as Error).message;
    }
    const pattern = String(expectOf(vector)['raises ValueError matching'] ?? '');
    return stated(expectOf(vector), {
      'parsed equals response':
        JSON.stringify(parseHookResume(resume, { invocationId: id, snapshotId: 'snapshot-1' })) ===
        JSON.stringify(resume),
      'raises ValueError matching': mismatch.includes(pattern) ? pattern : mismatch,
    });
  },

  async test_malformed_hook_resume_fails_open(vector) {
    const parsed = parseHookResume(
      { invalid: true },
      { invocationId: invocationId(identity('p')), snapshotId: 'snapshot-1' },
    );
    return stated(expectOf(vector), { 'parsed (no decision: fails open)': parsed });
  },

  async test_session_gate_requires_snapshot_and_events(vector) {
    const gate = sessionGate({ hooks_snapshot_id: 'abc', hooks_server_events: ['PreToolUse', 'Stop'] });
    return stated(expectOf(vector), {
      'gate(None)': sessionGate(null),
      'gate(snapshot only)': sessionGate({ hooks_snapshot_id: 'abc' }),
      'gate.snapshot_id': gate?.snapshotId,
      'gate.events': [...(gate?.events ?? [])].sort(),
    });
  },

  async test_denied_tool_message_for_deny(vector) {
    const denied = deniedToolMessage({ id: 'c1', name: 'execute', args: {} }, { reason: 'nope' });
    return stated(expectOf(vector), { status: denied.status, content: denied.content });
  },

  async test_merge_tool_message_preserves_structured_content(vector) {
    const merged = mergeToolMessageContent(
      message([{ type: 'text', text: 'parent result' }], 'c1', { name: 'task' }),
      'hook context',
    );
    const blocks = merged.content as readonly Record<string, unknown>[];
    return stated(expectOf(vector), { 'content[0]': blocks[0], 'content[-1]': blocks.at(-1) });
  },

  async test_apply_post_tool_use_appends_feedback_and_context(vector, tmp) {
    const { decision } = await decisionFrom(vector, tmp, 'PostToolUse');
    const updated = applyPostToolUse(message('ok', 'c1'), decision, 'c1') as ToolMessage;
    const parts = (expectOf(vector)['content contains'] ?? []) as string[];
    return stated(expectOf(vector), {
      'content contains': parts.filter((part) => String(updated.content).includes(part)),
    });
  },

  async test_append_tool_result_text_only_touches_matching_call(vector) {
    const updated = appendToolResultText(multiResult(), 'hook context', 'c1') as ToolCommand;
    const [mine, theirs] = updated.update.messages as ToolMessage[];
    return stated(expectOf(vector), {
      'mine contains hook context': String(mine?.content).includes('hook context'),
      'theirs content': theirs?.content,
    });
  },

  async test_append_tool_result_text_leaves_command_without_matching_call(vector) {
    const result = multiResult();
    return stated(expectOf(vector), {
      'same object': appendToolResultText(result, 'hook context', 'c3') === result,
    });
  },

  async test_tool_result_error_ignores_unrelated_failure(vector) {
    const result = multiResult();
    return stated(expectOf(vector), {
      'error(c1)': toolResultError(result, { id: 'c1', name: 'execute', args: {} }),
      'error(c2)': toolResultError(result, { id: 'c2', name: 'execute', args: {} }),
    });
  },

  async test_ask_permission_via_hitl_reject(vector) {
    const response = (vector.payload as Record<string, unknown>).hitl_response as Parameters<
      typeof askOutcome
    >[2];
    const call: NativeToolCall = { id: 'c1', name: 'execute', args: {} };
    const blocked = askOutcome(call, { behavior: 'ask', reason: null, interrupt: false }, response);
    return stated(expectOf(vector), { status: blocked?.status, content: blocked?.content });
  },

  async test_fulfill_hook_invocation_runs_engine(vector, tmp) {
    // An empty document: the invocation runs the engine, which answers with no permission decision.
    const { snapshot, snapshotId } = snapshotOf({}, tmp);
    const { invoke } = invoker(snapshot, tmp);
    const id = invocationId({
      threadId: 'thread-1',
      snapshotId,
      logical: { event: 'PreToolUse', callId: 'call-1' },
    });
    const response = await new HookFulfillmentLedger().fulfill(
      { snapshotId, invocationId: id },
      async () => ({
        protocol_version: 1,
        invocation_id: id,
        snapshot_id: snapshotId,
        decision: await invoke(
          'PreToolUse',
          { call: { id: 'call-1', name: 'execute', args: { command: 'ls' } } },
          { event: 'PreToolUse', callId: 'call-1' },
        ),
      }),
    );
    const parsed = parseHookResume(response, { invocationId: id, snapshotId });
    return stated(expectOf(vector), {
      'decision.event': parsed?.decision.event,
      'permission.behavior': parsed?.decision.permission?.behavior ?? 'none',
    });
  },

  async test_snapshot_configured_server_events(vector, tmp) {
    const config = vector.config as { hooks: Record<string, unknown> };
    const { snapshot } = snapshotOf(config.hooks, tmp);
    const events = configuredEvents(snapshot);
    return stated(expectOf(vector), {
      'configured_events()': [...events].sort(),
      'configured_server_events()': events.filter((event) => HOOK_EVENTS[event].owner === 'server').sort(),
    });
  },
};

/** A progress update of the vector's: `[operation, message, active]`. */
type ProgressStep = [string, string, boolean];

export const CLIENT_PROSE: Readonly<Record<string, Check>> = {
  async test_session_end_clears_context_and_notification_can_stop(vector, tmp) {
    // SessionEnd clears the thread's queued SessionStart context; a Notification hook's `continue: false`
    // reduces to a stop with its reason (hookwire's middleware fires no Notification: there is no terminal).
    const queue = new SessionContextQueue();
    queue.add('thread-1', ['pending']);
    queue.clear('thread-1');
    const { decision } = await decisionFrom(vector, tmp, 'Notification');
    return stated(expectOf(vector), {
      'take_session_context after SessionEnd': queue.take('thread-1'),
      'notification continue_processing': decision.continue_processing,
      'notification stop_reason': decision.stop_reason,
    });
  },

  async test_progress_keeps_latest_concurrent_status_visible(vector) {
    return stated(expectOf(vector), { statuses: progress(vector) });
  },

  async test_progress_without_handler_message_falls_back_to_event_text(vector) {
    const first = progress(vector)[0] ?? '';
    const prefix = String(expectOf(vector)['statuses[0] starts with'] ?? '');
    return stated(expectOf(vector), { 'statuses[0] starts with': first.startsWith(prefix) ? prefix : first });
  },

  async test_attach_rebinds_sinks_on_the_same_presenter(vector) {
    const first: string[] = [];
    const second: string[] = [];
    const presenter = new HookPresenter({ notice: (text) => first.push(text), terminal: () => {} });
    presenter.attach({ notice: (text) => second.push(text), terminal: () => {} });
    presenter.presentPermission('shell', { behavior: 'deny', reason: 'nope' });
    return stated(expectOf(vector), { first, second });
  },

  async test_reload_keeps_one_presenter_shared_with_the_runtime(vector, tmp) {
    // hookwire's session is loaded once and frozen: a move to another directory is a second session. The
    // presenter is the caller's one object, given to both, so sinks bound once serve the second too.
    const notices: string[] = [];
    const presenter = new HookPresenter({ notice: (text) => notices.push(text), terminal: () => {} });
    const sessions = ['first', 'second'].map((name) => {
      const root = join(tmp, name);
      const path = join(root, 'hooks.json');
      mkdirSync(root, { recursive: true });
      writeFileSync(
        path,
        JSON.stringify({
          hooks: { Stop: [{ hooks: [hookPrinting({ systemMessage: `from ${name}` }, tmp, name)] }] },
        }),
      );
      return new CodeHooksSession({
        cwd: root,
        sources: [{ label: 'user', scope: 'user', path }],
        transcriptRoot: join(tmp, 'transcripts'),
        onDecision: (decision) => presenter.presentDecision(decision),
      });
    });
    for (const session of sessions)
      await session.invoke(
        'Stop',
        { continuation_count: 0, last_assistant_message: 'done' },
        { thread: 'thread' },
      );
    return stated(expectOf(vector), { 'notices through the one presenter': notices });
  },

  async test_attach_output_binds_sinks_and_replays_load_diagnostics(vector, tmp) {
    const path = join(tmp, 'user', 'hooks.json');
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, JSON.stringify((vector.config as Record<string, unknown>).user));
    const session = new CodeHooksSession({
      cwd: tmp,
      sources: [{ label: 'user', scope: 'user', path }],
      transcriptRoot: join(tmp, 'transcripts'),
    });
    const { diagnostics } = await session.load();
    const notices: [string, NoticeSeverity][] = [];
    const presenter = new HookPresenter({ notice: () => {}, terminal: () => {} });
    presenter.attach({ notice: (text, severity) => notices.push([text, severity]), terminal: () => {} });
    presenter.presentDiagnostics(diagnostics);
    return stated(expectOf(vector), {
      'notices shown': notices.length > 0,
      'severities warning or error': notices.every(([, severity]) => severity !== 'information'),
    });
  },
};

/** The statuses a presenter shows for the vector's progress steps. */
function progress(vector: Vector): string[] {
  const statuses: string[] = [];
  const presenter = new HookPresenter({
    notice: () => {},
    terminal: () => {},
    status: (text) => statuses.push(text),
  });
  for (const [operationId, text, active] of ((vector.payload as Record<string, unknown>).progress ??
    []) as ProgressStep[])
    presenter.updateProgress({ operationId, event: 'Stop', message: text, active });
  return statuses;
}

const lines = (path: string): Record<string, unknown>[] =>
  readFileSync(path, 'utf8')
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as Record<string, unknown>);

const mode = (path: string): string => `0o${(statSync(path).mode & 0o777).toString(8)}`;

export const TRANSCRIPT_PROSE: Readonly<Record<string, Check>> = {
  async test_transcript_paths_are_safe_unique_and_private(vector, tmp) {
    const root = join(tmp, 'permissive');
    mkdirSync(root, { mode: 0o777 });
    chmodSync(root, 0o777);
    const store = new TranscriptStore(root);
    const identifiers = (vector.payload as Record<string, unknown>).identifiers as string[];
    const paths = identifiers.map((identifier) => store.threadPath(identifier));
    const agent = store.materialize('../escape', '../../agent');
    let negative = '';
    try {
      new TranscriptStore(join(tmp, 'invalid'), -1);
    } catch (error) {
      negative = (error as Error).message;
    }
    const pattern = String(expectOf(vector)['retention -1 raises matching'] ?? '');
    return stated(expectOf(vector), {
      'distinct paths': new Set(paths).size,
      'all directly under root': paths.every((path) => dirname(path) === store.root),
      'no .. or / in names': paths.every((path) => {
        const name = path.slice(store.root.length + 1);
        return !name.includes('..') && !name.includes('/');
      }),
      'agent path under root and a file':
        agent.path.startsWith(`${store.root}/`) && statSync(agent.path).isFile(),
      'root mode': mode(store.root),
      'agent directories mode': [mode(dirname(dirname(agent.path))), mode(dirname(agent.path))],
      'retention -1 raises matching': negative.includes(pattern) ? pattern : negative,
    });
  },

  async test_transcript_redaction_covers_tokens_and_urls(vector) {
    const input = String((vector.payload as Record<string, unknown>).text);
    const redacted = String(redactTranscriptValue(input));
    const expect = expectOf(vector);
    return stated(expect, {
      excludes: ((expect.excludes ?? []) as string[]).filter((secret) => redacted.includes(secret)),
      contains: ((expect.contains ?? []) as string[]).filter((part) => redacted.includes(part)),
      '[redacted] at least twice': redacted.split('[redacted]').length - 1 >= 2,
    });
  },

  async test_transcript_repairs_corrupt_existing_file_permissions(vector, tmp) {
    const root = join(tmp, 'transcripts');
    const path = new TranscriptStore(root).threadPath('thread');
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, '{invalid json}\n');
    chmodSync(path, 0o644);
    const reloaded = new TranscriptStore(root);
    const handle = reloaded.materialize('thread');
    return stated(expectOf(vector), {
      content: readFileSync(handle.path, 'utf8'),
      'revision matches': handle.revision === reloaded.revision('thread'),
      mode: mode(handle.path),
    });
  },

  async test_transcript_revision_is_deterministic_and_thread_safe(vector, tmp) {
    const messages = [
      { role: 'user', id: 'user-1', content: 'first' },
      { role: 'assistant', id: 'assistant-1', content: 'second' },
    ] as const;
    const [first, second] = ['first', 'second'].map((name) => new TranscriptStore(join(tmp, name)));
    first?.append('thread', messages);
    second?.append('thread', messages);
    const one = first?.materialize('thread');
    const two = second?.materialize('thread');
    const concurrent = new TranscriptStore(join(tmp, 'concurrent'));
    const count = Number((vector.payload as Record<string, unknown>).appends ?? 40);
    await Promise.all(
      Array.from({ length: count }, async (_, index) => {
        await Promise.resolve();
        concurrent.append('thread', [{ role: 'user', id: `message-${index}`, content: String(index) }]);
        concurrent.materialize('thread');
      }),
    );
    const handle = concurrent.materialize('thread');
    const records = lines(handle.path);
    return stated(expectOf(vector), {
      'equal revisions and bytes':
        one?.revision === two?.revision &&
        readFileSync(one?.path ?? '').equals(readFileSync(two?.path ?? '')),
      records: records.length,
      'sequences in order': records.every((record, index) => record.sequence === index),
      'distinct message ids': new Set(records.map((record) => record.message_id)).size,
    });
  },

  async test_materialize_merges_records_written_by_another_store(vector, tmp) {
    const root = join(tmp, 'transcripts');
    const first = new TranscriptStore(root);
    first.append('thread', [{ role: 'user', id: 'shared-1', content: 'shared' }]);
    first.materialize('thread');
    const second = new TranscriptStore(root);
    second.append('thread', [{ role: 'user', id: 'other-1', content: 'other' }]);
    second.materialize('thread');
    first.append('thread', [{ role: 'user', id: 'mine-1', content: 'mine' }]);
    const records = lines(first.materialize('thread').path);
    return stated(expectOf(vector), {
      message_ids: records.map((record) => record.message_id),
      sequences: records.map((record) => record.sequence),
    });
  },

  async test_stream_recorder_collects_completed_main_and_identified_subagent(vector, tmp) {
    // hookwire records completed messages from the graph's state (no stream chunks to join): the main
    // agent's under the thread, an identified subagent's under its id, internal sources never.
    const root = join(tmp, 'transcripts');
    const path = join(tmp, 'user', 'hooks.json');
    mkdirSync(dirname(path), { recursive: true });
    const quiet = { hooks: [hookPrinting(null, tmp, 'quiet')] };
    writeFileSync(path, JSON.stringify({ hooks: { SessionStart: [quiet], SubagentStart: [quiet] } }));
    const session = new CodeHooksSession({
      cwd: tmp,
      sources: [{ label: 'user', scope: 'user', path }],
      transcriptRoot: root,
    });
    session.record({ thread: 'thread' }, [new AIMessage({ id: 'main-1', content: 'hello' })]);
    session.record({ thread: 'thread', agentId: 'agent-1' }, [
      new AIMessage({ id: 'sub-1', content: 'research' }),
    ]);
    for (const source of ['summarization', 'auto_mode_classifier'])
      session.record({ thread: 'thread' }, [
        new AIMessage({ id: source, content: `hidden ${source}`, additional_kwargs: { lc_source: source } }),
      ]);
    // The session writes a transcript before an invocation reads it: the thread's, and the subagent's.
    await session.invoke('SessionStart', { cause: 'startup' }, { thread: 'thread' });
    await session.invoke(
      'SubagentStart',
      { agent: { id: 'agent-1', name: 'researcher' } },
      { thread: 'thread' },
    );
    const store = new TranscriptStore(root);
    const main = readFileSync(store.materialize('thread').path, 'utf8');
    const agent = readFileSync(store.materialize('thread', 'agent-1').path, 'utf8');
    return stated(expectOf(vector), {
      'main contains': main.includes('"content":"hello"'),
      'agent contains': agent.includes('"content":"research"'),
      'hidden excluded': !(main + agent).includes('hidden'),
    });
  },

  async test_runtime_stores_transcripts_outside_workspace(vector, tmp) {
    const workspace = join(tmp, 'workspace');
    const home = join(tmp, 'home');
    mkdirSync(workspace, { recursive: true });
    const path = join(home, '.deepagents', 'hooks.json');
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(
      path,
      JSON.stringify({ hooks: { SessionStart: [{ hooks: [hookPrinting(null, tmp, 'start')] }] } }),
    );
    const session = new CodeHooksSession({
      home,
      cwd: workspace,
      trustProjectHooks: false,
      plugins: [],
      env: scrubHookEnvironment(process.env),
    });
    session.record({ thread: 'thread' }, [new HumanMessage({ content: 'hi' })]);
    await session.invoke('SessionStart', { cause: 'startup' }, { thread: 'thread' });
    return stated(expectOf(vector), {
      'transcripts root': existsSync(join(home, '.deepagents', 'transcripts'))
        ? '<home>/.deepagents/transcripts'
        : null,
      'workspace .deepagents exists': existsSync(join(workspace, '.deepagents')),
    });
  },
};
