/**
 * Whether a hook command already calls `hookwire run` with a settings file: a catch-all written by
 * `hookwire init` (or by hand, as the README shows). Such hooks stay where they are: moving one into the
 * hooks file would make hookwire call itself.
 */
export function isHookwireRun(command: string): boolean {
  return command.includes('hookwire run') || command.includes(' run --settings ');
}
