import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { HumanMessage } from 'langchain';
import { isRecord } from '../../src/common/is-record.js';
import {
  HookPresenter,
  type NoticeSeverity,
  permissionHookOutcome,
  runPromptTurn,
  SessionContextQueue,
} from '../../src/hosts/deepagents/client-hook-effects.js';
import { CodeHooksSession } from '../../src/hosts/deepagents/code-hooks-session.js';
import { HOOK_EVENTS, type HookEvent } from '../../src/hosts/deepagents/hook-events.js';
import {
  HookFulfillmentLedger,
  type HookInvocationResponse,
  hooksRunContext,
  invocationId,
  parseHookResume,
} from '../../src/hosts/deepagents/hook-invocation.js';
import { configuredEvents } from '../../src/hosts/deepagents/hook-snapshot.js';
import type {
  InvocationContext,
  NativeInvocation,
  NativeToolCall,
} from '../../src/hosts/deepagents/project-invocation.js';
import { redactTranscriptValue } from '../../src/hosts/deepagents/redact-transcript.js';
import type { HookDecision } from '../../src/hosts/deepagents/reduce-hook-results.js';
import {
  afterToolCall,
  askOutcome,
  planToolCalls,
  postToolBoundary,
} from '../../src/hosts/deepagents/server-hook-steps.js';
import {
  appendMessageText,
  type ToolCommand,
  type ToolMessage,
  type ToolOutcome,
  taskAgentIdentity,
} from '../../src/hosts/deepagents/tool-results.js';
import { TranscriptStore } from '../../src/hosts/deepagents/transcript-store.js';
import { firstDifference } from './compare.js';
import { GRAPH_CHECKS } from './graph-checks.js';
import { CLIENT_PROSE, SERVER_PROSE, TRANSCRIPT_PROSE } from './prose-checks.js';

/*
 * The vectors of how the agent applies decisions (`server`, `client`) and of its transcripts, checked by
 * the upstream test each comes from (`source`): every check drives hookwire's own modules, with real hook
 * processes wherever the upstream test ran or stood in for a handler (the decision a test injected is
 * produced by a real hook printing the wire output that reduces to it).
 */

import {
  type Check,
  CONTEXT,
  gateOf,
  hookPrinting,
  invoker,
  message,
  multiResult,
  snapshotOf,
  text,
  upstreamTest,
  type Vector,
  wireOf,
} from './lifecycle-helpers.js';

