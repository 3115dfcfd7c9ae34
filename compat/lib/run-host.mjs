#!/usr/bin/env node
// Every compat scenario of one host, three ways: natively, through `hookwire init <host>` with the Node
// `hookwire run`, and through it with the native client and its daemon (`hookwire-client --hookwire
// dist/hookwire.cjs`); each run through hookwire compared with the native one by compare.mjs (the host's
// fields and the process records of ../lib/processes.mjs). Keeps each run's observed.json, without this
// machine's directories, as compat/<host>/results/<scenario>/{native,hookwire,client}.json and the
// comparisons as compat/<host>/results/compare.txt.
//
//   unshare -n sh -c 'ip link set lo up; node compat/lib/run-host.mjs HOST [--only ID,...] [SCENARIO_DIR...]'
//
// `--compare-only` runs nothing: it compares the kept results again (after a change of compare.mjs or of
// the deliberate differences). `--modes native,hookwire` runs those modes only and compares the others'
// kept results.
//
// The host's CLI is named as its run-scenario.mjs says (CODEX_BIN, GEMINI_BIN, ...). `npm run build` first:
// the client mode needs bin/hookwire-client. OpenCode and Kilo have no hook processes of their own (their
// plugins run in their process): there the Node run and the client are also compared with each other
// (`client-vs-hookwire`). Kilo, an OpenCode fork, runs OpenCode's scenarios.
import { spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const here = dirname(fileURLToPath(import.meta.url));
const project = resolve(here, '../..');
const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    only: { type: 'string' },
    modes: { type: 'string' },
    'compare-only': { type: 'boolean' },
  },
});
const [host, ...given] = positionals;
const hostDir = join(here, '..', host);
if (!host || !existsSync(join(hostDir, 'run-scenario.mjs'))) throw new Error(`no compat host ${host}`);
/** Hosts that run another host's scenarios: Kilo has OpenCode's plugin surface. */
const scenariosOf = { kilo: 'opencode' };
/** Hosts whose hooks run in the host's own process (a plugin), not as processes the host starts. */
const pluginHosts = new Set(['opencode', 'kilo']);
const compare = existsSync(join(hostDir, 'compare.mjs'))
  ? join(hostDir, 'compare.mjs')
  : join(here, '..', 'codex', 'compare.mjs');
const node = `node ${join(project, 'dist/hookwire.cjs')}`;
const client = `${join(project, 'bin/hookwire-client')} --hookwire ${join(project, 'dist/hookwire.cjs')}`;
const allModes = { native: undefined, hookwire: node, client };
/** `--modes native,hookwire`: those runs only; the other modes' kept results are compared as they are. */
const runModes = values.modes?.split(',') ?? Object.keys(allModes);

const scenarioDir = join(here, '..', scenariosOf[host] ?? host, 'scenarios');
const only = values.only?.split(',');
const scenarios = (
  given.length > 0 ? given.map((d) => resolve(d)) : readdirSync(scenarioDir).map((d) => join(scenarioDir, d))
).filter((d) => !only || only.some((id) => basename(d).startsWith(id)));

/**
 * An observed.json as kept in the project: this machine's directories named, not spelt out, and a value
 * the hook got unchanged from this script's own environment (the machine's) as `<as given>`.
 */
const placeless = (file) =>
  JSON.stringify(
    JSON.parse(readFileSync(file, 'utf8'), (key, value) =>
      typeof value === 'string' && key !== '' && process.env[key] === value && !key.startsWith('COMPAT_')
        ? '<as given>'
        : value,
    ),
    null,
    2,
  )
    .replaceAll(project, '<project>')
    .replaceAll(process.env.HOME ?? '/root', '<home>')
    .replace(/"OLDPWD": "\/[^"]*"/g, '"OLDPWD": "<cwd>"');

const work = mkdtempSync(join(tmpdir(), `${host}-compat-all-`));
const results = join(hostDir, 'results');
const comparisons = join(results, 'compare.txt');
/** compare.txt's lines of the other scenarios stay: a run of some scenarios replaces only theirs. */
const blocks = new Map();
if (existsSync(comparisons))
  for (const line of readFileSync(comparisons, 'utf8').split('\n').filter(Boolean)) {
    const id = /^\S/.test(line) ? line.split(/[: ]/)[0] : [...blocks.keys()].at(-1);
    blocks.set(id, [...(blocks.get(id) ?? []), line]);
  }
for (const dir of scenarios) {
  const id = basename(dir);
  const observed = {};
  for (const [mode, hookwire] of Object.entries(allModes)) {
    if (values['compare-only'] || !runModes.includes(mode)) {
      observed[mode] = join(results, id, `${mode}.json`);
      continue;
    }
    const out = join(work, id, mode);
    const args = [join(hostDir, 'run-scenario.mjs'), dir, '--out', out];
    if (hookwire) args.push('--hookwire', hookwire);
    const run = spawnSync(process.execPath, args, { stdio: ['ignore', 'ignore', 'inherit'] });
    if (run.status !== 0) throw new Error(`${id} ${mode}: run-scenario.mjs exited ${run.status}`);
    mkdirSync(join(results, id), { recursive: true });
    // Compared as kept, like the modes not run this time, so that every pair reads the same form.
    observed[mode] = join(results, id, `${mode}.json`);
    writeFileSync(observed[mode], `${placeless(join(out, 'observed.json'))}\n`);
  }
  const pairs = [
    ['hookwire', 'native', 'hookwire'],
    ['client', 'native', 'client'],
    ...(pluginHosts.has(host) ? [['client-vs-hookwire', 'hookwire', 'client']] : []),
  ];
  const lines = pairs.map(([label, a, b]) => {
    if (!existsSync(observed[a]) || !existsSync(observed[b])) return `${id} ${label}: not run`;
    const compared = spawnSync(process.execPath, [compare, observed[a], observed[b]], { encoding: 'utf8' });
    // A difference quotes the values it found: this machine's directories named, as in the kept runs.
    return compared.stdout
      .trimEnd()
      .replace(/^(\S+): /, `$1 ${label}: `)
      .replaceAll(project, '<project>')
      .replaceAll(process.env.HOME ?? '/root', '<home>');
  });
  blocks.set(id, lines.join('\n').split('\n'));
  console.log(lines.join('\n'));
  writeFileSync(
    comparisons,
    `${[...blocks.keys()]
      .sort()
      .flatMap((key) => blocks.get(key))
      .join('\n')}\n`,
  );
}
rmSync(work, { recursive: true, force: true });
