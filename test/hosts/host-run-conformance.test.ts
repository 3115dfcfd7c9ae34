import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { answerEvent } from '../../src/cli/answer/answer-event.js';
import type { EventName } from '../../src/events/event-names.js';
import { claudeCodeHost } from '../../src/hosts/claude-code/claude-code-host.js';
import { codexHost } from '../../src/hosts/codex/codex-host.js';
import { geminiHost } from '../../src/hosts/gemini/gemini-host.js';
import type { CommandAnswer, Host } from '../../src/hosts/host.js';
import { registeredHosts, registerHost } from '../../src/hosts/registry.js';
import type { Outcome } from '../../src/outcome/outcome.js';
import { runCli } from '../cli/run-cli.js';
import { hookRun, outcome } from '../support/outcome-builder.js';
import { trustFiles } from '../support/trust-files.js';

/*
 * The host conformance suite through the real `run` path, table-driven over every host in the registry:
 * each case is one event sent as the host sends it (its own event name, payload shape and shell tool) to
 * `answerEvent`, the one answering of an event that `hookwire run` and the daemon share, with real hook
 * processes from a trusted hooks file found as the host's row says (`locations.hooks`). Each answer is
 * checked twice:
 * - against the host's own answer function (`Host.answer.command`) for the outcome the hooks' output means
 *   by docs/protocol.md, so the whole path (payload in, tool-name mapping, matcher, reading, merge, answer)
 *   gives what the host row says for that outcome;
 * - against the property the case states in the host's terms (a deny is not an allow and never exit 1, a
 *   rewrite carries the new input, context reaches the model, a Stop block holds the turn, a failing guard
 *   blocks, an unknown event does nothing), from docs/hosts/<host>.md. Where a host differs on purpose, its
 *   difference is a row of `DECLARED_DIFFERENCES` with the reason its page gives; that table may only
 *   shrink. A case for an event the host does not have is checked to be that: the row has no name for it.
 * How each host sends an event is `SENDS` (a host that sends Claude Code's shape with Claude Code's tool
 * names needs no row); its shell tool must map to `Bash` through the host's own tool-name mapping.
 * Negative controls at the end: a mutated host row and a wrong expected answer fail the checks.
 */

const base = mkdtempSync(join(tmpdir(), 'hookwire-run-conformance-'));
afterAll(() => rmSync(base, { recursive: true, force: true }));
const state = join(base, 'state');
const environment = (): NodeJS.ProcessEnv => ({
  PATH: process.env.PATH,
  HOME: join(base, 'home'),
  HOOKWIRE_HOME: join(base, 'home'),
  HOOKWIRE_MANAGED_SETTINGS: join(base, 'none.json'),
  HOOKWIRE_STATE_DIR: state,
});

/** The shell command every tool call runs, and what a rewrite makes of it. */
const COMMAND = 'rm -rf build';
const REWRITTEN = 'rm -rf build --dry-run';

/** What is sent: a call of the host's shell tool, a prompt, a session start, a Stop, an event no host has. */
type Kind = 'tool' | 'prompt' | 'start' | 'stop' | 'unknown';

/** How a host sends each kind of event: its payload for its own event name, in the session's directory. */
interface Sends {
  /** The host's shell tool, which its tool-name mapping must take to `Bash`. */
  readonly shell: string;
  payload(kind: Kind, hostEvent: string, cwd: string, session: string): Record<string, unknown>;
}

/** A host that sends Claude Code's payload shape, with `shell` and its arguments for its shell tool. */
function claudeShaped(shell: string, input: Record<string, unknown> = { command: COMMAND }): Sends {
  return {
    shell,
    payload: (kind, hostEvent, cwd, session) => ({
      session_id: session,
      transcript_path: join(cwd, 'transcript.jsonl'),
      cwd,
      hook_event_name: hostEvent,
      ...(kind === 'tool' ? { tool_name: shell, tool_input: input, tool_use_id: 'call_1' } : {}),
      ...(kind === 'prompt' ? { prompt: 'go' } : {}),
      ...(kind === 'start' ? { source: 'startup' } : {}),
      ...(kind === 'stop' ? { stop_hook_active: false, last_assistant_message: 'done' } : {}),
    }),
  };
}

