/**
 * `npm run bench`: measures the performance targets (issue 7's six, and the adapters' target 7) and prints one
 * table (Markdown, so it pastes into docs/performance.md). Each target compares variants interleaved in random order in the same
 * run; see docs/performance.md for what each row measures.
 *
 *   npm run bench                 the full suite (a few minutes on 2 cores)
 *   npm run bench -- --quick      fewer rounds, for a smoke check
 *   npm run bench -- --only 1,4   some targets only
 */
import { cpus } from 'node:os';
import { parseArgs } from 'node:util';
import { renderTable } from './lib/render-table.js';
import { skippedResult, type TargetResult } from './lib/target-result.js';
import { measureBigHostSpawn } from './targets/big-host-spawn.js';
import { measureColdStart } from './targets/cold-start.js';
import { measureCommandOverhead } from './targets/command-overhead.js';
import { measureFireAndForget } from './targets/fire-and-forget.js';
import { measureFixedEventCost } from './targets/fixed-event-cost.js';
import { measureServeReplicas } from './targets/serve-replicas.js';
import { measureUnmatchedEventRate } from './targets/unmatched-event-rate.js';
import { measureWarmClient } from './targets/warm-client.js';

const TARGETS: ReadonlyArray<readonly [string, string, (quick: boolean) => Promise<TargetResult[]>]> = [
  ['1', 'overhead per command hook', measureCommandOverhead],
  ['2', 'fixed cost of an event with matching hooks', measureFixedEventCost],
  ['3', 'event that matches nothing', measureUnmatchedEventRate],
  ['4', '`hookwire run` cold start', measureColdStart],
  ['5', 'spawn from a big host', measureBigHostSpawn],
  ['6', 'fire-and-forget dispatch', measureFireAndForget],
  ['9', 'native client and warm daemon', measureWarmClient],
  ['10', 'serve: replicas, Redis state', measureServeReplicas],
  // Imported when run: it loads LangChain, which the other targets' process should not hold.
  [
    '7',
    'adapter tool call that matches no hook',
    async (quick) => (await import('./targets/adapter-tool-call.js')).measureAdapterToolCall(quick),
  ],
  // Imported when run: it loads the AI SDK and the Agents SDK.
  [
    '8',
    'AI SDK and Agents SDK adapters, no hook matches',
    async (quick) => (await import('./targets/ai-sdk-agents-tool-call.js')).measureAiSdkAgentsToolCall(quick),
  ],
];

const { values } = parseArgs({
  options: { quick: { type: 'boolean', default: false }, only: { type: 'string' } },
});
const only = values.only?.split(',').map((id) => id.trim());

const startedAt = performance.now();
const results: TargetResult[] = [];
for (const [id, name, measure] of TARGETS) {
  if (only !== undefined && !only.includes(id)) continue;
  const targetStart = performance.now();
  try {
    results.push(...(await measure(values.quick)));
  } catch (error) {
    results.push(skippedResult(id, name, `the benchmark itself failed: ${(error as Error).stack ?? error}`));
  }
  process.stderr.write(
    `target ${id} measured in ${((performance.now() - targetStart) / 1000).toFixed(1)} s\n`,
  );
}

const cpu = cpus()[0]?.model ?? 'unknown CPU';
process.stdout.write(
  `hookwire bench: node ${process.version}, ${cpus().length} x ${cpu}, ${values.quick ? 'quick' : 'full'} run, ${((performance.now() - startedAt) / 1000).toFixed(0)} s\n\n`,
);
process.stdout.write('Spreads read: median [p25-p75] min..max n=samples.\n\n');
process.stdout.write(`${renderTable(results)}\n`);
process.exitCode = results.some((result) => result.verdict === 'FAIL') ? 1 : 0;
