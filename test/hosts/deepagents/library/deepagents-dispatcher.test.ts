import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  createDeepAgentsDispatcher,
  type DeepAgentsDispatcher,
} from '../../../../src/hosts/deepagents/list-hooks/deepagents-dispatcher.js';
import {
  collectingLogger,
  eventually,
  fixture,
  isAlive,
  recordedPayloads,
  temporaryDirectory,
  writeHooks,
} from './helpers.js';

let directory: { path: string; cleanup(): void };
let dispatchers: DeepAgentsDispatcher[];

beforeEach(() => {
  directory = temporaryDirectory();
  dispatchers = [];
});

afterEach(async () => {
  await Promise.all(dispatchers.map((dispatcher) => dispatcher.close(0)));
  directory.cleanup();
});

function dispatcherFor(
  hooks: unknown,
  options: { concurrency?: number; queueLimit?: number; spawner?: 'direct' | 'helper-process' } = {},
) {
  const logger = collectingLogger();
  const dispatcher = createDeepAgentsDispatcher({
    path: writeHooks(directory.path, hooks),
    logger,
    ...options,
  });
  dispatchers.push(dispatcher);
  return { dispatcher, logger };
}

const out = (name: string) => join(directory.path, name);
const recorder = (name: string) => [fixture('record-stdin.sh'), out(name)];

/** The pid a fixture wrote to `path`, checked to be one: an empty file reads as 0, our own process group. */
function printedPid(path: string): number {
  const text = readFileSync(path, 'utf8');
  expect(text).toMatch(/^\d+\n$/);
  const pid = Number(text);
  expect(pid).toBeGreaterThan(1);
  return pid;
}

