// Runs one scenario in the real OpenCode (`opencode run`): see plugin-host-scenario.mjs.
//   node run-scenario.mjs SCENARIO_DIR --out DIR [--hookwire 'node /path/to/dist/hookwire.cjs']
// OPENCODE_BIN names the opencode executable.
import { runPluginHostScenario } from './plugin-host-scenario.mjs';

await runPluginHostScenario({
  name: 'opencode',
  executable: process.env.OPENCODE_BIN ?? 'opencode',
  configFile: 'opencode.json',
  schema: 'https://opencode.ai/config.json',
  pluginDirectory: '.opencode/plugins',
  env: {
    OPENCODE_DISABLE_AUTOUPDATE: '1',
    OPENCODE_DISABLE_MODELS_FETCH: '1',
    OPENCODE_DISABLE_SHARE: '1',
    OPENCODE_DISABLE_LSP_DOWNLOAD: '1',
  },
});
