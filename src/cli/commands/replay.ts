import { existsSync, readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { createEngine } from '../../engine/create-engine.js';
import { unknownEvent } from '../../events/hook-io.js';
import type { Host } from '../../hosts/host.js';
import { isHookwireRun } from '../../install/is-hookwire-run.js';
import type { Outcome } from '../../outcome/outcome.js';
import type { ConfiguredHook, LoadedSettings } from '../../settings/configured-hook.js';
import type { LoadSettingsOptions } from '../../settings/load-settings.js';
import { SettingsCache } from '../../settings/settings-cache.js';
import type { TimelineEvent } from '../../timeline/timeline-page.js';
import { REDACTED } from '../../trace/redact-secrets.js';
import {
  CommandInputError,
  exitForUsageError,
  mcpConfigValues,
  namedSources,
  withExistingCwd,
  workingDirectory,
} from '../command-input.js';
import { hostOption } from '../host-option.js';
import { readSessionFile, type SessionEntry } from '../read-session-file.js';
import { formatDuration } from '../render/hook-row.js';
import { recordedChanges } from '../render/recorded-changes.js';
import { renderDiagnostics } from '../render/settings-diagnostics.js';
import { eventSubject, renderTimelineEntry } from '../render/timeline-entry.js';
import { checkTimelinePath, writeTimelineFile } from '../timeline-file.js';

const USAGE = `Usage: hookwire replay FILE [--host NAME] [--settings FILE]... [--plugin DIR]... [--mcp-config FILE]... [--cwd DIR] [--json] [--html OUT] [--recorded]

Fires every event of a recorded session in order through one engine, so session state (background
context, once hooks, the Stop block cap) carries over, and prints a timeline. FILE is JSONL: session lines
{"event":…,"payload":…} (\`hookwire fire --record\`) or trace lines (\`hookwire run --trace\`, docs/traces.md);
for a trace, each event that now ends differently from the recording says how.
  --settings FILE   load only these settings files (repeatable); default: every usual source
  --plugin DIR      load this Claude Code plugin's hooks (repeatable; docs/plugins.md)
  --mcp-config FILE the MCP servers mcp_tool hooks call, as Claude Code's --mcp-config (repeatable)
  --cwd DIR         session directory and project root; recorded cwds that do not exist here become DIR
                    (default: the current directory)
  --json            print one outcome JSON per line instead of the timeline
  --html OUT        also write the timeline as one self-contained HTML page to OUT
  --recorded        show the trace as it was recorded, without running any hook
`;

/** `hookwire replay`: a recorded session through one engine (or a trace as recorded), as a timeline. */
export async function run(argv: string[]): Promise<number> {
  try {
    const { values, positionals } = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        settings: { type: 'string', multiple: true },
        plugin: { type: 'string', multiple: true },
        'mcp-config': { type: 'string', multiple: true },
        cwd: { type: 'string' },
        json: { type: 'boolean', default: false },
        html: { type: 'string' },
        recorded: { type: 'boolean', default: false },
        host: { type: 'string' },
        help: { type: 'boolean', short: 'h', default: false },
      },
    });
    if (values.help) {
      process.stdout.write(USAGE);
      return 0;
    }
    const host = hostOption(values.host, 'replay');
    if (typeof host === 'number') return host;
    const [file, ...extra] = positionals;
    if (file === undefined || extra.length > 0)
      throw new CommandInputError('expected exactly one session file');
    if (!existsSync(file)) throw new CommandInputError(`session file not found: ${file}`);
    const session = readSessionFile(readFileSync(file, 'utf8'), file);
    if (
      values.recorded &&
      (values.settings !== undefined || values.plugin !== undefined || values.cwd !== undefined)
    )
      throw new CommandInputError(
        '--recorded runs no hook: --settings, --plugin and --cwd do not apply to it',
      );
    const html = values.html === undefined ? undefined : checkTimelinePath(values.html);
    const write = (text: string): void => void process.stdout.write(text);

    const events = values.recorded
      ? showRecorded(session, file, values.json, write)
      : await replaySession(session, file, values, host, write);
    if (html !== undefined) {
      const origin = values.recorded
        ? `${events.length} events as recorded in ${file}`
        : `${events.length} events of ${file} replayed ${new Date().toISOString()}`;
      process.stderr.write(writeTimelineFile(html, { title: file, origin, events }));
    }
    return 0;
  } catch (error) {
    return exitForUsageError('replay', USAGE, error);
  }
}

/** `--recorded`: the trace's own outcomes, nothing run. */
function showRecorded(
  session: readonly SessionEntry[],
  file: string,
  json: boolean,
  write: (text: string) => void,
): TimelineEvent[] {
  const missing = session.findIndex((entry) => entry.recorded === null);
  if (missing !== -1)
    throw new CommandInputError(
      `--recorded needs a trace (hookwire run --trace); event ${missing + 1} of ${file} is a session line`,
    );
  if (!json) write(`${session.length} events as recorded in ${file}\n`);
  const events = session.map((entry, position) => {
    const recorded = entry.recorded as NonNullable<SessionEntry['recorded']>;
    write(
      json
        ? `${JSON.stringify(recorded.outcome)}\n`
        : `\n${renderTimelineEntry(position + 1, entry.payload, recorded.outcome)}`,
    );
    return timelineEvent(position, entry, recorded.outcome, recorded.time, []);
  });
  if (!json) write(`\n${summaryLine(events.map((event) => event.outcome))}\n`);
  return events;
}

