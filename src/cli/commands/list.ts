import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { didYouMean } from '../../common/closest-name.js';
import { displayPath } from '../../common/display-path.js';
import { renderTable } from '../../common/render-table.js';
import { EVENT_NAMES } from '../../events/event-names.js';
import { isEventName } from '../../events/lookup.js';
import type { ConfiguredHook } from '../../settings/configured-hook.js';
import { formatDiagnostic } from '../../settings/format-diagnostic.js';
import { loadSettings } from '../../settings/load-settings.js';
import { type McpServerTable, mcpServerTable } from '../../settings/mcp/mcp-server-table.js';
import { describePlugin } from '../../settings/plugin-origin.js';
import { trustStorePath } from '../../settings/trust-store.js';
import { hostOption } from '../host-option.js';

const HELP = `Usage: hookwire list [--host NAME] [--event EVENT] [--json] [--settings FILE]... [--plugin DIR]... [--mcp-config FILE]...

Lists every configured hook in run order: event, matcher, type, command or URL, and where it was defined
(file:line, and the plugin it came with). Without --settings or --plugin, loads every default source for the
current directory, Claude Code's enabled plugins included; with them, only what they name. Loading problems
are printed to stderr (run \`hookwire validate\` for all checks). For each mcp_tool hook, a note says where its
server is found (--mcp-config FILE adds an MCP config, as Claude Code's --mcp-config does).
`;

/** `hookwire list`: the hooks that would run, with their provenance. */
export async function run(argv: string[]): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: {
      event: { type: 'string' },
      json: { type: 'boolean', default: false },
      settings: { type: 'string', multiple: true },
      plugin: { type: 'string', multiple: true },
      'mcp-config': { type: 'string', multiple: true },
      host: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    process.stdout.write(HELP);
    return 0;
  }
  const host = hostOption(values.host, 'list');
  if (typeof host === 'number') return host;
  const cwd = process.cwd();
  // What --settings and --plugin name is the user's own choice; the default sources are checked for trust.
  const named = values.settings !== undefined || values.plugin !== undefined;
  const loaded = loadSettings({
    ...host.locations.settings(cwd, process.env),
    ...(values.settings ? { files: values.settings } : {}),
    ...(values.plugin ? { plugins: values.plugin } : {}),
    trustStore: named ? undefined : trustStorePath(),
  });
  const locations = host.locations.settings(cwd, process.env);
  const mcpServers = mcpServerTable({
    cwd,
    projectDir: locations.projectDir,
    homeDir: locations.homeDir,
    managedSettingsPath: locations.managedSettingsPath,
    configs: (values['mcp-config'] ?? []).map((config) =>
      config.trimStart().startsWith('{') ? config : resolve(cwd, config),
    ),
    plugins: values.plugin ?? [],
    trustStore: named ? undefined : trustStorePath(),
  });
  const event = values.event;
  if (event !== undefined && !isEventName(event)) {
    process.stderr.write(`hookwire: unknown event "${event}"${didYouMean(event, EVENT_NAMES)}\n`);
  }
  const hooks = event === undefined ? loaded.hooks : loaded.hooks.filter((hook) => hook.event === event);
  if (values.json) {
    process.stdout.write(`${JSON.stringify({ ...loaded, hooks }, null, 2)}\n`);
    return 0;
  }
  for (const diagnostic of loaded.diagnostics) process.stderr.write(`${formatDiagnostic(diagnostic, cwd)}\n`);
  const untrusted = loaded.untrusted.flatMap((source) =>
    source.hooks.filter((hook) => event === undefined || hook.event === event),
  );
  const row = (hook: ConfiguredHook, mark: string) => [
    hook.event,
    hook.matcher ?? '*',
    hook.background ? `${hook.type} (async)` : hook.type,
    hook.label,
    `${hook.provenance.plugin ? `${describePlugin(hook.provenance.plugin)} ` : ''}${displayPath(hook.provenance.file, cwd)}:${hook.provenance.line}${mark}`,
  ];
  const rows = [
    ...hooks.map((hook) => row(hook, '')),
    ...untrusted.map((hook) => row(hook, ' (untrusted: not run)')),
  ];
  process.stdout.write(renderTable(['EVENT', 'MATCHER', 'TYPE', 'COMMAND OR URL', 'SOURCE'], rows));
  const policy = loaded.policy;
  const notes = [
    policy.disableAllHooks ? 'disableAllHooks is set: hooks it covers are not listed.' : '',
    policy.allowManagedHooksOnly ? 'allowManagedHooksOnly is set: only managed hooks are listed.' : '',
    untrusted.length > 0
      ? `${untrusted.length} untrusted ${untrusted.length === 1 ? 'hook is' : 'hooks are'} not run until trusted (see the warnings above).`
      : '',
    ...hooks.flatMap((hook) => (hook.handler.type === 'mcp_tool' ? [mcpServerNote(hook, mcpServers)] : [])),
  ].filter((note) => note !== '');
  process.stdout.write(
    [
      ...notes,
      `${hooks.length} ${hooks.length === 1 ? 'hook' : 'hooks'} from ${loaded.files.length} ${loaded.files.length === 1 ? 'file' : 'files'}.`,
    ]
      .map((line) => `${line}\n`)
      .join(''),
  );
  return 0;
}

/** Where an mcp_tool hook's server is found, as its run would find it. */
function mcpServerNote(hook: ConfiguredHook, table: McpServerTable): string {
  const server = String((hook.handler as { server?: unknown }).server ?? '');
  const found = table.find(server, process.env);
  const where = `${hook.label} (${displayPath(hook.provenance.file, process.cwd())}:${hook.provenance.line})`;
  if ('server' in found) return `${where}: MCP server '${server}' from ${found.file}.`;
  if ('notConfigured' in found)
    return `${where}: MCP server '${server}' is not configured: the hook reads as "not connected".`;
  return `${where}: ${found.unusable}${found.failClosed ? ' (fails closed)' : ''}.`;
}
