import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { isRecord } from '../../src/common/is-record.js';
import type { Logger } from '../../src/common/logger.js';
import { createDeepAgentsDispatcher } from '../../src/hosts/deepagents/list-hooks/deepagents-dispatcher.js';
import { loadDeepAgentsHooks } from '../../src/hosts/deepagents/list-hooks/load-deepagents-hooks.js';
import { firstDifference } from './compare.js';

/*
 * The legacy list-shaped dispatcher's vectors (upstream `hooks/legacy.py`, still firing the events Hooks v2
 * does not migrate), run through hookwire's dispatcher with real processes: each configured command is
 * made a real executable that records that it ran and what it read, and the cases upstream's tests
 * produced by making `subprocess.run` raise are produced by commands that really time out, are missing,
 * are not executable or cannot be started at all.
 */

type Vector = Record<string, unknown> & { id: string; kind: string };

interface Captured {
  readonly logger: Logger;
  readonly warnings: string[];
}

function capture(): Captured {
  const warnings: string[] = [];
  const logger = {
    warn: (message: string) => warnings.push(message),
    debug: () => {},
    info: () => {},
    error: (message: string) => warnings.push(message),
  } as unknown as Logger;
  return { logger, warnings };
}

/** `config` with each command replaced by a recorder of its argv and stdin, written to `tmp`. */
function recordedConfig(config: Record<string, unknown>, tmp: string): { path: string; log: string } {
  // A shell script, not a Node one: upstream's legacy hooks have 5 s each, and a Node start on a loaded
  // machine took longer once, so the recorder was killed and the run went missing. Each run leaves its
  // arguments (NUL-separated) and its stdin under a name that sorts in the order the runs started.
  const log = join(tmp, 'runs');
  mkdirSync(log, { recursive: true });
  const recorder = join(tmp, 'record.sh');
  writeFileSync(
    recorder,
    [
      '#!/bin/sh',
      `run=${JSON.stringify(log)}/$(date +%s%N)-$$`,
      'printf \'%s\\0\' "$@" > "$run.argv"',
      'cat > "$run.stdin"',
      'if [ "$1" = fail ]; then exit 1; fi',
      '',
    ].join('\n'),
    { mode: 0o755 },
  );
  const hooks = (Array.isArray(config.hooks) ? config.hooks : []).map((hook) =>
    // Only a runnable command is wrapped: an empty list, a string or a missing command stays as invalid as
    // the vector wrote it, so the dispatcher's own refusal is what is checked.
    isRecord(hook) && Array.isArray(hook.command) && hook.command.length > 0 && hook.command[0] !== ''
      ? { ...hook, command: [recorder, ...hook.command.map(String)] }
      : hook,
  );
  const path = join(tmp, 'hooks.json');
  writeFileSync(path, JSON.stringify({ ...config, hooks }));
  return { path, log };
}

function runsOf(log: string): { argv: string[]; stdin: string }[] {
  if (!existsSync(log)) return [];
  return readdirSync(log)
    .filter((name) => name.endsWith('.stdin'))
    .sort()
    .map((name) => {
      const run = join(log, name.slice(0, -'.stdin'.length));
      const argv = existsSync(`${run}.argv`)
        ? readFileSync(`${run}.argv`, 'utf8').split('\0').slice(0, -1)
        : [];
      return { argv, stdin: readFileSync(`${run}.stdin`, 'utf8') };
    });
}

/** The command `subprocess.run` was made to raise `error` with, as a real command that fails that way. */
function failingCommand(error: string, tmp: string): string[] {
  switch (error) {
    case 'TimeoutExpired':
      return ['/bin/sh', '-c', 'sleep 30'];
    case 'FileNotFoundError':
      return [join(tmp, 'missing-hook')];
    case 'PermissionError': {
      const file = join(tmp, 'not-executable');
      writeFileSync(file, '#!/bin/sh\n', { mode: 0o644 });
      return [file];
    }
    default:
      // A command that cannot be started at all (upstream: an embedded null byte, ENOEXEC, exhaustion).
      return ['hook\u0000with-a-null-byte'];
  }
}