/** OpenCode's plugin surface (OpenCode, Kilo): the payload hookwire's plugin hands over. */
const pluginSurface: Sends = {
  shell: 'bash',
  payload: (kind, _hostEvent, cwd, session) => ({
    sessionID: session,
    directory: cwd,
    ...(kind === 'tool' ? { callID: 'call_1', tool: 'bash', args: { command: COMMAND } } : {}),
    ...(kind === 'prompt' ? { prompt: 'go' } : {}),
  }),
};

/**
 * How each host that does not send Claude Code's shape and tool names sends an event (as its page and its
 * own test in test/hosts/<host>/ have it); any other host sends `claudeShaped('Bash')`.
 */
const SENDS: Readonly<Record<string, Sends>> = {
  gemini: claudeShaped('run_shell_command', { command: COMMAND, is_background: false }),
  qwen: claudeShaped('run_shell_command', { command: COMMAND, is_background: false }),
  droid: claudeShaped('Execute', { command: COMMAND, summary: 'clean', riskLevel: 'medium' }),
  copilot: {
    shell: 'bash',
    payload: (kind, _hostEvent, cwd, session) => ({
      sessionId: session,
      timestamp: 1796412102533,
      cwd,
      ...(kind === 'tool' ? { toolName: 'bash', toolArgs: { command: COMMAND } } : {}),
      ...(kind === 'prompt' ? { prompt: 'go' } : {}),
      ...(kind === 'start' ? { source: 'new' } : {}),
      ...(kind === 'stop' ? { stopReason: 'end_turn', stop_hook_active: false } : {}),
    }),
  },
  augment: {
    shell: 'launch-process',
    payload: (kind, hostEvent, cwd, session) => ({
      hook_event_name: hostEvent,
      conversation_id: session,
      workspace_roots: [cwd],
      ...(kind === 'tool'
        ? { tool_name: 'launch-process', tool_input: { command: COMMAND, wait: true }, is_mcp_tool: false }
        : {}),
      ...(kind === 'prompt' ? { user_prompt: 'go' } : {}),
      ...(kind === 'stop' ? { agent_stop_cause: 'end_turn' } : {}),
    }),
  },
  cursor: {
    shell: 'Shell',
    payload: (kind, hostEvent, cwd, session) => ({
      conversation_id: session,
      generation_id: 'generation-1',
      workspace_roots: [cwd],
      hook_event_name: hostEvent,
      ...(kind === 'tool' ? { tool_name: 'Shell', tool_input: { command: COMMAND, cwd } } : {}),
      ...(kind === 'prompt' ? { prompt: 'go' } : {}),
      ...(kind === 'stop' ? { status: 'completed', loop_count: 0 } : {}),
    }),
  },
  cline: {
    shell: 'run_commands',
    payload: (kind, _hostEvent, cwd, session) => ({
      taskId: session,
      sessionContext: { rootSessionId: session },
      workspaceRoots: [cwd],
      ...(kind === 'tool'
        ? {
            hookName: 'tool_call',
            tool_call: { id: 'call_1', name: 'run_commands', input: { commands: [COMMAND] } },
          }
        : {}),
      ...(kind === 'prompt' ? { userPromptSubmit: { prompt: 'go' } } : {}),
      ...(kind === 'stop' ? { turn: { outputText: 'done' } } : {}),
    }),
  },
  opencode: pluginSurface,
  kilo: pluginSurface,
};

const sendsOf = (host: Host): Sends => SENDS[host.name] ?? claudeShaped('Bash');

/** A command hook that prints `output` as JSON. */
const printing = (output: unknown) => ({
  type: 'command',
  command: `printf '%s' '${JSON.stringify(output)}'`,
});

const DENY_REASON = 'conformance: no rm';
const CONTEXT = 'conformance: the repo uses pnpm';
const STOP_REASON = 'conformance: run the tests';
const CRASH = 'echo boom >&2; exit 1';
const HANG = 'sleep 30';

