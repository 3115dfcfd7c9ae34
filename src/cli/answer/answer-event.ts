import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { usableStateDirectory } from '../../engine/background/usable-state-directory.js';
import { createEngine } from '../../engine/create-engine.js';
import { unknownEvent } from '../../events/hook-io.js';
import { isEventName } from '../../events/lookup.js';
import type { Host, IncomingEvent } from '../../hosts/host.js';
import { PROJECT_DIR_VARIABLE } from '../../settings/settings-locations.js';
import { stateDirectory } from '../../settings/state-directory.js';
import { CommandInputError, eventName } from '../command-input.js';
import { otlpRequested } from '../otlp/otlp-requested.js';
import { projectHooksFile } from '../project-hooks-file.js';
import type { EventAnswer, EventContext } from './event-context.js';
import { type FailureScope, ownFailureAnswer } from './own-failure-answer.js';
import { readIncomingEvent } from './read-incoming-event.js';
import { type RunCommandLine, readRunCommandLine } from './run-command-line.js';
import { RUN_EVENTS_VARIABLE, TRACE_DIR_VARIABLE, TRACE_REDACT_VARIABLE } from './run-variables.js';
import { writeRunAnswer } from './write-run-answer.js';

/** The most an OTLP export may add to an event, after the answer (docs/observability.md). */
const RUN_EXPORT_LIMIT_MS = 1000;

/**
 * One event, answered in the host's protocol through `context.write`, as `hookwire run` and the daemon (in
 * its client's place) answer it: read the command line and the hook input → an engine for the event's project
 * → deliver earlier background results → fire → the host's answer. A failure of hookwire itself on an event
 * that can block is answered as a block (`ownFailureAnswer`).
 */
export async function answerEvent(argv: string[], context: EventContext): Promise<EventAnswer> {
  const scope: FailureScope = {};
  try {
    return await answerKnownEvent(argv, context, scope);
  } catch (error) {
    return ownFailureAnswer(error, scope, context.write);
  }
}

