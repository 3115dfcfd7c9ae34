#!/usr/bin/env node
// Joins the verdicts of batch runs (differential.mjs --verdicts FILE) into the kept verdicts-<version>.json:
// each scenario of a batch replaces the kept one.
//
//   node compat/claude-code/merge-verdicts.mjs compat/claude-code/verdicts-2.1.332.json BATCH.json...
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const [target, ...batches] = process.argv.slice(2);
if (!target || batches.length === 0) throw new Error('usage: merge-verdicts.mjs KEPT.json BATCH.json...');
const kept = JSON.parse(readFileSync(target, 'utf8'));
for (const batch of batches) {
  const { version, scenarios } = JSON.parse(readFileSync(batch, 'utf8'));
  if (version !== kept.version) throw new Error(`${batch}: Claude Code ${version}, not ${kept.version}`);
  Object.assign(kept.scenarios, scenarios);
}
writeFileSync(target, `${JSON.stringify(kept, null, 1)}\n`);
const project = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
spawnSync(join(project, 'node_modules/.bin/biome'), ['format', '--write', resolve(target)], {
  stdio: 'ignore',
});
