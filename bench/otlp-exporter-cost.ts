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
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { build } from 'esbuild';
import { type NodeVariant, wallAndCpuTable } from './lib/wall-and-cpu.js';

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
const ours = fileURLToPath(new URL('../src/cli/otlp/otlp-exporter.ts', import.meta.url));
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

  const variants: Record<string, NodeVariant> = {
    'node -e 0': { args: ['-e', '0'] },
    "hookwire's exporter, bundled": { args: [oursBundle] },
    'official 0.223.1, bundled': { args: [officialBundle] },
    'official 0.223.1, installed': { args: [installed], env: { ...process.env, NODE_PATH: officialModules } },
  };
  const table = await wallAndCpuTable(variants, {
    directory,
    rounds: Number(values.rounds),
    warmupRounds: WARMUP_ROUNDS,
    reference: 'node -e 0',
    title: 'OTLP exporter load cost',
  });
  process.stdout.write(table);
} finally {
  rmSync(directory, { recursive: true, force: true });
}