const SERVER: Record<string, Check> = {
  async test_post_tool_resumes_do_not_reexecute_parallel_tools(vector, tmp) {
    const calls = ((vector.payload as Record<string, unknown>).calls ?? []) as NativeToolCall[];
    const decision = ((vector.handler_outputs as Record<string, unknown>[])[0]?.decision ?? {}) as Record<
      string,
      unknown
    >;
    const { snapshot, snapshotId } = snapshotOf(
      { PostToolUse: [{ hooks: [hookPrinting(wireOf('PostToolUse', decision), tmp, 'post')] }] },
      tmp,
    );
    const gate = gateOf(snapshotId, ['PostToolUse']);
    const executed: string[] = [];
    const results = new Map<string, ToolOutcome>();
    const pending = new Map<string, number>();
    for (const call of calls) {
      const started = performance.now();
      const value = String(call.args?.value);
      executed.push(value);
      results.set(call.id ?? '', message(`recorded ${value}`, call.id ?? '', { name: call.name }));
      pending.set(call.id ?? '', Math.round(performance.now() - started));
    }
    const { invoke, payloads } = invoker(snapshot, tmp);
    const first = await postToolBoundary(calls, results, pending, gate, invoke);
    // A replay of the same step with the pending set the first one left runs nothing again.
    const replay = await postToolBoundary(calls, results, first.pending, gate, invoke);
    const expect = vector.expect as Record<string, unknown>;
    const contents = first.updated.map((outcome, index) => text(outcome, calls[index]?.id ?? ''));
    const wanted = calls.flatMap((call) => {
      const value = String(call.args?.value);
      return [`recorded ${value}`, `reviewed call-${value}`];
    });
    return firstDifference(
      {
        executed: expect['tools executed once each'],
        invoked: expect['PostToolUse invoked for'],
        durations: true,
        contains: wanted,
        pending: expect['pending post-tool state after'],
        replayed: 0,
      },
      {
        executed: [...executed].sort(),
        invoked: payloads.map((entry) => entry.payload.tool_use_id).sort(),
        durations: payloads.every((entry) => typeof entry.payload.duration_ms === 'number'),
        contains: wanted.filter((part) => contents.some((content) => content.includes(part))),
        pending: Object.fromEntries(first.pending),
        replayed: replay.updated.length,
      },
    );
  },

  async test_mismatched_hook_resume_stays_fatal(vector) {
    const expected = { invocationId: invocationId(identity('prompt-a')), snapshotId: 'snapshot-1' };
    const answer = {
      protocol_version: 1,
      invocation_id: invocationId(identity('prompt-b')),
      snapshot_id: 'snapshot-1',
      decision: { event: 'PreToolUse' },
    };
    const pattern = String((vector.expect as Record<string, unknown>)['raises ValueError matching']);
    try {
      parseHookResume(answer, expected);
      return 'a resume for another invocation was accepted';
    } catch (error) {
      if (!String((error as Error).message).includes(pattern)) return `threw ${(error as Error).message}`;
    }
    // A value of the wrong shape is not fatal: it degrades to no decision.
    return parseHookResume({ invalid: true }, expected) === null ? null : 'a malformed resume was accepted';
  },

  async test_apply_hooks_context_sets_server_events(vector, tmp) {
    const config = vector.config as Record<string, unknown>;
    const { snapshot, snapshotId } = snapshotOf(config.hooks as Record<string, unknown>, tmp);
    const server = configuredEvents(snapshot).filter((event) => HOOK_EVENTS[event].owner === 'server');
    const context = hooksRunContext(snapshotId, server, 'prompt-1');
    const expect = vector.expect as Record<string, unknown>;
    return firstDifference(
      {
        events: expect.hooks_server_events,
        prompt: expect.prompt_id,
        configured: expect['configured_server_events()'],
        snapshot: snapshotId,
      },
      {
        events: context.hooks_server_events,
        prompt: context.prompt_id,
        configured: server.sort(),
        snapshot: context.hooks_snapshot_id,
      },
    );
  },

  async test_apply_subagent_stop_preserves_structured_content(vector, tmp) {
    const decision = ((vector.handler_outputs as Record<string, unknown>[])[0]?.decision ?? {}) as Record<
      string,
      unknown
    >;
    const { snapshot, snapshotId } = snapshotOf(
      { SubagentStop: [{ hooks: [hookPrinting(wireOf('SubagentStop', decision), tmp, 'stop')] }] },
      tmp,
    );
    const call: NativeToolCall = { id: 'c1', name: 'task', args: { subagent_type: 'researcher' } };
    const result = message([{ type: 'text', text: 'done' }], 'c1', { name: 'task' });
    const { invoke } = invoker(snapshot, tmp);
    const updated = (await afterToolCall(
      call,
      result,
      1,
      gateOf(snapshotId, ['SubagentStop']),
      invoke,
    )) as ToolMessage;
    const blocks = updated.content;
    if (!Array.isArray(blocks)) return `content became ${JSON.stringify(blocks)}`;
    const expected = String((vector.expect as Record<string, unknown>)['last content block contains']);
    if (JSON.stringify(blocks[0]) !== JSON.stringify({ type: 'text', text: 'done' }))
      return 'the first block changed';
    return JSON.stringify(blocks[blocks.length - 1]).includes(expected)
      ? null
      : `last block ${JSON.stringify(blocks.at(-1))}`;
  },

  async test_post_tool_use_updates_successful_command_result(vector, tmp) {
    const decision = ((vector.handler_outputs as Record<string, unknown>[])[0]?.decision ?? {}) as Record<
      string,
      unknown
    >;
    const { snapshot, snapshotId } = snapshotOf(
      { PostToolUse: [{ hooks: [hookPrinting(wireOf('PostToolUse', decision), tmp, 'post')] }] },
      tmp,
    );
    const result: ToolCommand = { type: 'command', update: { messages: [message('ok', 'c1')] } };
    const { invoke, payloads } = invoker(snapshot, tmp);
    const updated = await afterToolCall(
      { id: 'c1', name: 'execute', args: {} },
      result,
      5,
      gateOf(snapshotId, ['PostToolUse']),
      invoke,
    );
    const expect = vector.expect as Record<string, unknown>;
    const first = (updated as ToolCommand).update.messages as ToolMessage[];
    return firstDifference(
      { contains: true, once: expect['hook invoked once'], type: 'command' },
      {
        contains: String(first[0]?.content).includes(String(expect['messages[0].content contains'])),
        once: payloads.length === 1,
        type: updated.type,
      },
    );
  },

  async test_tool_result_text_reads_only_matching_call(vector) {
    return firstDifference(
      (vector.expect as Record<string, unknown>)['_tool_result_text(c1)'],
      text(multiResult(), 'c1'),
    );
  },

  async test_failed_execute_routes_to_post_tool_use_failure(vector, tmp) {
    const payload = vector.payload as Record<string, unknown>;
    const call = payload.call as NativeToolCall;
    const { snapshot, snapshotId } = snapshotOf(
      { PostToolUseFailure: [{ hooks: [hookPrinting(null, tmp, 'failure')] }] },
      tmp,
    );
    const result: ToolMessage = {
      type: 'tool',
      tool_call_id: call.id ?? '',
      name: call.name,
      ...(payload.tool_message as object),
    } as ToolMessage;
    const { invoke, payloads } = invoker(snapshot, tmp);
    const updated = await afterToolCall(call, result, 5, gateOf(snapshotId, ['PostToolUseFailure']), invoke);
    const expect = vector.expect as Record<string, unknown>;
    const seen = payloads[0];
    return firstDifference(
      {
        event: expect.event,
        error: expect.error,
        duration_ms: expect.duration_ms,
        unchanged: expect['result unchanged'],
      },
      {
        event: seen?.event,
        error: seen?.payload.error,
        duration_ms: seen?.payload.duration_ms,
        unchanged: updated === result,
      },
    );
  },

  async test_append_pretool_context_to_result(vector) {
    const updated = appendMessageText(message('ran', 'c1'), ['pre context'], 'c1');
    const wanted = (vector.expect as Record<string, unknown>)['content contains'] as string[];
    return firstDifference(
      wanted,
      wanted.filter((part) => text(updated, 'c1').includes(part)),
    );
  },

  async test_precompact_trigger_and_order(vector, tmp) {
    const call = (vector.payload as Record<string, unknown>).call as NativeToolCall;
    const quiet = hookPrinting(null, tmp, 'quiet');
    const { snapshot, snapshotId } = snapshotOf(
      { PreCompact: [{ hooks: [quiet] }], PreToolUse: [{ hooks: [quiet] }] },
      tmp,
    );
    const { invoke, payloads } = invoker(snapshot, tmp);
    const outcomes = await planToolCalls(
      [call],
      gateOf(snapshotId, ['PreCompact', 'PreToolUse']),
      invoke,
      async () => null,
    );
    const expect = vector.expect as Record<string, unknown>;
    const compact = payloads.find((entry) => entry.event === 'PreCompact');
    return firstDifference(
      {
        trigger: expect['PreCompact.trigger'],
        logical: expect.logical_event_id,
        order: expect['event order'],
        behavior: expect['outcome.behavior'],
      },
      {
        trigger: compact?.payload.trigger,
        logical: compact === undefined || !('callId' in compact.logical) ? null : compact.logical.callId,
        order: payloads.map((entry) => entry.event),
        behavior: outcomes[call.id ?? '']?.behavior,
      },
    );
  },

  async test_ask_permission_via_hitl_approve(vector) {
    const response = (vector.payload as Record<string, unknown>).hitl_response as Parameters<
      typeof askOutcome
    >[2];
    const call: NativeToolCall = { id: 'call-1', name: 'execute', args: { command: 'ls' } };
    const outcome = askOutcome(call, { behavior: 'ask', reason: 'check', interrupt: false }, response);
    const rejected = askOutcome(
      call,
      { behavior: 'ask', reason: 'check', interrupt: false },
      { decisions: [{ type: 'reject' }] },
    );
    return firstDifference(
      {
        returns: (vector.expect as Record<string, unknown>).returns,
        rejected: 'Bash blocked by hook: check',
      },
      { returns: outcome, rejected: rejected?.content },
    );
  },

  async test_fulfillment_is_idempotent_in_flight_and_after_completion(vector, tmp) {
    const marker = join(tmp, 'marker');
    const { snapshot, snapshotId } = snapshotOf(
      {
        PreToolUse: [
          {
            hooks: [
              hookPrinting({ systemMessage: 'once' }, tmp, 'once', `echo ran >> '${marker}'; sleep 0.05`),
            ],
          },
        ],
      },
      tmp,
    );
    const notices: [string, NoticeSeverity][] = [];
    const presenter = new HookPresenter({
      notice: (text, severity) => notices.push([text, severity]),
      terminal: () => {},
    });
    const ledger = new HookFulfillmentLedger();
    const call: NativeToolCall = { id: 'call-1', name: 'execute', args: { command: 'ls' } };
    const id = invocationId({
      threadId: 'thread-1',
      snapshotId,
      logical: { event: 'PreToolUse', callId: 'call-1' },
    });
    const { invoke } = invoker(snapshot, tmp);
    const deliver = (): Promise<HookInvocationResponse> =>
      ledger.fulfill({ snapshotId, invocationId: id }, async () => {
        const decision = await invoke('PreToolUse', { call }, { event: 'PreToolUse', callId: 'call-1' });
        presenter.presentDecision(decision);
        return { protocol_version: 1, invocation_id: id, snapshot_id: snapshotId, decision };
      });
    const [first, second] = await Promise.all([deliver(), deliver()]);
    const third = await deliver();
    const runs = existsSync(marker) ? readFileSync(marker, 'utf8').trim().split('\n').length : 0;
    const expect = vector.expect as Record<string, unknown>;
    return firstDifference(
      {
        equal: expect['three deliveries return equal resumes'],
        once: expect['handler ran once'],
        notices: expect.notices,
      },
      {
        equal:
          JSON.stringify(first) === JSON.stringify(second) &&
          JSON.stringify(second) === JSON.stringify(third),
        once: runs === 1,
        notices,
      },
    );
  },

  async test_invocation_id_separates_turns_that_reuse_a_tool_call_id() {
    const first = invocationId(identity('11111111-1111-4111-8111-111111111111'));
    const replayed = invocationId(identity('11111111-1111-4111-8111-111111111111'));
    const second = invocationId(identity('22222222-2222-4222-8222-222222222222'));
    if (first !== replayed) return 'a replay of the same turn got another id';
    if (first === second) return 'two turns got the same id';
    // Upstream's own id for one identity (uuid5 over its canonical JSON), computed with Python's uuid module.
    const known = invocationId({
      threadId: 't',
      snapshotId: 's',
      logical: { event: 'PreToolUse', callId: 'c1' },
    });
    return firstDifference('c77f2b92-bd43-57a7-8c9c-e9e2776ba82a', known, 'upstream id');
  },
};

