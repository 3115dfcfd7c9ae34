import { realpathSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { createEngine } from '../../engine/create-engine.js';
import type { Engine } from '../../engine/engine.js';
import type { SessionStateBackend } from '../../engine/session-state.js';
import { HookwireError } from '../../errors/hookwire-error.js';
import type { Host } from '../../hosts/host.js';
import { hostNamed } from '../../hosts/registry.js';
import {
  createHookServer,
  DEFAULT_BODY_TIMEOUT_MS,
  DEFAULT_MAX_BODY_BYTES,
  DEFAULT_MAX_CONCURRENT,
  isLoopbackHost,
  type ServedHost,
} from '../../server/hook-server.js';
import { currentTraceParent } from '../../telemetry/request-trace-parent.js';
import {
  CommandInputError,
  exitForUsageError,
  mcpConfigValues,
  namedSources,
  workingDirectory,
} from '../command-input.js';
import { otlpExporterFrom } from '../otlp/otlp-from-environment.js';
import { renderDiagnostics } from '../render/settings-diagnostics.js';

const DEFAULT_HOST = '127.0.0.1';
const DEFAULT_TOKEN_VARIABLE = 'HOOKWIRE_SERVE_TOKEN';
const STATE_URL_VARIABLE = 'HOOKWIRE_STATE_URL';
const DEFAULT_STATE_TIMEOUT_MS = 1000;
const DEFAULT_STATE_TTL_S = 7 * 24 * 60 * 60;

/** How often `serve` sends the spans gathered since the last time. */
const SERVE_EXPORT_INTERVAL_MS = 1000;

const USAGE = `Usage: hookwire serve (--settings FILE | --plugin DIR)... --port N [--host ADDRESS] [--token-env NAME] [--insecure-no-auth] [--state redis://HOST:PORT/N] [--trace DIR]

Runs the configured hooks for events POSTed by http hooks (to / or /hooks/<Event>), and answers with the
merged outcome as the JSON an http hook answers, in the protocol of the agent the request names
(?host=NAME or the X-Hookwire-Host header; default claude-code). GET /healthz answers {"ok":true}.
  --settings FILE      settings files with the hooks to run (repeatable; this or --plugin is required)
  --plugin DIR         a Claude Code plugin whose hooks to run (repeatable; docs/plugins.md)
  --mcp-config FILE    the MCP servers mcp_tool hooks call, as Claude Code's --mcp-config (repeatable)
  --port N             port to listen on (0: any free port, printed at start)
  --host ADDRESS       address to listen on (default ${DEFAULT_HOST})
  --token-env NAME     environment variable holding the bearer token (default ${DEFAULT_TOKEN_VARIABLE})
  --insecure-no-auth   accept requests without a token; allowed on a loopback host only
  --max-body BYTES     larger requests are answered 413 (default ${DEFAULT_MAX_BODY_BYTES})
  --max-concurrent N   events run at once; more are answered 503 (default ${DEFAULT_MAX_CONCURRENT})
  --body-timeout S     headers or a body not complete within S seconds are answered 408 (default ${DEFAULT_BODY_TIMEOUT_MS / 1000})
  --cwd DIR            where hooks run; a payload's cwd is replaced by it (default: current directory)
  --client-dir DIR     a directory shared with clients (repeatable): a payload's cwd and transcript paths
                       are kept when they lie inside one; elsewhere cwd is --cwd and transcripts are ''
  --pass-env NAME      hand this secret-looking variable to hooks anyway (repeatable); hooks get none of
                       serve's secrets otherwise (HOOKWIRE_SCRUB_SECRETS=0 passes them all), never its token
  --on-config-error P  block (default): refuse to start when the settings have errors; allow: start anyway
  --state URL          keep the sessions' state (once hooks run, Stop block counts, background results) in
                       Redis, shared by every replica using it: redis://[:PASSWORD@]HOST:PORT/N (the
                       password is better in $HOOKWIRE_STATE_URL than on a command line); default: in memory
  --state-timeout MS   every state command gets this long; then the event fails closed (default ${DEFAULT_STATE_TIMEOUT_MS})
  --state-ttl S        a session's state expires S seconds after its last write (default ${DEFAULT_STATE_TTL_S})
  --trace DIR          record every event (payload, outcome, answer) in DIR, one JSONL file per session,
                       secrets redacted (default: $HOOKWIRE_TRACE_DIR; docs/traces.md)
Logs one line per request on stderr; stops gracefully on SIGTERM or SIGINT. Exits 2 for usage errors.
`;

function integer(text: string | undefined, name: string, fallback: number, min: number, max: number): number {
  if (text === undefined) return fallback;
  const value = Number(text);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new CommandInputError(
      `${name} must be an integer from ${min} to ${max}, not ${JSON.stringify(text)}`,
    );
  }
  return value;
}

