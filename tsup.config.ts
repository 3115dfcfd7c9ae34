import type { Plugin } from 'esbuild';
import { defineConfig } from 'tsup';

// The SDKs stay external and are imported lazily, only by the code that needs them.
const sdks = [
  '@anthropic-ai/sdk',
  'openai',
  'deepagents',
  'langchain',
  '@langchain/core',
  '@langchain/langgraph',
  'ai',
  '@openai/agents',
  // mcp_tool hooks' MCP client (and its `/stdio` entry), an optional peer.
  '@modelcontextprotocol/client',
  // The host's own OpenTelemetry API, imported only when the host registered a tracer provider.
  '@opentelemetry/api',
  // The Bash parser of `if` rules (WebAssembly, with tree-sitter-bash's grammar file beside it), imported
  // only when a Bash rule must split a compound command (src/select/shell-parser.ts).
  'web-tree-sitter',
  // `serve --state redis://...`'s client, an optional peer.
  'ioredis',
];

/** The single-file bundle of `hookwire run` (CommonJS), built by the second config below next to the bin. */
const RUN_BUNDLE = './hookwire-run.cjs';

/*
 * In the split build, the CLI's lazy import of the `run` command is pointed at the run bundle, so that
 * `node dist/cli.js run` loads the same code as the bin's `hookwire run`. From the sources (tsx, tests)
 * command-table.ts still imports ./commands/run.js.
 */
const runCommandToBundle: Plugin = {
  name: 'run-command-to-bundle',
  setup(build) {
    build.onResolve({ filter: /^\.\/commands\/run\.js$/ }, (args) =>
      args.importer.endsWith('/src/cli/command-table.ts') ? { path: RUN_BUNDLE, external: true } : undefined,
    );
  },
};

/** The bin's import of the full CLI (main.ts in the sources) is dist/cli.js, built by the split build. */
const binImportsBuiltCli: Plugin = {
  name: 'bin-imports-built-cli',
  setup(build) {
    build.onResolve({ filter: /^\.\/main\.js$/ }, (args) =>
      args.importer.endsWith('/src/cli/bin.ts') ? { path: './cli.js', external: true } : undefined,
    );
  },
};

/*
 * node:child_process (with net, dgram and the streams) is loaded by the run bundle's first spawn only: an
 * event that no hook matches never loads it. Taken with process.getBuiltinModule (Node >= 20.16), which a
 * bundler does not follow.
 */
const childProcessOnFirstSpawn: Plugin = {
  name: 'child-process-on-first-spawn',
  setup(build) {
    build.onResolve({ filter: /^node:child_process$/ }, () => ({
      path: 'child_process',
      namespace: 'child-process-on-first-spawn',
    }));
    build.onLoad({ filter: /.*/, namespace: 'child-process-on-first-spawn' }, () => ({
      contents:
        "export function spawn(...args) { return process.getBuiltinModule('node:child_process').spawn(...args); }",
      loader: 'js',
    }));
  },
};

/*
 * jsonc-parser declares no "sideEffects", so esbuild keeps the bodies of its modules whose exports nothing
 * uses: its string-intern tables (six arrays of 200 strings, built when loaded, for the formatter, which
 * nothing here uses) cost about half a millisecond of every `hookwire run`. Its modules have no side effects.
 */
const RESOLVING = Symbol('resolving');
const jsoncParserWithoutSideEffects: Plugin = {
  name: 'jsonc-parser-without-side-effects',
  setup(build) {
    build.onResolve({ filter: /^(jsonc-parser|\.{1,2}\/.*)$/ }, async (args) => {
      if (args.pluginData === RESOLVING) return undefined;
      if (args.path !== 'jsonc-parser' && !args.importer.includes('/node_modules/jsonc-parser/'))
        return undefined;
      const { path, errors } = await build.resolve(args.path, {
        kind: args.kind,
        importer: args.importer,
        resolveDir: args.resolveDir,
        pluginData: RESOLVING,
      });
      return errors.length > 0 ? { errors } : { path, sideEffects: false };
    });
  },
};

/*
 * What a host row loads lazily (`install.load`, `trust.load`, `commands[...].load`: hookwire init's, trust's
 * and the host's own commands' code) is left out of the run bundle: `hookwire run` never installs, trusts or
 * runs a host's command, and every byte of the bundle is compiled on every event. Each such place holds a
 * module that says so, should anything reach it.
 */
