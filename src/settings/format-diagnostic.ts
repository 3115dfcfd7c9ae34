import { displayPath } from '../common/display-path.js';
import type { Diagnostic } from './configured-hook.js';

/** `FILE:LINE:COL`, the file relative to `cwd` when given and the file lies below it. */
export function diagnosticPosition(diagnostic: Diagnostic, cwd?: string): string {
  const file = cwd === undefined ? diagnostic.file : displayPath(diagnostic.file, cwd);
  return `${file}:${diagnostic.line}:${diagnostic.column}`;
}

/** `FILE:LINE:COL JSON.PATH`: where a diagnostic points, as every report of one starts. */
export function diagnosticLocation(diagnostic: Diagnostic, cwd?: string): string {
  return `${diagnosticPosition(diagnostic, cwd)} ${diagnostic.jsonPath}`;
}

/** `FILE:LINE:COL JSON.PATH: severity: message`, the form editors and CI logs can jump to. */
export function formatDiagnostic(diagnostic: Diagnostic, cwd: string): string {
  return `${diagnosticLocation(diagnostic, cwd)}: ${diagnostic.severity}: ${diagnostic.message}`;
}
