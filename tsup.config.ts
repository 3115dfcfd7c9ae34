import { createRequire } from 'node:module';
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

/*
 * Node's builtin modules, for the run bundle, taken with process.getBuiltinModule (Node >= 20.16) instead of
 * ESM imports. An ESM import of a builtin builds a facade that reads every export, and so runs the lazy
 * getters: for node:fs that loads the file streams and fs/promises, for node:util parseArgs' siblings
 * (MIME types, text codecs); together several ms of every `hookwire run`. The shim exports the plain
 * properties, and of the lazy ones only those named here; importing any other fails the build.
 * node:child_process (with net, dgram and the streams) is loaded only by the first spawn: an event that no
 * hook matches never loads it.
 */
const LOADED_ON_FIRST_CALL: Record<string, readonly string[]> = { child_process: ['spawn'] };
const LAZY_EXPORTS_USED: Record<string, readonly string[]> = { fs: [], util: ['parseArgs'] };
const builtinsWithoutFacades: Plugin = {
  name: 'builtins-without-facades',
  setup(build) {
    const require = createRequire(import.meta.url);
    build.onResolve({ filter: /^node:(fs|util|child_process)$/ }, (args) => ({
      path: args.path.replace(/^node:/, ''),
      namespace: 'builtin-shim',
    }));
    build.onLoad({ filter: /.*/, namespace: 'builtin-shim' }, (args) => {
      const lazy = LOADED_ON_FIRST_CALL[args.path];
      if (lazy) {
        const load = `process.getBuiltinModule('node:${args.path}')`;
        const wrappers = lazy.map(
          (name) => `export function ${name}(...args) { return ${load}.${name}(...args); }`,
        );
        return { contents: wrappers.join('\n'), loader: 'js' };
      }
      const module = require(`node:${args.path}`) as Record<string, unknown>;
      const names = Object.keys(module).filter(
        (name) =>
          LAZY_EXPORTS_USED[args.path]?.includes(name) || !Object.getOwnPropertyDescriptor(module, name)?.get,
      );
      const lines = [`const builtin = process.getBuiltinModule('node:${args.path}');`];
      for (const name of names) lines.push(`export const ${name} = builtin.${name};`);
      lines.push('export default builtin;');
      return { contents: lines.join('\n'), loader: 'js' };
    });
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
    // Keep `node:` on builtin imports, so that builtinsWithoutFacades sees them before they are made external.
    removeNodeProtocol: false,
    esbuildPlugins: [builtinsWithoutFacades],
  },
]);
