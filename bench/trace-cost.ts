/**
 * `npx tsx bench/trace-cost.ts [--baseline-bin FILE] [--rounds N]`: what tracing costs `hookwire run`, and
 * (with --baseline-bin, the bin of another build, such as the last release's) that the start-up without a
 * trace did not grow. Whole processes of the built bin, as target 4 runs them (the 41-hook settings file, a
 * 1 KB PreToolUse that no hook matches), interleaved in random order with `node -e 0`; figures are medians
 * and differences of medians against `hookwire run` without a trace, measured in the same run. Two figures:
 * wall time, and the CPU time (user + system) each process reports at exit through a preloaded module, which
 * other load on the machine disturbs far less than wall time.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { ensureBundle } from './lib/ensure-bundle.js';
import { preToolUseLine } from './lib/payload.js';
import { trustedProject } from './lib/trusted-project.js';
import { unrelatedHooks } from './lib/unrelated-hooks.js';
import { type NodeVariant, wallAndCpuTable } from './lib/wall-and-cpu.js';

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
  const { settingsFile, env: trusted, inProject } = await trustedProject(directory, 'trace-cost', settings);
  const input = inProject(preToolUseLine('WebSearch'));
  const traced = { ...trusted, HOOKWIRE_TRACE_DIR: join(directory, 'traces') };
  const run = (bin: string, env: NodeJS.ProcessEnv = trusted): NodeVariant => ({
    args: [bin, 'run', '--settings', settingsFile],
    input,
    env,
  });
  const baseline = values['baseline-bin'];
  const variants: Record<string, NodeVariant> = {
    'node -e 0': { args: ['-e', '0'] },
    'hookwire run': run(built.bin),
    'hookwire run, HOOKWIRE_TRACE_DIR set': run(built.bin, traced),
    ...(baseline ? { [`baseline ${baseline} run`]: run(baseline) } : {}),
  };
  const table = await wallAndCpuTable(variants, {
    directory,
    rounds: Number(values.rounds),
    warmupRounds: WARMUP_ROUNDS,
    reference: 'hookwire run',
    title: 'trace cost (no hook matches)',
  });
  process.stdout.write(table);
} finally {
  rmSync(directory, { recursive: true, force: true });
}