describe('createDeepAgentsDispatcher', () => {
  it('runs each entry for its listed events; omitted and empty lists mean every event', async () => {
    const { dispatcher } = dispatcherFor({
      hooks: [
        { command: recorder('start-only'), events: ['session.start'] },
        { command: recorder('omitted') },
        { command: recorder('empty'), events: [] },
      ],
    });
    await dispatcher.dispatchAndWait('session.start', { thread_id: 't1' });
    await dispatcher.dispatchAndWait('user.prompt');
    const start = { event: 'session.start', thread_id: 't1' };
    expect(recordedPayloads(out('start-only'))).toEqual([start]);
    expect(recordedPayloads(out('omitted'))).toEqual([start, { event: 'user.prompt' }]);
    expect(recordedPayloads(out('empty'))).toEqual([start, { event: 'user.prompt' }]);
  });

  it('sends exactly {"event": NAME, ...fields} and nothing else', async () => {
    const { dispatcher } = dispatcherFor({ hooks: [{ command: recorder('all') }] });
    const longOutput = 'x'.repeat(2500);
    await dispatcher.dispatchAndWait('permission.request', { tool_names: ['execute', 'write_file'] });
    await dispatcher.dispatchAndWait('task.complete', { thread_id: 't1', event: 'ignored' });
    await dispatcher.dispatchAndWait('tool.result', {
      tool_name: 'execute',
      tool_id: 'call_1',
      tool_args: { command: 'ls' },
      tool_status: 'success',
      tool_output: longOutput,
    });
    expect(recordedPayloads(out('all'))).toEqual([
      { event: 'permission.request', tool_names: ['execute', 'write_file'] },
      { event: 'task.complete', thread_id: 't1' },
      {
        event: 'tool.result',
        tool_name: 'execute',
        tool_id: 'call_1',
        tool_args: { command: 'ls' },
        tool_status: 'success',
        tool_output: 'x'.repeat(2000),
      },
    ]);
    expect(readFileSync(out('all'), 'utf8').split('\n')[0]).toBe(
      '{"event":"permission.request","tool_names":["execute","write_file"]}',
    );
  });

  it('passes argv without a shell: no expansion, nothing from the payload', async () => {
    const literal = '$HOME; rm -rf x';
    const { dispatcher } = dispatcherFor({
      hooks: [{ command: [fixture('record-argv.sh'), out('argv'), literal, '*', '`id`'] }],
    });
    await dispatcher.dispatchAndWait('session.start', { thread_id: '$(touch pwned)' });
    expect(readFileSync(out('argv'), 'utf8')).toBe(`${literal}\n*\n\`id\`\n`);
  });

  it('ends a hanging hook and its children after 5 s, without delaying its siblings', async () => {
    const { dispatcher, logger } = dispatcherFor({
      hooks: [{ command: [fixture('hang-with-child.sh'), out('pid')] }, { command: recorder('sibling') }],
    });
    const dispatched = dispatcher.dispatchAndWait('session.end', { thread_id: 't1' });
    await eventually(() =>
      expect(recordedPayloads(out('sibling'))).toEqual([{ event: 'session.end', thread_id: 't1' }]),
    );
    const [hung, sibling] = await dispatched;
    expect(hung?.kind).toBe('timed_out');
    expect(sibling?.kind).toBe('completed');
    const grandchild = printedPid(out('pid'));
    await eventually(() => expect(isAlive(grandchild)).toBe(false));
    expect(logger.warnings).toEqual([
      expect.stringMatching(
        /hang-with-child\.sh.* on session\.end timed out after .* ms; its process group was ended$/,
      ),
    ]);
  }, 20_000);

  it('logs a missing command, a permission error and a failing hook, and still runs the others', async () => {
    const { dispatcher, logger } = dispatcherFor({
      hooks: [
        { command: [join(directory.path, 'no-such-program')] },
        { command: [fixture('not-executable.sh')] },
        { command: [fixture('fail-loudly.sh')] },
        { command: recorder('survivor') },
      ],
    });
    const results = await dispatcher.dispatchAndWait('user.prompt');
    expect(results.map((result) => [result.kind, result.exitCode])).toEqual([
      ['failed', null],
      ['failed', null],
      ['completed', 3],
      ['completed', 0],
    ]);
    expect(results[0]?.hook).toContain('no-such-program');
    expect(recordedPayloads(out('survivor'))).toEqual([{ event: 'user.prompt' }]);
    expect(logger.warnings.filter((line) => line.includes('failed'))).toHaveLength(2);
    expect(logger.debugs).toContainEqual(
      expect.stringMatching(
        /fail-loudly\.sh.* exited 3 after .* ms; stdout: "to stdout\\n" stderr: "to stderr\\n"$/,
      ),
    );
  });

  it('copes with a hook that never reads its stdin, even when the payload exceeds a pipe', async () => {
    const { dispatcher } = dispatcherFor({ hooks: [{ command: [fixture('ignore-stdin.sh'), out('ran')] }] });
    const [result] = await dispatcher.dispatchAndWait('tool.use', {
      tool_name: 'write_file',
      tool_id: 'call_1',
      tool_args: { content: 'y'.repeat(512 * 1024) },
    });
    expect(result?.kind).toBe('completed');
    expect(readFileSync(out('ran'), 'utf8')).toBe('ran\n');
  });

  it('returns at once from dispatch, running the hooks in the background', async () => {
    const { dispatcher } = dispatcherFor({
      hooks: [{ command: [fixture('wait-for-gate.sh'), out('background'), out('gate')] }],
    });
    const returned = dispatcher.dispatch('session.start', { thread_id: 't2' });
    expect(returned).toBeUndefined();
    expect(dispatcher.stats()).toEqual({ running: 1, queued: 0, dropped: 0 });
    writeFileSync(out('gate'), '');
    await eventually(() =>
      expect(recordedPayloads(out('background'))).toEqual([{ event: 'session.start', thread_id: 't2' }]),
    );
  });

  it('spawns from the host itself with spawner: direct, with the same payload and results', async () => {
    const { dispatcher } = dispatcherFor(
      { hooks: [{ command: recorder('direct') }, { command: [fixture('fail-loudly.sh')] }] },
      { spawner: 'direct' },
    );
    const results = await dispatcher.dispatchAndWait('session.start', { thread_id: 't3' });
    expect(results.map((result) => [result.kind, result.exitCode])).toEqual([
      ['completed', 0],
      ['completed', 3],
    ]);
    expect(recordedPayloads(out('direct'))).toEqual([{ event: 'session.start', thread_id: 't3' }]);
  });

  // A newer agent sends events hookwire does not know yet: as upstream, the hooks that list the name and
  // those subscribed to every event run, with a warning.
  it.each([
    {
      name: 'runs the entries that list it and those subscribed to every event',
      event: 'tool.retry',
      listed: [{ event: 'tool.retry', tool_name: 'ls' }],
      every: [{ event: 'tool.retry', tool_name: 'ls' }],
      warning:
        'Deep Agents hooks: unknown event "tool.retry" (did you mean "tool.error"?); 2 hook(s) subscribed to it or to every event run, as for any event',
    },
    {
      name: 'names the closest event for a near miss, and runs only the entries subscribed to every event',
      event: 'session.starts',
      listed: [],
      every: [{ event: 'session.starts', tool_name: 'ls' }],
      warning:
        'Deep Agents hooks: unknown event "session.starts" (did you mean "session.start"?); 1 hook(s) subscribed to it or to every event run, as for any event',
    },
  ])('an unknown event $name', async ({ event, listed, every, warning }) => {
    const { dispatcher, logger } = dispatcherFor({
      hooks: [{ command: recorder('listed'), events: ['tool.retry'] }, { command: recorder('every') }],
    });
    const first = await dispatcher.dispatchAndWait(event, { tool_name: 'ls' });
    const second = await dispatcher.dispatchAndWait(event, { tool_name: 'ls' });
    expect([...first, ...second].map((result) => [result.kind, result.exitCode])).toEqual(
      [...listed, ...every, ...listed, ...every].map(() => ['completed', 0]),
    );
    expect(recordedPayloads(out('listed'))).toEqual([...listed, ...listed]);
    expect(recordedPayloads(out('every'))).toEqual([...every, ...every]);
    // The file's own warning when it loads, then one per unknown name, however often it is dispatched.
    expect(logger.warnings).toEqual([
      expect.stringMatching(
        /hooks\[0\]\.events\[0\]: unknown event "tool\.retry" .*its hooks run as notifications/,
      ),
      warning,
    ]);
  });

  it('reads the file on the first dispatch, then only after reload()', async () => {
    const path = join(directory.path, 'later.json');
    const logger = collectingLogger();
    const dispatcher = createDeepAgentsDispatcher({ path, logger });
    dispatchers.push(dispatcher);
    writeHooks(directory.path, { hooks: [{ command: recorder('first') }] }, 'later.json');
    await dispatcher.dispatchAndWait('user.prompt');
    writeHooks(directory.path, { hooks: [{ command: recorder('second') }] }, 'later.json');
    await dispatcher.dispatchAndWait('user.prompt');
    expect(recordedPayloads(out('first'))).toEqual([{ event: 'user.prompt' }, { event: 'user.prompt' }]);
    expect(recordedPayloads(out('second'))).toEqual([]);
    dispatcher.reload();
    await dispatcher.dispatchAndWait('user.prompt');
    expect(recordedPayloads(out('second'))).toEqual([{ event: 'user.prompt' }]);
    expect(logger.warnings).toEqual([]);
  });

  it('treats a missing default file as no hooks, quietly', async () => {
    const previous = process.env.HOOKWIRE_HOME;
    process.env.HOOKWIRE_HOME = directory.path;
    try {
      const logger = collectingLogger();
      const dispatcher = createDeepAgentsDispatcher({ logger });
      dispatchers.push(dispatcher);
      expect(await dispatcher.dispatchAndWait('user.prompt')).toEqual([]);
      expect(logger.warnings).toEqual([]);
    } finally {
      if (previous === undefined) delete process.env.HOOKWIRE_HOME;
      else process.env.HOOKWIRE_HOME = previous;
    }
  });

  it('warns when the file it was given does not exist', async () => {
    const logger = collectingLogger();
    const path = join(directory.path, 'absent.json');
    const dispatcher = createDeepAgentsDispatcher({ path, logger });
    dispatchers.push(dispatcher);
    expect(await dispatcher.dispatchAndWait('user.prompt')).toEqual([]);
    expect(logger.warnings).toEqual([`Deep Agents hooks: ${path} does not exist; no hooks run`]);
  });

  it('resolves a relative path once, against the process directory or the cwd option', async () => {
    mkdirSync(join(directory.path, 'sub'));
    writeHooks(join(directory.path, 'sub'), { hooks: [{ command: recorder('relative') }] });
    const previous = process.cwd();
    process.chdir(directory.path);
    try {
      const dispatcher = createDeepAgentsDispatcher({ path: 'sub/hooks.json', logger: collectingLogger() });
      dispatchers.push(dispatcher);
      expect(dispatcher.path).toBe(join(directory.path, 'sub', 'hooks.json'));
      expect(await dispatcher.dispatchAndWait('user.prompt')).toMatchObject([{ kind: 'completed' }]);
    } finally {
      process.chdir(previous);
    }
    const logger = collectingLogger();
    const dispatcher = createDeepAgentsDispatcher({ path: 'sub/hooks.json', cwd: directory.path, logger });
    dispatchers.push(dispatcher);
    expect(await dispatcher.dispatchAndWait('user.prompt')).toMatchObject([{ kind: 'completed' }]);
    expect(recordedPayloads(out('relative'))).toEqual([{ event: 'user.prompt' }, { event: 'user.prompt' }]);
    expect(logger.warnings).toEqual([]);
  });

  it('without a logger, reports its warnings as process warnings', async () => {
    const path = join(directory.path, 'absent.json');
    const warnings: string[] = [];
    const listener = (warning: Error) => warnings.push(`${warning.name}: ${warning.message}`);
    process.on('warning', listener);
    try {
      const dispatcher = createDeepAgentsDispatcher({ path });
      dispatchers.push(dispatcher);
      await dispatcher.dispatchAndWait('user.prompt');
      await eventually(() =>
        expect(warnings).toEqual([
          `HookwireWarning: Deep Agents hooks: ${path} does not exist; no hooks run`,
        ]),
      );
    } finally {
      process.off('warning', listener);
    }
  });

  it('defaults to <HOOKWIRE_HOME>/.deepagents/hooks.json', () => {
    const previous = process.env.HOOKWIRE_HOME;
    process.env.HOOKWIRE_HOME = directory.path;
    try {
      const dispatcher = createDeepAgentsDispatcher();
      dispatchers.push(dispatcher);
      expect(dispatcher.path).toBe(join(directory.path, '.deepagents', 'hooks.json'));
    } finally {
      if (previous === undefined) delete process.env.HOOKWIRE_HOME;
      else process.env.HOOKWIRE_HOME = previous;
    }
  });

  it('close() lets running hooks finish within the deadline', async () => {
    const { dispatcher } = dispatcherFor({
      hooks: [{ command: [fixture('wait-for-gate.sh'), out('slow'), out('gate')] }],
    });
    dispatcher.dispatch('session.end', { thread_id: 't' });
    const closing = dispatcher.close(30_000);
    // The hook can only finish once the gate opens, and the gate opens after close() began.
    writeFileSync(out('gate'), '');
    await closing;
    expect(recordedPayloads(out('slow'))).toEqual([{ event: 'session.end', thread_id: 't' }]);
    dispatcher.dispatch('session.end', { thread_id: 'after close' });
    expect(dispatcher.stats()).toEqual({ running: 0, queued: 0, dropped: 0 });
  });

  it('close() ends hooks still running at the deadline, with their children', async () => {
    const { dispatcher } = dispatcherFor({
      hooks: [{ command: [fixture('hang-with-child.sh'), out('pid')] }],
    });
    const dispatched = dispatcher.dispatchAndWait('session.end', { thread_id: 't' });
    await eventually(() => expect(readFileSync(out('pid'), 'utf8')).toMatch(/^\d+\n$/));
    const grandchild = printedPid(out('pid'));
    await dispatcher.close(100);
    const [result] = await dispatched;
    expect(result?.kind).toBe('cancelled');
    await eventually(() => expect(isAlive(grandchild)).toBe(false));
  });
});

