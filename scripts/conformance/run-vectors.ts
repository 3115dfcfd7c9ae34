import { execFileSync } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  realpathSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { isRecord } from '../../src/common/is-record.js';
import { fireHooks } from '../../src/hosts/deepagents/fire-hooks.js';
import { scrubHookEnvironment } from '../../src/hosts/deepagents/hook-environment.js';
import {
  HOOK_EVENT_NAMES,
  HOOK_EVENTS,
  type HookEvent,
  isHookEvent,
} from '../../src/hosts/deepagents/hook-events.js';
import { type HookResult, readHookOutcome } from '../../src/hosts/deepagents/hook-output.js';
import { configuredEvents, matchHandlers, snapshotHooks } from '../../src/hosts/deepagents/hook-snapshot.js';
import { readHandler } from '../../src/hosts/deepagents/hooks-document.js';
import { runLegacyAdapter } from '../../src/hosts/deepagents/legacy-adapter.js';
import { type HookSource, type LoadedHooks, loadHooks } from '../../src/hosts/deepagents/load-hooks.js';
import { setLegacyAdapterPrefix } from '../../src/hosts/deepagents/migrate-legacy-hooks.js';
import { pluginVariables, resolveShellVariables } from '../../src/hosts/deepagents/plugin-variables.js';
import {
  type InvocationContext,
  matcherSubject,
  type NativeInvocation,
  projectInvocation,
} from '../../src/hosts/deepagents/project-invocation.js';
import { canonicalPythonJson, PythonFloat } from '../../src/hosts/deepagents/python-json.js';
import { reduceHookResults } from '../../src/hosts/deepagents/reduce-hook-results.js';
import { runHookCommand } from '../../src/hosts/deepagents/run-hook-command.js';
import { readWireInput } from '../../src/hosts/deepagents/wire-input.js';
import { CLI_ENTRY } from '../../test/support/cli-entry.js';
import { firstDifference } from './compare.js';
import { checkLegacy } from './legacy-checks.js';
import { checkLifecycle } from './lifecycle-checks.js';
import { checkTrustScenario } from './trust-scenarios.js';
import { upstreamCheckFor, upstreamFunction, upstreamParam } from './upstream-checks.js';

/*
 * The Deep Agents Code Hooks v2 vectors (shared format, see the suite's README) run through hookwire's
 * modules: documents written to real files and loaded, matchers compiled on the linear engine, handlers run
 * as real processes (a vector's recorded exit code, stdout and stderr are reproduced by a real `sh`), their
 * output read, reduced, projected. Each vector is compared with what upstream's modules returned for it
 * (`observed`), paths under the vector's temporary directory written `<tmp>`.
 */

/** One vector's verdict. */
export interface VectorVerdict {
  readonly id: string;
  readonly status: 'pass' | 'fail' | 'skip';
  readonly detail?: string;
}

type Vector = Record<string, unknown> & { id: string; kind: string };

/** Upstream's migration adapter, so that migrated documents compare (and hash) as upstream's do. */
const UPSTREAM_ADAPTER = ['{python}', '-m', 'deepagents_code.hooks.migration'];

/** Runs every vector of the JSONL `text`, calling `report` after each. */
export async function runVectorFile(
  text: string,
  report: (verdict: VectorVerdict) => void,
): Promise<VectorVerdict[]> {
  const vectors = text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as Vector);
  // A few vectors at a time (most wait on processes), reported in file order. Each vector has its own
  // directory; the one process-wide setting, the legacy adapter prefix, is set and read in one synchronous
  // step by each load, so vectors in flight together do not see each other's.
  const results: (VectorVerdict | undefined)[] = vectors.map(() => undefined);
  const verdicts: VectorVerdict[] = [];
  let next = 0;
  const flush = (): void => {
    while (verdicts.length < vectors.length && results[verdicts.length] !== undefined) {
      const verdict = results[verdicts.length] as VectorVerdict;
      verdicts.push(verdict);
      report(verdict);
    }
  };
  const lane = async (): Promise<void> => {
    while (next < vectors.length) {
      const index = next++;
      results[index] = await runVectorTwiceIfFailed(vectors[index] as Vector);
      flush();
    }
  };
  await Promise.all([lane(), lane(), lane(), lane()]);
  return verdicts;
}

