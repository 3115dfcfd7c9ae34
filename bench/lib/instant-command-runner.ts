import type { HandlerExecution, HandlerRunner } from '../../src/run/handler-execution.js';
import { loadModule } from './load-module.js';

/** What every stubbed command hook answers: allow, as JSON, so the reader and the merger have work to do. */
const ANSWER: HandlerExecution = {
  kind: 'completed',
  exitCode: 0,
  signal: null,
  stdout: '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"allow"}}\n',
  stderr: '',
  stdoutTruncated: false,
  stderrTruncated: false,
  durationMs: 0,
};

/**
 * Runs `work` with the engine's command runner replaced by one that answers at once without spawning, so
 * that what remains is the engine's own cost (select, serialise once, build requests, read, merge). The
 * runner table is restored afterwards, whatever happens. A benchmark-only seam: the table is typed readonly
 * because nothing else may touch it.
 */
export async function withInstantCommandRunner<Result>(work: () => Promise<Result>): Promise<Result | Error> {
  const loaded = await loadModule<{ runners?: Record<string, HandlerRunner> }>('run/runners.ts');
  if (loaded instanceof Error) return loaded;
  const runners = loaded.runners;
  if (runners?.command === undefined) return new Error('src/run/runners.ts has no command runner to stub');
  const original = runners.command;
  runners.command = async () => ANSWER;
  try {
    return await work();
  } finally {
    runners.command = original;
  }
}
