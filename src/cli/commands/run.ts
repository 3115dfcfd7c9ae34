import { existsSync, readSync, writeSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { deliverEarlierResults } from '../../engine/background/deliver-earlier-results.js';
import {
  BACKGROUND_JOB_OPTION,
  backgroundJobLauncher,
} from '../../engine/background/launch-background-job.js';
import { runBackgroundJobCommand } from '../../engine/background/run-background-job-command.js';
import { usableStateDirectory } from '../../engine/background/usable-state-directory.js';
import { createEngine } from '../../engine/create-engine.js';
import { emptyOutcome } from '../../engine/empty-outcome.js';
import type { BackgroundLauncher, Engine } from '../../engine/engine.js';
import { specOf } from '../../events/lookup.js';
import { codexHost } from '../../hosts/codex/codex-host.js';
import { copilotHost } from '../../hosts/copilot/copilot-host.js';
import { deepAgentsHost } from '../../hosts/deepagents/deepagents-host.js';
import { geminiHost } from '../../hosts/gemini/gemini-host.js';
import type { Host, IncomingEvent } from '../../hosts/host.js';
import { qwenHost } from '../../hosts/qwen/qwen-host.js';
import { hostNamed } from '../../hosts/registry.js';
import type { Diagnostic } from '../../settings/configured-hook.js';
import { formatDiagnostic } from '../../settings/format-diagnostic.js';
import type { SettingsCache } from '../../settings/settings-cache.js';
import { PROJECT_DIR_VARIABLE } from '../../settings/settings-locations.js';
import { stateDirectory } from '../../settings/state-directory.js';
import { CommandInputError, eventName, mcpConfigValues, parseObject } from '../command-input.js';
import { otlpRequested } from '../otlp/otlp-requested.js';
import { projectHooksFile } from '../project-hooks-file.js';

/**
 * Events that a `hookwire run` up the process tree is serving, comma-separated. Child hooks inherit it, so a
 * settings file whose hook calls `hookwire run` for the same event is caught instead of forking forever.
 */
export const RUN_EVENTS_VARIABLE = 'HOOKWIRE_RUN_EVENTS';

/** A directory to record every event in (docs/traces.md), as `--trace DIR` does. */
export const TRACE_DIR_VARIABLE = 'HOOKWIRE_TRACE_DIR';
/** `0` records payloads and output as they are, secrets included (docs/traces.md, "Redaction"). */
export const TRACE_REDACT_VARIABLE = 'HOOKWIRE_TRACE_REDACT';

/*
 * A broken hook input or command line exits 1: for the host that is a non-blocking hook error, and the
 * event it would name is unknown or not to be believed. A failure of hookwire itself once the event is known
 * fails closed instead: an event that can block is blocked (exit 2, the reason on stderr), since exit 1
 * would let through what the hooks were there to stop.
 */
const OWN_ERROR = 1;
const BLOCKING_ERROR = 2;

/** Within the host's grace before SIGKILL (about 1.5 s observed): our hooks get TERM, then KILL at 500 ms. */
const TERM_CLOSE_DEADLINE_MS = 1000;
/** The most an OTLP export may add to an event, after the answer (docs/observability.md). */
const RUN_EXPORT_LIMIT_MS = 1000;
/** How a process ended by SIGTERM reports itself: 128 + 15. */
const SIGTERM_EXIT_CODE = 143;

/**
 * `hookwire run [EVENT] [--host NAME] [--settings FILE]... [--plugin DIR]... [--mcp-config FILE]... [--trace DIR]
 * [--on-config-error block|allow] [--on-untrusted block|skip]`: hookwire as a hook, answering in the host's protocol.
 */
export async function run(argv: string[]): Promise<number> {
  if (argv[0] === BACKGROUND_JOB_OPTION) return runBackgroundJobCommand(await readHookInput());
  const { exitCode, afterAnswer } = await answerEvent(argv, {
    stdin: await readHookInput(),
    env: process.env,
    cwd: process.cwd(),
    write: writeAnswer,
    launcher: backgroundJobLauncher,
    // The host ends a hook it stops waiting for with SIGTERM to its process group, which our hooks left
    // (each is a group of its own): end them too before going, rather than leave them running unbounded.
    whileFiring: (engine) => {
      const endHooksOnTerm = (): void => {
        engine.close(TERM_CLOSE_DEADLINE_MS).finally(() => process.exit(SIGTERM_EXIT_CODE));
      };
      process.once('SIGTERM', endHooksOnTerm);
      return () => process.removeListener('SIGTERM', endHooksOnTerm);
    },
  });
  await afterAnswer();
  return exitCode;
}

/** Where one event comes from and where its answer goes: this process, or a daemon's request. */
export interface EventContext {
  /** The hook input (the event as JSON), as read from stdin. */
  readonly stdin: string;
  /**
   * The environment of the process the host started: read for hookwire's variables and inherited by hooks.
   * `process.env` itself under `hookwire run`, which then also sets the recursion marker in it.
   */
  readonly env: NodeJS.ProcessEnv;
  /** The working directory of that process: the cwd when the payload names none that exists. */
  readonly cwd: string;
  /** Writes part of the answer to stdout (1) or stderr (2), in order. */
  readonly write: (descriptor: 1 | 2, text: string) => void;
  /** Makes the engine's `backgroundLauncher`; each launch adds a promise the event waits for before closing. */
  readonly launcher: (launches: Array<Promise<void>>) => BackgroundLauncher;
  /** Ends the firing early (a daemon's client went away): its hooks end as on a timeout. */
  readonly signal?: AbortSignal;
  /** Called with the engine before the firing; returns what to undo after it. */
  readonly whileFiring?: (engine: Engine) => () => void;
  /** Settings loadings kept between events (the daemon's); none for one `hookwire run`. */
  readonly settingsCache?: SettingsCache;
  /** Leave MCP connections open for the next event (the daemon's, which ends them when it stops). */
  readonly keepMcpConnections?: boolean;
  /**
   * Told as each phase of the event ends (`hookwire daemon`'s profile): `input`, `engine`, `fire` (with how
   * many hooks ran), `close`.
   */
  readonly phase?: (name: EventPhase, hooksRun?: number) => void;
}

/** The phases `EventContext.phase` is told of, in order. */
export type EventPhase = 'input' | 'engine' | 'fire' | 'close';

/**
 * One event, answered in the host's protocol through `context.write`: the exit code, and what may follow the
 * answer without delaying it (the bounded OTLP flush), which the caller awaits once the answer is out.
 */
export async function answerEvent(
  argv: string[],
  context: EventContext,
): Promise<{ exitCode: number; afterAnswer: () => Promise<void> }> {
  const writeAnswer = context.write;
  const { env } = context;
  let afterAnswer = async (): Promise<void> => undefined;
  let event: string | undefined;
  // For the catch below: a host that does not read exit 2 as a block is told hookwire's failure its own way.
  let failHost: Host | undefined;
  let failIncoming: IncomingEvent | undefined;
  try {
    const { values, positionals } = runArguments(argv);
    if (positionals.length > 1) throw new CommandInputError('expected at most one event name');
    const host = hostNamed(values.host);
    failHost = host;
    const onConfigError = values['on-config-error'] ?? 'block';
    if (onConfigError !== 'block' && onConfigError !== 'allow') {
      throw new CommandInputError(
        `--on-config-error must be block or allow, not ${JSON.stringify(onConfigError)}`,
      );
    }
    const onUntrusted = values['on-untrusted'] ?? 'block';
    if (onUntrusted !== 'block' && onUntrusted !== 'skip') {
      throw new CommandInputError(`--on-untrusted must be block or skip, not ${JSON.stringify(onUntrusted)}`);
    }
    // A missing settings file is not refused here: the engine reports it as a located error and fails closed.
    // Against the cwd of the process the host started, which is not the daemon's own.
    let settings = values.settings?.map((file) => resolve(context.cwd, file));
    const plugins = values.plugin?.map((directory) => resolve(context.cwd, directory));
    const mcpConfig = mcpConfigValues(values['mcp-config'], context.cwd);
    const input = context.stdin;
    if (input.trim() === '')
      throw new CommandInputError('no hook input on stdin (expected the event as JSON)');
    const received = parseObject(input, 'the hook input on stdin');
    // The host's event and payload, under the catalogue's names (the identity for Claude Code).
    const incoming = host.events.incoming(hostEventOf(received, positionals[0]), received);
    const { payload } = incoming;
    failIncoming = incoming;
    event = eventName(host.events.toCatalogue(incoming.event));

    const serving = (env[RUN_EVENTS_VARIABLE] ?? '').split(',').filter(Boolean);
    if (serving.includes(event)) {
      throw new CommandInputError(
        `refusing to recurse: a hook run by \`hookwire run\` for ${event} invoked \`hookwire run\` for ${event} again; remove that hook from the settings hookwire loads`,
      );
    }
    const marker = [...serving, event].join(',');
    env[RUN_EVENTS_VARIABLE] = marker;
    const traceDir = values.trace ?? (env[TRACE_DIR_VARIABLE] || undefined);
    // Told after the answer: a trace that cannot be written never changes what the host is told to do.
    const traceWarnings: string[] = [];
    // Spans go out over OTLP only when an endpoint is named; only then is any telemetry code loaded.
    const exportWarnings: string[] = [];
    const exporter = otlpRequested(env)
      ? (await import('../otlp/otlp-from-environment.js')).otlpExporterFrom(env, (message) =>
          exportWarnings.push(`hookwire run: ${message}\n`),
        )
      : undefined;

    const cwd = typeof payload.cwd === 'string' && existsSync(payload.cwd) ? payload.cwd : context.cwd;
    let projectDir = env[PROJECT_DIR_VARIABLE] || cwd;
    if (
      (host === codexHost ||
        host === copilotHost ||
        host === geminiHost ||
        host === qwenHost ||
        host === deepAgentsHost) &&
      settings === undefined
    ) {
      // Codex's and Copilot's user hooks serve every project (docs/hosts/codex.md, copilot.md), and so do
      // Gemini's user settings file (`hookwire init gemini --user`), Qwen Code's (docs/hosts/qwen.md) and Deep Agents Code's user hooks.json
      // (docs/deepagents.md): the project's own hooks file is found from the session's directory, and a
      // directory without one has no hooks to run.
      const found = projectHooksFile(cwd);
      if (found === undefined) return { exitCode: 0, afterAnswer };
      settings = [found.hooksFile];
      projectDir = found.projectDir;
    }
    context.phase?.('input');
    // Background hooks outlive this process: each runs in a detached process of its own (docs/cli.md).
    const launches: Array<Promise<void>> = [];
    // `once`, the Stop block cap and background results outlive this process in the state directory.
    const state = usableStateDirectory(stateDirectory(env), projectDir);
    const engine = await createEngine({
      cwd,
      projectDir,
      env: { [RUN_EVENTS_VARIABLE]: marker },
      hostEnvironment: env,
      host,
      onConfigError,
      backgroundLauncher: context.launcher(launches),
      // A cloned project's hooks files run only once the user has trusted their exact bytes, and until then
      // fail closed: the events they would have guarded are blocked (docs/trust.md).
      trust: 'require',
      onUntrusted,
      // Closed after every event: what hooks detached on purpose lives on, as under Claude Code.
      endDetachedOnClose: false,
      ...('directory' in state ? { sessionStateDir: state.directory } : {}),
      telemetry: exporter === undefined ? false : { onSpans: (spans) => exporter.add(spans) },
      ...(settings && settings.length > 0 ? { settings } : {}),
      ...(plugins && plugins.length > 0 ? { plugins } : {}),
      ...(mcpConfig.length > 0 ? { mcpConfig } : {}),
      ...(context.settingsCache === undefined ? {} : { settingsCache: context.settingsCache }),
      ...(context.keepMcpConnections === true ? { keepMcpConnections: true } : {}),
      ...(traceDir === undefined
        ? {}
        : {
            trace: {
              dir: resolve(context.cwd, traceDir),
              redact: env[TRACE_REDACT_VARIABLE] !== '0',
              answer: host.answer.command,
              onWarning: (message: string) => traceWarnings.push(`hookwire run: ${message}\n`),
            },
          }),
    });
    context.phase?.('engine');
    const undo = context.whileFiring?.(engine);
    try {
      const refusedResults =
        'directory' in state
          ? await deliverEarlierResults(engine, event, payload, state.directory)
          : undefined;
      // The engine tells the user of untrusted hooks meant for this event in a system message: Claude Code
      // ignores stderr on exit 0, and shows that.
      const outcome = await engine.fire(
        event,
        payload,
        context.signal === undefined ? undefined : { signal: context.signal },
      );
      context.phase?.('fire', outcome.runs.length);
      const answer = host.answer.command(outcome, incoming);
      writeAnswer(1, answer.stdout);
      // Broken settings are told on every event, so a guard that is off never goes unseen.
      writeAnswer(2, settingsErrorLines(engine.settings.diagnostics, cwd));
      writeAnswer(2, engine.settings.untrusted.map((source) => `hookwire: ${source.warning}\n`).join(''));
      writeAnswer(2, answer.stderr);
      writeAnswer(2, traceWarnings.join(''));
      if ('refused' in state && answer.exitCode !== 2) writeAnswer(2, `hookwire run: ${state.refused}\n`);
      if (refusedResults !== undefined && answer.exitCode !== 2)
        writeAnswer(2, `hookwire run: ${refusedResults}\n`);
      // After the answer, bounded: a collector that is down or slow never changes it nor holds the host long.
      if (exporter !== undefined) {
        afterAnswer = async () => {
          await exporter.flush(RUN_EXPORT_LIMIT_MS);
          // On exit 2 the host reads all of stderr as the hook's message: an export problem must not join it.
          if (answer.exitCode !== 2) writeAnswer(2, exportWarnings.join(''));
        };
      }
      return { exitCode: answer.exitCode, afterAnswer };
    } finally {
      await Promise.all(launches);
      await engine.close();
      context.phase?.('close');
      undo?.();
    }
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (event !== undefined && !(error instanceof CommandInputError) && specOf(event).block !== null) {
      const reason = `hookwire run: blocked this ${event} because hookwire failed (fail closed): ${message}`;
      const failure = failHost?.answer.failure;
      if (failure === undefined) {
        writeAnswer(2, `${reason}\n`);
        return { exitCode: BLOCKING_ERROR, afterAnswer };
      }
      // The event's own blocking decision (`deny` on PreToolUse, `block` elsewhere), as a hook's block merges.
      const decision = specOf(event).block?.decision ?? 'block';
      const answer = failure({ ...(await emptyOutcome(event)), decision, reason }, failIncoming);
      writeAnswer(1, answer.stdout);
      writeAnswer(2, answer.stderr.includes(reason) ? answer.stderr : `${reason}\n${answer.stderr}`);
      return { exitCode: answer.exitCode, afterAnswer };
    }
    writeAnswer(2, `hookwire run: ${message}\n`);
    return { exitCode: OWN_ERROR, afterAnswer };
  }
}

/*
 * `[EVENT] [--settings FILE]... [--plugin DIR]... [--mcp-config FILE]... [--trace DIR]`: the forms every configuration uses are read here; anything else (another
 * option, `--`, a value starting with `-`) goes to parseArgs, so that its errors and rules stay exactly
 * parseArgs' own. Loading parseArgs costs about a millisecond of every event.
 */
function runArguments(argv: string[]): {
  values: {
    settings?: string[];
    plugin?: string[];
    'mcp-config'?: string[];
    'on-config-error'?: string;
    'on-untrusted'?: string;
    trace?: string;
    host?: string;
  };
  positionals: string[];
} {
  const settings: string[] = [];
  const plugins: string[] = [];
  const mcpConfigs: string[] = [];
  const positionals: string[] = [];
  let onConfigError: string | undefined;
  let onUntrusted: string | undefined;
  let trace: string | undefined;
  let host: string | undefined;
  for (let index = 0; index < argv.length; index++) {
    const token = argv[index] as string;
    const next = argv[index + 1];
    if (token === '--settings' && next !== undefined && !next.startsWith('-')) {
      settings.push(next);
      index++;
    } else if (token.startsWith('--settings=')) settings.push(token.slice('--settings='.length));
    else if (token === '--plugin' && next !== undefined && !next.startsWith('-')) {
      plugins.push(next);
      index++;
    } else if (token.startsWith('--plugin=')) plugins.push(token.slice('--plugin='.length));
    else if (token === '--mcp-config' && next !== undefined && !next.startsWith('-')) {
      mcpConfigs.push(next);
      index++;
    } else if (token.startsWith('--mcp-config=')) mcpConfigs.push(token.slice('--mcp-config='.length));
    else if (token === '--on-config-error' && next !== undefined && !next.startsWith('-')) {
      onConfigError = next;
      index++;
    } else if (token.startsWith('--on-config-error='))
      onConfigError = token.slice('--on-config-error='.length);
    else if (token === '--on-untrusted' && next !== undefined && !next.startsWith('-')) {
      onUntrusted = next;
      index++;
    } else if (token.startsWith('--on-untrusted=')) onUntrusted = token.slice('--on-untrusted='.length);
    else if (token === '--trace' && next !== undefined && !next.startsWith('-')) {
      trace = next;
      index++;
    } else if (token.startsWith('--trace=')) trace = token.slice('--trace='.length);
    else if (token === '--host' && next !== undefined && !next.startsWith('-')) {
      host = next;
      index++;
    } else if (token.startsWith('--host=')) host = token.slice('--host='.length);
    else if (!token.startsWith('-')) positionals.push(token);
    else {
      return parseArgs({
        args: argv,
        allowPositionals: true,
        options: {
          settings: { type: 'string', multiple: true },
          plugin: { type: 'string', multiple: true },
          'mcp-config': { type: 'string', multiple: true },
          'on-config-error': { type: 'string' },
          'on-untrusted': { type: 'string' },
          trace: { type: 'string' },
          host: { type: 'string' },
        },
      });
    }
  }
  return {
    values: {
      ...(settings.length > 0 ? { settings } : {}),
      ...(plugins.length > 0 ? { plugin: plugins } : {}),
      ...(mcpConfigs.length > 0 ? { 'mcp-config': mcpConfigs } : {}),
      ...(onConfigError === undefined ? {} : { 'on-config-error': onConfigError }),
      ...(onUntrusted === undefined ? {} : { 'on-untrusted': onUntrusted }),
      ...(trace === undefined ? {} : { trace }),
      ...(host === undefined ? {} : { host }),
    },
    positionals,
  };
}

/** The event named by the input's `hook_event_name`; an EVENT argument must agree (or stand in for it). */
function hostEventOf(payload: Record<string, unknown>, argument: string | undefined): string {
  const named = payload.hook_event_name;
  if (named !== undefined && typeof named !== 'string') {
    throw new CommandInputError('hook_event_name in the hook input must be a string');
  }
  if (named !== undefined && argument !== undefined && named !== argument) {
    throw new CommandInputError(
      `the hook input is for ${named} but hookwire run was configured for ${argument}; check the settings that call it`,
    );
  }
  const name = named ?? argument;
  if (name === undefined)
    throw new CommandInputError('the hook input has no hook_event_name and no EVENT was given');
  return name;
}

/*
 * The hook input, read with blocking reads when stdin allows it: iterating `process.stdin` builds a stream
 * (and for a file, loads fs/promises and readline), which costs more at start-up than the rest of `hookwire
 * run`'s own work. A stdin that will not be read so (non-blocking: EAGAIN, closed: EBADF) is read on as a
 * stream, after the bytes already read.
 */
async function readHookInput(): Promise<string> {
  const chunks: Buffer[] = [];
  try {
    for (;;) {
      const buffer = Buffer.allocUnsafe(65536);
      const count = readSync(0, buffer, 0, buffer.length, null);
      if (count === 0) break;
      chunks.push(buffer.subarray(0, count));
    }
  } catch (error) {
    // Windows reports the end of a pipe as an EOF error rather than a read of 0 bytes.
    if ((error as NodeJS.ErrnoException).code !== 'EOF') {
      for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
    }
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** The settings errors, one located line each (warnings stay with `hookwire validate`). */
function settingsErrorLines(diagnostics: readonly Diagnostic[], cwd: string): string {
  return diagnostics
    .filter((diagnostic) => diagnostic.severity === 'error')
    .map((diagnostic) => `hookwire run: ${formatDiagnostic(diagnostic, cwd)}\n`)
    .join('');
}

/*
 * The answer, written with blocking writes: process.stdout on a pipe (how hosts run hooks) is a net.Socket,
 * and creating it loads the stream and net modules, a few ms of every event. Whatever a write refuses (a
 * non-blocking pipe that is full: EAGAIN; a closed one) goes through the stream, as before, from there on.
 */
function writeAnswer(descriptor: 1 | 2, text: string): void {
  if (text === '') return;
  const bytes = Buffer.from(text);
  let written = 0;
  try {
    while (written < bytes.length) written += writeSync(descriptor, bytes, written);
  } catch {
    (descriptor === 1 ? process.stdout : process.stderr).write(bytes.subarray(written));
  }
}
