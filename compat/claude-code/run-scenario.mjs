#!/usr/bin/env node
// The shared harness's run-scenario.mjs with the process recorder: every bash the host or hookwire starts
// (hook scripts, the harness's helpers, the host's Bash tool) records what it was started with
// (record-process.bash, through BASH_ENV), and so does every MCP server of the compat fixtures
// (record-process.mjs); observed.json gets the records, reduced to what two runs can share, as `processes`.
//
//   node compat/claude-code/run-scenario.mjs SCENARIO --out DIR [--runner CMD] [--claude BIN] [--quiet]
//
// COMPAT_HARNESS names the shared harness's directory (default ../shared/compat beside the project).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { summariseProcesses } from '../lib/processes.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const harness = process.env.COMPAT_HARNESS ?? resolve(here, '../../../shared/compat');
const args = process.argv.slice(2);
const outAt = args.indexOf('--out');
if (outAt < 0) throw new Error('usage: run-scenario.mjs SCENARIO --out DIR [harness options]');
const out = resolve(args[outAt + 1]);
mkdirSync(out, { recursive: true });
const records = join(out, 'processes.jsonl');
writeFileSync(records, '');
const result = spawnSync(process.execPath, [join(harness, 'run-scenario.mjs'), ...args], {
  stdio: 'inherit',
  env: {
    ...process.env,
    BASH_ENV: join(here, '../lib/record-process.bash'),
    PROCESS_RECORDS: records,
    PROCESS_RECORDER: join(here, '../lib/record-process.mjs'),
  },
});
if (result.status !== 0) process.exit(result.status ?? 1);
const observedFile = join(out, 'observed.json');
const observed = JSON.parse(readFileSync(observedFile, 'utf8'));
const lines = existsSync(records) ? readFileSync(records, 'utf8').split('\n').filter(Boolean) : [];
// The raw records are kept too: compare.mjs reduces them again, so a better reduction needs no new run.
observed.process_records = lines.flatMap((line) => {
  try {
    return [JSON.parse(line)];
  } catch {
    return [];
  }
});
observed.processes = summariseProcesses(observed.process_records, observed.run_dir);
writeFileSync(observedFile, JSON.stringify(observed, null, 1));
