/*
 * The cost of the escaped-process sweep (src/run/process/kill-marked-processes.ts), which runs on kill paths
 * only (timeout, cancel, close, a lost spawner): one scan of /proc for a marker nobody carries, as a ratio
 * to spawning and reaping one `/bin/true`, measured in the same run. Linux only.
 * Run: npx tsx bench/marker-sweep.ts
 */
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { findMarkedProcesses } from '../src/run/process/kill-marked-processes.js';

const ROUNDS = 50;
function median(samples: number[]): number {
  return [...samples].sort((left, right) => left - right)[Math.floor(samples.length / 2)] as number;
}
function measure(work: () => void): number {
  work(); // warm
  const samples: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const startedAt = performance.now();
    work();
    samples.push(performance.now() - startedAt);
  }
  return median(samples);
}

const processes = readdirSync('/proc').filter((entry) => /^\d+$/.test(entry)).length;
const spawnMs = measure(() => spawnSync('/bin/true'));
const sweepMs = measure(() => findMarkedProcesses(() => false));
console.log(`processes visible in /proc: ${processes}`);
console.log(`spawn + reap /bin/true (baseline): ${spawnMs.toFixed(2)} ms`);
console.log(
  `one sweep of /proc:                ${sweepMs.toFixed(2)} ms (${(sweepMs / spawnMs).toFixed(2)}x the baseline)`,
);