/*
 * Upstream's `run` vectors time real processes in tens of milliseconds (a 0.05 s timeout against a
 * grandchild's 0.2 s sleep): on a loaded machine a timer can fire past such a margin. A failed vector is
 * therefore run once more, from scratch; a rule the code breaks fails both times and is reported with the
 * second run's detail.
 */
async function runVectorTwiceIfFailed(vector: Vector): Promise<VectorVerdict> {
  const first = await runVector(vector);
  return first.status === 'fail' ? runVector(vector) : first;
}

/** Runs one vector in a temporary directory of its own. */
export async function runVector(vector: Vector): Promise<VectorVerdict> {
  const tmp = realpathSync(mkdtempSync(join(tmpdir(), 'hookwire-conformance-')));
  try {
    const outcome = await check(vector, tmp);
    if (outcome === null) return { id: vector.id, status: 'pass' };
    if (outcome.startsWith('SKIP:'))
      return { id: vector.id, status: 'skip', detail: outcome.slice(5).trim() };
    return { id: vector.id, status: 'fail', detail: outcome };
  } catch (error) {
    return { id: vector.id, status: 'fail', detail: `threw ${(error as Error).stack ?? String(error)}` };
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

async function check(vector: Vector, tmp: string): Promise<string | null> {
  // The upstream test the vector comes from decides whether it has a check at all.
  const source = typeof vector.source === 'string' ? vector.source : '';
  if (upstreamCheckFor(source) === undefined)
    return `no hookwire check for the upstream test ${upstreamFunction(source) || '(no source)'} yet`;
  const test = upstreamFunction(source).split('::').pop() ?? '';
  switch (vector.kind) {
    case 'load':
    case 'migrate':
      if (isRecord(vector.payload) && ('adapter_calls' in vector.payload || 'adapter_call' in vector.payload))
        return checkAdapter(vector, tmp);
      if (isRecord(vector.observed) && 'legacy_stdin' in vector.observed)
        return checkMigratedRun(vector, tmp);
      if (isRecord(vector.config) || typeof vector.config === 'string') {
        if (vector.event !== undefined) return checkFired(vector, tmp);
        return checkLoad(vector, tmp);
      }
      return `no hookwire check for this ${vector.kind} vector yet`;
    case 'match':
      return checkMatch(vector, tmp);
    case 'reduce':
    case 'wire':
      if (Array.isArray(vector.handler_outputs)) return checkReduce(vector, tmp);
      if (vector.kind === 'wire') return checkWire(vector, tmp);
      return `no hookwire check for this ${vector.kind} vector yet`;
    case 'registry':
      return checkRegistry(vector);
    case 'plugin':
      return checkPlugin(vector, tmp, test);
    case 'run':
      return checkRun(vector, tmp);
    case 'project':
      return checkProject(vector);
    case 'trust':
      return checkTrustScenario(test, upstreamParam(source), vector.expect as Record<string, unknown>, tmp);
    case 'server':
    case 'client':
    case 'transcript':
      return checkLifecycle(vector, tmp);
    case 'legacy':
      return checkLegacy(vector, tmp);
    default:
      return `no hookwire check for kind ${vector.kind} yet`;
  }
}

/** Deep copy with PythonFloat as numbers and the temporary directory written `<tmp>`. */
function plain(value: unknown, tmp: string): unknown {
  if (value instanceof PythonFloat) return value.value;
  if (typeof value === 'string') return value.split(tmp).join('<tmp>');
  if (Array.isArray(value)) return value.map((item) => plain(item, tmp));
  if (isRecord(value)) {
    const copy: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) if (item !== undefined) copy[key] = plain(item, tmp);
    return copy;
  }
  return value;
}

function write(path: string, content: unknown): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, typeof content === 'string' ? content : JSON.stringify(content));
}

