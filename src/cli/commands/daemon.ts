import {
  closeSync,
  constants,
  lstatSync,
  openSync,
  realpathSync,
  statSync,
  unlinkSync,
  writeSync,
} from 'node:fs';
import { dirname, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { version } from '../../common/version.js';
import {
  daemonGreets,
  daemonSocketPath,
  runtimeDirectoryRefusal,
} from '../../daemon-protocol/daemon-socket.js';
import type { DaemonRequest } from '../../daemon-protocol/daemon-wire.js';
import { eventSpec, isEventName } from '../../events/lookup.js';
import { installedClient } from '../../install/installed-client.js';
import { closeMcpConnections } from '../../run/mcp/mcp-connections.js';
import { useNativeSpawner } from '../../run/process/spawn-hook-process.js';
import { NativeSpawner } from '../../run/spawner/native-spawner.js';
import { SettingsCache } from '../../settings/settings-cache.js';
import { STATE_DIRECTORY_VARIABLE } from '../../settings/state-directory.js';
import { answerEvent } from '../answer/answer-event.js';
import { CommandInputError } from '../command-input.js';
import { DaemonBackgroundJobs } from '../daemon/daemon-background.js';
import { startDaemonServer } from '../daemon/daemon-server.js';

/** `1`: log each event's phases and their ms (`--profile`): never a payload or an environment. */
const PROFILE_VARIABLE = 'HOOKWIRE_DAEMON_PROFILE';
/** `direct`: hooks are forked by the daemon itself, not by the native spawn helper (comparisons, tests). */
const SPAWNER_VARIABLE = 'HOOKWIRE_DAEMON_SPAWNER';

/** The default idle period before the daemon exits (`--idle-ms`, HOOKWIRE_DAEMON_IDLE_MS). */
const DEFAULT_IDLE_MS = 10 * 60 * 1000;

/**
 * `hookwire daemon [--socket PATH] [--ready-fd N] [--idle-ms MS] [--profile]`: the warm engine behind the
 * native client (docs/daemon.md). Answers each event as `hookwire run` would, with the client's arguments, cwd,
 * environment and stdin; exits when idle or when its own files change. Started by the client on demand;
 * started by hand, it exits at once when a daemon of its socket already answers.
 */
export async function run(argv: string[]): Promise<number> {
  try {
    const { values } = parseArgs({
      args: argv,
      options: {
        socket: { type: 'string' },
        'ready-fd': { type: 'string' },
        'idle-ms': { type: 'string' },
        profile: { type: 'boolean' },
        spawner: { type: 'string' },
      },
    });
    const bin = process.argv[1] ?? '';
    const socketPath = values.socket ?? daemonSocketPath(bin);
    if (socketPath === undefined)
      throw new CommandInputError('the socket path would be too long; pass --socket PATH');
    const refusal = runtimeDirectoryRefusal(dirname(socketPath));
    if (refusal !== undefined) throw new CommandInputError(`refusing the runtime directory: ${refusal}`);
    const idleMs = Number(values['idle-ms'] ?? process.env.HOOKWIRE_DAEMON_IDLE_MS ?? DEFAULT_IDLE_MS);
    if (!Number.isFinite(idleMs) || idleMs <= 0)
      throw new CommandInputError('--idle-ms must be a positive number of milliseconds');
    const log = openLog(socketPath.replace(/\.sock$/, '.log'));
    // Read before the environment goes: the first event's client passes it on to the daemon it starts.
    const profile = values.profile === true || process.env[PROFILE_VARIABLE] === '1';
    const spawnerChoice = values.spawner ?? process.env[SPAWNER_VARIABLE] ?? 'native';
    if (spawnerChoice !== 'native' && spawnerChoice !== 'direct')
      throw new CommandInputError('--spawner must be native or direct');
    forgetOwnEnvironment();

    if (await daemonGreets(socketPath)) {
      log(`another daemon answers on ${socketPath}; exiting`);
      signalReady(values['ready-fd']);
      return 0;
    }
    removeStale(socketPath);

    const jobs = new DaemonBackgroundJobs();
    // Each event still gets an engine of its own; what it reuses is the settings' loading while unchanged.
    const settingsCache = new SettingsCache();
    const bundleStamp = stampOf(bin);
    const server = await startDaemonServer({
      socketPath,
      version,
      idleMs,
      busy: () => jobs.count,
      shouldRetire: () => bin !== '' && stampOf(bin) !== bundleStamp,
      log,
      profile,
      answer: (request, write, signal, mark) =>
        answerRequest(request, write, signal, jobs, settingsCache, mark),
    });
    log(
      `listening on ${socketPath} (hookwire ${version}, pid ${process.pid}); ${useSpawnHelper(bin, spawnerChoice)}`,
    );
    signalReady(values['ready-fd']);
    process.once('SIGTERM', () => server.stop('SIGTERM'));
    process.once('SIGINT', () => server.stop('SIGINT'));
    await server.stopped;
    // The MCP servers mcp_tool hooks used, kept warm between events, end with the daemon.
    await closeMcpConnections();
    return 0;
  } catch (error) {
    process.stderr.write(`hookwire daemon: ${error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  }
}

/*
 * One event, as `hookwire run` answers it in the client's place. The client's going away cancels the
 * event's hooks, except on events the host does not wait for (StopFailure, ...): it kills their hook at
 * once, and the event must still be delivered, which is why it was handed to the daemon; nor on those whose
 * late answer it applies (CwdChanged, ...): their hooks go on when the session's end kills the client.
 */
function answerRequest(
  request: DaemonRequest,
  write: (descriptor: 1 | 2, text: string) => void,
  signal: AbortSignal,
  jobs: DaemonBackgroundJobs,
  settingsCache: SettingsCache,
  mark: (phase: string) => void,
) {
  const hitsBefore = settingsCache.hits;
  const env: NodeJS.ProcessEnv = { ...request.env };
  // What the client's process would have resolved against its own cwd (this process's is `/`).
  const stateDir = env[STATE_DIRECTORY_VARIABLE];
  if (stateDir) env[STATE_DIRECTORY_VARIABLE] = resolve(request.cwd, stateDir);
  const [subcommand, ...runArguments] = request.argv;
  if (subcommand !== 'run') {
    write(2, `hookwire daemon: only \`run\` is served, not ${JSON.stringify(subcommand)}\n`);
    return Promise.resolve({ exitCode: 2, afterAnswer: async () => undefined });
  }
  return answerEvent(runArguments, {
    stdin: request.stdin,
    env,
    cwd: request.cwd,
    write,
    launcher: jobs.launcherFor(env),
    settingsCache,
    keepMcpConnections: true,
    phase: (phase, hooksRun) => {
      if (phase === 'engine')
        mark(settingsCache.hits > hitsBefore ? 'engine (settings kept)' : 'engine (settings loaded)');
      else
        mark(hooksRun === undefined ? phase : `${phase} (${hooksRun} ${hooksRun === 1 ? 'hook' : 'hooks'})`);
    },
    ...(hostWaitsFor(request, runArguments) ? { signal } : {}),
  });
}

function hostWaitsFor(request: DaemonRequest, runArguments: readonly string[]): boolean {
  let name: unknown;
  try {
    name = (JSON.parse(request.stdin) as { hook_event_name?: unknown }).hook_event_name;
  } catch {
    name = runArguments.find((argument) => !argument.startsWith('-'));
  }
  if (typeof name !== 'string' || !isEventName(name)) return true;
  const spec = eventSpec(name);
  return !(spec.hostDoesNotWait || spec.hostAppliesLateAnswer);
}

/*
 * The daemon's environment and cwd are those of the event that started it (the client execs it with its
 * own): kept, they would reach every later event through whatever reads process.env or resolves a relative
 * path, another project's secrets and state directory included. Each event gets its request's environment
 * and cwd (answerEvent); the daemon itself keeps none, and sits in `/`, which holds no directory busy.
 */
function forgetOwnEnvironment(): void {
  for (const name of Object.keys(process.env)) delete process.env[name];
  process.chdir('/');
}

/**
 * Hooks are forked by the native spawn helper (`hookwire-client --spawner`, docs/daemon.md) when this
 * installation has the native client, so that a fork copies a small process rather than this one. Says which.
 */
function useSpawnHelper(bin: string, choice: 'native' | 'direct'): string {
  if (choice === 'direct') return 'hooks forked by the daemon (--spawner direct)';
  let client: ReturnType<typeof installedClient>;
  try {
    client = installedClient(realpathSync(bin));
  } catch {
    return 'hooks forked by the daemon (its bin cannot be resolved)';
  }
  if (client.kind !== 'native') return `hooks forked by the daemon (no native client at ${client.path})`;
  useNativeSpawner(new NativeSpawner(client.path));
  return `hooks started by ${client.path} --spawner`;
}

/** Removes a socket no daemon greeted on (one that was killed left it); never anything but a socket. */
function removeStale(socketPath: string): void {
  try {
    if (lstatSync(socketPath).isSocket()) unlinkSync(socketPath);
  } catch {
    // Missing, or gone meanwhile.
  }
}

/** The bin's size and mtime: a rebuild or an upgrade in place changes them, and the daemon then retires. */
function stampOf(file: string): string {
  try {
    const status = statSync(file);
    return `${status.size}:${status.mtimeMs}`;
  } catch {
    return 'missing';
  }
}

function signalReady(descriptor: string | undefined): void {
  if (descriptor === undefined) return;
  const fd = Number(descriptor);
  try {
    writeSync(fd, 'R');
    closeSync(fd);
  } catch {
    // Nobody waits for it any more.
  }
}

/** The daemon's log: starts, stops and its own errors, one line each; never an environment or a payload. */
function openLog(file: string): (line: string) => void {
  let fd: number | undefined;
  try {
    // Never through a symlink planted in its place.
    fd = openSync(
      file,
      constants.O_WRONLY | constants.O_APPEND | constants.O_CREAT | constants.O_NOFOLLOW,
      0o600,
    );
  } catch {
    fd = undefined;
  }
  return (line) => {
    if (fd === undefined) return;
    try {
      writeSync(fd, `${new Date().toISOString()} ${line}\n`);
    } catch {
      // A full disk must not stop the daemon answering.
    }
  };
}