async function replaySession(
  session: readonly SessionEntry[],
  file: string,
  values: { settings?: string[]; plugin?: string[]; 'mcp-config'?: string[]; cwd?: string; json: boolean },
  host: Host,
  write: (text: string) => void,
): Promise<TimelineEvent[]> {
  const cwd = workingDirectory(values.cwd);
  const named = namedSources(values);
  const mcpConfig = mcpConfigValues(values['mcp-config'], process.cwd(), true);
  // As fire: what --settings and --plugin name is the user's choice; the default sources are checked for trust.
  const settingsCache = new WithoutOwnRuns();
  const engine = await createEngine({
    cwd,
    projectDir: cwd,
    host,
    mcpConfig,
    settingsCache,
    ...(named ?? { trust: 'require' }),
  });
  const events: TimelineEvent[] = [];
  try {
    if (!values.json) {
      for (const line of renderDiagnostics(engine.settings.diagnostics)) write(`${line}\n`);
      write(`Replaying ${session.length} events from ${file}\n`);
      for (const hook of settingsCache.skipped) {
        const { file: source, line } = hook.provenance;
        write(
          `note: skipped the ${hook.event} hook at ${source}:${line}, which calls hookwire itself (${hook.label}); replay the hooks it runs by naming their file with --settings\n`,
        );
      }
      if (
        session.some((entry) => entry.recorded?.redacted && JSON.stringify(entry.payload).includes(REDACTED))
      )
        write(`note: the trace was redacted: hooks see ${REDACTED} where a secret was recorded\n`);
    }
    const notes = new Set<string>();
    for (const [position, entry] of session.entries()) {
      const { payload, note } = withExistingCwd(entry.payload, cwd);
      if (note && !notes.has(note) && !values.json) write(`note: ${note}\n`);
      if (note) notes.add(note);
      const time = new Date().toISOString();
      const outcome = await engine.fire(unknownEvent(entry.event), payload);
      const changes = entry.recorded
        ? recordedChanges(entry.recorded.outcome, outcome, entry.recorded.redacted)
        : [];
      events.push(timelineEvent(position, entry, outcome, time, changes));
      const changed = changes.length > 0 ? `      ≠ recorded: ${changes.join('; ')}\n` : '';
      write(
        values.json
          ? `${JSON.stringify(outcome)}\n`
          : `\n${renderTimelineEntry(position + 1, payload, outcome)}${changed}`,
      );
    }
    if (!values.json) {
      const differing = events.filter((event) => event.changes.length > 0).length;
      const traced = session.some((entry) => entry.recorded !== null);
      const against = traced ? `; ${differing} differ from the recording` : '';
      write(`\n${summaryLine(events.map((event) => event.outcome))}${against}\n`);
    }
  } finally {
    await engine.close();
  }
  return events;
}

function timelineEvent(
  position: number,
  entry: SessionEntry,
  outcome: Outcome,
  time: string,
  changes: readonly string[],
): TimelineEvent {
  return {
    position: position + 1,
    time: time === '' ? null : time,
    subject: eventSubject(entry.payload),
    outcome,
    changes,
  };
}

/** The closing line: how many events, hooks and decisions, and the time spent in hooks. */
function summaryLine(outcomes: readonly Outcome[]): string {
  const hooks = outcomes.reduce((total, outcome) => total + outcome.runs.length, 0);
  const decided = outcomes.filter((outcome) => outcome.decision !== null);
  const decisions = decided.map((outcome) => `${outcome.event} ${outcome.decision}`).join(', ');
  const time = outcomes.reduce((total, outcome) => total + outcome.durationMs, 0);
  return `${outcomes.length} events, ${hooks} hook runs, ${formatDuration(time)} in hooks; decisions: ${decisions || 'none'}`;
}

/**
 * The settings with the hooks that call hookwire itself left out (the catch-all entries `hookwire init`
 * writes: `hookwire run --settings <hooks file> <Event>`): such an entry is hookwire's way into the host,
 * not a hook of the session, and running it would answer through a second hookwire and report differences
 * the recording (of the hooks file's own hooks) never had. What was left out is in `skipped`, which replay
 * prints with how to replay the hooks the entry runs.
 */
class WithoutOwnRuns extends SettingsCache {
  readonly skipped: ConfiguredHook[] = [];

  override load(options: LoadSettingsOptions): LoadedSettings {
    const loaded = super.load(options);
    const own = (hook: ConfiguredHook) => hook.type === 'command' && isHookwireRun(hook.label);
    for (const hook of loaded.hooks.filter(own)) if (!this.skipped.includes(hook)) this.skipped.push(hook);
    return { ...loaded, hooks: loaded.hooks.filter((hook) => !own(hook)) };
  }
}
