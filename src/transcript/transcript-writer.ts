import { randomUUID } from 'node:crypto';
import { closeSync, fstatSync, mkdirSync, openSync, readSync, write } from 'node:fs';
import { dirname } from 'node:path';
import { isRecord } from '../common/is-record.js';
import { HookwireError } from '../errors/hookwire-error.js';

/** A block of an assistant message: text, or a call of a tool (`id` is what its result refers to). */
export type AssistantBlock =
  | { readonly type: 'text'; readonly text: string }
  | { readonly type: 'tool_use'; readonly id: string; readonly name: string; readonly input: unknown };

/** Where a transcript goes and whose it is. */
export interface TranscriptWriterOptions {
  /** The JSONL file; created (0600, parent directories 0700) or appended to. Give it as `transcript_path`. */
  readonly path: string;
  readonly sessionId: string;
  readonly cwd: string;
  /** Recorded as the assistant messages' `model`. Default `hookwire`. */
  readonly model?: string;
}

/**
 * Records a session in Claude Code's transcript JSONL shape, so hooks that read `transcript_path` work
 * outside Claude Code. Appends are queued in call order and each line is written whole; `flush()` waits for
 * them. A write that fails is reported by the next `flush()` or `close()` (later appends are dropped).
 */
export interface TranscriptWriter {
  readonly path: string;
  /** Records the user's prompt. Returns the entry's `uuid`. */
  appendUser(text: string): string;
  /** Records an assistant message (a string is one text block). Returns the entry's `uuid`. */
  appendAssistant(content: string | readonly AssistantBlock[]): string;
  /** Records a tool's result for the `tool_use` block `toolUseId`, as Claude Code does: a user entry. */
  appendToolResult(toolUseId: string, content: string, isError?: boolean): string;
  /** Resolves once every append so far is in the file; rejects with the write error if one failed. */
  flush(): Promise<void>;
  /** Flushes, then closes the file. Appending afterwards throws. Idempotent. */
  close(): Promise<void>;
}

/** How much of an existing transcript's end is read to continue its `parentUuid` chain. */
const TAIL_BYTES = 64 * 1024;

/**
 * Opens (or creates) the transcript at `options.path`. Throws a `HookwireError` of kind `io` naming the
 * path when it cannot be created or opened, so a host learns at once, not at the first hook.
 */
export function createTranscriptWriter(options: TranscriptWriterOptions): TranscriptWriter {
  const { path, sessionId, cwd } = options;
  const model = options.model ?? 'hookwire';
  let descriptor: number;
  try {
    mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
    descriptor = openSync(path, 'a+', 0o600);
  } catch (cause) {
    throw new HookwireError('io', `${path}: cannot open the transcript for appending: ${messageOf(cause)}`, {
      cause,
    });
  }
  let parentUuid = lastUuidOf(descriptor);
  let pending: Promise<void> = Promise.resolve();
  let failure: HookwireError | undefined;
  let closed = false;

  function append(entry: Record<string, unknown>): string {
    if (closed) throw new HookwireError('closed', `${path}: the transcript writer is closed`);
    const uuid = randomUUID();
    // The common fields first, in the order Claude Code writes them, so the lines read like its own.
    const line = `${JSON.stringify({
      parentUuid,
      isSidechain: false,
      userType: 'external',
      cwd,
      sessionId,
      ...entry,
      uuid,
      timestamp: new Date().toISOString(),
    })}\n`;
    parentUuid = uuid;
    pending = pending.then(async () => {
      if (failure !== undefined) return;
      try {
        await writeWhole(descriptor, Buffer.from(line));
      } catch (cause) {
        failure = new HookwireError('io', `${path}: cannot append to the transcript: ${messageOf(cause)}`, {
          cause,
        });
      }
    });
    return uuid;
  }

  async function flush(): Promise<void> {
    await pending;
    if (failure !== undefined) throw failure;
  }

  return {
    path,
    appendUser: (text) => append({ type: 'user', message: { role: 'user', content: text } }),
    appendAssistant: (content) => {
      const blocks = typeof content === 'string' ? [{ type: 'text', text: content }] : content;
      return append({
        type: 'assistant',
        message: {
          id: `msg_${randomUUID().replaceAll('-', '')}`,
          type: 'message',
          role: 'assistant',
          model,
          content: blocks,
          stop_reason: blocks.some((block) => block.type === 'tool_use') ? 'tool_use' : 'end_turn',
          stop_sequence: null,
        },
      });
    },
    appendToolResult: (toolUseId, content, isError = false) =>
      append({
        type: 'user',
        message: {
          role: 'user',
          content: [{ tool_use_id: toolUseId, type: 'tool_result', content, is_error: isError }],
        },
      }),
    flush,
    close: async () => {
      if (closed) return flush();
      closed = true;
      try {
        await flush();
      } finally {
        closeSync(descriptor);
      }
    },
  };
}

/** Writes all of `buffer`: `write` may take only part of it, and a line must never be left half written. */
async function writeWhole(descriptor: number, buffer: Buffer): Promise<void> {
  let offset = 0;
  while (offset < buffer.length) {
    offset += await new Promise<number>((resolve, reject) =>
      write(descriptor, buffer, offset, buffer.length - offset, null, (error, written) =>
        error === null ? resolve(written) : reject(error),
      ),
    );
  }
}

/** The `uuid` of the last whole entry of an existing transcript, so a resumed session continues its chain. */
function lastUuidOf(descriptor: number): string | null {
  const size = fstatSync(descriptor).size;
  if (size === 0) return null;
  const length = Math.min(size, TAIL_BYTES);
  const buffer = Buffer.alloc(length);
  readSync(descriptor, buffer, 0, length, size - length);
  const lines = buffer.toString('utf8').split('\n').reverse();
  for (const line of lines) {
    try {
      const entry: unknown = JSON.parse(line);
      if (isRecord(entry) && typeof entry.uuid === 'string') return entry.uuid;
    } catch {
      // A partial first line of the tail, or a line that is not an entry: look further back.
    }
  }
  return null;
}

function messageOf(cause: unknown): string {
  return cause instanceof Error ? cause.message : String(cause);
}
