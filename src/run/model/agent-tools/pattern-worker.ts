import { Worker } from 'node:worker_threads';

/** A regular expression as a worker compiles it. */
export interface PatternSource {
  readonly source: string;
  readonly flags: string;
}

/**
 * The worker's code, a self-contained script (no file to find next to a bundle). Each message names a
 * pattern and either subjects (answers the indexes that match) or a text (answers the indexes of the
 * lines that match, each line cut to `maxLineChars` first).
 */
const WORKER_SCRIPT = `
const { parentPort, workerData } = require('node:worker_threads');
const patterns = workerData.map((pattern) => new RegExp(pattern.source, pattern.flags));
parentPort.on('message', (request) => {
  const pattern = patterns[request.pattern];
  const subjects = request.text === undefined ? request.subjects : request.text.split('\\n');
  const matched = [];
  for (let index = 0; index < subjects.length; index += 1) {
    const subject = request.text === undefined ? subjects[index] : subjects[index].slice(0, request.maxLineChars);
    if (pattern.test(subject) && matched.push(index) >= request.limit) break;
  }
  parentPort.postMessage(matched);
});
`;

/** Raised by a `PatternWorker` call when the signal aborted it: the worker was terminated. */
export class PatternWorkerStopped extends Error {}

/** A tool's error text for a failed worker call. */
export function patternWorkerFailure(toolName: string, error: unknown): string {
  if (error instanceof PatternWorkerStopped) return `${toolName} ${error.message}`;
  return `${toolName} failed: ${error instanceof Error ? error.message : String(error)}`;
}

/**
 * Runs regular expressions a model or a user wrote on a worker thread, so that none can outlive the
 * hook: JavaScript's engine backtracks (`(a+)+$` on 40 characters runs for minutes), and a match in
 * progress cannot be interrupted on the thread that runs it, but a worker can be terminated mid-match.
 * The signal (the hook's timeout or cancellation) terminates it; every pending call then rejects with
 * `PatternWorkerStopped`. One worker per tool call; `close()` when done.
 */
export class PatternWorker {
  readonly #worker: Worker;
  readonly #stopped: Promise<never>;
  readonly #signal: AbortSignal;
  readonly #onAbort: () => void;
  #queue: Promise<unknown> = Promise.resolve();

  constructor(patterns: readonly PatternSource[], signal: AbortSignal) {
    this.#signal = signal;
    this.#worker = new Worker(WORKER_SCRIPT, { eval: true, workerData: patterns });
    this.#worker.unref();
    let stop: (error: Error) => void = () => undefined;
    this.#stopped = new Promise<never>((_resolve, reject) => {
      stop = reject;
    });
    this.#stopped.catch(() => undefined);
    this.#onAbort = () => {
      stop(new PatternWorkerStopped('stopped at the hook timeout'));
      void this.#worker.terminate();
    };
    this.#worker.on('error', (error) => stop(error));
    this.#worker.on('exit', () => stop(new PatternWorkerStopped('the pattern worker exited')));
    if (signal.aborted) this.#onAbort();
    else signal.addEventListener('abort', this.#onAbort, { once: true });
  }

  /** Indexes of the subjects the pattern matches, at most `limit`. */
  matchSubjects(pattern: number, subjects: readonly string[], limit = Number.POSITIVE_INFINITY) {
    return this.#call({ pattern, subjects, limit });
  }

  /** Indexes (0-based) of the lines of `text` the pattern matches, each line cut first, at most `limit`. */
  matchLines(pattern: number, text: string, maxLineChars: number, limit: number) {
    return this.#call({ pattern, text, maxLineChars, limit });
  }

  /** Ends the worker. */
  async close(): Promise<void> {
    this.#signal.removeEventListener('abort', this.#onAbort);
    await this.#worker.terminate();
  }

  /** One request at a time: the worker answers in order, and each answer belongs to the call awaiting it. */
  #call(request: Record<string, unknown>): Promise<number[]> {
    const answer = this.#queue.then(
      () =>
        new Promise<number[]>((resolve, reject) => {
          this.#worker.once('message', resolve);
          this.#stopped.catch(reject);
          this.#worker.postMessage(request);
        }),
    );
    this.#queue = answer.catch(() => undefined);
    return Promise.race([answer, this.#stopped]);
  }
}
