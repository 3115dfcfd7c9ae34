#!/usr/bin/env node
// `node compat/claude-code/compare.mjs NATIVE/observed.json HOOKWIRE/observed.json`: the shared harness's
// compare.py (hooks, tool, model), the process records (processes.mjs) and every model request whole
// (model-calls.mjs); SAME or the differences.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { compareHttpRequests, summariseHttpRequests } from '../lib/http-requests.mjs';
import { compareModelCalls, summariseModelCalls } from '../lib/model-calls.mjs';
import { compareProcesses, summariseProcesses } from '../lib/processes.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const harness = process.env.COMPAT_HARNESS ?? resolve(here, '../../../shared/compat');
const [nativeFile, hookwireFile] = process.argv.slice(2);
const shared = spawnSync('python3', [join(harness, 'compare.py'), nativeFile, hookwireFile], {
  encoding: 'utf8',
});
if (shared.status !== 0 && shared.status !== 1)
  throw new Error(`compare.py: ${shared.stderr || shared.error}`);
const sharedSame = shared.status === 0;
if (!sharedSame) process.stdout.write(shared.stdout.replace(/\nDIFFERENT\n?$/, '\n'));
const [native, hookwire] = [nativeFile, hookwireFile].map((f) => JSON.parse(readFileSync(f, 'utf8')));
// Reduced again from the raw records (a run recorded before a change of the reduction compares as now).
const summary = (o) => (o.process_records ? summariseProcesses(o.process_records, o.run_dir) : o.processes);
const differences = compareProcesses(summary(native), summary(hookwire));
for (const line of differences) console.log(`DIFF process ${line}`);
// The whole of every model request (compare.py looks at the newest messages only).
const modelDifferences = compareModelCalls(
  summariseModelCalls(native.run_dir),
  summariseModelCalls(hookwire.run_dir),
);
for (const line of modelDifferences) console.log(`DIFF model ${line}`);
// What an http hook's server received (the scenarios whose server records it: N01).
const { httpHeaders } = JSON.parse(readFileSync(join(here, '../lib/process-differences.json'), 'utf8'));
const httpDifferences = compareHttpRequests(
  summariseHttpRequests(native.run_dir, Object.keys(httpHeaders)),
  summariseHttpRequests(hookwire.run_dir, Object.keys(httpHeaders)),
);
for (const line of httpDifferences) console.log(`DIFF http ${line}`);
const same =
  sharedSame && differences.length === 0 && modelDifferences.length === 0 && httpDifferences.length === 0;
console.log(same ? 'SAME' : 'DIFFERENT');
process.exit(same ? 0 : 1);
