import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { benchSandbox } from '../lib/bench-engine-options.js';
import { ensureBundle } from '../lib/ensure-bundle.js';
import { formatMs, formatSummaryMs } from '../lib/format.js';
import { interleave } from '../lib/interleave.js';
import { preToolUseLine } from '../lib/payload.js';
import { runProcess } from '../lib/run-process.js';
import { summarise } from '../lib/stats.js';
import { skippedResult, type TargetResult, verdictOf } from '../lib/target-result.js';
import { unrelatedHooks } from '../lib/unrelated-hooks.js';

const WANTED_EXTRA_MS = 10;
const NAME = '`hookwire run` cold start';

/**
 * Target 4: `node dist/cli.js run --settings <file>` as an agent runs it (a whole process, 1 KB PreToolUse on
 * stdin, a 41-hook settings file: the 40 unrelated hooks plus one `true` on Bash) against `node -e 0` given the
 * same stdin, interleaved. Two hookwire cases: the payload's tool matches the one hook (load, match, spawn,
 * print), or nothing matches (load, match, print). The figure is the difference of medians. `--version` shows
 * what loading the bundle alone costs, to tell start-up from the work of `run`.
 */
export async function measureColdStart(quick: boolean): Promise<TargetResult[]> {
  const bundle = ensureBundle();
  if (bundle instanceof Error) {
    return [
      skippedResult('4a', `${NAME}, one hook runs`, bundle.message),
      skippedResult('4b', `${NAME}, no hook matches`, bundle.message),
    ];
  }
  const settings = unrelatedHooks();
  settings.hooks!.PreToolUse!.push({ matcher: 'Bash', hooks: [{ type: 'command', command: 'true' }] });
  const settingsFile = join(benchSandbox(), 'cold-start-settings.json');
  writeFileSync(settingsFile, JSON.stringify(settings, null, 2));
  const matching = preToolUseLine('Bash');
  const unmatched = preToolUseLine('WebSearch');
  const runArgs = [bundle, 'run', '--settings', settingsFile];
  const cwd = benchSandbox();
  const probe = await runProcess(process.execPath, runArgs, matching, cwd);
  if (probe.exitCode !== 0) {
    const reason = `hookwire run exited ${probe.exitCode}: ${probe.stderr.trim().slice(0, 300)}`;
    return [
      skippedResult('4a', `${NAME}, one hook runs`, reason),
      skippedResult('4b', `${NAME}, no hook matches`, reason),
    ];
  }
  const samples = await interleave(
    {
      node: async () => (await runProcess(process.execPath, ['-e', '0'], matching, cwd)).durationMs,
      hookwireMatch: async () => (await runProcess(process.execPath, runArgs, matching, cwd)).durationMs,
      hookwireNoMatch: async () => (await runProcess(process.execPath, runArgs, unmatched, cwd)).durationMs,
      hookwireVersion: async () =>
        (await runProcess(process.execPath, [bundle, '--version'], '', cwd)).durationMs,
    },
    { rounds: quick ? 15 : 40, warmupRounds: 3 },
  );
  const node = summarise(samples.node!);
  const rows: TargetResult[] = [];
  for (const [id, label, key] of [
    ['4a', 'one hook runs', 'hookwireMatch'],
    ['4b', 'no hook matches', 'hookwireNoMatch'],
  ] as const) {
    const run = summarise(samples[key]!);
    const extra = run.median - node.median;
    rows.push({
      id,
      name: `${NAME}, ${label}`,
      figure: formatSummaryMs(run),
      baseline: `node -e 0 ${formatSummaryMs(node)}`,
      ratio: `+${formatMs(extra)}`,
      target: `<= +${formatMs(WANTED_EXTRA_MS)}`,
      verdict: verdictOf(extra <= WANTED_EXTRA_MS),
    });
  }
  const version = summarise(samples.hookwireVersion!);
  rows.push({
    id: '4c',
    name: '`hookwire --version` cold start (loading the bundle only)',
    figure: formatSummaryMs(version),
    baseline: `node -e 0 ${formatSummaryMs(node)}`,
    ratio: `+${formatMs(version.median - node.median)}`,
    target: 'info',
    verdict: 'INFO',
  });
  return rows;
}
