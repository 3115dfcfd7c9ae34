#!/usr/bin/env node
/*
 * The `hookwire` bin, built as CommonJS (dist/hookwire.cjs) and only ever run built. An agent spawns
 * `hookwire run` on every event, so `run` is dispatched before anything else is loaded: the run bundle
 * (dist/hookwire-run.cjs, CommonJS too) is compiled with a code cache (require-with-code-cache.ts). A
 * CommonJS entry also spares `run` the start of Node's ESM loader, which an ES module entry always pays
 * (several ms, the largest fixed cost after compiling). Every other command loads the full CLI, dist/cli.js.
 */
import { join } from 'node:path';
import type { run as runCommand } from './commands/run.js';
import { codeCacheDirectory, requireWithCodeCache } from './require-with-code-cache.js';

/** The run bundle's file name, next to this bin in dist/ (tsup.config.ts builds both). */
const RUN_BUNDLE = 'hookwire-run.cjs';

const [command, ...rest] = process.argv.slice(2);
if (command === 'run') {
  const bundle = requireWithCodeCache(join(import.meta.dirname, RUN_BUNDLE), codeCacheDirectory());
  const run = bundle.exports.run as typeof runCommand;
  run(rest).then((code) => {
    process.exitCode = code;
    bundle.saveCache();
  });
} else {
  // The full CLI reads process.argv itself. From the sources this is main.ts; built, dist/cli.js.
  import('./main.js');
}
