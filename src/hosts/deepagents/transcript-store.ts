import {
  chmodSync,
  closeSync,
  existsSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  statSync,
  unlinkSync,
  writeSync,
} from 'node:fs';
import { homedir } from 'node:os';
import { basename, dirname, join, relative, resolve, sep } from 'node:path';
import { isRecord } from '../../common/is-record.js';
import { sha256Hex } from '../../common/sha256.js';
import { redactTranscriptValue } from './redact-transcript.js';

/*
 * The transcripts a Hooks v2 handler reads through `transcript_path` and `agent_transcript_path` (upstream
 * `transcript.py`): one JSONL file per thread, `<root>/<safe(thread)>.jsonl`, and one per subagent,
 * `<root>/<safe(thread)>/agents/<safe(agent)>.jsonl`, the root `~/.deepagents/transcripts`. Messages are
 * buffered as redacted records; `materialize` rewrites the whole file atomically (a temporary file, fsync,
 * rename) before each invocation, first folding in records another process wrote, keeping the previous
 * contents as `<name>.bak-<sha256 of them>` (the 20 newest kept). Files 0600, directories 0700. A record
 * keeps upstream's keys and key order, with absent fields left out.
 */

/** The schema version every record carries. */
export const TRANSCRIPT_SCHEMA_VERSION = 1;
/** Previous revisions kept per transcript. */
export const DEFAULT_RETENTION_REVISIONS = 20;
const FILE_MODE = 0o600;
const DIRECTORY_MODE = 0o700;
/** SHA-256 of nothing, written out: computing it when this module loads would load node:crypto. */
const EMPTY_REVISION = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';

/** A transcript role. */
export type TranscriptRole = 'user' | 'assistant' | 'tool' | 'system';

/** A message to record, in neutral terms (the middleware converts LangChain's). */
export interface TranscriptMessage {
  readonly role: TranscriptRole;
  readonly content: unknown;
  readonly id?: string | undefined;
  readonly name?: string | undefined;
}

/** One JSONL record. */
export interface TranscriptRecord {
  readonly schema_version: 1;
  readonly sequence: number;
  readonly record_id: string;
  readonly timestamp?: string;
  readonly thread_id: string;
  readonly agent_id?: string;
  readonly role: TranscriptRole;
  readonly message_id?: string;
  readonly content: unknown;
  readonly name?: string;
}

/** A materialized file: its path and the SHA-256 of its contents. */
export interface TranscriptHandle {
  readonly path: string;
  readonly revision: string;
}

interface Buffer {
  records: TranscriptRecord[];
  ids: Set<string>;
  dirty: boolean;
  revision: string;
}

/** The root Deep Agents Code uses under `home`. */
export function defaultTranscriptRoot(home: string = homedir()): string {
  return join(home, '.deepagents', 'transcripts');
}

/**
 * A file-name component for an identifier: an ASCII-folded, lower-cased prefix of at most 32 characters
 * (runs of anything else as `-`), `--`, then the SHA-256 of the identifier, so distinct ids never collide.
 */
export function safeComponent(identifier: string): string {
  const readable = identifier
    .normalize('NFKD')
    .replace(/[^\u0000-\u007f]/g, '')
    .toLowerCase();
  const prefix = readable
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 32);
  return `${prefix || 'id'}--${sha256Hex(identifier)}`;
}

/** A record's line: the fields in upstream's order, absent ones left out. */
function recordLine(record: TranscriptRecord): string {
  const ordered: Record<string, unknown> = {};
  for (const key of [
    'schema_version',
    'sequence',
    'record_id',
    'timestamp',
    'thread_id',
    'agent_id',
    'role',
    'message_id',
    'content',
    'name',
  ] as const)
    if (record[key] !== undefined && record[key] !== null) ordered[key] = record[key];
  return `${JSON.stringify(ordered)}\n`;
}

function revisionOf(records: readonly TranscriptRecord[]): string {
  return sha256Hex(records.map(recordLine).join(''));
}

function isRecordLine(value: unknown): value is TranscriptRecord {
  return (
    isRecord(value) &&
    value.schema_version === TRANSCRIPT_SCHEMA_VERSION &&
    Number.isInteger(value.sequence) &&
    typeof value.record_id === 'string' &&
    typeof value.thread_id === 'string' &&
    ['user', 'assistant', 'tool', 'system'].includes(value.role as string) &&
    'content' in value
  );
}

/** The records of a file, and whether it read cleanly (an unreadable or invalid file reads as empty). */
function readTranscript(path: string): { records: TranscriptRecord[]; valid: boolean } {
  try {
    const records: TranscriptRecord[] = [];
    for (const line of readFileSync(path, 'utf8').split('\n')) {
      if (line.trim() === '') continue;
      const parsed: unknown = JSON.parse(line);
      if (!isRecordLine(parsed)) return { records: [], valid: false };
      records.push(parsed);
    }
    return { records, valid: true };
  } catch {
    return { records: [], valid: false };
  }
}

/** Writes `bytes` to `path` atomically (temporary file beside it, fsync, rename), mode 0600. */
function writeAtomically(path: string, bytes: string | Uint8Array): void {
  const temporary = join(
    dirname(path),
    `.${basename(path)}.${process.getBuiltinModule('node:crypto').randomBytes(6).toString('hex')}.tmp`,
  );
  const descriptor = openSync(temporary, 'wx', FILE_MODE);
  try {
    writeSync(descriptor, typeof bytes === 'string' ? Buffer.from(bytes, 'utf8') : bytes);
    fsyncSync(descriptor);
  } finally {
    closeSync(descriptor);
  }
  try {
    chmodSync(temporary, FILE_MODE);
    renameSync(temporary, path);
  } catch (error) {
    try {
      unlinkSync(temporary);
    } catch {}
    throw error;
  }
}