describe('malformed hooks.json', () => {
  it.each([
    ['invalid JSON', '{"hooks": [', /Deep Agents hooks: .*bad\.json/],
    ['a root that is not an object', '[1, 2]', /root must be an object with a "hooks" list/],
    [
      'a root without a hooks list',
      '{"hooks": {"command": ["x"]}}',
      /root must be an object with a "hooks" list/,
    ],
    ['an object without hooks', '{"other": 1}', /root must be an object with a "hooks" list/],
  ])('%s: one warning, no hooks, no throw', async (_name, text, pattern) => {
    const logger = collectingLogger();
    const path = writeHooks(directory.path, text, 'bad.json');
    const dispatcher = createDeepAgentsDispatcher({ path, logger });
    dispatchers.push(dispatcher);
    expect(await dispatcher.dispatchAndWait('user.prompt')).toEqual([]);
    expect(logger.warnings).toHaveLength(1);
    expect(logger.warnings[0]).toMatch(pattern);
  });

  it('skips a bad entry with a warning naming its index; the rest still run', async () => {
    const { dispatcher, logger } = dispatcherFor({
      hooks: [
        { command: 'not a list' },
        { command: [] },
        { command: recorder('good'), events: 'session.start' },
        { command: recorder('good') },
      ],
    });
    await dispatcher.dispatchAndWait('session.start', { thread_id: 't' });
    expect(recordedPayloads(out('good'))).toEqual([{ event: 'session.start', thread_id: 't' }]);
    expect(logger.warnings).toHaveLength(3);
    expect(logger.warnings[0]).toContain('entry 0');
    expect(logger.warnings[1]).toContain('entry 1');
    expect(logger.warnings[2]).toContain('entry 2');
  });

  it('warns about a typo with the closest event name', async () => {
    const { dispatcher, logger } = dispatcherFor({
      hooks: [{ command: recorder('typo'), events: ['sesion.start', 'task.complete'] }],
    });
    await dispatcher.dispatchAndWait('task.complete', { thread_id: 't' });
    expect(recordedPayloads(out('typo'))).toEqual([{ event: 'task.complete', thread_id: 't' }]);
    expect(logger.warnings).toHaveLength(1);
    expect(logger.warnings[0]).toContain('session.start');
  });
});

describe('a burst of dispatches', () => {
  it('stays within its queue bound and counts the drops', async () => {
    const { dispatcher, logger } = dispatcherFor(
      { hooks: [{ command: [fixture('wait-for-gate.sh'), out('burst'), out('gate')] }] },
      { concurrency: 4, queueLimit: 20 },
    );
    let largestQueue = 0;
    for (let index = 0; index < 1000; index++) {
      dispatcher.dispatch('user.prompt');
      largestQueue = Math.max(largestQueue, dispatcher.stats().queued);
    }
    expect(dispatcher.stats()).toEqual({ running: 4, queued: 20, dropped: 976 });
    expect(largestQueue).toBe(20);
    writeFileSync(out('gate'), '');
    await dispatcher.close(30_000);
    expect(recordedPayloads(out('burst'))).toHaveLength(24);
    await eventually(() =>
      expect(logger.warnings).toEqual([
        'Deep Agents hooks: dropped 976 hook run(s): the queue is full (limit 20)',
      ]),
    );
    // How long the burst holds the event loop is target 6 of `npm run bench`, against a baseline measured in
    // the same run: a test sharing two cores with other test files asserts no wall-clock figure.
  });
});
