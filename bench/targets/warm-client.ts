import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { nativeClient } from '../../scripts/native-client.js';
import { recordTrust } from '../../src/settings/record-trust.js';
import { reviewFile } from '../../src/settings/review-file.js';
import { emptyTrustStore } from '../../src/settings/trust-store.js';
import { benchSandbox } from '../lib/bench-engine-options.js';
import { ensureBundle, ROOT } from '../lib/ensure-bundle.js';
import { formatMs, formatSummaryMs } from '../lib/format.js';
import { interleave } from '../lib/interleave.js';
import { preToolUseLine } from '../lib/payload.js';
import { runProcess } from '../lib/run-process.js';
import { summarise } from '../lib/stats.js';
import { skippedResult, type TargetResult, verdictOf } from '../lib/target-result.js';
import { unrelatedHooks } from '../lib/unrelated-hooks.js';

const NAME = 'native client and warm daemon';

/**
 * Target 9: an event through the native client (npm/client-<os>-<cpu>, or compiled here with cc) and the
 * warm daemon, as `hookwire init` installs it, against what the host would pay without hookwire, in the
 * same interleaved rounds: 9a an event that matches nothing against `/bin/true` (wanted: +1 ms at most,
 * issue 37), 9b one `true` hook against the host starting `sh -c true` itself (wanted: +3 ms at most). The same 41-hook
 * settings file and 1 KB payload as target 4; the daemon is started by the warm-up rounds, in a runtime
 * directory of the benchmark's own. Every process is spawned the same way from this process, so the
 * spawn's own cost cancels in the difference of medians. 9c: the Node `hookwire run` for the same event.
 */
export async function measureWarmClient(quick: boolean): Promise<TargetResult[]> {
  const built = ensureBundle();
  const client = built instanceof Error ? undefined : nativeClient(join(ROOT, '.tmp', 'bench-client'));
  if (built instanceof Error || client === undefined) {
    const reason = built instanceof Error ? built.message : 'no native client: run `npm run build:clients`';
    return [
      skippedResult('9a', `${NAME}, no hook matches`, reason),
      skippedResult('9b', `${NAME}, one hook runs`, reason),
    ];
  }
  const sandbox = join(benchSandbox(), 'warm-client');
  const runtime = join(sandbox, 'run');
  mkdirSync(runtime, { recursive: true, mode: 0o700 });
  chmodSync(runtime, 0o700);
  const settings = unrelatedHooks();
  settings.hooks!.PreToolUse!.push({ matcher: 'Bash', hooks: [{ type: 'command', command: 'true' }] });
  // The project is the payload's cwd; the state directory (the trust store) lies outside it, as for a user.
  const project = join(sandbox, 'project');
  mkdirSync(project, { recursive: true });
  const settingsFile = join(project, 'settings.json');
  writeFileSync(settingsFile, JSON.stringify(settings, null, 2));
  const stateDirectory = join(sandbox, 'state');
  await recordTrust(join(stateDirectory, 'trust.json'), [
    reviewFile(settingsFile, 'explicit', emptyTrustStore()),
  ]);
  // The daemon's profile (docs/daemon.md): one log line per event, written after its answer (9d, 9e).
  const env = {
    ...process.env,
    XDG_RUNTIME_DIR: runtime,
    HOOKWIRE_STATE_DIR: stateDirectory,
    HOOKWIRE_DAEMON_PROFILE: '1',
  };
  const cwd = project;
  const inProject = (line: string) => JSON.stringify({ ...(JSON.parse(line) as object), cwd: project });
  const matching = inProject(preToolUseLine('Bash'));
  const unmatched = inProject(preToolUseLine('WebSearch'));
  const clientArgs = ['--hookwire', built.bin, '--node', process.execPath, 'run', '--settings', settingsFile];
  const probe = await runProcess(client, clientArgs, matching, cwd, env);
  if (probe.exitCode !== 0 || probe.stderr !== '') {
    const reason = `the client exited ${probe.exitCode}: ${probe.stderr.trim().slice(0, 300)}`;
    return [
      skippedResult('9a', `${NAME}, no hook matches`, reason),
      skippedResult('9b', `${NAME}, one hook runs`, reason),
    ];
  }
  try {
    const samples = await interleave(
      {
        binTrue: async () => (await runProcess('/bin/true', [], unmatched, cwd, env)).durationMs,
        shTrue: async () => (await runProcess('/bin/sh', ['-c', 'true'], matching, cwd, env)).durationMs,
        clientNoMatch: async () => (await runProcess(client, clientArgs, unmatched, cwd, env)).durationMs,
        clientMatch: async () => (await runProcess(client, clientArgs, matching, cwd, env)).durationMs,
        nodeRunMatch: async () =>
          (
            await runProcess(
              process.execPath,
              [built.bin, 'run', '--settings', settingsFile],
              matching,
              cwd,
              env,
            )
          ).durationMs,
      },
      { rounds: quick ? 30 : 150, warmupRounds: 5 },
    );
    const row = (
      id: string,
      label: string,
      key: string,
      baselineName: string,
      baseKey: string,
      wanted?: number,
    ) => {
      const figure = summarise(samples[key]!);
      const baseline = summarise(samples[baseKey]!);
      const extra = figure.median - baseline.median;
      return {
        id,
        name: `${NAME}, ${label}`,
        figure: formatSummaryMs(figure),
        baseline: `${baselineName} ${formatSummaryMs(baseline)}`,
        ratio: `${extra < 0 ? '' : '+'}${formatMs(extra)}`,
        target: wanted === undefined ? 'info' : `<= +${formatMs(wanted)}`,
        verdict: wanted === undefined ? ('INFO' as const) : verdictOf(extra <= wanted),
      } satisfies TargetResult;
    };
    return [
      row('9a', 'no hook matches', 'clientNoMatch', '/bin/true', 'binTrue', 1),
      row('9b', 'one `true` hook runs', 'clientMatch', 'sh -c true', 'shTrue', 3),
      row(
        '9c',
        'the Node `hookwire run` instead, one `true` hook runs',
        'nodeRunMatch',
        'sh -c true',
        'shTrue',
      ),
      ...daemonPhases(join(runtime, 'hookwire')),
    ];
  } finally {
    stopDaemons(join(runtime, 'hookwire'));
  }
}

