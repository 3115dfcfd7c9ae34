/** Receives what the library would otherwise print. Never called with secrets. */
export interface Logger {
  debug(message: string): void;
  warn(message: string): void;
}