const hostRowPartsOutsideRunBundle: Plugin = {
  name: 'host-row-parts-outside-run-bundle',
  setup(build) {
    build.onResolve({ filter: /^\.\.?\// }, (args) =>
      args.kind === 'dynamic-import' && /\/src\/hosts\/[^/]+\/[^/]+-host\.ts$/.test(args.importer)
        ? { path: args.path, namespace: 'host-row-parts-outside-run-bundle' }
        : undefined,
    );
    build.onLoad({ filter: /.*/, namespace: 'host-row-parts-outside-run-bundle' }, () => ({
      contents:
        "throw new Error('hookwire run does not install, trust or run a host command: the full CLI does');",
      loader: 'js',
    }));
  },
};

export default defineConfig([
  // Entry points: the library (tree-shakeable, with types), the Deep Agents middleware (its own entry, so
  // the main one never loads LangChain), the full CLI, and the spawner process the engine can start on
  // demand (the run bundle locates it beside itself).
  {
    entry: {
      index: 'src/index.ts',
      host: 'src/host.ts',
      deepagents: 'src/hosts/deepagents/front-end/middleware-entry.ts',
      'ai-sdk': 'src/adapters/ai-sdk/index.ts',
      'openai-agents': 'src/adapters/openai-agents/index.ts',
      langchain: 'src/adapters/langchain/langchain-entry.ts',
      cli: 'src/cli/main.ts',
      'spawner-main': 'src/run/spawner/spawner-main.ts',
    },
    format: ['esm'],
    target: 'node20',
    platform: 'node',
    // The declarations take most of the build's CPU and no test reads them: `npm test`'s build leaves them
    // out (HOOKWIRE_BUILD_TYPES=0); `npm run build` and `npm pack` (prepack) make them.
    dts: process.env.HOOKWIRE_BUILD_TYPES !== '0' && {
      entry: {
        index: 'src/index.ts',
        host: 'src/host.ts',
        deepagents: 'src/hosts/deepagents/front-end/middleware-entry.ts',
        'ai-sdk': 'src/adapters/ai-sdk/index.ts',
        'openai-agents': 'src/adapters/openai-agents/index.ts',
        langchain: 'src/adapters/langchain/langchain-entry.ts',
      },
    },
    // The configs build in parallel into dist/: this one must not delete the others' output.
    clean: ['!hookwire.cjs', '!hookwire-run.cjs'],
    sourcemap: false,
    splitting: true,
    external: sdks,
    esbuildPlugins: [runCommandToBundle],
  },
  /*
   * The bin, CommonJS (dist/hookwire.cjs): a CommonJS entry does not start Node's ESM loader. It compiles
   * the run bundle with a V8 code cache (src/cli/require-with-code-cache.ts) and imports dist/cli.js for
   * every other command.
   */
  {
    entry: { hookwire: 'src/cli/bin.ts' },
    format: ['cjs'],
    target: 'node20',
    platform: 'node',
    clean: false,
    sourcemap: false,
    define: { 'import.meta.dirname': '__dirname' },
    esbuildPlugins: [binImportsBuiltCli],
    // bin/hookwire-client: the native client compiled for this machine when it has a C compiler, else the
    // Node client, with a line saying which (bin/install-client.cjs; docs/daemon.md).
    onSuccess: 'node bin/install-client.cjs --build',
  },
  /*
   * `hookwire run` as one CommonJS file (dist/hookwire-run.cjs), jsonc-parser included (its ES module
   * build): no chunk graph to resolve and link at start. The http, prompt and agent runners it imports
   * lazily are in it too, evaluated on first use only. Builtins are plain `require`s, which (unlike ESM
   * imports of builtins) build no facade running node:fs's and node:util's lazy getters.
   * Dynamic `import()` is lowered to `require()` (only the model SDKs are imported so, and both ship
   * CommonJS): a script compiled by node:vm, as the bin compiles this one, can `import()` only through
   * vm.constants.USE_MAIN_CONTEXT_DEFAULT_LOADER, which prints an ExperimentalWarning on the hook's stderr.
   */
  {
    entry: { 'hookwire-run': 'src/cli/commands/run.ts' },
    format: ['cjs'],
    target: 'node20',
    platform: 'node',
    clean: false,
    sourcemap: false,
    splitting: false,
    // The spawner client locates spawner-main.js by import.meta.url: computed from __filename when read,
    // and escaped (unlike tsup's shims, which build `file:${__filename}` on every module's start).
    banner: {
      js: '"use strict";\nconst importMeta = { get url() { return require("node:url").pathToFileURL(__filename).href; } };',
    },
    define: { 'import.meta.url': 'importMeta.url' },
    external: sdks,
    noExternal: ['jsonc-parser'],
    // Keep `node:` on builtin imports, so that childProcessOnFirstSpawn sees them before they are made external.
    removeNodeProtocol: false,
    esbuildPlugins: [childProcessOnFirstSpawn, jsoncParserWithoutSideEffects, hostRowPartsOutsideRunBundle],
    esbuildOptions(options) {
      options.mainFields = ['module', 'main'];
      options.supported = { ...options.supported, 'dynamic-import': false };
    },
  },
]);
