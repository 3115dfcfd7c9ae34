import { appendFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { createEngine } from '../../engine/create-engine.js';
import { unknownEvent } from '../../events/hook-io.js';
import {
  CommandInputError,
  eventName,
  exitForUsageError,
  mcpConfigValues,
  namedSources,
  readPayload,
  withExistingCwd,
  workingDirectory,
} from '../command-input.js';
import { hostOption } from '../host-option.js';
import { renderOutcomeReport } from '../render/outcome-report.js';
import { renderDiagnostics } from '../render/settings-diagnostics.js';
import { eventSubject } from '../render/timeline-entry.js';
import { untrustedHookLines } from '../render/untrusted-hooks.js';
import { checkTimelinePath, writeTimelineFile } from '../timeline-file.js';

const USAGE = `Usage: hookwire fire <Event> [--host NAME] [--settings FILE]... [--plugin DIR]... [--mcp-config FILE]... [--payload FILE|-|JSON] [--cwd DIR] [--json] [--record FILE] [--html OUT]

Fires one event at the configured hooks and reports what each did and the merged decision.
  --settings FILE   load only these settings files (repeatable); default: every usual source
  --plugin DIR      load this Claude Code plugin's hooks (repeatable; with --settings, both; docs/plugins.md)
  --mcp-config FILE the MCP servers mcp_tool hooks call, as Claude Code's --mcp-config (repeatable)
  --payload VALUE   the event's payload: a file, - for stdin, or inline JSON such as '{"tool_name":"Bash"}'
  --cwd DIR         the session directory and project root (default: the current directory)
  --json            print the outcome as JSON instead of the report
  --record FILE     append {"event":…,"payload":…} to FILE (JSONL) for \`hookwire replay\`
  --html OUT        also write the event's timeline (hooks on a time axis, output on click) to OUT
Exits 0 whenever the hooks ran, whatever they decided; 2 for usage errors.
`;

/** `hookwire fire`: one event, a readable report or the outcome JSON. */
export async function run(argv: string[]): Promise<number> {
  try {
    const { values, positionals } = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        settings: { type: 'string', multiple: true },
        plugin: { type: 'string', multiple: true },
        'mcp-config': { type: 'string', multiple: true },
        payload: { type: 'string' },
        cwd: { type: 'string' },
        json: { type: 'boolean', default: false },
        record: { type: 'string' },
        html: { type: 'string' },
        host: { type: 'string' },
        help: { type: 'boolean', short: 'h', default: false },
      },
    });
    if (values.help) {
      process.stdout.write(USAGE);
      return 0;
    }
    const host = hostOption(values.host, 'fire');
    if (typeof host === 'number') return host;
    if (positionals.length !== 1) throw new CommandInputError('expected exactly one event name');
    const event = eventName(positionals[0] ?? '');
    const cwd = workingDirectory(values.cwd);
    const named = namedSources(values);
    const mcpConfig = mcpConfigValues(values['mcp-config'], process.cwd(), true);
    const given = await readPayload(values.payload);
    const { payload, note } = withExistingCwd(given, cwd);
    const html = values.html === undefined ? undefined : checkTimelinePath(values.html);

    // What --settings and --plugin name is the user's own choice; the default sources are checked for trust.
    // Settings errors fail closed as under `hookwire run`, so the report shows what the host would get.
    const engine = await createEngine({
      cwd,
      projectDir: cwd,
      host,
      onConfigError: 'block',
      mcpConfig,
      ...(named ?? { trust: 'require' }),
    });
    try {
      const time = new Date().toISOString();
      const outcome = await engine.fire(unknownEvent(event), payload);
      if (values.record) appendFileSync(values.record, `${JSON.stringify({ event, payload: given })}\n`);
      if (values.json) {
        process.stdout.write(`${JSON.stringify(outcome, null, 2)}\n`);
      } else {
        const notes = [
          ...renderDiagnostics(engine.settings.diagnostics),
          ...untrustedHookLines(engine.settings.untrusted, event),
          ...(note ? [`note: ${note}`] : []),
        ];
        process.stdout.write(`${notes.map((line) => `${line}\n`).join('')}${renderOutcomeReport(outcome)}`);
      }
      if (html !== undefined) {
        const events = [{ position: 1, time, subject: eventSubject(given), outcome, changes: [] }];
        const origin = `fired by hookwire fire ${time}`;
        process.stderr.write(writeTimelineFile(html, { title: event, origin, events }));
      }
    } finally {
      await engine.close();
    }
    return 0;
  } catch (error) {
    return exitForUsageError('fire', USAGE, error);
  }
}