/** docs/protocol.md: the reason of a hook that fails with `onFailure: "block"`. */
const failedClosed = (command: string, detail: string) =>
  `[${command}]: failed; blocking because onFailure is "block"\n${detail}`;
const timedOutClosed = (command: string) => `[${command}]: timed out; blocking because onFailure is "block"`;

/** What a case checks, in the host's terms (docs/hosts/<host>.md), besides the host's own answer. */
type Property =
  | 'blocks'
  | 'rewrites'
  | 'rewrite-denied'
  | 'gives-context'
  | 'context-told-only'
  | 'holds-stop'
  | 'stop-told-only'
  | 'does-nothing';

interface Case {
  readonly event: EventName | 'NoSuchEventAnywhere';
  readonly kind: Kind;
  readonly hooks: Record<string, unknown>;
  /**
   * The outcome the hooks' output means by docs/protocol.md: the host's answer to it is expected. Absent for
   * hookwire's own answer, whose words are not the hooks' (`told` then says what it must tell).
   */
  readonly outcome?: Partial<Outcome>;
  /** What the answer must tell; the outcome's reason (without a `[<command>]: `) when absent. */
  readonly told?: string;
  readonly property: Property;
  /** The hooks file as the user left it, not trusted (docs/trust.md). */
  readonly untrusted?: true;
}

const group = (hook: Record<string, unknown>, matcher?: string) => [
  { ...(matcher === undefined ? {} : { matcher }), hooks: [hook] },
];

/** The run of a hook that failed closed, as the reader records it (docs/protocol.md). */
const failedRun = (
  command: string,
  status: 'blocking',
  exitCode: number | null,
  stderr: string,
  error: string,
) => hookRun({ index: 0, command, status, exitCode, stderr, error });

const CASES: Readonly<Record<string, Case>> = {
  'a deny of a shell call': {
    event: 'PreToolUse',
    kind: 'tool',
    hooks: {
      PreToolUse: group(
        printing({
          hookSpecificOutput: {
            hookEventName: 'PreToolUse',
            permissionDecision: 'deny',
            permissionDecisionReason: DENY_REASON,
          },
        }),
        'Bash',
      ),
    },
    outcome: { decision: 'deny', reason: DENY_REASON },
    property: 'blocks',
  },
  'a rewrite of a shell call': {
    event: 'PreToolUse',
    kind: 'tool',
    hooks: {
      PreToolUse: group(
        printing({
          hookSpecificOutput: {
            hookEventName: 'PreToolUse',
            permissionDecision: 'allow',
            updatedInput: { command: REWRITTEN },
          },
        }),
        'Bash',
      ),
    },
    outcome: { decision: 'allow', updatedInput: { command: REWRITTEN } },
    property: 'rewrites',
  },
  'context at a prompt': {
    event: 'UserPromptSubmit',
    kind: 'prompt',
    hooks: {
      UserPromptSubmit: group(
        printing({ hookSpecificOutput: { hookEventName: 'UserPromptSubmit', additionalContext: CONTEXT } }),
      ),
    },
    outcome: { additionalContext: [CONTEXT] },
    property: 'gives-context',
  },
  'context at a session start': {
    event: 'SessionStart',
    kind: 'start',
    hooks: {
      SessionStart: group(
        printing({ hookSpecificOutput: { hookEventName: 'SessionStart', additionalContext: CONTEXT } }),
      ),
    },
    outcome: { additionalContext: [CONTEXT] },
    property: 'gives-context',
  },
  'a Stop block': {
    event: 'Stop',
    kind: 'stop',
    hooks: { Stop: group(printing({ decision: 'block', reason: STOP_REASON })) },
    outcome: { decision: 'block', reason: STOP_REASON },
    property: 'holds-stop',
  },
  'a guard that crashes (onFailure: "block")': {
    event: 'PreToolUse',
    kind: 'tool',
    hooks: { PreToolUse: group({ type: 'command', command: CRASH, onFailure: 'block' }, 'Bash') },
    outcome: {
      decision: 'deny',
      reason: failedClosed(CRASH, 'boom'),
      runs: [failedRun(CRASH, 'blocking', 1, 'boom\n', failedClosed(CRASH, 'boom'))],
    },
    property: 'blocks',
  },
  'a guard that hangs past its timeout (onFailure: "block")': {
    event: 'PreToolUse',
    kind: 'tool',
    hooks: { PreToolUse: group({ type: 'command', command: HANG, timeout: 1, onFailure: 'block' }, 'Bash') },
    outcome: {
      decision: 'deny',
      reason: timedOutClosed(HANG),
      runs: [failedRun(HANG, 'blocking', null, '', timedOutClosed(HANG))],
    },
    property: 'blocks',
  },
  'a guard in a hooks file not trusted': {
    event: 'PreToolUse',
    kind: 'tool',
    hooks: { PreToolUse: group({ type: 'command', command: 'true' }, 'Bash') },
    told: 'hookwire trust',
    property: 'blocks',
    untrusted: true,
  },
  'an event no host has': {
    event: 'NoSuchEventAnywhere',
    kind: 'unknown',
    // A hook for it that says block, and one for every tool call: neither is the host's answer to it.
    hooks: {
      NoSuchEventAnywhere: group(printing({ decision: 'block', reason: 'never' })),
      PreToolUse: group(printing({ decision: 'block', reason: 'never' })),
    },
    outcome: {},
    property: 'does-nothing',
  },
};

