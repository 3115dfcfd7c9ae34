import { readFileSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { formatMs, formatSummaryMs } from './format.js';
import { interleave, type Variant } from './interleave.js';
import { runProcess } from './run-process.js';
import { summarise } from './stats.js';

/** A Node process to time: its arguments, its stdin and, when it needs one, its environment. */
export interface NodeVariant {
  readonly args: string[];
  readonly input?: string;
  readonly env?: NodeJS.ProcessEnv;
}

export interface WallAndCpuOptions {
  /** Where the preloaded reporter and its figure live (the caller's scratch directory, also the cwd). */
  readonly directory: string;
  readonly rounds: number;
  readonly warmupRounds: number;
  /** The variant every other one is compared with. */
  readonly reference: string;
  /** The table's first line, after which the runtime, the CPU and the rounds are named. */
  readonly title: string;
}

/**
 * Times whole Node processes interleaved in random order, twice over: wall time, and the CPU time (user +
 * system) each process reports at exit through a preloaded module, which other load on the machine disturbs far
 * less than wall time. Returns the Markdown table: medians, and differences of medians against the reference
 * measured in the same run. A process that fails or writes to stderr stops the run: its figure would mislead.
 */
export async function wallAndCpuTable(
  variants: Readonly<Record<string, NodeVariant>>,
  options: WallAndCpuOptions,
): Promise<string> {
  const cpuFile = join(options.directory, 'cpu');
  const preload = join(options.directory, 'report-cpu.cjs');
  writeFileSync(
    preload,
    `process.on('exit', () => { const { user, system } = process.cpuUsage(); require('node:fs').writeFileSync(${JSON.stringify(cpuFile)}, String((user + system) / 1000)); });`,
  );
  const cpu: Record<string, number[]> = {};
  const timed = Object.fromEntries(
    Object.entries(variants).map(([name, variant]): [string, Variant] => [
      name,
      async () => {
        const result = await runProcess(
          process.execPath,
          ['--require', preload, ...variant.args],
          variant.input ?? '',
          options.directory,
          variant.env,
        );
        if (result.exitCode !== 0 || result.stderr !== '') throw new Error(`${name}: ${result.stderr}`);
        cpu[name] = [...(cpu[name] ?? []), Number(readFileSync(cpuFile, 'utf8'))];
        return result.durationMs;
      },
    ]),
  );
  const samples = await interleave(timed, { rounds: options.rounds, warmupRounds: options.warmupRounds });
  // interleave() drops its warm-up rounds from what it returns; drop them from the CPU figures too.
  const cpuOf = (name: string) => summarise(cpu[name]?.slice(options.warmupRounds) ?? []);
  const wallReference = summarise(samples[options.reference] ?? []).median;
  const cpuReference = cpuOf(options.reference).median;
  const versus = (name: string, value: number, reference: number) =>
    name === options.reference
      ? 'reference'
      : `${value >= reference ? '+' : ''}${formatMs(value - reference)}`;
  const rows = Object.keys(variants).map((name) => {
    const wall = summarise(samples[name] ?? []);
    const used = cpuOf(name);
    return `| ${name} | ${formatSummaryMs(wall)} | ${versus(name, wall.median, wallReference)} | ${formatSummaryMs(used)} | ${versus(name, used.median, cpuReference)} |\n`;
  });
  const against = `vs ${options.reference}`;
  return `${options.title}: node ${process.version}, ${cpus().length} x ${cpus()[0]?.model ?? 'CPU'}, ${options.rounds} rounds\n\n| variant | wall time | ${against} | CPU time | ${against} |\n|---|---|---|---|---|\n${rows.join('')}`;
}