/** The store of one root. Methods throw only on file-system errors the caller reports. */
export class TranscriptStore {
  readonly root: string;
  readonly retentionRevisions: number;
  readonly #buffers = new Map<string, Buffer>();

  constructor(root: string, retentionRevisions: number = DEFAULT_RETENTION_REVISIONS) {
    if (!Number.isInteger(retentionRevisions) || retentionRevisions < 0)
      throw new RangeError(`retention_revisions must be nonnegative, got ${retentionRevisions}`);
    this.root = resolve(root);
    this.retentionRevisions = retentionRevisions;
  }

  /** The thread's transcript. */
  threadPath(threadId: string): string {
    return join(this.root, `${safeComponent(threadId)}.jsonl`);
  }

  /** A subagent's transcript, under its thread's directory. */
  agentPath(threadId: string, agentId: string): string {
    return join(this.root, safeComponent(threadId), 'agents', `${safeComponent(agentId)}.jsonl`);
  }

  /** Buffers `messages` as records; a message whose id was recorded already is skipped. */
  append(threadId: string, messages: readonly TranscriptMessage[], agentId?: string): void {
    const buffer = this.#buffer(threadId, agentId);
    for (const message of messages) {
      const sequence = buffer.records.length;
      const recordId = message.id ?? `${message.role}:${sequence}`;
      if (message.id !== undefined && buffer.ids.has(recordId)) continue;
      buffer.records.push({
        schema_version: TRANSCRIPT_SCHEMA_VERSION,
        sequence,
        record_id: recordId,
        thread_id: threadId,
        ...(agentId === undefined ? {} : { agent_id: agentId }),
        role: message.role,
        ...(message.id === undefined ? {} : { message_id: message.id }),
        content: redactTranscriptValue(message.content),
        ...(message.name === undefined ? {} : { name: message.name }),
      });
      buffer.ids.add(recordId);
      buffer.dirty = true;
    }
  }

  /** Writes what is buffered (when anything changed, or the file is missing) and gives the file. */
  materialize(threadId: string, agentId?: string): TranscriptHandle {
    const buffer = this.#buffer(threadId, agentId);
    const path = agentId === undefined ? this.threadPath(threadId) : this.agentPath(threadId, agentId);
    this.#ensureDirectories(dirname(path));
    this.#mergeDisk(path, buffer);
    if (buffer.dirty || !existsSync(path)) {
      const payload = buffer.records.map(recordLine).join('');
      if (existsSync(path)) {
        const prior = readFileSync(path);
        writeAtomically(`${path}.bak-${sha256Hex(prior)}`, prior);
        this.#pruneBackups(path);
      }
      writeAtomically(path, payload);
      buffer.revision = sha256Hex(payload);
      buffer.dirty = false;
    }
    return { path, revision: buffer.revision };
  }

  /** The revision of what is buffered, without writing. */
  revision(threadId: string, agentId?: string): string {
    const buffer = this.#buffer(threadId, agentId);
    return buffer.dirty ? revisionOf(buffer.records) : buffer.revision;
  }

  #buffer(threadId: string, agentId: string | undefined): Buffer {
    const key = `${threadId}\u0000${agentId ?? ''}\u0000${agentId === undefined ? 0 : 1}`;
    let buffer = this.#buffers.get(key);
    if (buffer === undefined) {
      buffer = { records: [], ids: new Set(), dirty: false, revision: EMPTY_REVISION };
      const path = agentId === undefined ? this.threadPath(threadId) : this.agentPath(threadId, agentId);
      if (existsSync(path)) {
        const { records, valid } = readTranscript(path);
        buffer.records = records;
        buffer.ids = new Set(records.map((record) => record.record_id));
        buffer.revision = revisionOf(records);
        buffer.dirty = !valid;
      }
      this.#buffers.set(key, buffer);
    }
    return buffer;
  }

  /** Folds records another process wrote since this one read the file (buffer order first). */
  #mergeDisk(path: string, buffer: Buffer): void {
    if (!existsSync(path)) return;
    const { records, valid } = readTranscript(path);
    if (!valid || records.every((record) => buffer.ids.has(record.record_id))) return;
    for (const record of records) {
      if (buffer.ids.has(record.record_id)) continue;
      buffer.records.push({ ...record, sequence: buffer.records.length });
      buffer.ids.add(record.record_id);
    }
    buffer.dirty = true;
  }

  #ensureDirectories(target: string): void {
    mkdirSync(target, { recursive: true, mode: DIRECTORY_MODE });
    chmodSync(this.root, DIRECTORY_MODE);
    let current = this.root;
    for (const part of relative(this.root, target)
      .split(sep)
      .filter((part) => part !== '')) {
      current = join(current, part);
      chmodSync(current, DIRECTORY_MODE);
    }
  }

  #pruneBackups(path: string): void {
    const directory = dirname(path);
    const prefix = `${basename(path)}.bak-`;
    const backups = readdirSync(directory)
      .filter((name) => name.startsWith(prefix))
      .map((name) => ({ name, mtime: statSync(join(directory, name)).mtimeMs }))
      .sort((left, right) => left.mtime - right.mtime || left.name.localeCompare(right.name));
    for (const stale of backups.slice(0, Math.max(0, backups.length - this.retentionRevisions))) {
      try {
        unlinkSync(join(directory, stale.name));
      } catch {}
    }
  }
}