interface DeclaredDifference {
  readonly property: Property;
  readonly reason: string;
  /**
   * Why the answer alone cannot show the difference (the host ignores an answer given in its own shape):
   * then the case's own property is not checked to fail. Absent: it is, so a fix turns the row red.
   */
  readonly unobservable?: string;
}

/**
 * Where a host differs on purpose from a case's property: host → case → the property it has instead and
 * why (its page says so). A fix turns the case red until its row here goes: this table may only shrink.
 */
const DECLARED_DIFFERENCES: Readonly<Record<string, Readonly<Record<string, DeclaredDifference>>>> = {
  qwen: {
    'a rewrite of a shell call': {
      property: 'rewrite-denied',
      reason:
        'Qwen Code does not apply updatedInput before a call that needs no confirmation and would run the original: denied (docs/hosts/qwen.md)',
    },
  },
  augment: {
    'context at a prompt': {
      property: 'context-told-only',
      reason:
        'Auggie reads no PromptSubmit output: the context is told to the user, never dropped (docs/hosts/augment.md)',
    },
    'context at a session start': {
      property: 'context-told-only',
      reason:
        'Auggie reads no SessionStart output: the context is told to the user, never dropped (docs/hosts/augment.md)',
    },
    'a Stop block': {
      property: 'stop-told-only',
      reason:
        'Auggie runs Stop hooks after the turn ended and never reads their answer: the block is answered in its shape and told (docs/hosts/augment.md)',
      unobservable: "the block is in Auggie's own shape on stdout; it is Auggie that does not read it",
    },
  },
  cline: {
    'a deny of a shell call': {
      property: 'blocks',
      reason:
        'Cline has no deny of one call: a deny cancels the task (the call does not run, the model does not go on), and so does every block of a call in the cases below (a guard failing closed, an untrusted hooks file) (docs/hosts/cline.md)',
      unobservable: "the answer is Cline's block, `cancel`; that the task ends for it is Cline's",
    },
    'a Stop block': {
      property: 'stop-told-only',
      reason:
        'Cline does not wait for TaskComplete: a Stop block cannot hold the task and is said on stderr (docs/hosts/cline.md)',
    },
  },
  deepagents: {
    'a rewrite of a shell call': {
      property: 'rewrite-denied',
      reason:
        'Deep Agents Code never changes a tool input and would run the original: denied (docs/deepagents.md)',
    },
  },
};

/** Whether `said` tells `text` (its first line), as it is or inside a JSON string. */
function tells(said: string, text: string): boolean {
  const line = text.split('\n')[0] ?? text;
  return said.includes(line) || said.includes(JSON.stringify(line).slice(1, -1));
}

