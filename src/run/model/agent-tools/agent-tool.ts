import type { ModelTool } from '../model-client.js';

/** What every read-only tool may touch. */
export interface AgentToolContext {
  /** The project directory, already resolved with realpath. */
  readonly projectRoot: string;
  /** The payload's transcript_path: the one file outside the project the Transcript tool may read. */
  readonly transcriptPath: string | undefined;
  /** Aborts on the hook's timeout or cancellation; long walks stop at the next file. */
  readonly signal: AbortSignal;
}

/** A tool's answer. `isError` results are shown to the model as errors; the loop goes on. */
export interface AgentToolResult {
  readonly content: string;
  readonly isError: boolean;
}

/** A read-only tool of agent hooks. `run` never throws: bad input and refusals are error results. */
export interface AgentTool extends ModelTool {
  run(input: unknown, context: AgentToolContext): Promise<AgentToolResult>;
}

/** Shorthand for an error result. */
export function toolError(content: string): AgentToolResult {
  return { content, isError: true };
}
