import { isAbsolute, relative } from 'node:path';
import type { Diagnostic } from './configured-hook.js';

/** A file path as shown to people: relative to `cwd` when it lies below it, else as is. */
export function displayPath(file: string, cwd: string): string {
  if (!isAbsolute(file)) return file;
  const shown = relative(cwd, file);
  return shown === '' || shown.startsWith('..') || isAbsolute(shown) ? file : shown;
}

/** `FILE:LINE:COL JSON.PATH: severity: message`, the form editors and CI logs can jump to. */
export function formatDiagnostic(diagnostic: Diagnostic, cwd: string): string {
  const { line, column, jsonPath, severity, message } = diagnostic;
  return `${displayPath(diagnostic.file, cwd)}:${line}:${column} ${jsonPath}: ${severity}: ${message}`;
}