/** The sources a loader vector describes, its files written under `tmp`. */
function sourcesOf(config: Record<string, unknown>, tmp: string): HookSource[] {
  const user = join(tmp, 'user', 'hooks.json');
  const project = join(tmp, 'project', '.deepagents', 'hooks.json');
  if (Array.isArray(config.paths) && isRecord(config.files)) {
    for (const [name, content] of Object.entries(config.files)) write(join(tmp, name), content);
    return config.paths.map((path) => {
      const resolved = join(tmp, String(path));
      return { label: realpathOr(resolved), scope: 'user', path: resolved };
    });
  }
  if ('user_text' in config) {
    write(user, config.user_text);
    return [{ label: 'user', scope: 'user', path: user }];
  }
  if ('user' in config || 'project' in config || 'plugins' in config) {
    const sources: HookSource[] = [];
    if (config.project !== undefined) write(project, config.project);
    if (config.user !== undefined) write(user, config.user);
    if (config.workspace_trusted === true)
      sources.push({ label: 'project', scope: 'project', path: project });
    sources.push({ label: 'user', scope: 'user', path: user });
    return sources;
  }
  write(user, config);
  return [{ label: 'user', scope: 'user', path: user }];
}

function realpathOr(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return path;
  }
}

function loadVector(vector: Vector, tmp: string): { loaded: LoadedHooks; sources: HookSource[] } {
  setLegacyAdapterPrefix(UPSTREAM_ADAPTER);
  const sources = sourcesOf(vector.config as Record<string, unknown>, tmp);
  return { loaded: loadHooks(sources), sources };
}

function checkLoad(vector: Vector, tmp: string): string | null {
  const observed = vector.observed as Record<string, unknown>;
  const { loaded, sources } = loadVector(vector, tmp);
  const snapshot = snapshotHooks(loaded.config);
  const handlers: Record<string, unknown> = {};
  for (const [event, list] of Object.entries(snapshot.handlers)) {
    handlers[event] = list.map((entry) => ({
      id: entry.id,
      command: entry.handler.command,
      ...(entry.handler.argv === undefined ? {} : { argv: entry.handler.argv }),
      ...(entry.handler.timeout === undefined ? {} : { timeout: entry.handler.timeout }),
      ...(entry.matcher === undefined || entry.matcher === '' ? {} : { matcher: entry.matcher }),
    }));
  }
  const events = configuredEvents(snapshot).sort();
  const actual: Record<string, unknown> = {
    config: loaded.config,
    sources: loaded.sources,
    project_source_loaded: loaded.sources.includes('project'),
    snapshot_id: loaded.snapshotId,
    diagnostics: [...loaded.diagnostics, ...snapshot.diagnostics],
    handlers,
    configured_events: events,
    configured_server_events: events.filter((event) => HOOK_EVENTS[event].owner === 'server'),
  };
  if ('canonical_bytes' in observed) actual.canonical_bytes = canonicalPythonJson(loaded.config);
  void sources;
  const expected = { ...observed };
  // Upstream hashed its migrated handlers with the real interpreter's path, which the vectors write
  // `{python}`: that id cannot be reproduced from the vector (every other field of the snapshot is compared).
  if (canonicalPythonJson(loaded.config).includes('{python}')) {
    delete expected.snapshot_id;
    delete actual.snapshot_id;
  }
  return firstDifference(expected, plain(actual, tmp));
}

const DEFAULT_CONTEXT: InvocationContext = {
  thread_id: 'thread-1',
  transcript_path: '/t/thread.jsonl',
  cwd: '/workspace',
  agent_transcript_path: '/t/agent.jsonl',
};

function invocationOf(vector: Vector): { invocation: NativeInvocation; context: InvocationContext } {
  const payload = (vector.payload ?? {}) as NativeInvocation & { context?: Partial<InvocationContext> };
  return { invocation: payload, context: { ...DEFAULT_CONTEXT, ...(payload.context ?? {}) } };
}

function eventOf(vector: Vector): HookEvent {
  const event = vector.event;
  if (typeof event !== 'string' || !isHookEvent(event))
    throw new Error(`vector names no Hooks v2 event: ${event}`);
  return event;
}

function checkMatch(vector: Vector, tmp: string): string | null {
  const { loaded } = loadVector(vector, tmp);
  const snapshot = snapshotHooks(loaded.config);
  const event = eventOf(vector);
  const { invocation, context } = invocationOf(vector);
  const payload = projectInvocation(event, invocation, context);
  const matched = matchHandlers(snapshot, event, matcherSubject(event, payload));
  const actual = {
    matched: matched.map((entry) => ({ id: entry.id, command: entry.handler.command })),
    snapshot_diagnostics: snapshot.diagnostics,
  };
  return firstDifference(vector.observed, plain(actual, tmp));
}

