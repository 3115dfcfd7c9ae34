import { readSync, writeSync } from 'node:fs';
import { compileShellParserForShortLivedProcess } from '../../select/shell-parser.js';
import { answerEvent } from '../answer/answer-event.js';
import { BACKGROUND_JOB_OPTION, backgroundJobLauncher } from '../background/launch-background-job.js';
import { runBackgroundJobCommand } from '../background/run-background-job-command.js';

/** Within the host's grace before SIGKILL (about 1.5 s observed): our hooks get TERM, then KILL at 500 ms. */
const TERM_CLOSE_DEADLINE_MS = 1000;
/** hookwire's own failure where answerEvent could not answer it: a block on every host that reads exit 2. */
const FAILED = 2;
/** How a process ended by SIGTERM reports itself: 128 + 15. */
const SIGTERM_EXIT_CODE = 143;

/**
 * `hookwire run [EVENT] [--host NAME] [--settings FILE]... [--plugin DIR]... [--mcp-config FILE]... [--trace DIR]
 * [--on-config-error block|allow] [--on-untrusted block|skip] [--server URL [--token-env NAME]]`: hookwire as a hook, answering in the host's protocol.
 */
export async function run(argv: string[]): Promise<number> {
  compileShellParserForShortLivedProcess();
  try {
    if (argv[0] === BACKGROUND_JOB_OPTION) return runBackgroundJobCommand(await readHookInput());
    const { exitCode, afterAnswer } = await answerEvent(argv, {
      stdin: await readHookInput(),
      env: process.env,
      cwd: currentDirectory(),
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
  } catch (error) {
    // answerEvent answers its own failures; this is what escapes it (stdin unreadable): never exit 1.
    try {
      writeAnswer(2, `hookwire run: ${error instanceof Error ? error.message : String(error)}\n`);
    } catch {
      // Nowhere left to say it.
    }
    return FAILED;
  }
}

/*
 * The working directory the host started us in; when it no longer exists (removed while the session ran),
 * the path it had, which answerEvent then finds missing and answers as its own failure, never with a crash.
 */
function currentDirectory(): string {
  try {
    return process.cwd();
  } catch {
    return process.env.PWD || '/nonexistent-working-directory';
  }
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
 * and creating it loads the stream and net modules, a few ms of every event. A non-blocking pipe that is full
 * (EAGAIN) takes the rest through the stream, as before. A stdout that cannot be written at all (a full disk,
 * a closed pipe) throws: the host never reads the answer, so answerEvent answers it as its own failure (exit
 * 2). The stream's own later errors turn the exit code into that block too.
 */
function writeAnswer(descriptor: 1 | 2, text: string): void {
  if (text === '') return;
  const bytes = Buffer.from(text);
  let written = 0;
  try {
    while (written < bytes.length) written += writeSync(descriptor, bytes, written);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EAGAIN') {
      if (descriptor === 1) throw error;
      return;
    }
    const stream = descriptor === 1 ? process.stdout : process.stderr;
    stream.once('error', () => {
      if (descriptor === 1) process.exitCode = FAILED;
    });
    stream.write(bytes.subarray(written));
  }
}