function identity(promptId: string): Parameters<typeof invocationId>[0] {
  return {
    threadId: 'thread-1',
    snapshotId: 'snapshot-1',
    promptId,
    logical: { event: 'PreToolUse', callId: 'call-1' },
  };
}

const CLIENT: Record<string, Check> = {
  async test_common_effects_context_and_live_hook_fields(vector, tmp) {
    const stdin = join(tmp, 'stdin.json');
    const { snapshot } = snapshotOf(
      {
        SessionStart: [
          {
            hooks: [
              hookPrinting(
                {
                  systemMessage: 'visible notice',
                  terminalSequence: '\u0007',
                  hookSpecificOutput: { hookEventName: 'SessionStart', additionalContext: 'hook context' },
                },
                tmp,
                'start',
                `cat > '${stdin}' < /dev/null`,
              ),
            ],
          },
        ],
      },
      tmp,
    );
    const promptId = '33333333-3333-4333-8333-333333333333';
    const context: InvocationContext = { ...CONTEXT, approval_mode: 'manual', prompt_id: promptId };
    const { invoke, payloads } = invoker(snapshot, tmp, context);
    const fired = await invoke('SessionStart', { cause: 'startup' }, { event: 'PreCompact', callId: '' });
    // The upstream test adds one diagnostic twice to the decision; a repeated diagnostic is shown once.
    const repeated = {
      code: 'test_warning',
      severity: 'warning',
      message: 'diagnostic',
      handler_id: null,
      field: null,
    } as const;
    const decision: HookDecision = { ...fired, diagnostics: [repeated, repeated, ...fired.diagnostics] };
    const notices: string[] = [];
    let terminal = '';
    new HookPresenter({
      notice: (text) => notices.push(text),
      terminal: (sequence) => (terminal += sequence),
    }).presentDecision(decision);
    const queue = new SessionContextQueue();
    queue.add('thread-1', decision.context ?? []);
    const payload = payloads[0]?.payload ?? {};
    const expect = vector.expect as Record<string, unknown>;
    return firstDifference(
      {
        context: expect['decision.context'],
        notices: expect['notices in order'],
        stdout: expect.stdout,
        invocation: { thread_id: 'thread-1', cwd: tmp, permission_mode: 'default', prompt_id: promptId },
        first: expect['take_session_context first'],
        second: expect['take_session_context second'],
      },
      {
        context: decision.context,
        notices,
        stdout: terminal,
        invocation: {
          thread_id: payload.session_id,
          cwd: payload.cwd,
          permission_mode: payload.permission_mode,
          prompt_id: payload.prompt_id,
        },
        first: queue.take('thread-1'),
        second: queue.take('thread-1'),
      },
    );
  },

  async test_permission_hook_outcome(vector) {
    const reduced = (vector.payload as Record<string, unknown>).reduced as Record<string, unknown>;
    const outcome = permissionHookOutcome({
      continue_processing: reduced.continue_processing !== false,
      stop_reason: typeof reduced.stop_reason === 'string' ? reduced.stop_reason : null,
      permission: {
        behavior: reduced.behavior as 'none' | 'allow' | 'ask' | 'deny',
        reason: typeof reduced.reason === 'string' ? reduced.reason : null,
        interrupt: reduced.interrupt === true,
      },
    });
    const expect = vector.expect as Record<string, unknown>;
    return firstDifference({ decision: expect.decision, interrupt: expect.interrupt }, outcome);
  },

  async test_create_binds_sinks_to_the_manager_owned_presenter(vector) {
    const notices: [string, NoticeSeverity][] = [];
    new HookPresenter({
      notice: (text, severity) => notices.push([text, severity]),
      terminal: () => {},
    }).presentPermission('shell', { behavior: 'deny', reason: 'nope' });
    return firstDifference((vector.expect as Record<string, unknown>).notices, notices);
  },

  async test_user_prompt_hook_suppresses_legacy_duplicate_and_prompt(vector, tmp) {
    const decision = ((vector.handler_outputs as Record<string, unknown>[] | undefined)?.[0]?.decision ?? {
      context: ['replacement'],
      suppress_original_prompt: true,
    }) as Record<string, unknown>;
    return promptTurnCheck(vector, tmp, { UserPromptSubmit: decision });
  },

  async test_user_prompt_hook_applies_context_and_suppression_once(vector, tmp) {
    return promptTurnCheck(vector, tmp, {
      UserPromptSubmit: { context: ['replacement context'], suppress_original_prompt: true },
    });
  },

  async test_user_prompt_stop_ends_headless_session_once(vector, tmp) {
    return promptTurnCheck(vector, tmp, {
      SessionStart: {},
      UserPromptSubmit: { continue_processing: false, stop_reason: 'blocked' },
      SessionEnd: {},
    });
  },
};

