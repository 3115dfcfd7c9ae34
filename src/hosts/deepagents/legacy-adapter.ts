import { spawn } from 'node:child_process';
import { isRecord } from '../../common/is-record.js';
import type { HostCommandIo } from '../host.js';

/*
 * The adapter a migrated legacy hook runs through (upstream `python -m deepagents_code.hooks.migration`;
 * here `hookwire deepagents-legacy EVENT B64ARGV`): it decodes the legacy argv (urlsafe base64 of its JSON),
 * rebuilds the legacy stdin from the Hooks v2 payload (`{"event": NAME}`, plus `thread_id` from `session_id`
 * for session.start, task.complete and session.end), runs the legacy command for at most 5 s in the
 * adapter's own process group (so the Hooks v2 runner's group kill on timeout reaps it too), and discards
 * its output and its exit status: a legacy hook was fire-and-forget and must never block through migration.
 * Exit 1 for wrong arguments, an undecodable argv, a stdin that is not a JSON object, a command that cannot
 * start, or one that outlives its 5 s; 0 otherwise.
 */

/** The legacy dispatcher's timeout. */
export const LEGACY_HOOK_TIMEOUT_MS = 5_000;

const WITH_THREAD = new Set(['session.start', 'task.complete', 'session.end']);

/** The legacy stdin of `event` rebuilt from the wire payload. */
export function legacyPayload(
  event: string,
  wire: Readonly<Record<string, unknown>>,
): Record<string, unknown> {
  const payload: Record<string, unknown> = { event };
  if (WITH_THREAD.has(event) && typeof wire.session_id === 'string') payload.thread_id = wire.session_id;
  return payload;
}

/** Decodes the adapter's argv argument; null when it is not the base64 of a non-empty list of strings. */
export function decodeLegacyArgv(encoded: string): string[] | null {
  if (!/^[A-Za-z0-9_-]+={0,2}$/.test(encoded)) return null;
  try {
    const argv: unknown = JSON.parse(Buffer.from(encoded, 'base64url').toString('utf8'));
    return Array.isArray(argv) && argv.length > 0 && argv.every((word) => typeof word === 'string')
      ? argv
      : null;
  } catch {
    return null;
  }
}

/** Runs the adapter for `args` (EVENT B64ARGV) with the wire payload text `stdin`; resolves the exit code. */
export async function runLegacyAdapter(args: readonly string[], stdin: string): Promise<number> {
  if (args.length !== 2) return 1;
  const [event, encoded] = args as [string, string];
  const argv = decodeLegacyArgv(encoded);
  if (argv === null) return 1;
  let wire: unknown;
  try {
    wire = JSON.parse(stdin);
  } catch {
    return 1;
  }
  if (!isRecord(wire)) return 1;
  const [file, ...rest] = argv as [string, ...string[]];
  return new Promise((resolve) => {
    const child = spawn(file, rest, { stdio: ['pipe', 'ignore', 'ignore'] });
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      resolve(1);
    }, LEGACY_HOOK_TIMEOUT_MS);
    child.on('error', () => {
      clearTimeout(timer);
      resolve(1);
    });
    child.on('exit', () => {
      clearTimeout(timer);
      resolve(0);
    });
    child.stdin.on('error', () => {});
    child.stdin.end(JSON.stringify(legacyPayload(event, wire)));
  });
}

/**
 * `hookwire deepagents-legacy EVENT B64ARGV`: a legacy Deep Agents hook that Hooks v2 migration turned into
 * a command handler (docs/deepagents.md). Reads the Hooks v2 payload on stdin; prints nothing.
 */
export async function runLegacyAdapterCommand(io: HostCommandIo): Promise<number> {
  let stdin = '';
  try {
    stdin = io.readStdin();
  } catch {
    return 1;
  }
  return runLegacyAdapter(io.argv, stdin);
}