/**
 * 9d and 9e: where the ms go inside the daemon, from its profile lines (`request 0.30, input 0.12, engine
 * (settings kept) 0.34, fire (0 hooks) 0.09, close 0.08, answer 0.06; total 1.22 ms`): the median of each
 * phase over the events that ran no hook and those that ran one.
 */
function daemonPhases(directory: string): TargetResult[] {
  const lines = existsSync(directory)
    ? readdirSync(directory)
        .filter((name) => name.endsWith('.log'))
        .flatMap((name) => readFileSync(join(directory, name), 'utf8').split('\n'))
        .filter((line) => line.includes(' profile: '))
    : [];
  return [
    ['9d', 'inside the daemon, no hook matches', '(0 hooks)'],
    ['9e', 'inside the daemon, one `true` hook runs', '(1 hook)'],
  ].map(([id, label, fire]) => {
    const phases = new Map<string, number[]>();
    for (const line of lines.filter((each) => each.includes(`fire ${fire}`))) {
      const body = line.slice(line.indexOf(' profile: ') + ' profile: '.length).replace(' ms', '');
      for (const part of body.split(/[,;] /)) {
        const cut = part.lastIndexOf(' ');
        const phase = part.slice(0, cut).replace(/ \(.*\)$/, '');
        phases.set(phase, [...(phases.get(phase) ?? []), Number(part.slice(cut + 1))]);
      }
    }
    const medianOf = (phase: string) => formatMs(summarise(phases.get(phase) ?? [0]).median);
    const breakdown = [...phases.keys()].filter((phase) => phase !== 'total');
    return {
      id: id as string,
      name: `${NAME}, ${label} (medians of its profile)`,
      figure: `total ${medianOf('total')}`,
      baseline: '-',
      ratio: '-',
      target: 'info',
      verdict: 'INFO' as const,
      notes: [`${breakdown.map((phase) => `${phase} ${medianOf(phase)}`).join(', ')}`],
    } satisfies TargetResult;
  });
}

/** Ends the daemons this target started: their pids are in their logs. */
function stopDaemons(directory: string): void {
  for (const name of existsSync(directory) ? readdirSync(directory) : []) {
    if (!name.endsWith('.log')) continue;
    for (const match of readFileSync(join(directory, name), 'utf8').matchAll(/pid (\d+)\)/g)) {
      try {
        process.kill(Number(match[1]), 'SIGTERM');
      } catch {
        // Already gone.
      }
    }
  }
}