let projects = 0;
/** One event as `host` sends it (by `sends`), in a project of its own whose hooks file holds the case's hooks. */
function prepare(host: Host, hostEvent: string, testCase: Case, sends = sendsOf(host)) {
  const project = join(base, `project-${++projects}`);
  mkdirSync(join(project, '.hookwire'), { recursive: true });
  mkdirSync(join(project, '.git'));
  const hooksFile = join(project, '.hookwire', 'hooks.json');
  writeFileSync(hooksFile, JSON.stringify({ hooks: testCase.hooks }));
  if (testCase.untrusted !== true) trustFiles(state, [hooksFile]);
  // A session of its own: the Stop block cap and `once` are kept per session in the state directory.
  const payload = sends.payload(testCase.kind, hostEvent, project, `conformance-${projects}`);
  // Where the row says hooks are found: the project's hooks file from the session's directory, or --settings.
  const settings = host.locations.hooks === 'settings' ? ['--settings', hooksFile] : [];
  return {
    project,
    argv: ['--host', host.name, ...settings, hostEvent],
    stdin: `${JSON.stringify(payload)}\n`,
    incoming: host.events.incoming(hostEvent, payload),
  };
}

/** `hookwire run`'s answer, from `answerEvent` in this process (what the CLI and the daemon run). */
async function answerOf(prepared: ReturnType<typeof prepare>): Promise<CommandAnswer> {
  const written: Array<[1 | 2, string]> = [];
  const result = await answerEvent(prepared.argv, {
    stdin: prepared.stdin,
    env: environment(),
    cwd: prepared.project,
    write: (descriptor, text) => written.push([descriptor, text]),
    launcher: () => () => undefined,
  });
  const text = (descriptor: 1 | 2) =>
    written
      .filter(([to]) => to === descriptor)
      .map(([, part]) => part)
      .join('');
  return { exitCode: result.exitCode, stdout: text(1), stderr: text(2) };
}

/** Sends the case's event as `host` does and answers it. */
async function fire(host: Host, hostEvent: string, testCase: Case, sends = sendsOf(host)) {
  const prepared = prepare(host, hostEvent, testCase, sends);
  return { answer: await answerOf(prepared), incoming: prepared.incoming };
}

/**
 * What is wrong with `answer` for `testCase` on `host`: unlike the host's own answer to the expected outcome,
 * or without the case's property. Empty when it conforms.
 */
function problems(
  host: Host,
  testCase: Case,
  property: Property,
  answer: CommandAnswer,
  incoming: ReturnType<Host['events']['incoming']>,
): string[] {
  const found: string[] = [];
  const same = (one: CommandAnswer, other: CommandAnswer) =>
    one.exitCode === other.exitCode && one.stdout === other.stdout && one.stderr === other.stderr;
  const allowed = host.answer.command(outcome({ event: testCase.event }), incoming);
  if (testCase.outcome !== undefined) {
    const expected = host.answer.command(outcome({ event: testCase.event, ...testCase.outcome }), incoming);
    if (!same(answer, expected))
      found.push(`answer ${JSON.stringify(answer)} is not the host's answer ${JSON.stringify(expected)}`);
  }
  const said = `${answer.stdout}${answer.stderr}`;
  // A block told by exit 2 is told without the `[<command>]: ` the host puts back (docs/protocol.md).
  const reason = testCase.told ?? (testCase.outcome?.reason ?? '').replace(/^\[[^\]]*\]: /, '');
  switch (property) {
    case 'blocks':
    case 'holds-stop':
      if (same(answer, allowed)) found.push('answered as an allow');
      // hookwire never exits 1, which most hosts read as "go on" (Copilot's own crash answer aside: 'blocks'
      // is checked on a deciding hook, never on a crash).
      if (answer.exitCode === 1) found.push('exit 1');
      if (!tells(said, reason)) found.push(`the reason is not told: ${reason}`);
      if (property === 'holds-stop' && !(answer.exitCode === 2 || answer.stdout.includes(STOP_REASON)))
        found.push('the block is not in what the host reads to go on (stdout, or exit 2)');
      break;
    case 'stop-told-only':
      if (!tells(said, STOP_REASON)) found.push('the block is not told');
      if (answer.exitCode === 1) found.push('exit 1');
      break;
    case 'rewrites':
      if (!answer.stdout.includes(REWRITTEN)) found.push('the rewritten input is not in the answer');
      if (same(answer, allowed)) found.push('answered as a plain allow');
      break;
    case 'rewrite-denied': {
      const denied = host.answer.command(
        outcome({ event: 'PreToolUse', decision: 'deny', reason: 'x' }),
        incoming,
      );
      if (answer.stdout.includes(REWRITTEN))
        found.push('the rewrite is answered, which the host cannot apply');
      if (same(answer, allowed)) found.push('answered as an allow');
      if (answer.exitCode !== denied.exitCode) found.push('not answered as the host denies');
      break;
    }
    case 'gives-context':
      if (!answer.stdout.includes(CONTEXT)) found.push('the context is not in what the host gives the model');
      break;
    case 'context-told-only':
      if (!tells(said, CONTEXT)) found.push('the context is dropped in silence');
      break;
    case 'does-nothing':
      // What the host is told when no hook said anything (`{}` on Cursor, which always prints one object).
      if (answer.exitCode !== 0 || answer.stdout !== allowed.stdout)
        found.push(`an unknown event is answered: exit ${answer.exitCode} ${answer.stdout}`);
      break;
  }
  return found;
}

