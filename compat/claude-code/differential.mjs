#!/usr/bin/env node
// The differential check: generates the corpus (generate.mjs), runs every scenario in the real Claude Code
// natively and through `hookwire run` as the catch-all (the shared harness's --runner), reduces each run to
// its verdict (verdicts.mjs), keeps the verdicts as data and prints SAME or DIFFERENT per scenario.
//
//   unshare -n sh -c 'ip link set lo up; node compat/claude-code/differential.mjs [--only ID,...]
//        [--native-only | --hookwire-only] [--runs N] [--hookwire-runs N] [--keep DIR] [--verdicts FILE]'
//
// --runs N runs each scenario N times natively (a native verdict counts only when all N agree) and, unless
// --hookwire-runs says otherwise, N times through hookwire; --hookwire-only keeps the native verdicts of
// the last run and runs hookwire only.
//
// Environment: CLAUDE_BIN (the CLI), COMPAT_HARNESS (the shared harness's directory, default
// ../shared/compat beside the project), HOOKWIRE_RUNNER (default `node <project>/dist/cli.js run --settings
// "$ORACLE_HOOKS_CONFIG"`). Writes compat/claude-code/verdicts-<version>.json.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { compareModelCalls, summariseModelCalls } from '../lib/model-calls.mjs';
import { generate } from './generate.mjs';
import { verdictOf } from './verdicts.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const project = resolve(here, '../..');
const { values } = parseArgs({
  options: {
    only: { type: 'string' },
    'native-only': { type: 'boolean' },
    'hookwire-only': { type: 'boolean' },
    'hookwire-runs': { type: 'string' },
    runs: { type: 'string', default: '1' },
    keep: { type: 'string' },
    scenarios: { type: 'string' },
    verdicts: { type: 'string' },
  },
});
const harness = process.env.COMPAT_HARNESS ?? resolve(project, '../shared/compat');
const claude = process.env.CLAUDE_BIN ?? 'claude';
const runner =
  process.env.HOOKWIRE_RUNNER ?? `node ${join(project, 'dist/cli.js')} run --settings "$ORACLE_HOOKS_CONFIG"`;
const version = execFileSync(claude, ['--version'], { encoding: 'utf8' }).trim().split(' ')[0];
const work = values.keep ? resolve(values.keep) : mkdtempSync(join(tmpdir(), 'hookwire-differential-'));
mkdirSync(work, { recursive: true });

const only = values.only?.split(',');
const dirs = (
  values.scenarios ? values.scenarios.split(',').map((d) => resolve(d)) : generate(join(work, 'scenarios'))
).filter((dir) => !only || only.some((id) => basename(dir).startsWith(id)));

/** The first run of each side, for the model calls' comparison. */
const runDirs = {};

/** One run of the harness; returns its observed.json and run directory. */
function run(dir, mode, attempt) {
  const out = join(work, 'runs', `${basename(dir)}.${mode}.${attempt}`);
  rmSync(out, { recursive: true, force: true });
  const args = [join(harness, 'run-scenario.mjs'), dir, '--out', out, '--quiet', '--claude', claude];
  if (mode === 'hookwire') args.push('--runner', runner);
  const result = spawnSync(process.execPath, args, {
    encoding: 'utf8',
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  if (result.status !== 0) throw new Error(`${basename(dir)} ${mode}: harness exited ${result.status}`);
  runDirs[mode] ??= out;
  return { observed: JSON.parse(readFileSync(join(out, 'observed.json'), 'utf8')), runDir: out };
}

// --verdicts FILE: another file (a batch run beside another; merge-verdicts.mjs joins them).
const file = values.verdicts ? resolve(values.verdicts) : join(here, `verdicts-${version}.json`);
const kept = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : { version, scenarios: {} };
kept.version = version;
let same = 0;
let different = 0;
for (const dir of dirs) {
  const meta = JSON.parse(readFileSync(join(dir, 'scenario.json'), 'utf8'));
  const entry = { kind: meta.kind ?? 'scenario', native: [], hookwire: [] };
  delete runDirs.native;
  delete runDirs.hookwire;
  const previous = kept.scenarios[meta.id];
  const hookwireRuns = Number(values['hookwire-runs'] ?? values.runs);
  for (let attempt = 0; attempt < Number(values.runs); attempt++) {
    if (!values['hookwire-only']) entry.native.push(verdictOf(meta, run(dir, 'native', attempt)));
    if (!values['native-only'] && attempt < hookwireRuns)
      entry.hookwire.push(verdictOf(meta, run(dir, 'hookwire', attempt)));
  }
  if (values['hookwire-only']) {
    if (!previous?.native) throw new Error(`${meta.id}: no native verdict kept; run it natively first`);
    entry.native.push(previous.native);
  }
  const text = (v) => JSON.stringify(v);
  entry.nativeStable = values['hookwire-only']
    ? previous.nativeStable
    : entry.native.every((v) => text(v) === text(entry.native[0]));
  if (!values['native-only']) {
    // What the model was sent, every request whole (model-calls.mjs), when both sides ran here.
    entry.modelCalls =
      runDirs.native && runDirs.hookwire
        ? compareModelCalls(summariseModelCalls(runDirs.native), summariseModelCalls(runDirs.hookwire))
        : null;
    entry.same = entry.hookwire.every((v) => text(v) === text(entry.native[0])) && !entry.modelCalls?.length;
    if (entry.same) same++;
    else different++;
  }
  kept.scenarios[meta.id] = {
    ...entry,
    native: entry.native[0],
    hookwire: values['native-only'] ? (previous?.hookwire ?? null) : entry.hookwire[0],
    same: values['native-only'] ? (previous?.same ?? null) : entry.same,
  };
  const status = values['native-only'] ? 'NATIVE' : entry.same ? 'SAME' : 'DIFFERENT';
  console.log(`${status} ${meta.id}${entry.nativeStable ? '' : ' (native unstable)'}`);
  if (!values['native-only'] && !entry.same) {
    for (const line of describeDifference(entry.native[0], entry.hookwire[0])) console.log(`  ${line}`);
    for (const line of entry.modelCalls ?? []) console.log(`  model ${line}`);
  }
}
writeFileSync(file, `${JSON.stringify(kept, null, 1)}\n`);
// Kept as biome formats it, so that the project's lint passes on the recorded verdicts.
spawnSync(join(project, 'node_modules/.bin/biome'), ['format', '--write', file], { stdio: 'ignore' });
if (!values['native-only']) console.log(`${same} SAME, ${different} DIFFERENT of ${dirs.length}; ${file}`);
if (!values.keep) rmSync(work, { recursive: true, force: true });

/** The paths where two verdicts differ, with both values. */
function describeDifference(a, b, path = '') {
  if (JSON.stringify(a) === JSON.stringify(b)) return [];
  if (a && b && typeof a === 'object' && typeof b === 'object' && !Array.isArray(a)) {
    return [...new Set([...Object.keys(a), ...Object.keys(b)])].flatMap((k) =>
      describeDifference(a[k], b[k], `${path}.${k}`),
    );
  }
  return [
    `${path}: native ${JSON.stringify(a)?.slice(0, 300)} | hookwire ${JSON.stringify(b)?.slice(0, 300)}`,
  ];
}
