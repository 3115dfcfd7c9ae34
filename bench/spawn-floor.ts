/**
 * Quick check of the command runner against the floor (issue 7, targets 1 and 5), independent of the engine:
 *
 *   npx tsx bench/spawn-floor.ts [--rounds 200] [--hold-mib 800]
 *
 * Part 1, in this process: a bare child_process.spawn of `/bin/sh -c true` with a 1 KB payload on stdin,
 * against runCommand of the same command (direct, and through the spawner process), 1 hook and 20 at once,
 * interleaved in random order. Part 2: two worker processes, one small and one holding --hold-mib of touched
 * memory; the driver interleaves their requests; the floor is a bare spawn from the small one.
 * Prints medians and quartiles in ms, and ratios of medians.
 */
import { type ChildProcess, fork, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { runCommand } from '../src/run/command-runner.js';
import { createRunRequest, runSettings } from '../src/run/create-run-request.js';
import type { RunRequest } from '../src/run/handler-execution.js';
import { endAllHookProcesses } from '../src/run/process/live-process-groups.js';
import { configuredHook } from '../src/settings/configured-hook-constructor.js';

const { values } = parseArgs({
  options: {
    rounds: { type: 'string', default: '200' },
    'hold-mib': { type: 'string', default: '800' },
    worker: { type: 'boolean', default: false },
  },
});

const payload = {
  hook_event_name: 'PreToolUse',
  tool_name: 'Bash',
  tool_input: { command: 'x'.repeat(900) },
};
const payloadJson = JSON.stringify(payload);
const hook = configuredHook({
  event: 'PreToolUse',
  handler: { type: 'command', command: 'true' },
  definitionId: 'd0',
  provenance: { file: '<bench>', level: 'inline', line: 1, column: 1, jsonPath: '' },
  timeoutSeconds: 60,
});

function bareSpawn(): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn('/bin/sh', ['-c', 'true'], { stdio: 'pipe' });
    child.on('error', reject);
    child.stdout.on('data', () => {});
    child.stderr.on('data', () => {});
    child.stdin.on('error', () => {});
    child.stdin.end(`${payloadJson}\n`);
    child.on('close', () => resolve());
  });
}

function engineSpawn(spawner: 'direct' | 'helper-process'): Promise<unknown> {
  const environment = { CLAUDE_PROJECT_DIR: process.cwd() };
  const request: RunRequest = createRunRequest(
    hook,
    payload,
    payloadJson,
    runSettings({
      cwd: process.cwd(),
      projectDir: process.cwd(),
      environment,
      signal: new AbortController().signal,
      spawner,
    }),
  );
  return runCommand(request);
}

type Variant = () => Promise<unknown>;
const VARIANTS: Record<string, Variant> = {
  bare: bareSpawn,
  direct: () => engineSpawn('direct'),
  helper: () => engineSpawn('helper-process'),
};

async function timed(variant: Variant, count: number): Promise<number> {
  const startedAt = performance.now();
  await Promise.all(Array.from({ length: count }, variant));
  return performance.now() - startedAt;
}

function shuffled<T>(items: T[]): T[] {
  for (let index = items.length - 1; index > 0; index--) {
    const other = Math.floor(Math.random() * (index + 1));
    [items[index], items[other]] = [items[other]!, items[index]!];
  }
  return items;
}

function quantile(sorted: number[], q: number): number {
  const position = (sorted.length - 1) * q;
  const low = sorted[Math.floor(position)]!;
  const high = sorted[Math.ceil(position)]!;
  return low + (high - low) * (position - Math.floor(position));
}

function describe(samples: number[]): { median: number; text: string } {
  const sorted = [...samples].sort((left, right) => left - right);
  const median = quantile(sorted, 0.5);
  return {
    median,
    text: `${median.toFixed(3)} ms (p25 ${quantile(sorted, 0.25).toFixed(3)}, p75 ${quantile(sorted, 0.75).toFixed(3)})`,
  };
}