const hosts = registeredHosts().map((host) => [host.name, host] as const);

describe.each(hosts)('host %s through the run path', (_name, host) => {
  it('sends its shell tool under a name its own mapping takes to Bash', () => {
    const preToolUse = host.events.fromCatalogue('PreToolUse');
    if (preToolUse === undefined) return;
    const sends = sendsOf(host);
    expect(host.events.toolName(sends.shell)).toBe('Bash');
    const { payload } = host.events.incoming(
      preToolUse,
      sends.payload('tool', preToolUse, base, 'conformance'),
    );
    expect({
      tool_name: payload.tool_name,
      command: (payload.tool_input as { command?: unknown }).command,
    }).toEqual({ tool_name: 'Bash', command: COMMAND });
  });

  it.concurrent.each(Object.entries(CASES))(
    '%s',
    async (caseName, testCase) => {
      const hostEvent =
        testCase.event === 'NoSuchEventAnywhere' ? testCase.event : host.events.fromCatalogue(testCase.event);
      if (hostEvent === undefined) {
        // The host has no such event (its row says so): nothing to send, nothing to declare.
        expect(host.events.fromCatalogue(testCase.event as EventName)).toBeUndefined();
        return;
      }
      const declared = DECLARED_DIFFERENCES[host.name]?.[caseName];
      const { answer, incoming } = await fire(host, hostEvent, testCase);
      expect(problems(host, testCase, declared?.property ?? testCase.property, answer, incoming)).toEqual([]);
      if (declared !== undefined && declared.unobservable === undefined) {
        // The difference is still there: without its row the case would fail. A fix turns this red, and the
        // row goes.
        expect(problems(host, testCase, testCase.property, answer, incoming)).not.toEqual([]);
      }
    },
    60_000,
  );
});

describe('the declared differences', () => {
  it('are each a row of docs/hosts/README.md, "Conformance", and the page has no other', () => {
    const page = readFileSync(join(import.meta.dirname, '..', '..', 'docs', 'hosts', 'README.md'), 'utf8');
    const rows = page
      .slice(page.indexOf('## Conformance'))
      .split('\n')
      .filter((line) => /^\| [a-z]/.test(line));
    const declared = Object.entries(DECLARED_DIFFERENCES).flatMap(([name, cases]) =>
      Object.keys(cases).map((caseName) => `${name}: ${caseName}`),
    );
    const documented = rows
      .filter((line) => !line.startsWith('| host |'))
      .map((line) => {
        const [, name, caseName] = line.split('|').map((cell) => cell.trim());
        return `${name}: ${Object.keys(CASES).find((known) => caseName?.startsWith(known)) ?? caseName}`;
      });
    expect(documented.sort()).toEqual(declared.sort());
  });

  it('name registered hosts and cases, each with a reason', () => {
    for (const [name, cases] of Object.entries(DECLARED_DIFFERENCES)) {
      expect(hosts.map(([hostName]) => hostName)).toContain(name);
      for (const [caseName, difference] of Object.entries(cases)) {
        expect(Object.keys(CASES)).toContain(caseName);
        expect(difference.reason.length).toBeGreaterThan(20);
      }
    }
  });
});

