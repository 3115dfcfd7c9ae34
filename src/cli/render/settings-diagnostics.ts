import type { Diagnostic } from '../../settings/configured-hook.js';
import { diagnosticLocation } from '../../settings/format-diagnostic.js';

/** Settings problems as `severity: FILE:LINE:COL JSON.PATH: message` lines, errors first. */
export function renderDiagnostics(diagnostics: readonly Diagnostic[]): string[] {
  return [...diagnostics]
    .sort((left, right) => (left.severity === right.severity ? 0 : left.severity === 'error' ? -1 : 1))
    .map((diagnostic) => `${diagnostic.severity}: ${diagnosticLocation(diagnostic)}: ${diagnostic.message}`);
}