async function interleave(
  variants: Record<string, Variant>,
  rounds: number,
): Promise<Record<string, number[]>> {
  const samples: Record<string, number[]> = Object.fromEntries(
    Object.keys(variants).map((name) => [name, []]),
  );
  for (let round = 0; round < rounds + 10; round++) {
    for (const name of shuffled(Object.keys(variants))) {
      const startedAt = performance.now();
      await variants[name]!();
      if (round >= 10) samples[name]!.push(performance.now() - startedAt);
    }
  }
  return samples;
}

/** Like interleave, but each variant reports its own duration (measured inside the worker, without IPC). */
async function interleaveTimes(
  variants: Record<string, () => Promise<number>>,
  rounds: number,
): Promise<Record<string, number[]>> {
  const samples: Record<string, number[]> = Object.fromEntries(
    Object.keys(variants).map((name) => [name, []]),
  );
  for (let round = 0; round < rounds + 5; round++) {
    for (const name of shuffled(Object.keys(variants))) {
      const value = await variants[name]!();
      if (round >= 5) samples[name]!.push(value);
    }
  }
  return samples;
}

function report(title: string, samples: Record<string, number[]>, floorName: string): void {
  console.log(`\n${title}`);
  const floor = describe(samples[floorName]!).median;
  for (const [name, values] of Object.entries(samples)) {
    const summary = describe(values);
    console.log(
      `  ${name.padEnd(22)} ${summary.text.padEnd(44)} ratio ${(summary.median / floor).toFixed(3)}`,
    );
  }
}

async function runWorker(): Promise<void> {
  const holdMib = Number(values['hold-mib']);
  const held: Buffer[] = [];
  for (let index = 0; index < holdMib; index++) held.push(Buffer.alloc(1024 * 1024, index & 0xff));
  process.on('message', async (name: string) => {
    const startedAt = performance.now();
    await VARIANTS[name]!();
    process.send?.(performance.now() - startedAt);
  });
  process.send?.(held.length);
}

function startWorker(holdMib: number): Promise<(name: string) => Promise<number>> {
  const child: ChildProcess = fork(
    fileURLToPath(import.meta.url),
    ['--worker', '--hold-mib', String(holdMib)],
    {
      execArgv: ['--import', 'tsx'],
    },
  );
  workers.push(child);
  return new Promise((resolve) => {
    child.once('message', () =>
      resolve(
        (name) =>
          new Promise((answer) => {
            child.once('message', (value) => answer(value as number));
            child.send(name);
          }),
      ),
    );
  });
}

const workers: ChildProcess[] = [];

async function main(): Promise<void> {
  const rounds = Number(values.rounds);
  console.log(
    `node ${process.version}, ${rounds} rounds per variant, payload ${payloadJson.length + 1} bytes`,
  );
  for (const count of [1, 20]) {
    const variants = Object.fromEntries(
      Object.entries(VARIANTS).map(([name, variant]) => [name, () => timed(variant, count)]),
    );
    report(`${count} hook(s) at once, in this process`, await interleave(variants, rounds), 'bare');
  }
  const holdMib = Number(values['hold-mib']);
  const small = await startWorker(0);
  const big = await startWorker(holdMib);
  const hosts: Record<string, () => Promise<number>> = {
    'small bare (floor)': () => small('bare'),
    [`${holdMib} MiB bare`]: () => big('bare'),
    [`${holdMib} MiB direct`]: () => big('direct'),
    [`${holdMib} MiB helper`]: () => big('helper'),
  };
  const samples = await interleaveTimes(hosts, Math.max(20, Math.floor(rounds / 4)));
  report(
    `1 hook from worker processes (spawn time measured inside each worker)`,
    samples,
    'small bare (floor)',
  );
  for (const worker of workers) worker.kill();
  await endAllHookProcesses();
}

if (values.worker) void runWorker();
else void main();