/** A `--client-dir` as a real path, so that payload paths are compared real path to real path. */
function sharedDirectory(value: string): string {
  try {
    const real = realpathSync(resolve(value));
    if (statSync(real).isDirectory()) return real;
  } catch {
    // Reported below, as for a path that is not a directory.
  }
  throw new CommandInputError(`--client-dir is not a directory: ${value}`);
}

/** `hookwire serve`: a central http hook endpoint in front of the engine. */
export async function run(argv: string[]): Promise<number> {
  try {
    const { values } = parseArgs({
      args: argv,
      options: {
        settings: { type: 'string', multiple: true },
        plugin: { type: 'string', multiple: true },
        'mcp-config': { type: 'string', multiple: true },
        port: { type: 'string' },
        host: { type: 'string', default: DEFAULT_HOST },
        'token-env': { type: 'string', default: DEFAULT_TOKEN_VARIABLE },
        'insecure-no-auth': { type: 'boolean', default: false },
        'max-body': { type: 'string' },
        'max-concurrent': { type: 'string' },
        'body-timeout': { type: 'string' },
        cwd: { type: 'string' },
        'client-dir': { type: 'string', multiple: true },
        'pass-env': { type: 'string', multiple: true },
        'on-config-error': { type: 'string', default: 'block' },
        trace: { type: 'string' },
        state: { type: 'string' },
        'state-timeout': { type: 'string' },
        'state-ttl': { type: 'string' },
        help: { type: 'boolean', short: 'h', default: false },
      },
    });
    if (values.help) {
      process.stdout.write(USAGE);
      return 0;
    }
    const onConfigError = values['on-config-error'];
    if (onConfigError !== 'block' && onConfigError !== 'allow') {
      throw new CommandInputError(
        `--on-config-error must be block or allow, not ${JSON.stringify(onConfigError)}`,
      );
    }
    const named = namedSources(values);
    const mcpConfig = mcpConfigValues(values['mcp-config'], process.cwd(), true);
    if (!named) throw new CommandInputError('--settings FILE or --plugin DIR is required');
    if (values.port === undefined) throw new CommandInputError('--port N is required');
    const port = integer(values.port, '--port', 0, 0, 65_535);
    const maxBodyBytes = integer(values['max-body'], '--max-body', DEFAULT_MAX_BODY_BYTES, 1, 2 ** 31);
    const maxConcurrent = integer(
      values['max-concurrent'],
      '--max-concurrent',
      DEFAULT_MAX_CONCURRENT,
      1,
      100_000,
    );
    const bodyTimeoutMs =
      integer(values['body-timeout'], '--body-timeout', DEFAULT_BODY_TIMEOUT_MS / 1000, 1, 3600) * 1000;
    const token = process.env[values['token-env']] || undefined;
    // Nothing serve starts (hooks, the spawner process) may inherit the token that authenticates clients.
    delete process.env[values['token-env']];
    const insecureNoAuth = values['insecure-no-auth'];
    if (token === undefined && !insecureNoAuth) {
      throw new CommandInputError(
        `no token: set ${values['token-env']} (clients send "Authorization: Bearer <token>"), or use --insecure-no-auth on a loopback host`,
      );
    }
    if (token === undefined && !isLoopbackHost(values.host)) {
      throw new CommandInputError(
        `--insecure-no-auth is allowed on a loopback host only, not ${values.host}`,
      );
    }
    const cwd = workingDirectory(values.cwd);
    const clientDirectories = (values['client-dir'] ?? []).map(sharedDirectory);
    const traceDir = values.trace ?? (process.env.HOOKWIRE_TRACE_DIR || undefined);
    const stateUrl = values.state ?? (process.env[STATE_URL_VARIABLE] || undefined);
    // Like the token: no hook inherits the store's password.
    delete process.env[STATE_URL_VARIABLE];
    const stateTimeoutMs = integer(
      values['state-timeout'],
      '--state-timeout',
      DEFAULT_STATE_TIMEOUT_MS,
      1,
      600_000,
    );
    const stateTtlMs = integer(values['state-ttl'], '--state-ttl', DEFAULT_STATE_TTL_S, 1, 2 ** 31) * 1000;

    const warn = (line: string) => process.stderr.write(`hookwire serve: ${line}\n`);
    // Spans go out over OTLP, in batches, only when an endpoint is named (docs/observability.md).
    const exporter = otlpExporterFrom(process.env, warn);
    const exportTimer =
      exporter === undefined ? undefined : setInterval(() => void exporter.flush(), SERVE_EXPORT_INTERVAL_MS);
    exportTimer?.unref();
    // Imported only for a Redis store: serve without one (and `hookwire run`) never loads a Redis client.
    let sessionState: SessionStateBackend | undefined;
    if (stateUrl !== undefined) {
      const { connectRedisSessionState } = await import('../../engine/redis-session-state.js');
      try {
        sessionState = await connectRedisSessionState({
          url: stateUrl,
          timeoutMs: stateTimeoutMs,
          ttlMs: stateTtlMs,
        });
      } catch (error) {
        if (error instanceof HookwireError && error.kind === 'usage')
          throw new CommandInputError(error.message);
        clearInterval(exportTimer);
        warn(`not starting: ${(error as Error).message}`);
        return 1;
      }
    }
    // One engine per agent served, made at its first request: each reads its hooks' output and gives them
    // variables as `hookwire run --host NAME` would; all share the one session state.
    const engineFor = (host: Host) =>
      createEngine({
        cwd,
        projectDir: cwd,
        ...named,
        mcpConfig,
        // Hooks run for network clients: the server's secrets stay out of their environment unless named.
        scrubSecrets: process.env.HOOKWIRE_SCRUB_SECRETS === '0' ? false : { keep: values['pass-env'] ?? [] },
        logger: { debug: () => undefined, warn: () => undefined },
        host,
        ...(sessionState === undefined ? {} : { sessionState }),
        telemetry:
          exporter === undefined ? false : { onSpans: (spans) => exporter.add(spans, currentTraceParent()) },
        ...(traceDir === undefined
          ? {}
          : {
              trace: {
                dir: resolve(traceDir),
                redact: process.env.HOOKWIRE_TRACE_REDACT !== '0',
                answer: host.answer.http,
                onWarning: warn,
              },
            }),
      });
    // The default host (Claude Code) answers a request that names none; its engine is made first.
    const defaultHost = hostNamed();
    const engine = await engineFor(defaultHost);
    const engines = new Map<Host, Promise<Engine>>([[defaultHost, Promise.resolve(engine)]]);
    const hosts = async (name: string): Promise<ServedHost> => {
      const host = hostNamed(name);
      let made = engines.get(host);
      if (made === undefined) {
        made = engineFor(host);
        engines.set(host, made);
      }
      return { host, engine: await made };
    };
    for (const line of renderDiagnostics(engine.settings.diagnostics)) warn(line);
    // A server that started without its guards would answer every event with "go ahead": fail closed.
    if (onConfigError === 'block' && engine.settings.diagnostics.some((item) => item.severity === 'error')) {
      clearInterval(exportTimer);
      await engine.close();
      await sessionState?.close();
      warn('not starting: the settings have errors (fix them, or pass --on-config-error allow)');
      return 1;
    }
    const server = createHookServer({
      engine,
      token,
      insecureNoAuth,
      maxBodyBytes,
      maxConcurrent,
      bodyTimeoutMs,
      fallbackCwd: cwd,
      clientDirectories,
      log: warn,
      host: defaultHost,
      hosts,
    });
    // Listening for signals before saying "listening": a SIGTERM sent on that line must stop us gracefully,
    // and one that came before Node had a handler would kill the process outright.
    const stopSignal = new Promise<string>((resolve) => {
      process.once('SIGTERM', () => resolve('SIGTERM'));
      process.once('SIGINT', () => resolve('SIGINT'));
    });
    const address = await server.listen(port, values.host);
    const auth = token === undefined ? 'no authentication' : `bearer token from $${values['token-env']}`;
    const state = sessionState === undefined ? 'state in memory' : `state in ${sessionState.label}`;
    warn(`listening on ${address.url} (${auth}, ${engine.settings.hooks.length} hooks, ${state})`);

    const signal = await stopSignal;
    warn(`${signal}: finishing ${server.inFlight} events in flight, then stopping`);
    await server.close();
    for (const [host, made] of engines) if (host !== defaultHost) await (await made).close();
    await sessionState?.close();
    clearInterval(exportTimer);
    await exporter?.flush();
    warn('stopped');
    return 0;
  } catch (error) {
    return exitForUsageError('serve', USAGE, error);
  }
}