/** A real process that exits with `exit` after printing `stdout` and `stderr` (files, so bytes are exact). */
function reproducer(output: Record<string, unknown>, index: number, tmp: string): string[] {
  const out = join(tmp, `out-${index}`);
  const err = join(tmp, `err-${index}`);
  writeFileSync(out, typeof output.stdout === 'string' ? output.stdout : '');
  writeFileSync(err, typeof output.stderr === 'string' ? output.stderr : '');
  const delay = typeof output.delay_s === 'number' ? `sleep ${output.delay_s}; ` : '';
  const exit = typeof output.exit === 'number' ? output.exit : 0;
  return ['/bin/sh', '-c', `${delay}cat '${out}'; cat '${err}' >&2; exit ${exit}`];
}

async function checkReduce(vector: Vector, tmp: string): Promise<string | null> {
  const event = eventOf(vector);
  const outputs = vector.handler_outputs as Record<string, unknown>[];
  const { invocation, context } = invocationOf(vector);
  const input = JSON.stringify(projectInvocation(event, invocation, context));
  const results: HookResult[] = await Promise.all(
    outputs.map(async (output, index) => {
      const handlerId = typeof output.handler_id === 'string' ? output.handler_id : `${event}:0:${index}`;
      if (output.process_form === null) return output.result as HookResult;
      const argv = reproducer(output, index, tmp);
      const outcome = await runHookCommand({
        handler: { type: 'command', command: argv.join(' '), argv },
        handlerId,
        input,
        cwd: tmp,
        env: scrubHookEnvironment(process.env),
        timeoutSeconds: 60,
      });
      return readHookOutcome(outcome, handlerId);
    }),
  );
  const decision = reduceHookResults(results, {
    event,
    ...(typeof invocation.continuation_count === 'number'
      ? { continuationCount: invocation.continuation_count }
      : {}),
  });
  const observed = vector.observed as Record<string, unknown>;
  return firstDifference(observed.decision, plain(decision, tmp));
}

function substitute(text: string, tmp: string): string {
  return text.split('{python}').join(python()).split('{tmp}').join(tmp);
}

let pythonPath: string | undefined;

/**
 * The Python that `python3` runs, resolved once: a version manager's `python3` on PATH is often a shim (a
 * shell script per start) that costs more than the vectors' hooks and, on a loaded machine, their timeouts.
 */
function python(): string {
  if (pythonPath === undefined) {
    try {
      pythonPath = execFileSync('python3', ['-c', 'import sys; print(sys.executable)'], {
        encoding: 'utf8',
      }).trim();
    } catch {
      pythonPath = '';
    }
    if (pythonPath === '') pythonPath = 'python3';
  }
  return pythonPath;
}

