import { existsSync, readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { createEngine } from '../../engine/create-engine.js';
import type { Outcome } from '../../outcome/outcome.js';
import {
  CommandInputError,
  exitForUsageError,
  parseSession,
  settingsPaths,
  withExistingCwd,
  workingDirectory,
} from '../command-input.js';
import { formatDuration } from '../render/hook-row.js';
import { renderDiagnostics } from '../render/settings-diagnostics.js';
import { renderTimelineEntry } from '../render/timeline-entry.js';

const USAGE = `Usage: hookwire replay FILE [--settings FILE]... [--cwd DIR] [--json]

Fires every event of a recorded session (JSONL, one {"event":…,"payload":…} per line, as written by
\`hookwire fire --record\`) in order through one engine, so session state (background context, once hooks,
the Stop block cap) carries over, and prints a timeline.
  --settings FILE   load only these settings files (repeatable); default: every usual source
  --cwd DIR         session directory and project root; recorded cwds that do not exist here become DIR
                    (default: the current directory)
  --json            print one outcome JSON per line instead of the timeline
`;

/** `hookwire replay`: a recorded session through one engine, as a timeline. */
export async function run(argv: string[]): Promise<number> {
  try {
    const { values, positionals } = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        settings: { type: 'string', multiple: true },
        cwd: { type: 'string' },
        json: { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
      },
    });
    if (values.help) {
      process.stdout.write(USAGE);
      return 0;
    }
    const [file, ...extra] = positionals;
    if (file === undefined || extra.length > 0)
      throw new CommandInputError('expected exactly one session file');
    if (!existsSync(file)) throw new CommandInputError(`session file not found: ${file}`);
    const session = parseSession(readFileSync(file, 'utf8'), file);
    const cwd = workingDirectory(values.cwd);
    const settings = settingsPaths(values.settings);

    // As fire: files named with --settings are the user's choice; the default sources are checked for trust.
    const engine = await createEngine({
      cwd,
      projectDir: cwd,
      ...(settings ? { settings } : { trust: 'require' }),
    });
    const write = (text: string): void => void process.stdout.write(text);
    try {
      if (!values.json) {
        for (const line of renderDiagnostics(engine.settings.diagnostics)) write(`${line}\n`);
        write(`Replaying ${session.length} events from ${file}\n`);
      }
      const notes = new Set<string>();
      const outcomes: Outcome[] = [];
      for (const [position, recorded] of session.entries()) {
        const { payload, note } = withExistingCwd(recorded.payload, cwd);
        if (note && !notes.has(note) && !values.json) write(`note: ${note}\n`);
        if (note) notes.add(note);
        const outcome = await engine.fire(recorded.event, payload);
        outcomes.push(outcome);
        write(
          values.json
            ? `${JSON.stringify(outcome)}\n`
            : `\n${renderTimelineEntry(position + 1, payload, outcome)}`,
        );
      }
      if (!values.json) write(`\n${summaryLine(outcomes)}\n`);
    } finally {
      await engine.close();
    }
    return 0;
  } catch (error) {
    return exitForUsageError('replay', USAGE, error);
  }
}

/** The closing line: how many events, hooks and decisions, and the time spent in hooks. */
function summaryLine(outcomes: readonly Outcome[]): string {
  const hooks = outcomes.reduce((total, outcome) => total + outcome.runs.length, 0);
  const decided = outcomes.filter((outcome) => outcome.decision !== null);
  const decisions = decided.map((outcome) => `${outcome.event} ${outcome.decision}`).join(', ');
  const time = outcomes.reduce((total, outcome) => total + outcome.durationMs, 0);
  return `${outcomes.length} events, ${hooks} hook runs, ${formatDuration(time)} in hooks; decisions: ${decisions || 'none'}`;
}
