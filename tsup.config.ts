import type { Plugin } from 'esbuild';
import { defineConfig } from 'tsup';

// The SDKs stay external and are imported lazily, only by the handlers that need them.
const sdks = [
  '@anthropic-ai/sdk',
  'openai',
  'deepagents',
  'langchain',
  '@langchain/core',
  '@langchain/langgraph',
];

/** The single-file bundle of `hookwire run`, built by the second config below. */
const RUN_BUNDLE = './run/hookwire-run.js';

/*
 * In the split build, the CLI's lazy import of the `run` command is pointed at the single-file bundle, so
 * that `hookwire run` (spawned by an agent on every event) loads two files instead of a graph of chunks.
 * From the sources (tsx, tests) main.ts still imports ./commands/run.js.
 */
const runCommandToBundle: Plugin = {
  name: 'run-command-to-bundle',
  setup(build) {
    build.onResolve({ filter: /^\.\/commands\/run\.js$/ }, (args) =>
      args.importer.endsWith('/src/cli/main.ts') ? { path: RUN_BUNDLE, external: true } : undefined,
    );
  },
};

export default defineConfig([
  // Entry points: the library (tree-shakeable, with types), the Deep Agents middleware (its own entry, so
  // the main one never loads LangChain), the CLI, and the spawner process the engine can start on demand.
  {
    entry: {
      index: 'src/index.ts',
      deepagents: 'src/deepagents/middleware-entry.ts',
      cli: 'src/cli/main.ts',
      'spawner-main': 'src/run/spawner/spawner-main.ts',
    },
    format: ['esm'],
    target: 'node20',
    platform: 'node',
    dts: { entry: { index: 'src/index.ts', deepagents: 'src/deepagents/middleware-entry.ts' } },
    // The two configs build in parallel into dist/: this one must not delete the other's output.
    clean: ['!run/**'],
    sourcemap: false,
    splitting: true,
    external: sdks,
    esbuildPlugins: [runCommandToBundle],
  },
  // `hookwire run` as one file, jsonc-parser included: no chunk graph to resolve and link at start, and no
  // CommonJS loader for jsonc-parser's UMD build. It sits next to spawner-main.js, which it locates by URL.
  {
    entry: { 'hookwire-run': 'src/cli/commands/run.ts', 'spawner-main': 'src/run/spawner/spawner-main.ts' },
    outDir: 'dist/run',
    format: ['esm'],
    target: 'node20',
    platform: 'node',
    clean: true,
    sourcemap: false,
    splitting: true,
    external: sdks,
    noExternal: ['jsonc-parser'],
  },
]);