async function checkRun(vector: Vector, tmp: string): Promise<string | null> {
  const config = (vector.config ?? {}) as Record<string, unknown>;
  const payload = (vector.payload ?? {}) as Record<string, unknown>;
  if (isRecord(payload.environ)) {
    const kept = scrubHookEnvironment(payload.environ as Record<string, string>);
    return firstDifference((vector.expect as Record<string, unknown>).kept, kept);
  }
  if (isRecord(config.hooks)) return checkFired(vector, tmp);
  if (!isRecord(config.handler)) return 'no handler in the vector';
  if (isRecord(config.files))
    for (const [name, content] of Object.entries(config.files)) {
      const path = join(tmp, name);
      write(path, substitute(String(content), tmp));
      if (String(content).startsWith('#!')) chmodSync(path, 0o755);
    }
  const handler = readHandler(JSON.parse(substitute(JSON.stringify(config.handler), tmp)));
  if (typeof handler === 'string') return `handler refused: ${handler}`;
  const handlerId = 'SessionStart:0:0';
  const defaultTimeout = typeof config.default_timeout === 'number' ? config.default_timeout : 600;
  const expect = (vector.expect ?? {}) as Record<string, unknown>;
  const grandchild = Object.keys(expect).find((key) => key.startsWith('grandchild side effect after'));
  const survived = join(tmp, 'survived');
  let result: HookResult | undefined;
  for (let attempt = 1; ; attempt++) {
    rmSync(survived, { force: true });
    const outcome = await runHookCommand({
      handler,
      handlerId,
      input: '{}',
      cwd: tmp,
      env: scrubHookEnvironment(process.env),
      timeoutSeconds: handler.timeout?.value ?? defaultTimeout,
      ...(typeof config.max_output_bytes === 'number' ? { maxOutputBytes: config.max_output_bytes } : {}),
    });
    result = readHookOutcome(outcome, handlerId);
    // The vector times a grandchild's side effect (0.2 s) against the hook's timeout (0.05 s). A side effect
    // already there when the run returned means the timeout fired after it: the machine missed the vector's
    // premise, which says nothing of the rule, so the vector runs again. One that appears after the run
    // returned is the rule broken (a descendant outlived the group kill) and fails below, at once.
    if (grandchild === undefined || expect[grandchild] !== false || !existsSync(survived)) break;
    if (attempt === GRANDCHILD_ATTEMPTS)
      return `${grandchild}: the side effect was there before the run returned, ${attempt} times (the timeout fired too late to tell)`;
  }
  const actual = {
    output: result.output ?? null,
    plain_output: result.plain_output ?? null,
    diagnostics: result.diagnostics,
  };
  const difference = firstDifference(vector.observed, plain(actual, tmp));
  if (difference !== null) return difference;
  for (const [key, value] of Object.entries(expect)) {
    const file = /^file (\S+) content$/.exec(key);
    if (file !== null) {
      const content = readFileSync(join(tmp, file[1] as string), 'utf8');
      if (content !== value)
        return `${key}: expected ${JSON.stringify(value)}, got ${JSON.stringify(content)}`;
    }
    if (key === grandchild) {
      await new Promise((done) => setTimeout(done, 300));
      if (existsSync(survived) !== value) return `${key}: expected ${value}`;
    }
  }
  return null;
}

/** How often a vector timing a grandchild is run while the machine misses its premise (see checkRun). */
const GRANDCHILD_ATTEMPTS = 5;

/** A vector whose config is fired whole: loaded, snapshotted, matched, run, reduced. */
async function checkFired(vector: Vector, tmp: string): Promise<string | null> {
  const config = JSON.parse(substitute(JSON.stringify(vector.config), tmp)) as Record<string, unknown>;
  // `<sleep 0.08; print {...}>` stands for a handler that does that: the recorded output is reproduced.
  const outputs = Array.isArray(vector.handler_outputs)
    ? (vector.handler_outputs as Record<string, unknown>[])
    : [];
  let position = 0;
  for (const groups of Object.values(isRecord(config.hooks) ? config.hooks : {}))
    for (const group of Array.isArray(groups) ? groups : [])
      for (const handler of isRecord(group) && Array.isArray(group.hooks) ? group.hooks : []) {
        const output = outputs[position];
        if (isRecord(handler) && /^<.*>$/.test(String(handler.command)) && output !== undefined) {
          handler.argv = reproducer(output, position, tmp);
          handler.command = (handler.argv as string[]).join(' ');
        }
        position += 1;
      }
  const { loaded } = loadVector({ ...vector, config }, tmp);
  const snapshot = snapshotHooks(loaded.config);
  const event = eventOf(vector);
  const { invocation, context } = invocationOf(vector);
  const payload = projectInvocation(event, invocation, { ...context, cwd: tmp });
  const fired = await fireHooks({
    snapshot,
    event,
    payload,
    cwd: tmp,
    env: scrubHookEnvironment(process.env),
  });
  const observed = vector.observed as Record<string, unknown>;
  return firstDifference(observed.decision, plain(fired.decision, tmp));
}