/** A headless prompt turn with hooks that reduce to `decisions`, each recording that it ran. */
async function promptTurnCheck(
  vector: Vector,
  tmp: string,
  decisions: Partial<Record<HookEvent, Record<string, unknown>>>,
): Promise<string | null> {
  const order = join(tmp, 'order');
  const hooks: Record<string, unknown> = {};
  for (const [event, decision] of Object.entries(decisions) as [HookEvent, Record<string, unknown>][])
    hooks[event] = [
      { hooks: [hookPrinting(wireOf(event, decision), tmp, event, `echo ${event} >> '${order}'`)] },
    ];
  const { snapshot } = snapshotOf(hooks, tmp);
  const configured = new Set(configuredEvents(snapshot));
  const { invoke } = invoker(snapshot, tmp);
  const legacy: string[] = [];
  const run = (event: HookEvent, invocation: NativeInvocation) =>
    configured.has(event)
      ? invoke(event, invocation, { event: 'PreCompact', callId: event })
      : Promise.resolve(null);
  const turn = await runPromptTurn(
    'thread-1',
    'secret',
    {
      sessionStart: () => run('SessionStart', { cause: 'startup' }),
      userPromptSubmit: (prompt) => run('UserPromptSubmit', { prompt }),
      sessionEnd: (cause) => run('SessionEnd', { cause }),
      legacy: async (event) => {
        legacy.push(event);
      },
    },
    new SessionContextQueue(),
  );
  const expect = vector.expect as Record<string, unknown>;
  const ran = existsSync(order) ? readFileSync(order, 'utf8').trim().split('\n') : [];
  const expected: Record<string, unknown> = {};
  const actual: Record<string, unknown> = {};
  if ('stream messages' in expect) {
    expected.messages = expect['stream messages'];
    actual.messages = turn.kind === 'run' ? turn.messages : `stopped: ${turn.reason}`;
  }
  if ('legacy session.start/user.prompt dispatched' in expect) {
    expected.legacy = expect['legacy session.start/user.prompt dispatched'];
    actual.legacy = legacy.length > 0;
  }
  if ('raises ClientHookStopError matching' in expect) {
    expected.stopped = expect['raises ClientHookStopError matching'];
    actual.stopped = turn.kind === 'stopped' ? turn.reason : null;
  }
  if ('event order' in expect) {
    expected.order = expect['event order'];
    actual.order = ran;
  }
  if ('agent streamed' in expect) {
    expected.streamed = expect['agent streamed'];
    actual.streamed = turn.kind === 'run';
  }
  return firstDifference(expected, actual);
}

