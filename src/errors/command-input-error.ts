/** A problem with what the user typed; the command prints `message` and exits with its usage code. */
export class CommandInputError extends Error {
  override readonly name = 'CommandInputError';
}
