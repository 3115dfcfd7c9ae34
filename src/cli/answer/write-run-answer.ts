import type { Engine } from '../../engine/engine.js';
import type { CommandAnswer } from '../../hosts/host.js';
import type { Diagnostic } from '../../settings/configured-hook.js';
import { formatDiagnostic } from '../../settings/format-diagnostic.js';

/** What is told with the host's answer to one event. */
export interface RunAnswerParts {
  readonly answer: CommandAnswer;
  readonly engine: Pick<Engine, 'settings'>;
  /** Where located diagnostics are told relative to. */
  readonly cwd: string;
  /** Lines about a trace that could not be written, each ending in a newline. */
  readonly traceWarnings: readonly string[];
  /**
   * hookwire's notes on the event (a foreign event name, why the state directory or earlier background
   * results were refused): told unless the answer blocks.
   */
  readonly notes: readonly string[];
}

/**
 * The answer, in order: the host's stdout, then on stderr the settings errors and untrusted files (told on
 * every event, so a guard that is off never goes unseen), the host's own stderr, then what hookwire adds.
 */
export function writeRunAnswer(
  write: (descriptor: 1 | 2, text: string) => void,
  parts: RunAnswerParts,
): void {
  const { answer, engine } = parts;
  write(1, answer.stdout);
  write(2, settingsErrorLines(engine.settings.diagnostics, parts.cwd));
  write(2, engine.settings.untrusted.map((source) => `hookwire: ${source.warning}\n`).join(''));
  write(2, answer.stderr);
  write(2, parts.traceWarnings.join(''));
  // On exit 2 the host reads all of stderr as the block's reason: only the block's reason belongs there.
  if (answer.exitCode !== 2) for (const note of parts.notes) write(2, `hookwire run: ${note}\n`);
}

/** The settings errors, one located line each (warnings stay with `hookwire validate`). */
function settingsErrorLines(diagnostics: readonly Diagnostic[], cwd: string): string {
  return diagnostics
    .filter((diagnostic) => diagnostic.severity === 'error')
    .map((diagnostic) => `hookwire run: ${formatDiagnostic(diagnostic, cwd)}\n`)
    .join('');
}