function checkProject(vector: Vector): string | null {
  const event = eventOf(vector);
  const { invocation, context } = invocationOf(vector);
  const expect = (vector.expect ?? {}) as Record<string, unknown>;
  const raises = Object.entries(expect).find(([key]) => /^raises .* matching$/.test(key))?.[1];
  let stdin: Record<string, unknown>;
  try {
    stdin = projectInvocation(event, invocation, context);
  } catch (error) {
    if (typeof raises === 'string' && String((error as Error).message).includes(raises)) return null;
    throw error;
  }
  if (typeof raises === 'string') return `projected without raising (expected ${JSON.stringify(raises)})`;
  if (isRecord(vector.observed)) return firstDifference(vector.observed.stdin, stdin);
  // No recorded payload: the expect keys that name a wire field are compared.
  const named = Object.keys(expect).filter((key) => key in stdin);
  if (named.length === 0) return 'the vector states nothing to compare';
  return firstDifference(
    Object.fromEntries(named.map((key) => [key, expect[key]])),
    Object.fromEntries(named.map((key) => [key, stdin[key]])),
  );
}

/** hookwire's own adapter, as the CLI runs it (from source: `hookwire deepagents-legacy`). */
/**
 * hookwire's legacy adapter: the build when it is fresh, else the sources through tsx (CLI_ENTRY). A
 * migrated hook has a 6-second timeout, which a tsx start of the CLI can exceed on a loaded machine.
 */
function hookwireAdapter(): string[] {
  return [process.execPath, ...CLI_ENTRY, 'deepagents-legacy'];
}

/** A legacy document migrated, fired, its adapter and the legacy hook run for real. */
async function checkMigratedRun(vector: Vector, tmp: string): Promise<string | null> {
  const out = join(tmp, 'legacy');
  mkdirSync(out);
  // The vector's `<writes stdin to <dir>/<event>.json>`, written out.
  const script =
    'import sys, json\ndata = sys.stdin.read()\nopen(sys.argv[1] + "/" + json.loads(data)["event"] + ".json", "w").write(data)';
  const text = JSON.stringify(vector.config)
    .replace('"<writes stdin to <dir>/<event>.json>"', JSON.stringify(script))
    .replace('"<dir>"', JSON.stringify(out));
  const config = JSON.parse(substitute(text, tmp)) as Record<string, unknown>;
  const user = join(tmp, 'user', 'hooks.json');
  write(user, config);
  setLegacyAdapterPrefix(hookwireAdapter());
  const loaded = loadHooks([{ label: 'user', scope: 'user', path: user }]);
  const snapshot = snapshotHooks(loaded.config);
  const event = eventOf(vector);
  const { invocation, context } = invocationOf(vector);
  const payload = projectInvocation(event, invocation, { ...context, cwd: tmp });
  const fired = await fireHooks({
    snapshot,
    event,
    payload,
    cwd: tmp,
    env: scrubHookEnvironment(process.env),
  });
  const observed = vector.observed as Record<string, unknown>;
  const difference = firstDifference(observed.decision, plain(fired.decision, tmp));
  if (difference !== null) return difference;
  const stdin: Record<string, unknown> = {};
  for (const name of Object.keys(observed.legacy_stdin as Record<string, unknown>)) {
    const path = join(out, name);
    stdin[name] = existsSync(path) ? JSON.parse(readFileSync(path, 'utf8')) : null;
  }
  return firstDifference(observed.legacy_stdin, stdin, 'legacy_stdin');
}

/** `<b64 of [...]>` and `<urlsafe_b64 of [...]>` written out; `python` and `hook.py` made real. */
function adapterArgument(argument: string, tmp: string): string {
  const encoded = /^<(?:urlsafe_)?b64 of (.*)>$/.exec(argument);
  if (encoded === null) return argument;
  let listed: string[];
  if (encoded[1] === '[python, hook.py]') listed = [python(), join(tmp, 'hook.py')];
  else listed = JSON.parse(encoded[1] as string) as string[];
  if (listed[0] === 'legacy-hook') listed = [join(tmp, 'legacy-hook')];
  return Buffer.from(JSON.stringify(listed)).toString('base64url');
}

