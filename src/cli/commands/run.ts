import { readSync, writeSync } from 'node:fs';
import {
  BACKGROUND_JOB_OPTION,
  backgroundJobLauncher,
} from '../../engine/background/launch-background-job.js';
import { runBackgroundJobCommand } from '../../engine/background/run-background-job-command.js';
import { compileShellParserForShortLivedProcess } from '../../select/shell-parser.js';
import { answerEvent } from '../answer/answer-event.js';

/** Within the host's grace before SIGKILL (about 1.5 s observed): our hooks get TERM, then KILL at 500 ms. */
const TERM_CLOSE_DEADLINE_MS = 1000;
/** How a process ended by SIGTERM reports itself: 128 + 15. */
const SIGTERM_EXIT_CODE = 143;

/**
 * `hookwire run [EVENT] [--host NAME] [--settings FILE]... [--plugin DIR]... [--mcp-config FILE]... [--trace DIR]
 * [--on-config-error block|allow] [--on-untrusted block|skip]`: hookwire as a hook, answering in the host's protocol.
 */
export async function run(argv: string[]): Promise<number> {
  compileShellParserForShortLivedProcess();
  if (argv[0] === BACKGROUND_JOB_OPTION) return runBackgroundJobCommand(await readHookInput());
  const { exitCode, afterAnswer } = await answerEvent(argv, {
    stdin: await readHookInput(),
    env: process.env,
    cwd: process.cwd(),
    write: writeAnswer,
    launcher: backgroundJobLauncher,
    // The host ends a hook it stops waiting for with SIGTERM to its process group, which our hooks left
    // (each is a group of its own): end them too before going, rather than leave them running unbounded.
    whileFiring: (engine) => {
      const endHooksOnTerm = (): void => {
        engine.close(TERM_CLOSE_DEADLINE_MS).finally(() => process.exit(SIGTERM_EXIT_CODE));
      };
      process.once('SIGTERM', endHooksOnTerm);
      return () => process.removeListener('SIGTERM', endHooksOnTerm);
    },
  });
  await afterAnswer();
  return exitCode;
}

/*
 * The hook input, read with blocking reads when stdin allows it: iterating `process.stdin` builds a stream
 * (and for a file, loads fs/promises and readline), which costs more at start-up than the rest of `hookwire
 * run`'s own work. A stdin that will not be read so (non-blocking: EAGAIN, closed: EBADF) is read on as a
 * stream, after the bytes already read.
 */
async function readHookInput(): Promise<string> {
  const chunks: Buffer[] = [];
  try {
    for (;;) {
      const buffer = Buffer.allocUnsafe(65536);
      const count = readSync(0, buffer, 0, buffer.length, null);
      if (count === 0) break;
      chunks.push(buffer.subarray(0, count));
    }
  } catch (error) {
    // Windows reports the end of a pipe as an EOF error rather than a read of 0 bytes.
    if ((error as NodeJS.ErrnoException).code !== 'EOF') {
      for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
    }
  }
  return Buffer.concat(chunks).toString('utf8');
}

/*
 * The answer, written with blocking writes: process.stdout on a pipe (how hosts run hooks) is a net.Socket,
 * and creating it loads the stream and net modules, a few ms of every event. Whatever a write refuses (a
 * non-blocking pipe that is full: EAGAIN; a closed one) goes through the stream, as before, from there on.
 */
function writeAnswer(descriptor: 1 | 2, text: string): void {
  if (text === '') return;
  const bytes = Buffer.from(text);
  let written = 0;
  try {
    while (written < bytes.length) written += writeSync(descriptor, bytes, written);
  } catch {
    (descriptor === 1 ? process.stdout : process.stderr).write(bytes.subarray(written));
  }
}