/** Checks one `legacy` vector. */
export async function checkLegacy(vector: Vector, tmp: string): Promise<string | null> {
  const expect = (vector.expect ?? {}) as Record<string, unknown>;
  const payload = (vector.payload ?? {}) as Record<string, unknown>;
  const event = typeof vector.event === 'string' ? vector.event : 'session.start';
  const { logger, warnings } = capture();

  if ('has_pending_hooks' in expect) {
    const dispatcher = createDeepAgentsDispatcher({
      path: join(tmp, 'hooks.json'),
      logger,
      spawner: 'direct',
    });
    const stats = dispatcher.stats();
    await dispatcher.close();
    return firstDifference(expect.has_pending_hooks, stats.running + stats.queued > 0);
  }

  if (DRAIN_KEYS.some((key) => key in expect)) return checkDrain(vector, expect, payload, event, tmp, logger);

  if (typeof payload['subprocess.run raises'] === 'string' || 'WARNING record contains' in expect) {
    const raised = String(payload['subprocess.run raises'] ?? 'Exception');
    const path = join(tmp, 'hooks.json');
    writeFileSync(path, JSON.stringify({ hooks: [{ command: failingCommand(raised, tmp) }] }));
    const dispatcher = createDeepAgentsDispatcher({ path, logger, spawner: 'direct' });
    let raisedHere = false;
    try {
      await dispatcher.dispatchAndWait(event, {});
    } catch {
      raisedHere = true;
    }
    await dispatcher.close();
    const expected: Record<string, unknown> = { raises: false, warned: true };
    const actual: Record<string, unknown> = { raises: raisedHere, warned: warnings.length > 0 };
    if ('WARNING record contains' in expect) {
      expected.contains = expect['WARNING record contains'];
      actual.contains = warnings.some((warning) =>
        warning.includes(String(expect['WARNING record contains'])),
      )
        ? expect['WARNING record contains']
        : warnings;
    }
    return firstDifference(expected, actual);
  }

  const config = (vector.config ?? {}) as Record<string, unknown>;
  if ('hooks' in expect && !('subprocess.run calls' in expect)) {
    const path = join(tmp, 'hooks.json');
    writeFileSync(path, JSON.stringify(config));
    const first = loadedCommands(path, logger);
    if ('second load returns the cached first result' in expect) {
      // The dispatcher reads the file once: a changed file is not seen until reload().
      const { path: recorded, log } = recordedConfig(config, tmp);
      const dispatcher = createDeepAgentsDispatcher({ path: recorded, logger, spawner: 'direct' });
      await dispatcher.dispatchAndWait(event, {});
      writeFileSync(recorded, JSON.stringify({ hooks: [] }));
      await dispatcher.dispatchAndWait(event, {});
      await dispatcher.close();
      return firstDifference(
        { cached: expect['second load returns the cached first result'], hooks: expect.hooks },
        { cached: runsOf(log).length === 2, hooks: first },
      );
    }
    return firstDifference(expect.hooks, first);
  }

  const { path, log } = recordedConfig(config, tmp);
  const dispatcher = createDeepAgentsDispatcher({ path, logger, spawner: 'direct' });
  const results = await dispatcher.dispatchAndWait(event, payload);
  await dispatcher.close();
  const runs = runsOf(log);
  const expected: Record<string, unknown> = {};
  const actual: Record<string, unknown> = {};
  if ('subprocess.run calls' in expect) {
    expected.calls = expect['subprocess.run calls'];
    actual.calls = runs.length;
  }
  if ('stdin' in expect) {
    expected.stdin = expect.stdin;
    actual.stdin = runs[0] === undefined ? null : JSON.parse(runs[0].stdin);
  }
  if ('commands run' in expect) {
    expected.commands = expect['commands run'];
    actual.commands = runs.map((run) => run.argv).sort((a, b) => String(a).localeCompare(String(b)));
    expected.warnings = [];
    actual.warnings = warnings;
  }
  if ('start_new_session' in expect) {
    const hooks = loadDeepAgentsHooks(path, logger);
    const groupFile = join(tmp, 'pgid');
    writeFileSync(
      path,
      JSON.stringify({
        hooks: [
          {
            command: ['/bin/sh', '-c', `ps -o pgid= -p $$ > '${groupFile}'; echo out; echo err >&2; exit 3`],
          },
        ],
      }),
    );
    const own = execFileSync('ps', ['-o', 'pgid=', '-p', String(process.pid)], { encoding: 'utf8' }).trim();
    const second = createDeepAgentsDispatcher({ path, logger, spawner: 'direct' });
    const [result] = await second.dispatchAndWait(event, {});
    await second.close();
    const group = existsSync(groupFile) ? readFileSync(groupFile, 'utf8').trim() : own;
    expected.flags = {
      new_session: expect.start_new_session,
      timeout: expect.timeout,
      check: expect.check,
      output: 'not shown',
    };
    actual.flags = {
      new_session: group !== own,
      timeout: hooks[0]?.timeoutSeconds,
      // check=False: a non-zero exit is no error and no warning.
      check: !(result?.kind === 'completed' && result.exitCode === 3 && warnings.length === 0),
      // DEVNULL: the output is the dispatcher's to drop, never the host's streams (only debug lines).
      output: warnings.some((warning) => warning.includes('out') && warning.includes('err'))
        ? 'shown'
        : 'not shown',
    };
  }
  void results;
  return firstDifference(expected, actual);
}

