#!/usr/bin/env node
// Every compat scenario of Claude Code, natively and through `hookwire run`, with the process recorder;
// compared by compare.mjs (compare.py's fields and the process records). Keeps the result per scenario in
// compat/claude-code/comparison-<version>.json and, with --keep-observed, each run's observed.json beside
// its scenario (observed-native.json, observed-hookwire.json).
//
//   unshare -n sh -c 'ip link set lo up; node compat/claude-code/run-all.mjs [--only ID,...] [--keep-observed]
//        SCENARIO_DIR...'
//
// Environment: CLAUDE_BIN, COMPAT_HARNESS, HOOKWIRE (default `node <project>/dist/hookwire.cjs`; the native
// client with the daemon: `hookwire-client --hookwire <project>/dist/hookwire.cjs`, with --label client).
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

/**
 * An observed.json as kept in the project: this machine's directories named, not spelt out, and only the
 * process records of the scenario's own programs (what compare.mjs reads).
 */
function placeless(observedFile) {
  const harness = process.env.COMPAT_HARNESS ?? resolve(project, '../shared/compat');
  const observed = JSON.parse(readFileSync(observedFile, 'utf8'));
  const ours = new Set(
    (observed.process_records ?? [])
      .filter((r) => String(r.argv0).startsWith(`${observed.run_dir}/`))
      .map((r) => r.pid),
  );
  observed.process_records = (observed.process_records ?? []).filter((r) => ours.has(r.pid));
  delete observed.processes;
  return `${JSON.stringify(observed, null, 1)}\n`
    .replaceAll(project, '<project>')
    .replaceAll(harness, '<harness>')
    .replaceAll(dirname(claude), '<claude-bin>')
    .replaceAll(process.env.HOME ?? '/root', '<home>')
    .replace(/"(OLD)?PWD": ?"\/[^"]*"/g, '"$1PWD":"<cwd>"');
}

const here = dirname(fileURLToPath(import.meta.url));
const project = resolve(here, '../..');
const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { only: { type: 'string' }, 'keep-observed': { type: 'boolean' }, label: { type: 'string' } },
});
const claude = process.env.CLAUDE_BIN ?? 'claude';
const hookwire = process.env.HOOKWIRE ?? `node ${join(project, 'dist/hookwire.cjs')}`;
const version = execFileSync(claude, ['--version'], { encoding: 'utf8' }).trim().split(' ')[0];
const settings = '--settings "$ORACLE_HOOKS_CONFIG"';
/** Scenarios whose runner needs more than the hooks file (compat/README.md says why). */
const runners = {
  'M01-mcp-tool-guard-deny': `${hookwire} run ${settings} --mcp-config "$CLAUDE_PROJECT_DIR/../mcp.json"`,
};
/** Scenarios that are one half of a pair, or that need a set-up of their own (compat/README.md). */
const skipped = new Set(['P01-plugin-dir-guard', 'P02-plugin-through-hookwire']);

const only = values.only?.split(',');
const dirs = positionals
  .map((d) => resolve(d))
  .filter((d) => existsSync(join(d, 'scenario.json')) && !skipped.has(basename(d)))
  .filter((d) => !only || only.some((id) => basename(d).startsWith(id)));
const work = mkdtempSync(join(tmpdir(), 'hookwire-compat-all-'));
// A runtime directory of this run's own, so that the native client starts a daemon here, in this network
// namespace (`unshare -n`), instead of using one a run in another namespace left, which cannot reach this
// run's stand-in for the model API (seen: prompt hooks failing with ECONNREFUSED through the client). Both
// sides get it, so the hooks' environments still compare; the daemon exits when idle.
const runtime = join(work, 'runtime');
mkdirSync(runtime, { mode: 0o700 });
process.env.XDG_RUNTIME_DIR = runtime;
// `--label client` keeps the results of another runner (the native client and the daemon) apart.
const file = join(here, `comparison-${version}${values.label ? `-${values.label}` : ''}.json`);
// Re-read before each write: two runs of this script may keep results in the same file.
const merge = (id, entry) => {
  const latest = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : { version, scenarios: {} };
  latest.scenarios[id] = entry;
  writeFileSync(file, `${JSON.stringify(latest, null, 1)}\n`);
};
let same = 0;
for (const dir of dirs) {
  const id = basename(dir);
  const run = (mode) => {
    const out = join(work, `${id}.${mode}`);
    const args = [join(here, 'run-scenario.mjs'), dir, '--out', out, '--quiet', '--claude', claude];
    if (mode === 'hookwire') args.push('--runner', runners[id] ?? `${hookwire} run ${settings}`);
    const result = spawnSync(process.execPath, args, { stdio: ['ignore', 'inherit', 'inherit'] });
    if (result.status !== 0) throw new Error(`${id} ${mode}: the harness exited ${result.status}`);
    return join(out, 'observed.json');
  };
  const [native, through] = [run('native'), run('hookwire')];
  const compared = spawnSync(process.execPath, [join(here, 'compare.mjs'), native, through], {
    encoding: 'utf8',
  });
  const lines = compared.stdout.trim().split('\n');
  const isSame = lines.at(-1) === 'SAME';
  if (isSame) same++;
  merge(id, { same: isSame, differences: lines.slice(0, -1) });
  console.log(`${lines.at(-1)} ${id}`);
  for (const line of lines.slice(0, -1)) console.log(`  ${line}`);
  // Only beside the project's own scenarios: the shared harness's directory is not ours to write in.
  if (values['keep-observed'] && dir.startsWith(`${project}/`)) {
    writeFileSync(join(dir, 'observed-native.json'), placeless(native));
    writeFileSync(join(dir, 'observed-hookwire.json'), placeless(through));
  }
}
console.log(`${same} SAME, ${dirs.length - same} DIFFERENT of ${dirs.length}; ${file}`);
rmSync(work, { recursive: true, force: true });
