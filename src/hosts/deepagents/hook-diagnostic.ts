/** A Hooks v2 diagnostic, in upstream's shape (`models/diagnostics.py`): always a warning, never a throw. */
export interface HookDiagnostic {
  readonly code: string;
  readonly severity: 'warning';
  readonly message: string;
  /** The located field: `<file>:hooks.Stop[0].hooks[1]` for config problems, a wire field name otherwise. */
  readonly field?: string | null;
  /** The handler (`Event:group:handler`) a run or reduce diagnostic is about. */
  readonly handler_id?: string | null;
}

/** A warning diagnostic. */
export function warning(
  code: string,
  message: string,
  located: { readonly field?: string | null; readonly handler_id?: string | null } = {},
): HookDiagnostic {
  return { code, severity: 'warning', message, ...located };
}
