/**
 * `npx tsx bench/trace-cost.ts [--baseline-bin FILE] [--rounds N]`: what tracing costs `hookwire run`, and
 * (with --baseline-bin, the bin of another build, such as the last release's) that the start-up without a
 * trace did not grow. Whole processes of the built bin, as target 4 runs them (the 41-hook settings file, a
 * 1 KB PreToolUse that no hook matches), interleaved in random order with `node -e 0`; figures are medians
 * and differences of medians against `hookwire run` without a trace, measured in the same run.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
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
  const run =
    (bin: string, env?: NodeJS.ProcessEnv): Variant =>
    async () => {
      const result = await runProcess(
        process.execPath,
        [bin, 'run', '--settings', settingsFile],
        input,
        directory,
        env,
      );
      if (result.exitCode !== 0 || result.stderr !== '') throw new Error(`${bin}: ${result.stderr}`);
      return result.durationMs;
    };
  const variants: Record<string, Variant> = {
    'node -e 0': async () => (await runProcess(process.execPath, ['-e', '0'], input, directory)).durationMs,
    'hookwire run': run(built.bin),
    'hookwire run, HOOKWIRE_TRACE_DIR set': run(built.bin, traced),
    ...(values['baseline-bin']
      ? { [`baseline ${values['baseline-bin']} run`]: run(values['baseline-bin']) }
      : {}),
  };
  const samples = await interleave(variants, { rounds: Number(values.rounds), warmupRounds: 3 });
  const reference = summarise(samples['hookwire run'] ?? []).median;
  process.stdout.write(
    `trace cost: node ${process.version}, ${cpus().length} x ${cpus()[0]?.model ?? 'CPU'}, ${values.rounds} rounds, no hook matches\n\n| variant | time | vs hookwire run |\n|---|---|---|\n`,
  );
  for (const name of Object.keys(variants)) {
    const summary = summarise(samples[name] ?? []);
    const difference = summary.median - reference;
    const versus =
      name === 'hookwire run' ? 'reference' : `${difference >= 0 ? '+' : ''}${formatMs(difference)}`;
    process.stdout.write(`| ${name} | ${formatSummaryMs(summary)} | ${versus} |\n`);
  }
} finally {
  rmSync(directory, { recursive: true, force: true });
}