describe('negative controls: the checks fail where they must', () => {
  const deny = CASES['a deny of a shell call'] as Case;

  it("a host row whose answer drops a deny fails the deny's property", async () => {
    const command = claudeCodeHost.answer.command;
    const mutant: Host = {
      ...claudeCodeHost,
      name: 'conformance-drops-deny',
      aliases: [],
      answer: {
        ...claudeCodeHost.answer,
        command: (merged, incoming) => command({ ...merged, decision: null, reason: null }, incoming),
      },
    };
    registerHost(mutant);
    const { answer, incoming } = await fire(mutant, 'PreToolUse', deny, claudeShaped('Bash'));
    expect(problems(mutant, deny, deny.property, answer, incoming)).toContain('answered as an allow');
  });

  it('a host row whose events keep its own tool name (so `Bash` never matches) fails the deny', async () => {
    const events = geminiHost.events;
    const mutant: Host = {
      ...geminiHost,
      name: 'conformance-no-tool-names',
      aliases: [],
      events: {
        ...events,
        incoming: (hostEvent, payload) => {
          const mapped = events.incoming(hostEvent, payload);
          return { ...mapped, payload: { ...mapped.payload, tool_name: payload.tool_name } };
        },
      },
    };
    registerHost(mutant);
    const { answer, incoming } = await fire(mutant, 'BeforeTool', deny, SENDS.gemini);
    expect(problems(mutant, deny, deny.property, answer, incoming)).not.toEqual([]);
  });

  it('a wrong expected answer (another reason) fails the check', async () => {
    const wrong: Case = { ...deny, outcome: { decision: 'deny', reason: 'another reason' } };
    const { answer, incoming } = await fire(claudeCodeHost, 'PreToolUse', deny);
    expect(problems(claudeCodeHost, deny, deny.property, answer, incoming)).toEqual([]);
    expect(problems(claudeCodeHost, wrong, wrong.property, answer, incoming)).not.toEqual([]);
  });

  it('a declared difference whose host does the case fails: the rewrite Qwen denies, checked on Codex', async () => {
    const rewrite = CASES['a rewrite of a shell call'] as Case;
    const { answer, incoming } = await fire(codexHost, 'PreToolUse', rewrite);
    expect(problems(codexHost, rewrite, 'rewrite-denied', answer, incoming)).not.toEqual([]);
  });
});

describe('hookwire run as a real process', () => {
  it("answers each host's deny of a shell call as answerEvent does in process", async () => {
    const deny = CASES['a deny of a shell call'] as Case;
    const differing: string[] = [];
    // The registry's own hosts, as this file read it (the negative controls register mutants).
    for (const [, host] of hosts) {
      const hostEvent = host.events.fromCatalogue('PreToolUse');
      if (hostEvent === undefined) continue;
      const prepared = prepare(host, hostEvent, deny);
      const inProcess = await answerOf(prepared);
      const real = await runCli(['run', ...prepared.argv], prepared.stdin, {
        ...(environment() as Record<string, string>),
      });
      const answer = { exitCode: real.code, stdout: real.stdout, stderr: real.stderr };
      if (JSON.stringify(answer) !== JSON.stringify(inProcess))
        differing.push(`${host.name}: ${JSON.stringify(answer)} against ${JSON.stringify(inProcess)}`);
    }
    expect(differing).toEqual([]);
  }, 300_000);
});
