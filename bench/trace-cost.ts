/**
 * `npx tsx bench/trace-cost.ts [--baseline-bin FILE] [--rounds N]`: what tracing costs `hookwire run`, and
 * (with --baseline-bin, the bin of another build, such as the last release's) that the start-up without a
 * trace did not grow. Whole processes of the built bin, as target 4 runs them (the 41-hook settings file, a
 * 1 KB PreToolUse that no hook matches), interleaved in random order with `node -e 0`; figures are medians
 * and differences of medians against `hookwire run` without a trace, measured in the same run. Two figures:
 * wall time, and the CPU time (user + system) each process reports at exit through a preloaded module, which
 * other load on the machine disturbs far less than wall time.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { ensureBundle } from './lib/ensure-bundle.js';
import { formatMs, formatSummaryMs } from './lib/format.js';
import { interleave, type Variant } from './lib/interleave.js';
import { preToolUseLine } from './lib/payload.js';
import { runProcess } from './lib/run-process.js';
import { summarise } from './lib/stats.js';
import { unrelatedHooks } from './lib/unrelated-hooks.js';

const WARMUP_ROUNDS = 3;
const { values } = parseArgs({
  options: { 'baseline-bin': { type: 'string' }, rounds: { type: 'string', default: '40' } },
});
const built = ensureBundle();
if (built instanceof Error) throw built;
const directory = mkdtempSync(join(tmpdir(), 'hookwire-trace-cost-'));
try {
  const settings = unrelatedHooks();
  settings.hooks!.PreToolUse!.push({ matcher: 'Bash', hooks: [{ type: 'command', command: 'true' }] });
  const settingsFile = join(directory, 'settings.json');
  writeFileSync(settingsFile, JSON.stringify(settings));
  const input = preToolUseLine('WebSearch');
  const traced = { ...process.env, HOOKWIRE_TRACE_DIR: join(directory, 'traces') };
  const cpuFile = join(directory, 'cpu');
  const preload = join(directory, 'report-cpu.cjs');
  writeFileSync(
    preload,
    `process.on('exit', () => { const { user, system } = process.cpuUsage(); require('node:fs').writeFileSync(${JSON.stringify(cpuFile)}, String((user + system) / 1000)); });`,
  );
  const cpu: Record<string, number[]> = {};
  const measured =
    (name: string, args: string[], env?: NodeJS.ProcessEnv): Variant =>
    async () => {
      const result = await runProcess(
        process.execPath,
        ['--require', preload, ...args],
        input,
        directory,
        env,
      );
      if (result.exitCode !== 0 || result.stderr !== '') throw new Error(`${name}: ${result.stderr}`);
      cpu[name] = [...(cpu[name] ?? []), Number(readFileSync(cpuFile, 'utf8'))];
      return result.durationMs;
    };
  const run = (name: string, bin: string, env?: NodeJS.ProcessEnv): [string, Variant] => [
    name,
    measured(name, [bin, 'run', '--settings', settingsFile], env),
  ];
  const baseline = values['baseline-bin'];
  const variants: Record<string, Variant> = Object.fromEntries([
    ['node -e 0', measured('node -e 0', ['-e', '0'])],
    run('hookwire run', built.bin),
    run('hookwire run, HOOKWIRE_TRACE_DIR set', built.bin, traced),
    ...(baseline ? [run(`baseline ${baseline} run`, baseline)] : []),
  ]);
  const samples = await interleave(variants, { rounds: Number(values.rounds), warmupRounds: WARMUP_ROUNDS });
  // interleave() drops its warm-up rounds from what it returns; drop them from the CPU figures too.
  const cpuOf = (name: string) => summarise(cpu[name]?.slice(WARMUP_ROUNDS) ?? []);
  const wallReference = summarise(samples['hookwire run'] ?? []).median;
  const cpuReference = cpuOf('hookwire run').median;
  const versus = (name: string, value: number, reference: number) =>
    name === 'hookwire run' ? 'reference' : `${value >= reference ? '+' : ''}${formatMs(value - reference)}`;
  process.stdout.write(
    `trace cost: node ${process.version}, ${cpus().length} x ${cpus()[0]?.model ?? 'CPU'}, ${values.rounds} rounds, no hook matches\n\n| variant | wall time | vs hookwire run | CPU time | vs hookwire run |\n|---|---|---|---|---|\n`,
  );
  for (const name of Object.keys(variants)) {
    const wall = summarise(samples[name] ?? []);
    const used = cpuOf(name);
    process.stdout.write(
      `| ${name} | ${formatSummaryMs(wall)} | ${versus(name, wall.median, wallReference)} | ${formatSummaryMs(used)} | ${versus(name, used.median, cpuReference)} |\n`,
    );
  }
} finally {
  rmSync(directory, { recursive: true, force: true });
}