/** The commands the legacy loader reads, one entry per configured hook (as upstream lists them). */
function loadedCommands(path: string, logger: Logger): { command: string[] }[] {
  const hooks = loadDeepAgentsHooks(path, logger);
  const seen = new Set<string>();
  const commands: { command: string[] }[] = [];
  for (const hook of hooks) {
    if (seen.has(hook.definitionId)) continue;
    seen.add(hook.definitionId);
    const handler = hook.handler as { command: string; args?: readonly string[] };
    commands.push({ command: [handler.command, ...(handler.args ?? [])] });
  }
  return commands;
}

/** The expect keys of upstream's drain tests: read at dispatch, while in flight, and after the drain. */
const DRAIN_KEYS = [
  'subprocess.run calls at dispatch',
  'has_pending_hooks while in flight',
  'drain raises',
  'has_pending_hooks after drain',
] as const;

/**
 * Upstream's `dispatch_hook_fire_and_forget` then `drain_pending_hooks`: hookwire's `dispatch` then `close()`,
 * which lets every running and queued hook finish (bounded by its deadline) and never rejects. A vector's
 * `during_drain` names an event dispatched while the drain awaits: hookwire's closed dispatcher ignores it
 * (upstream schedules it without awaiting it; both leave it unawaited by that drain).
 */
async function checkDrain(
  vector: Vector,
  expect: Record<string, unknown>,
  payload: Record<string, unknown>,
  event: string,
  tmp: string,
  logger: Logger,
): Promise<string | null> {
  const { path, log } = recordedConfig((vector.config ?? {}) as Record<string, unknown>, tmp);
  const dispatcher = createDeepAgentsDispatcher({ path, logger, spawner: 'direct' });
  const pending = () => {
    const stats = dispatcher.stats();
    return stats.running + stats.queued > 0;
  };
  const actual: Record<string, unknown> = {};
  if (vector.dispatch !== false) dispatcher.dispatch(event, payload);
  actual['subprocess.run calls at dispatch'] = runsOf(log).length;
  actual['has_pending_hooks while in flight'] = pending();
  const drained = dispatcher.close();
  if (typeof vector.during_drain === 'string') dispatcher.dispatch(vector.during_drain, payload);
  try {
    await drained;
    actual['drain raises'] = false;
  } catch {
    actual['drain raises'] = true;
  }
  actual['subprocess.run calls'] = runsOf(log).length;
  actual['has_pending_hooks after drain'] = pending();
  const named = Object.keys(expect).filter((key) => key in actual);
  return firstDifference(
    Object.fromEntries(named.map((key) => [key, expect[key]])),
    Object.fromEntries(named.map((key) => [key, actual[key]])),
  );
}