async function checkAdapter(vector: Vector, tmp: string): Promise<string | null> {
  const payload = vector.payload as Record<string, unknown>;
  const expect = vector.expect as Record<string, unknown>;
  const calls = (
    Array.isArray(payload.adapter_calls) ? payload.adapter_calls : [payload.adapter_call]
  ) as Record<string, unknown>[];
  const groupFile = join(tmp, 'pgid');
  writeFileSync(join(tmp, 'legacy-hook'), `#!/bin/sh\nps -o pgid= -p $$ > '${groupFile}'\n`, { mode: 0o755 });
  const codes: number[] = [];
  for (const call of calls) {
    if (typeof call.nested_hook === 'string') writeFileSync(join(tmp, 'hook.py'), call.nested_hook);
    const args = (call.args as string[]).map((argument) => adapterArgument(argument, tmp));
    codes.push(await runLegacyAdapter(args, String(call.stdin)));
  }
  const expected = 'exit codes' in expect ? expect['exit codes'] : [expect['exit code']];
  const difference = firstDifference(expected, codes, 'exit codes');
  if (difference !== null) return difference;
  if (expect['start_new_session passed'] === false) {
    const own = execFileSync('ps', ['-o', 'pgid=', '-p', String(process.pid)], { encoding: 'utf8' }).trim();
    const hook = existsSync(groupFile) ? readFileSync(groupFile, 'utf8').trim() : '(the hook did not run)';
    if (hook !== own) return `the legacy hook ran in process group ${hook}, the adapter in ${own}`;
  }
  return null;
}

function checkRegistry(vector: Vector): string | null {
  const expect = vector.expect as Record<string, unknown>;
  const actual: Record<string, unknown> = {};
  for (const key of Object.keys(expect)) {
    if (key === 'every HookEvent has a spec') {
      actual[key] =
        HOOK_EVENT_NAMES.length === 12 && HOOK_EVENT_NAMES.every((event) => HOOK_EVENTS[event] !== undefined);
      continue;
    }
    const [event, field] = key.split('.') as [HookEvent, string];
    const spec = HOOK_EVENTS[event];
    if (spec === undefined) return `no event ${event} in hookwire's registry`;
    if (field === 'default_timeout_seconds') actual[key] = spec.defaultTimeoutSeconds;
    else if (field === 'matcher_field') actual[key] = matcherFieldName(event);
    else if (field === 'owner') actual[key] = spec.owner;
    else return `no hookwire check for the registry field ${field}`;
  }
  return firstDifference(expect, actual);
}

/** Upstream names the matcher field of the tool events `tool_name`, of the others their wire field. */
function matcherFieldName(event: HookEvent): string | null {
  return HOOK_EVENTS[event].matcherField;
}

/** Stdin payloads read as HookWireInput; outputs read and reduced. */
async function checkWire(vector: Vector, tmp: string): Promise<string | null> {
  const expect = vector.expect as Record<string, unknown>;
  const payload = vector.payload as Record<string, unknown>;
  if ('hook_event_name' in payload) {
    const reading = readWireInput(payload);
    if ('problem' in reading) return reading.problem;
    const redump =
      expect[
        'validates as HookWireInput and re-dumps (by_alias, exclude_none, exclude_defaults) to exactly'
      ] ?? expect['re-dump'];
    return firstDifference(redump, reading.payload);
  }
  // An output: printed by a real process, read and reduced for the event it names (else PreToolUse).
  const specific = payload.hookSpecificOutput as Record<string, unknown> | undefined;
  const event = (specific?.hookEventName ?? 'PreToolUse') as HookEvent;
  const argv = reproducer({ exit: 0, stdout: JSON.stringify(payload) }, 0, tmp);
  const outcome = await runHookCommand({
    handler: { type: 'command', command: argv.join(' '), argv },
    handlerId: `${event}:0:0`,
    input: '{}',
    cwd: tmp,
    env: scrubHookEnvironment(process.env),
    timeoutSeconds: 60,
  });
  const decision = reduceHookResults([readHookOutcome(outcome, `${event}:0:0`)], { event });
  if ('continue_' in expect) {
    const extra = decision.diagnostics.some((d) => d.code === 'unsupported_field' && d.field === 'continue_');
    return firstDifference(
      { continue: expect.continue_, extra: true },
      { continue: decision.continue_processing, extra },
    );
  }
  return firstDifference(
    {
      event: expect['hook_specific_output.hook_event_name'],
      decision: expect['hook_specific_output.permission_decision'],
      diagnostics: [],
    },
    { event: decision.event, decision: decision.permission?.behavior, diagnostics: decision.diagnostics },
  );
}

