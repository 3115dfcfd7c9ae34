// Runs one scenario in the real Kilo (`kilo run`), an OpenCode fork with the same plugin surface: see
// ../opencode/plugin-host-scenario.mjs. What differs is Kilo's own: its config file (kilo.json), its plugin
// directory (.kilo/plugins: Kilo loads no .opencode directory) and its variables (KILO_*).
//   node run-scenario.mjs SCENARIO_DIR --out DIR [--hookwire 'node /path/to/dist/hookwire.cjs']
// KILO_BIN names the kilo executable.
import { runPluginHostScenario } from '../opencode/plugin-host-scenario.mjs';

await runPluginHostScenario({
  name: 'kilo',
  executable: process.env.KILO_BIN ?? 'kilo',
  configFile: 'kilo.json',
  schema: 'https://app.kilo.ai/config.json',
  pluginDirectory: '.kilo/plugins',
  env: {
    KILO_DISABLE_AUTOUPDATE: '1',
    KILO_DISABLE_MODELS_FETCH: '1',
    KILO_DISABLE_SHARE: '1',
    KILO_DISABLE_LSP_DOWNLOAD: '1',
    KILO_DISABLE_SESSION_INGEST: '1',
    // Kilo indexes the project and watches its files at start: minutes on a loaded machine, and the same in
    // both modes; neither changes what a plugin sees.
    KILO_DISABLE_CODEBASE_INDEXING: '1',
    KILO_EXPERIMENTAL_DISABLE_FILEWATCHER: '1',
  },
  timeoutMs: 1_500_000,
});
