import { putBackFile, putBackMessage } from './put-back-file.js';
import { writeIfChanged } from './user-level-install.js';

/** What an installer's undo says and whether it writes (`--print`). */
export interface UndoOutput {
  readonly print: boolean;
  readonly out: (text: string) => void;
  readonly err: (text: string) => void;
}

/**
 * `hookwire init <host> --undo` for a host whose hooks live in one file of its own that init edited: the
 * file as it was before hookwire (or none, with the directories init made) when only hookwire changed it
 * since, as init's record of its write says; else `withoutHookwire(current)`, the file with hookwire's
 * entries taken out. `--print` prints the latter and writes nothing. Returns the exit code.
 */
export function undoHostFile(
  output: UndoOutput,
  file: string,
  current: string | undefined,
  withoutHookwire: (current: string) => string,
): number {
  if (current === undefined) {
    output.err(`hookwire init: found no ${file}\n`);
    return 0;
  }
  const without = withoutHookwire(current);
  if (output.print) {
    output.out(`# ${file}\n${without}`);
    return 0;
  }
  const write = (next: string) => writeIfChanged(file, current, next, output.err, false);
  output.err(
    putBackMessage(
      putBackFile(file, current, () => without, write),
      file,
    ),
  );
  return 0;
}