async function checkPlugin(vector: Vector, tmp: string, test: string): Promise<string | null> {
  const expect = vector.expect as Record<string, unknown>;
  const payload = (vector.payload ?? {}) as Record<string, unknown>;
  if (typeof payload.value === 'string')
    return firstDifference(
      expect.resolved,
      resolveShellVariables(payload.value, payload.os_name === 'nt' ? 'nt' : 'posix'),
    );
  const home = join(tmp, 'home');
  if (test === 'test_plugin_hook_runs_with_its_exported_variables') {
    const root = join(tmp, 'plugins', 'checker');
    const workspace = join(tmp, '$(touch${IFS}PWNED)');
    mkdirSync(join(workspace, '.git'), { recursive: true });
    const file = join(root, 'hooks', 'hooks.json');
    write(file, (vector.config as Record<string, unknown>).plugin);
    const plugin = { id: 'checker@market', root };
    const loaded = loadHooks([{ label: 'checker', scope: 'plugin', path: file, plugin }]);
    const snapshot = snapshotHooks(loaded.config);
    const payloadOut = projectInvocation(
      'SessionStart',
      { cause: 'startup' },
      { ...DEFAULT_CONTEXT, cwd: workspace },
    );
    const variables = pluginVariables(plugin, home, workspace);
    const fired = await fireHooks({
      snapshot,
      event: 'SessionStart',
      payload: payloadOut,
      cwd: workspace,
      env: scrubHookEnvironment(process.env),
      envFor: (entry) => {
        const origin = loaded.origins[entry.event]?.[entry.group];
        return origin?.plugin === undefined ? {} : pluginVariables(origin.plugin, home, workspace);
      },
    });
    if (fired.decision.diagnostics.length > 0)
      return `diagnostics: ${JSON.stringify(fired.decision.diagnostics)}`;
    const observedFile = join(variables.CLAUDE_PLUGIN_DATA as string, 'observed.txt');
    const lines = existsSync(observedFile) ? readFileSync(observedFile, 'utf8').trimEnd().split('\n') : [];
    const pwned = existsSync(join(workspace, 'PWNED')) || existsSync(join(tmp, 'PWNED'));
    return firstDifference(
      {
        lines: [root, variables.CLAUDE_PLUGIN_DATA, workspace],
        'not executed': expect["workspace named '$(touch${IFS}PWNED)' not executed"],
      },
      { lines, 'not executed': !pwned },
    );
  }
  if (test === 'test_malformed_plugin_documents_are_isolated_and_reported') {
    const sources: HookSource[] = [];
    const user = join(tmp, 'user', 'hooks.json');
    write(user, payload.user);
    sources.push({ label: 'user', scope: 'user', path: user });
    for (const [name, content] of Object.entries(payload.plugins as Record<string, unknown>)) {
      const root = join(tmp, 'plugins', name);
      const file = join(root, 'hooks', 'hooks.json');
      mkdirSync(dirname(file), { recursive: true });
      const bytes = typeof content === 'string' ? /^<bytes (.*)>$/s.exec(content) : null;
      if (bytes !== null)
        writeFileSync(
          file,
          Buffer.from(
            (bytes[1] as string).replace(/\\x([0-9a-f]{2})/g, (_, hex: string) =>
              String.fromCharCode(Number.parseInt(hex, 16)),
            ),
            'latin1',
          ),
        );
      else write(file, content);
      sources.push({ label: name, scope: 'plugin', path: file, plugin: { id: name, root } });
    }
    const loaded = loadHooks(sources);
    const snapshot = snapshotHooks(loaded.config);
    const messages = loaded.diagnostics.map((diagnostic) => diagnostic.message).join('\n');
    return firstDifference(
      {
        session: expect['SessionStart handlers (good plugin)'],
        prompt: expect['UserPromptSubmit handlers (user file)'],
        mentions: expect['a notice mentions'],
      },
      {
        session: (snapshot.handlers.SessionStart ?? []).length > 0,
        prompt: (snapshot.handlers.UserPromptSubmit ?? []).length > 0,
        mentions: (expect['a notice mentions'] as string[]).filter((name) => messages.includes(name)),
      },
    );
  }
  return `no hookwire check for the upstream test ${test} (plugin) yet`;
}
