import { defineConfig } from 'tsup';

// Two entry points: the library (tree-shakeable, with types) and the CLI. The CLI is one pre-bundled file
// so that `hookwire run`, which an agent spawns on every event, starts without resolving a module graph.
export default defineConfig({
  entry: { index: 'src/index.ts', cli: 'src/cli/main.ts' },
  format: ['esm'],
  target: 'node20',
  platform: 'node',
  dts: { entry: { index: 'src/index.ts' } },
  clean: true,
  sourcemap: false,
  splitting: true,
  // SDKs stay external and are imported lazily, only by the handlers that need them.
  external: ['@anthropic-ai/sdk', 'openai', 'deepagents', 'langchain', '@langchain/core'],
});