const TRANSCRIPT: Record<string, Check> = {
  async test_transcript_store_permissions_atomicity_revision_redaction(vector, tmp) {
    const store = new TranscriptStore(join(tmp, 'transcripts'), 2);
    const messages = ((vector.payload as Record<string, unknown>).messages ?? []) as {
      role: 'user' | 'assistant';
      content: string;
    }[];
    store.append('thread-a', messages);
    const handle = store.materialize('thread-a');
    const lines = readFileSync(handle.path, 'utf8')
      .split('\n')
      .filter((line) => line !== '');
    const first = JSON.parse(lines[0] ?? '{}') as Record<string, unknown>;
    const previous = readFileSync(handle.path, 'utf8');
    const revisionBefore = store.revision('thread-a');
    store.append('thread-a', [{ role: 'user', content: 'again' }]);
    const second = store.materialize('thread-a');
    const backup = `${handle.path}.bak-${handle.revision}`;
    const agent = store.materialize('thread-a', 'agent-1');
    const expect = vector.expect as Record<string, unknown>;
    const content = String(first.content);
    return firstDifference(
      {
        absolute: expect['path absolute and file'],
        mode: expect.mode,
        lines: expect.lines,
        excludes: [],
        contains: true,
        sequence: expect['line[0].sequence'],
        noToolCalls: expect['no tool_calls key'],
        revisionMatches: true,
        revisionChanges: expect['revision changes after append'],
        backup: expect['backup <name>.bak-<previous revision> holds previous content'],
        agentPath: store.agentPath('thread-a', 'agent-1'),
        agentFile: true,
        redact: expect["redact({'token': 'placeholder'})"],
      },
      {
        absolute: handle.path.startsWith('/') && statSync(handle.path).isFile(),
        mode: `0o${(statSync(handle.path).mode & 0o777).toString(8)}`,
        lines: lines.length,
        excludes: (expect['line[0].content excludes'] as string[]).filter((secret) =>
          content.includes(secret),
        ),
        contains: content.includes(String(expect['line[0].content contains'])),
        sequence: first.sequence,
        noToolCalls: !('tool_calls' in first),
        revisionMatches: revisionBefore === handle.revision,
        revisionChanges: second.revision !== handle.revision,
        backup: existsSync(backup) && readFileSync(backup, 'utf8') === previous,
        agentPath: agent.path,
        agentFile: existsSync(agent.path) && agent.path.startsWith(join(tmp, 'transcripts', '')),
        redact: redactTranscriptValue({ token: 'placeholder' }),
      },
    );
  },

  async test_transcript_deduplicates_stable_message_identity(vector, tmp) {
    const store = new TranscriptStore(join(tmp, 'transcripts'));
    const hello = { role: 'user', id: 'user-1', content: 'hello' } as const;
    store.append('thread', [hello, hello]);
    store.append('thread', [hello]);
    const records = readFileSync(store.materialize('thread').path, 'utf8')
      .split('\n')
      .filter((line) => line !== '');
    return firstDifference((vector.expect as Record<string, unknown>).records, records.length);
  },

  async test_runtime_materializes_paths_and_invokes(vector, tmp) {
    const reader = join(tmp, 'reader.mjs');
    writeFileSync(
      reader,
      [
        "import { readFileSync, writeFileSync } from 'node:fs';",
        "const payload = JSON.parse(readFileSync(0, 'utf8'));",
        `writeFileSync(${JSON.stringify(join(tmp, 'seen.json'))}, JSON.stringify({ payload, transcript: readFileSync(payload.transcript_path, 'utf8'), agent: payload.agent_transcript_path === undefined ? null : readFileSync(payload.agent_transcript_path, 'utf8') }));`,
        "process.stdout.write(JSON.stringify({ systemMessage: 'ok', hookSpecificOutput: { hookEventName: 'SessionStart', additionalContext: 'from-hook' } }));",
      ].join('\n'),
    );
    const command = { type: 'command', command: `'${process.execPath}' '${reader}'` };
    const path = join(tmp, 'user', 'hooks.json');
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(
      path,
      JSON.stringify({
        hooks: { SessionStart: [{ hooks: [command] }], SubagentStop: [{ hooks: [command] }] },
      }),
    );
    const root = join(tmp, 'transcripts');
    const session = new CodeHooksSession({
      cwd: tmp,
      sources: [{ label: 'user', scope: 'user', path }],
      transcriptRoot: root,
    });
    session.record({ thread: 'thread-1' }, [new HumanMessage({ content: 'hi' })]);
    const decision = await session.invoke('SessionStart', { cause: 'startup' }, { thread: 'thread-1' });
    const seen = JSON.parse(readFileSync(join(tmp, 'seen.json'), 'utf8')) as {
      payload: Record<string, unknown>;
      transcript: string;
    };
    await session.invoke(
      'SubagentStop',
      { agent: { id: 'agent-1', name: 'researcher' }, continuation_count: 0, last_assistant_message: 'done' },
      { thread: 'thread-1' },
    );
    const subagent = JSON.parse(readFileSync(join(tmp, 'seen.json'), 'utf8')) as {
      payload: Record<string, unknown>;
      agent: string | null;
    };
    const store = new TranscriptStore(root);
    const expect = vector.expect as Record<string, unknown>;
    return firstDifference(
      {
        notices: expect['decision.user_notices'],
        context: expect['decision.context'],
        path: store.threadPath('thread-1'),
        recorded: true,
        agent: store.agentPath('thread-1', 'agent-1'),
        agentFile: true,
      },
      {
        notices: decision?.user_notices,
        context: decision?.context,
        path: seen.payload.transcript_path,
        recorded: seen.transcript.includes('"content":"hi"'),
        agent: subagent.payload.agent_transcript_path,
        agentFile: subagent.agent !== null,
      },
    );
  },

  async test_async_task_tool_scopes_subagent_transcript_identity(vector, tmp) {
    // A subagent's transcript is named by the parent `task` call's id, the id SubagentStart/Stop carry.
    const recorder = join(tmp, 'agent.mjs');
    writeFileSync(
      recorder,
      `import { readFileSync, writeFileSync } from 'node:fs';\nwriteFileSync(${JSON.stringify(join(tmp, 'seen.json'))}, readFileSync(0, 'utf8'));`,
    );
    const path = join(tmp, 'user', 'hooks.json');
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(
      path,
      JSON.stringify({
        hooks: {
          SubagentStart: [{ hooks: [{ type: 'command', command: `'${process.execPath}' '${recorder}'` }] }],
        },
      }),
    );
    const root = join(tmp, 'transcripts');
    const session = new CodeHooksSession({
      cwd: tmp,
      sources: [{ label: 'user', scope: 'user', path }],
      transcriptRoot: root,
    });
    const call: NativeToolCall = {
      id: 'call-1',
      name: 'task',
      args: { subagent_type: 'researcher', description: 'go' },
    };
    await session.invoke('SubagentStart', { agent: taskAgentIdentity(call) }, { thread: 't1' });
    const payload = JSON.parse(readFileSync(join(tmp, 'seen.json'), 'utf8')) as Record<string, unknown>;
    const store = new TranscriptStore(root);
    const expect = vector.expect as Record<string, unknown>;
    return firstDifference(
      {
        id: expect['subagent stream metadata dcode_subagent_id'],
        written: true,
        untouched: expect['outer config untouched'],
      },
      {
        id: payload.agent_id,
        // Its transcript was materialized under that id before the hook ran.
        written: existsSync(store.agentPath('t1', String(payload.agent_id))),
        untouched: payload.transcript_path === store.threadPath('t1'),
      },
    );
  },
};

const CHECKS: Record<string, Record<string, Check>> = {
  server: { ...SERVER, ...SERVER_PROSE, ...GRAPH_CHECKS },
  client: { ...CLIENT, ...CLIENT_PROSE },
  transcript: { ...TRANSCRIPT, ...TRANSCRIPT_PROSE },
};

/** The upstream test functions this module has a check for. */
export const LIFECYCLE_TESTS: readonly string[] = Object.values(CHECKS).flatMap((checks) =>
  Object.keys(checks),
);

/** Checks a `server`, `client` or `transcript` vector by the upstream test it comes from. */
export async function checkLifecycle(vector: Vector, tmp: string): Promise<string | null> {
  const test = upstreamTest(vector);
  const check = CHECKS[vector.kind]?.[test];
  if (check === undefined) return `no hookwire check for the upstream test ${test} (${vector.kind}) yet`;
  if (!isRecord(vector.expect)) return 'the vector states no expectation';
  return check(vector, tmp);
}
