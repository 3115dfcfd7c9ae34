/**
 * `npx tsx bench/otlp-exporter-cost.ts --official DIR [--rounds N]`: what loading an OTLP exporter adds to a
 * process's start, the cost `hookwire run` would pay on every event with export on. DIR is a directory where
 * the official exporter is installed (`npm i --prefix DIR @opentelemetry/exporter-trace-otlp-http@0.223.1`,
 * the last line that supports Node 20). Each exporter is bundled as the build bundles `hookwire run` (one
 * CommonJS file, with the esbuild that tsup brings), and the official one is also measured as installed (`require` from
 * node_modules); each process loads it and creates one exporter for a local URL, nothing is sent. Whole
 * processes interleaved in random order with `node -e 0`; figures are medians, differences of medians
 * against `node -e 0`, wall time and the CPU time (user + system) each process reports at exit.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { build } from 'esbuild';
import { formatMs, formatSummaryMs } from './lib/format.js';
import { interleave, type Variant } from './lib/interleave.js';
import { runProcess } from './lib/run-process.js';
import { summarise } from './lib/stats.js';

const WARMUP_ROUNDS = 3;
const { values } = parseArgs({
  options: { official: { type: 'string' }, rounds: { type: 'string', default: '40' } },
});
if (values.official === undefined) {
  throw new Error(
    'pass --official DIR: a directory where `npm i --prefix DIR @opentelemetry/exporter-trace-otlp-http@0.223.1` ran',
  );
}
const officialModules = join(resolve(values.official), 'node_modules');
const ours = fileURLToPath(new URL('../src/telemetry/otlp/otlp-exporter.ts', import.meta.url));
const directory = mkdtempSync(join(tmpdir(), 'hookwire-otlp-cost-'));
try {
  const url = 'http://127.0.0.1:4318/v1/traces';
  const oursEntry = join(directory, 'ours-entry.ts');
  writeFileSync(
    oursEntry,
    `import { createOtlpExporter } from ${JSON.stringify(ours)};
createOtlpExporter({ url: ${JSON.stringify(url)}, headers: {}, timeoutMs: 10000, resource: { 'service.name': 'hookwire' }, parent: undefined }, () => {});\n`,
  );
  const officialEntry = join(directory, 'official-entry.cjs');
  writeFileSync(
    officialEntry,
    `const { OTLPTraceExporter } = require('@opentelemetry/exporter-trace-otlp-http');
new OTLPTraceExporter({ url: ${JSON.stringify(url)} });\n`,
  );
  const bundle = async (entry: string, name: string) => {
    const outfile = join(directory, name);
    await build({
      entryPoints: [entry],
      outfile,
      bundle: true,
      platform: 'node',
      format: 'cjs',
      target: 'node20',
      nodePaths: [officialModules],
      logLevel: 'error',
    });
    return outfile;
  };
  const oursBundle = await bundle(oursEntry, 'ours.cjs');
  const officialBundle = await bundle(officialEntry, 'official.cjs');
  const installed = join(directory, 'official-installed.cjs');
  writeFileSync(installed, readFileSync(officialEntry, 'utf8'));

  const cpuFile = join(directory, 'cpu');
  const preload = join(directory, 'report-cpu.cjs');
  writeFileSync(
    preload,
    `process.on('exit', () => { const { user, system } = process.cpuUsage(); require('node:fs').writeFileSync(${JSON.stringify(cpuFile)}, String((user + system) / 1000)); });`,
  );
  const cpu: Record<string, number[]> = {};
  const measured =
    (name: string, args: string[], env?: NodeJS.ProcessEnv): Variant =>
    async () => {
      const result = await runProcess(process.execPath, ['--require', preload, ...args], '', directory, env);
      if (result.exitCode !== 0 || result.stderr !== '') throw new Error(`${name}: ${result.stderr}`);
      cpu[name] = [...(cpu[name] ?? []), Number(readFileSync(cpuFile, 'utf8'))];
      return result.durationMs;
    };
  const variants: Record<string, Variant> = {
    'node -e 0': measured('node -e 0', ['-e', '0']),
    "hookwire's exporter, bundled": measured('ours', [oursBundle]),
    'official 0.223.1, bundled': measured('official bundled', [officialBundle]),
    'official 0.223.1, installed': measured('official installed', [installed], {
      ...process.env,
      NODE_PATH: officialModules,
    }),
  };
  const names: Record<string, string> = {
    'node -e 0': 'node -e 0',
    "hookwire's exporter, bundled": 'ours',
    'official 0.223.1, bundled': 'official bundled',
    'official 0.223.1, installed': 'official installed',
  };
  const samples = await interleave(variants, { rounds: Number(values.rounds), warmupRounds: WARMUP_ROUNDS });
  const cpuOf = (name: string) => summarise(cpu[names[name]!]?.slice(WARMUP_ROUNDS) ?? []);
  const wallReference = summarise(samples['node -e 0'] ?? []).median;
  const cpuReference = cpuOf('node -e 0').median;
  const versus = (name: string, value: number, reference: number) =>
    name === 'node -e 0' ? 'reference' : `${value >= reference ? '+' : ''}${formatMs(value - reference)}`;
  process.stdout.write(
    `OTLP exporter load cost: node ${process.version}, ${cpus().length} x ${cpus()[0]?.model ?? 'CPU'}, ${values.rounds} rounds\n\n| variant | wall time | vs node -e 0 | CPU time | vs node -e 0 |\n|---|---|---|---|---|\n`,
  );
  for (const name of Object.keys(variants)) {
    const wall = summarise(samples[name] ?? []);
    const used = cpuOf(name);
    process.stdout.write(
      `| ${name} | ${formatSummaryMs(wall)} | ${versus(name, wall.median, wallReference)} | ${formatSummaryMs(used)} | ${versus(name, used.median, cpuReference)} |\n`,
    );
  }
} finally {
  rmSync(directory, { recursive: true, force: true });
}
