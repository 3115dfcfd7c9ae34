import { defineConfig } from 'tsup';

// Entry points: the library (tree-shakeable, with types), the Deep Agents middleware (its own entry, so
// the main one never loads LangChain), the CLI, and the spawner process the engine can
// start on demand. The CLI is pre-bundled so that `hookwire run`, which an agent spawns on every event,
// starts without resolving a module graph.
export default defineConfig({
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
  clean: true,
  sourcemap: false,
  splitting: true,
  // SDKs stay external and are imported lazily, only by the handlers that need them.
  external: [
    '@anthropic-ai/sdk',
    'openai',
    'deepagents',
    'langchain',
    '@langchain/core',
    '@langchain/langgraph',
  ],
});
