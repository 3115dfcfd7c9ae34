// One scenario in a host with OpenCode's plugin surface (OpenCode, and Kilo, its fork), run headless
// (`<cli> run PROMPT`) against the stand-in model (a custom provider, `@ai-sdk/openai-compatible` with a
// baseURL, in the project's config file), and what was observed, written. Each host's run-scenario.mjs
// names what is its own: the executable, the config file, the plugin directory, its environment.
//   node run-scenario.mjs SCENARIO_DIR --out DIR [--hookwire 'node /path/to/dist/hookwire.cjs']
// Without --hookwire the scenario's native-plugin.js (a plugin written by hand that does what the hooks do)
// is the project's <pluginDirectory>/native.js. With it, the hooks (hooks.json, Claude Code's shape) are the
// project's .hookwire/hooks.json, trusted with `hookwire trust`, and `hookwire init <host>` writes
// <pluginDirectory>/hookwire.js.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  installThroughHookwire,
  scenarioWorld,
  startStandIn,
  writeObserved,
} from '../lib/scenario-world.mjs';

/**
 * @param {object} host
 * @param {string} host.name `hookwire init <name>`, and the world's prefix
 * @param {string} host.executable the CLI
 * @param {string} host.configFile the project's config file (`opencode.json`, `kilo.json`)
 * @param {string} host.schema its `$schema`
 * @param {string} host.pluginDirectory where the project's plugins are loaded from, relative to it
 * @param {Record<string, string>} host.env the host's own variables (no update checks, no model catalogue)
 * @param {string[]} [host.runArguments] arguments of `run` before the prompt
 * @param {number} [host.timeoutMs]
 */
export async function runPluginHostScenario(host) {
  const world = scenarioWorld(host.name, ['.config']);
  const { work, home, project, state, meta, log } = world;
  spawnSync('git', ['init', '-q', project]);
  const { standIn, port } = await startStandIn(
    world,
    join(import.meta.dirname, '..', 'copilot', 'stand-in-chat.mjs'),
  );
  const provider = {
    npm: '@ai-sdk/openai-compatible',
    name: 'Stand In',
    options: { baseURL: `http://127.0.0.1:${port}/v1`, apiKey: 'stand-in' },
    models: { 'stand-in': { name: 'Stand In', tool_call: true } },
  };
  const config = { $schema: host.schema, model: 'standin/stand-in', provider: { standin: provider } };
  writeFileSync(join(project, host.configFile), `${JSON.stringify(config, null, 2)}\n`);

  const env = {
    ...process.env,
    HOME: home,
    XDG_CONFIG_HOME: join(home, '.config'),
    XDG_DATA_HOME: join(home, '.local', 'share'),
    XDG_CACHE_HOME: join(home, '.cache'),
    XDG_STATE_HOME: join(home, '.local', 'state'),
    HOOKWIRE_STATE_DIR: state,
    // The world's runtime directory (scenarioWorld): the plugin starts a daemon of its own there, which
    // writeObserved ends with the world.
    XDG_RUNTIME_DIR: world.runtime,
    HOOKWIRE_DAEMON_IDLE_MS: '60000',
    // Both install plugins and providers with npm: a closed port and offline, so it fails fast.
    npm_config_registry: 'http://127.0.0.1:9',
    npm_config_offline: 'true',
    ...host.env,
  };
  delete env.CLAUDE_PROJECT_DIR;
  // Both take their directory from PWD, not from their working directory.
  env.PWD = project;
  const plugins = join(project, host.pluginDirectory);
  if (world.hookwire === undefined) {
    mkdirSync(plugins, { recursive: true });
    writeFileSync(join(plugins, 'native.js'), world.read('native-plugin.js'));
  } else {
    installThroughHookwire(world, env, host.name);
    if (meta.breakHookwire) {
      // The plugin's hookwire is gone (uninstalled, moved): the plugin must fail closed.
      const file = join(plugins, 'hookwire.js');
      const text = readFileSync(file, 'utf8');
      // Its command and the installation its daemon runs from are both gone.
      const broken = text
        .replace(/^const COMMAND = "[^"\n]*?(?= run --host)/m, 'const COMMAND = "/nonexistent/hookwire')
        .replace(/^const DAEMON = .*;$/m, (line) =>
          line
            .replace(/"hookwire":"[^"]*"/, '"hookwire":"/nonexistent/hookwire.cjs"')
            .replace(/"socketName":"[^"]*"/, '"socketName":"daemon-gone.sock"'),
        );
      if (broken === text) throw new Error('the plugin names no command to break');
      writeFileSync(file, broken);
    }
  }
  const debug = process.env.OC_DEBUG ? ['--print-logs'] : [];
  const run = spawnSync(host.executable, ['run', ...debug, ...(host.runArguments ?? []), meta.prompt], {
    cwd: project,
    env,
    encoding: 'utf8',
    timeout: host.timeoutMs ?? 180_000,
  });
  // A Stop hook's process may still be running when `run` exits; give it a moment to record.
  await new Promise((done) => setTimeout(done, 1000));
  standIn.kill();

  // Run-specific text: the work directory, dates, ids, colours.
  const normalize = (text) =>
    text
      .replaceAll(work, '<WORK>')
      .replace(/\u001b\[[0-9;]*m/g, '') // the terminal's colours
      .replace(/\b\d{4}-\d{2}-\d{2}(T[0-9:.]+Z)?\b/g, '<date>')
      .replace(/\b(ses|msg|prt|call)_[0-9A-Za-z]+/g, '$1_<id>');
  const seen = new Set();
  const modelSaw = [];
  const requests = existsSync(log) ? readFileSync(log, 'utf8') : '';
  // Kept whole beside observed.json: the tools the host offered, its system prompt, as they were.
  writeFileSync(join(world.out, 'requests.jsonl'), requests);
  const completions = requests
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line))
    // The session's title is asked without tools; the same in both modes.
    .filter((entry) => entry.url.endsWith('/chat/completions') && (entry.body.tools ?? []).length > 0);
  const textOf = (content) =>
    typeof content === 'string' ? content : (content ?? []).map((part) => part.text ?? '').join('\n');
  for (const { body } of completions) {
    for (const message of body.messages ?? []) {
      if (message.role === 'system') continue;
      const calls = (message.tool_calls ?? []).map(
        (call) => ` [calls ${call.function.name} ${call.function.arguments}]`,
      );
      const shown = normalize(`${message.role}: ${textOf(message.content)}${calls.join('')}`);
      if (seen.has(shown)) continue;
      seen.add(shown);
      modelSaw.push(shown);
    }
  }
  const userSaw = `${run.stdout}\n${run.stderr}`
    .split('\n')
    .map(normalize)
    .filter((line) => line.trim() !== '');
  if (existsSync(join(work, 'stop.txt')))
    userSaw.push(
      `(a Stop hook ran ${readFileSync(join(work, 'stop.txt'), 'utf8').trim().split('\n').length} time(s))`,
    );
  writeObserved(
    world,
    run,
    { modelRequests: completions.length, modelSaw, userSaw },
    `${host.name}-output.txt`,
  );
}
