import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { formatDiagnostic } from '../../settings/format-diagnostic.js';
import { validateMcpConfig } from '../../settings/mcp/validate-mcp-config.js';
import { validateDefaultSources, validateNamed } from '../../settings/validate-settings.js';
import { hostOption } from '../host-option.js';

const HELP = `Usage: hookwire validate [FILE|DIR...] [--host NAME] [--plugin DIR]... [--mcp-config FILE]... [--json]

Checks settings files (Claude-style settings.json, plugin hooks.json, Deep Agents hooks.json) and prints
every problem as FILE:LINE:COL JSON.PATH: severity: message. Without arguments, checks every default
source for the current directory (managed, user, project, local, the plugins they enable, Deep Agents).
A directory stands for the .json files below it that have a top-level "hooks" key. --plugin DIR checks a
Claude Code plugin as it loads: its manifest, its hooks files, and that the scripts its commands name
through \${CLAUDE_PLUGIN_ROOT} exist. --mcp-config FILE also checks an MCP config (as Claude Code's
--mcp-config) the way mcp_tool hooks start its servers. Exits 1 when there is any error, else 0.
`;

/** `hookwire validate`: located errors and warnings, then a summary; exit 1 on any error. */
export async function run(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      json: { type: 'boolean', default: false },
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
  const host = hostOption(values.host, 'validate');
  if (typeof host === 'number') return host;
  const cwd = process.cwd();
  const locations = host.locations.settings(cwd, process.env);
  const plugins = values.plugin ?? [];
  const mcpConfigs = (values['mcp-config'] ?? []).map((file) => resolve(cwd, file));
  const settingsReport =
    positionals.length > 0 || plugins.length > 0 || mcpConfigs.length > 0
      ? validateNamed(positionals, plugins, cwd, locations.homeDir)
      : validateDefaultSources(locations);
  const report = {
    diagnostics: [...settingsReport.diagnostics, ...mcpConfigs.flatMap((file) => validateMcpConfig(file))],
    files: [...settingsReport.files, ...mcpConfigs.map((file) => ({ file, level: 'explicit' as const }))],
  };
  const errors = report.diagnostics.filter((diagnostic) => diagnostic.severity === 'error').length;
  const warnings = report.diagnostics.length - errors;
  if (values.json) {
    process.stdout.write(`${JSON.stringify({ ...report, errors, warnings }, null, 2)}\n`);
  } else {
    const lines = report.diagnostics.map((diagnostic) => formatDiagnostic(diagnostic, cwd));
    const checked = report.files.length;
    const summary =
      checked === 0 && report.diagnostics.length === 0
        ? 'No settings files found.'
        : `${checked} ${checked === 1 ? 'file' : 'files'} checked: ${plural(errors, 'error')}, ${plural(warnings, 'warning')}.`;
    process.stdout.write([...lines, summary].map((line) => `${line}\n`).join(''));
  }
  return errors > 0 ? 1 : 0;
}

function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? '' : 's'}`;
}
