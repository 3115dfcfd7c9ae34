import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createEngine, type Engine, type Outcome } from '../../src/index.js';
import type { ClaudeSettings } from '../../src/settings/settings-schema.js';
import { temporaryHome } from '../engine/engine-harness.js';

const sessionId = 'watching-session';
const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** The FileChanged outcomes a watcher delivers, awaited one by one (real events: no sleeps). */
function outcomes() {
  const received: Outcome[] = [];
  const waiters: Array<() => void> = [];
  return {
    received,
    onOutcome(outcome: Outcome) {
      received.push(outcome);
      for (const wake of waiters.splice(0)) wake();
    },
    /** The first received outcome (from `from` on) that satisfies `test`. */
    async next(
      test: (payload: Record<string, unknown>) => boolean,
      from = 0,
    ): Promise<Record<string, unknown>> {
      for (;;) {
        for (const outcome of received.slice(from)) {
          const payload = payloadOf(outcome);
          if (payload !== undefined && test(payload)) return payload;
        }
        await new Promise<void>((wake) => waiters.push(wake));
      }
    },
  };
}

/** The payload the echoing FileChanged hook printed, or undefined when no hook ran (the matcher said no). */
function payloadOf(outcome: Outcome): Record<string, unknown> | undefined {
  const stdout = outcome.runs[0]?.stdout;
  return stdout === undefined ? undefined : (JSON.parse(stdout) as Record<string, unknown>);
}

async function setUp(hooks: ClaudeSettings['hooks'], logged: string[] = []) {
  const home = temporaryHome();
  cleanups.push(home.remove);
  const engine: Engine = await createEngine({
    ...home.options,
    settings: [{ hooks } as ClaudeSettings],
    logger: { debug() {}, warn: (message) => logged.push(message) },
  });
  cleanups.push(() => engine.close());
  return { engine, root: home.root };
}

const echo = (matcher?: string) => [
  { ...(matcher === undefined ? {} : { matcher }), hooks: [{ type: 'command' as const, command: 'cat' }] },
];
const answerWatchPaths = (event: string, paths: readonly string[]) => [
  {
    hooks: [
      {
        type: 'command' as const,
        command: `printf '%s' '${JSON.stringify({ hookSpecificOutput: { hookEventName: event, watchPaths: paths } })}'`,
      },
    ],
  },
];