async function answerKnownEvent(
  argv: string[],
  context: EventContext,
  scope: FailureScope,
): Promise<EventAnswer> {
  const { env } = context;
  const line = readRunCommandLine(argv, context.cwd, (host) => {
    scope.host = host;
  });
  const { host } = line;
  const incoming = readIncomingEvent(host, context.stdin, line.eventArgument);
  const { payload } = incoming;
  scope.incoming = incoming;
  const event = eventName(host.events.toCatalogue(incoming.event));
  scope.event = event;

  const serving = (env[RUN_EVENTS_VARIABLE] ?? '').split(',').filter(Boolean);
  if (serving.includes(event)) {
    throw new CommandInputError(
      `refusing to recurse: a hook run by \`hookwire run\` for ${event} invoked \`hookwire run\` for ${event} again; remove that hook from the settings hookwire loads`,
    );
  }
  const marker = [...serving, event].join(',');
  env[RUN_EVENTS_VARIABLE] = marker;
  if (line.server !== undefined) {
    if (line.settings !== undefined || line.plugins !== undefined || line.trace !== undefined) {
      throw new CommandInputError('--server runs no hook here: drop --settings, --plugin and --trace');
    }
    // The remote serve loads the hooks and keeps the state; this process only carries the event there.
    const { forwardToServer } = await import('./forward-to-server.js');
    const answer = await forwardToServer(line.server, line.serverTokenEnv, host, incoming, env);
    context.write(1, answer.stdout);
    context.write(2, answer.stderr);
    return { exitCode: answer.exitCode, afterAnswer: async () => undefined };
  }
  const traceDir = line.trace ?? (env[TRACE_DIR_VARIABLE] || undefined);
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
  // Hooks cannot start in a directory that is gone (removed while the session ran): a guard that cannot run.
  if (cwd === context.cwd && !existsSync(cwd)) {
    throw new Error(`the working directory ${cwd} no longer exists, and the hook input names no other`);
  }
  const project = projectOf(host, line, cwd, env);
  if (project === undefined) return { exitCode: 0, afterAnswer: async () => undefined };
  const { projectDir, settings } = project;
  context.phase?.('input');
  // Background hooks outlive this process: each runs in a detached process of its own (docs/cli.md).
  const launches: Array<Promise<void>> = [];
  // Why a file of earlier background results was refused unread, told on stderr.
  const refusedResults: string[] = [];
  // `once`, the Stop block cap and background results outlive this process in the state directory.
  const state = usableStateDirectory(stateDirectory(env), projectDir);
  const engine = await createEngine({
    cwd,
    projectDir,
    env: { [RUN_EVENTS_VARIABLE]: marker },
    hostEnvironment: env,
    host,
    onConfigError: line.onConfigError,
    backgroundLauncher: context.launcher(launches),
    // Their results come back in the state directory, taken by the session's next event (docs/cli.md).
    ...('directory' in state
      ? {
          backgroundResults: {
            directory: state.directory,
            onRefused: (reason: string) => refusedResults.push(reason),
          },
        }
      : {}),
    // A cloned project's hooks files run only once the user has trusted their exact bytes, and until then
    // fail closed: the events they would have guarded are blocked (docs/trust.md).
    trust: 'require',
    onUntrusted: line.onUntrusted,
    // Closed after every event: what hooks detached on purpose lives on, as under Claude Code.
    endDetachedOnClose: false,
    // CLAUDE_ENV_FILE as the host gives it (Claude Code, Droid), or none: nothing would apply a file of
    // this process's own (docs/host-helpers.md).
    envFile: 'host',
    ...('directory' in state ? { sessionStateDir: state.directory } : {}),
    telemetry: exporter === undefined ? false : { onSpans: (spans) => exporter.add(spans) },
    ...(settings && settings.length > 0 ? { settings } : {}),
    ...(line.plugins && line.plugins.length > 0 ? { plugins: line.plugins } : {}),
    ...(line.mcpConfig.length > 0 ? { mcpConfig: line.mcpConfig } : {}),
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
    // The engine tells the user of untrusted hooks meant for this event in a system message: Claude Code
    // ignores stderr on exit 0, and shows that.
    const outcome = await engine.fire(
      unknownEvent(event),
      payload,
      context.signal === undefined ? undefined : { signal: context.signal },
    );
    context.phase?.('fire', outcome.runs.length);
    const answer = host.answer.command(outcome, incoming);
    writeRunAnswer(context.write, {
      answer,
      engine,
      cwd,
      traceWarnings,
      notes: [
        ...foreignEventNote(host, incoming),
        ...('refused' in state ? [state.refused] : []),
        ...refusedResults,
      ],
    });
    // After the answer, bounded: a collector that is down or slow never changes it nor holds the host long.
    const afterAnswer =
      exporter === undefined
        ? async () => undefined
        : async () => {
            await exporter.flush(RUN_EXPORT_LIMIT_MS);
            // On exit 2 the host reads all of stderr as the hook's message: an export problem must not join it.
            if (answer.exitCode !== 2) context.write(2, exportWarnings.join(''));
          };
    return { exitCode: answer.exitCode, afterAnswer };
  } finally {
    await Promise.all(launches);
    await engine.close();
    context.phase?.('close');
    undo?.();
  }
}

/**
 * The project the event is for and the settings to load: the command line's (or every default source) under
 * the project directory the host names. Undefined when the event has no hooks to run.
 */
function projectOf(
  host: Host,
  line: RunCommandLine,
  cwd: string,
  env: NodeJS.ProcessEnv,
): { projectDir: string; settings: string[] | undefined } | undefined {
  if (host.locations.hooks === 'project-hooks-file' && line.settings === undefined) {
    // The host's user-level hooks call hookwire in every project: the project's own hooks file is found from
    // the session's directory, and a directory without one has no hooks to run (Host.locations.hooks).
    const found = projectHooksFile(cwd);
    if (found === undefined) return undefined;
    return { projectDir: found.projectDir, settings: [found.hooksFile] };
  }
  return { projectDir: env[PROJECT_DIR_VARIABLE] || cwd, settings: line.settings };
}

/**
 * A catalogue event name the host itself never sends (`PreToolUse` given to `--host copilot`, which sends
 * `preToolUse`): the settings that call hookwire were likely written for another host. The event is answered
 * as the catalogue's, in the host's protocol; the line says so, so a guard that may never fire is not unseen.
 */
function foreignEventNote(host: Host, incoming: IncomingEvent): string[] {
  const sent = incoming.original.event;
  if (!isEventName(incoming.event) || host.events.fromCatalogue(incoming.event) === sent) return [];
  const own = host.events.fromCatalogue(incoming.event);
  return [
    `--host ${host.name}: ${JSON.stringify(sent)} is not an event name ${host.displayName} sends (${own === undefined ? 'it has no such event' : `its name for it is ${JSON.stringify(own)}`}); answered as the catalogue's ${incoming.event}: check the settings that call hookwire run`,
  ];
}
