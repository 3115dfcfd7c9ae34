import { readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { benchSandbox } from '../lib/bench-engine-options.js';
import { ensureBundle, ROOT } from '../lib/ensure-bundle.js';
import { formatMs, formatSummaryMs } from '../lib/format.js';
import { interleave } from '../lib/interleave.js';
import { preToolUseLine } from '../lib/payload.js';
import { runProcess } from '../lib/run-process.js';
import { summarise } from '../lib/stats.js';
import { skippedResult, type TargetResult, verdictOf } from '../lib/target-result.js';
import { trustedProject } from '../lib/trusted-project.js';
import { unrelatedHooks } from '../lib/unrelated-hooks.js';

const WANTED_EXTRA_MS = 10;
const NAME = '`hookwire run` cold start';

/**
 * Target 4: `hookwire run --settings <file>` as an agent runs it, through the bin package.json declares
 * (`node dist/hookwire.cjs run`: a whole process, 1 KB PreToolUse on stdin, a 41-hook settings file: the 40
 * unrelated hooks plus one `true` on Bash) against `node -e 0` given the same stdin, interleaved. Two cases:
 * the payload's tool matches the one hook (load, match, spawn, print), or nothing matches (load, match,
 * print). The figure is the difference of medians. The bin's code cache is in the user's cache directory, as
 * for any user, and written by the warm-up rounds if missing.
 *
 * 4f and 4g: the CPU time (user + system) of the same processes as 4a and 4b against `node -e 0`'s, which a
 * loaded machine disturbs far less than their wall time; the target holds for either.
 *
 * Information rows: the run bundle alone (required directly by `node -e`: no bin, no code cache), the bin
 * without its code cache (the first event after an install or upgrade), and `hookwire --version` (the bin,
 * then the full CLI).
 */
export async function measureColdStart(quick: boolean): Promise<TargetResult[]> {
  const built = ensureBundle();
  if (built instanceof Error) {
    return [
      skippedResult('4a', `${NAME}, one hook runs`, built.message),
      skippedResult('4b', `${NAME}, no hook matches`, built.message),
    ];
  }
  const settings = unrelatedHooks();
  settings.hooks!.PreToolUse!.push({ matcher: 'Bash', hooks: [{ type: 'command', command: 'true' }] });
  const {
    project,
    settingsFile,
    env: trusted,
    inProject,
  } = await trustedProject(benchSandbox(), 'cold-start', settings);
  const matching = inProject(preToolUseLine('Bash'));
  const unmatched = inProject(preToolUseLine('WebSearch'));
  const runArgs = [built.bin, 'run', '--settings', settingsFile];
  const bundleArgs = [
    '-e',
    'require(process.argv[1]).run(process.argv.slice(2)).then((code) => { process.exitCode = code; })',
    built.runBundle,
    '--settings',
    settingsFile,
  ];
  const withoutCodeCache = { ...trusted, NODE_DISABLE_COMPILE_CACHE: '1' };
  const cwd = project;
  for (const [args, input, env] of [
    [runArgs, matching, trusted],
    [bundleArgs, unmatched, trusted],
    [runArgs, unmatched, withoutCodeCache],
  ] as const) {
    const probe = await runProcess(process.execPath, args, input, cwd, env);
    if (probe.exitCode !== 0 || probe.stderr !== '') {
      const reason = `hookwire run exited ${probe.exitCode}: ${probe.stderr.trim().slice(0, 300)}`;
      return [
        skippedResult('4a', `${NAME}, one hook runs`, reason),
        skippedResult('4b', `${NAME}, no hook matches`, reason),
      ];
    }
  }
  // The CPU time (user + system) of each process, written at its exit by a preloaded module that every
  // variant, `node -e 0` included, loads alike: another load on the machine disturbs it far less than the
  // wall time, which waits for a core at every step.
  const cpuFile = join(project, '..', 'cold-start-cpu');
  const reportCpu = join(project, '..', 'cold-start-report-cpu.cjs');
  writeFileSync(
    reportCpu,
    `process.on('exit', () => { const { user, system } = process.cpuUsage(); require('node:fs').writeFileSync(${JSON.stringify(cpuFile)}, String((user + system) / 1000)); });`,
  );
  const cpu: Record<string, number[]> = {};
  const timed =
    (name: string, args: readonly string[], input: string, env?: NodeJS.ProcessEnv) => async () => {
      const { durationMs } = await runProcess(
        process.execPath,
        ['--require', reportCpu, ...args],
        input,
        cwd,
        env,
      );
      cpu[name] = [...(cpu[name] ?? []), Number(readFileSync(cpuFile, 'utf8'))];
      return durationMs;
    };
  const warmupRounds = 3;
  const samples = await interleave(
    {
      node: timed('node', ['-e', '0'], matching),
      hookwireMatch: timed('hookwireMatch', runArgs, matching, trusted),
      hookwireNoMatch: timed('hookwireNoMatch', runArgs, unmatched, trusted),
      bundleNoMatch: timed('bundleNoMatch', bundleArgs, unmatched, trusted),
      noCodeCacheNoMatch: timed('noCodeCacheNoMatch', runArgs, unmatched, withoutCodeCache),
      hookwireVersion: timed('hookwireVersion', [built.bin, '--version'], ''),
    },
    { rounds: quick ? 15 : 40, warmupRounds },
  );
  // interleave() drops its warm-up rounds from what it returns; so do the CPU figures.
  const cpuOf = (name: string) => summarise(cpu[name]!.slice(warmupRounds));
  const node = summarise(samples.node!);
  const bin = relative(ROOT, built.bin);
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
      ratio: signedMs(extra),
      target: `<= +${formatMs(WANTED_EXTRA_MS)}`,
      verdict: verdictOf(extra <= WANTED_EXTRA_MS),
      ...(id === '4a' ? { notes: [`the bin: node ${bin} run --settings <41-hook file>`] } : {}),
    });
  }
  const nodeCpu = cpuOf('node');
  for (const [id, label, key] of [
    ['4f', 'one hook runs', 'hookwireMatch'],
    ['4g', 'no hook matches', 'hookwireNoMatch'],
  ] as const) {
    const used = cpuOf(key);
    const extra = used.median - nodeCpu.median;
    rows.push({
      id,
      name: `${NAME}, ${label}: CPU time (user + system)`,
      figure: formatSummaryMs(used),
      baseline: `node -e 0 ${formatSummaryMs(nodeCpu)}`,
      ratio: signedMs(extra),
      target: `<= +${formatMs(WANTED_EXTRA_MS)}`,
      verdict: verdictOf(extra <= WANTED_EXTRA_MS),
      ...(id === '4f'
        ? {
            notes: [
              'CPU time from the same processes as 4a/4b (process.cpuUsage() at exit, preloaded alike)',
            ],
          }
        : {}),
    });
  }
  for (const [id, label, key] of [
    ['4c', 'the run bundle alone (no bin, no code cache), no hook matches', 'bundleNoMatch'],
    [
      '4d',
      'the bin without its code cache (NODE_DISABLE_COMPILE_CACHE=1), no hook matches',
      'noCodeCacheNoMatch',
    ],
    ['4e', '`hookwire --version` (the bin, then the full CLI)', 'hookwireVersion'],
  ] as const) {
    const figure = summarise(samples[key]!);
    rows.push({
      id,
      name: label,
      figure: formatSummaryMs(figure),
      baseline: `node -e 0 ${formatSummaryMs(node)}`,
      ratio: signedMs(figure.median - node.median),
      target: 'info',
      verdict: 'INFO',
    });
  }
  return rows;
}

/** A difference of medians, signed: `+12.3 ms`, `-0.40 ms`. */
function signedMs(difference: number): string {
  return `${difference < 0 ? '' : '+'}${formatMs(difference)}`;
}