describe('engine.watchFiles', () => {
  it("watches the paths SessionStart returns and fires FileChanged for the file's add, change and unlink", async () => {
    const home = temporaryHome();
    cleanups.push(home.remove);
    const envFile = join(home.root, 'project', '.env');
    mkdirSync(join(envFile, '..'), { recursive: true });
    const { engine } = await setUp({
      SessionStart: answerWatchPaths('SessionStart', [envFile]),
      FileChanged: echo('.env'),
    });
    const seen = outcomes();
    const watcher = engine.watchFiles({ sessionId, onOutcome: seen.onOutcome });
    expect(watcher.paths).toEqual([]);
    await engine.fire('SessionStart', { session_id: sessionId, source: 'startup' });
    expect(watcher.paths).toEqual([envFile]);

    writeFileSync(envFile, 'A=1\n');
    expect(await seen.next((payload) => payload.event === 'add')).toMatchObject({
      hook_event_name: 'FileChanged',
      session_id: sessionId,
      file_path: envFile,
      event: 'add',
    });
    const afterAdd = seen.received.length;
    writeFileSync(envFile, 'A=2\n');
    expect(await seen.next((payload) => payload.event === 'change', afterAdd)).toMatchObject({
      file_path: envFile,
      event: 'change',
    });
    const afterChange = seen.received.length;
    rmSync(envFile);
    expect(await seen.next((payload) => payload.event === 'unlink', afterChange)).toMatchObject({
      file_path: envFile,
      event: 'unlink',
    });
    watcher.close();
  });

  it('watches a directory recursively and tests the matcher against the basename', async () => {
    const { engine, root } = await setUp({ FileChanged: echo('.env') });
    const directory = join(root, 'tree');
    mkdirSync(join(directory, 'a', 'b'), { recursive: true });
    const seen = outcomes();
    engine.watchFiles({ sessionId, paths: [directory], onOutcome: seen.onOutcome });

    writeFileSync(join(directory, 'a', 'b', 'notes.txt'), 'x');
    await new Promise<void>((resolve) => {
      const check = () =>
        seen.received.some((outcome) => outcome.runs.length === 0) ? resolve() : setImmediate(check);
      check();
    });
    expect(seen.received.map((outcome) => [outcome.event, outcome.runs.length])).toEqual([
      ['FileChanged', 0],
    ]);

    writeFileSync(join(directory, 'a', 'b', '.env'), 'x');
    expect(await seen.next((payload) => payload.event === 'add')).toMatchObject({
      file_path: join(directory, 'a', 'b', '.env'),
    });
  });

  it('lets FileChanged and CwdChanged hooks replace the watch list', async () => {
    const { engine, root } = await setUp({
      FileChanged: answerWatchPaths('FileChanged', ['next.txt']),
      CwdChanged: answerWatchPaths('CwdChanged', ['first.txt', 'also.txt']),
    });
    const seen = outcomes();
    const watcher = engine.watchFiles({ sessionId, cwd: root, onOutcome: seen.onOutcome });
    await engine.fire('CwdChanged', { session_id: sessionId, cwd: root, old_cwd: '/', new_cwd: root });
    expect(watcher.paths).toEqual([join(root, 'first.txt'), join(root, 'also.txt')]);
    writeFileSync(join(root, 'first.txt'), 'x');
    await new Promise<void>((resolve) => {
      const check = () => (seen.received.length > 0 ? resolve() : setImmediate(check));
      check();
    });
    expect(watcher.paths).toEqual([join(root, 'next.txt')]);
  });

  it('watches at most maxPaths paths, and says which it dropped', async () => {
    const logged: string[] = [];
    const { engine, root } = await setUp({}, logged);
    const paths = ['a', 'b', 'c'].map((name) => join(root, name));
    const watcher = engine.watchFiles({ sessionId, paths, maxPaths: 2 });
    expect(watcher.paths).toEqual(paths.slice(0, 2));
    expect(logged).toEqual([
      `watchPaths: 3 paths given, watching the first 2 (maxPaths); dropped: ${paths[2]}`,
    ]);
  });

  it('warns about a path whose directory does not exist, and watches the others', async () => {
    const logged: string[] = [];
    const { engine, root } = await setUp({}, logged);
    const missing = join(root, 'no-such-directory', 'file');
    engine.watchFiles({ sessionId, paths: [missing, join(root, 'here')] });
    expect(logged).toEqual([
      expect.stringMatching(new RegExp(`^${join(root, 'no-such-directory')}: cannot watch: ENOENT`)),
    ]);
  });

  it('stops following the session after close() and after its SessionEnd', async () => {
    const { engine, root } = await setUp({ SessionStart: answerWatchPaths('SessionStart', ['a.txt']) });
    const closed = engine.watchFiles({ sessionId, cwd: root });
    const ended = engine.watchFiles({ sessionId, cwd: root });
    const other = engine.watchFiles({ sessionId: 'another-session', cwd: root });
    closed.close();
    await engine.fire('SessionStart', { session_id: sessionId, cwd: root, source: 'startup' });
    expect([closed.paths, ended.paths]).toEqual([[], [join(root, 'a.txt')]]);
    await engine.fire('SessionEnd', { session_id: sessionId, reason: 'other' });
    await engine.fire('SessionStart', { session_id: 'another-session', cwd: root, source: 'startup' });
    await engine.fire('SessionStart', { session_id: sessionId, cwd: join(root, 'later'), source: 'resume' });
    expect([ended.paths, other.paths]).toEqual([[join(root, 'a.txt')], [join(root, 'a.txt')]]);
  });

  it('refuses to watch for a closed engine', async () => {
    const { engine } = await setUp({});
    await engine.close();
    expect(() => engine.watchFiles()).toThrow(
      expect.objectContaining({ kind: 'closed', message: 'cannot watch files: the engine is closed' }),
    );
  });
});
