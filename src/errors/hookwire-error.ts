/** The kinds of error that escape the library. Failing hooks are never errors: they are run results. */
export type HookwireErrorKind = 'settings' | 'usage' | 'payload' | 'closed' | 'recursion' | 'io' | 'internal';

/**
 * The one error class hookwire throws: a `kind` to branch on, a message that names the file, line, column
 * and JSON path where there is one, and the underlying `cause`.
 */
export class HookwireError extends Error {
  override readonly name = 'HookwireError';
  readonly kind: HookwireErrorKind;

  constructor(kind: HookwireErrorKind, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.kind = kind;
  }
}
