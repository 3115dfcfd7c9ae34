import { createHash } from 'node:crypto';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { basename, dirname, join, relative, resolve, sep } from 'node:path';
import { isRecord } from '../../common/is-record.js';
import { redactTranscriptValue } from './redact-transcript.js';

/*
 * The transcripts hooks read through `transcript_path` and `agent_transcript_path` (upstream
 * `transcript.py`): one JSONL file per thread, `<root>/<safe(thread)>.jsonl`, and one per subagent,
 * `<root>/<safe(thread)>/agents/<safe(agent)>.jsonl`; records `{schema_version: 1, sequence, record_id,
 * thread_id, agent_id?, role, message_id?, content, name?}` with secrets redacted; a message with an id is
 * recorded once. Materializing rewrites the whole file atomically (0600 in 0700 directories) after
 * copying the previous revision aside as `<name>.bak-<sha256 of its bytes>`, keeping the newest 20; it
 * first folds in records another process wrote, so two sessions on one thread do not drop each other's.
 */

/** Upstream's transcript schema version. */
export const TRANSCRIPT_SCHEMA_VERSION = 1;
/** Prior revisions kept per transcript. */
export const DEFAULT_RETENTION_REVISIONS = 20;
const FILE_MODE = 0o600;
const DIRECTORY_MODE = 0o700;

/** A conversation message, in LangChain's message terms (`type`) or chat roles (`role`). */
export interface TranscriptMessage {
  readonly role?: 'user' | 'assistant' | 'tool' | 'system';
  readonly type?: 'human' | 'ai' | 'tool' | 'system';
  readonly content: unknown;
  readonly id?: string;
  readonly name?: string;
}

/** One JSONL record. */
export interface TranscriptRecord {
  readonly schema_version: 1;
  readonly sequence: number;
  readonly record_id: string;
  readonly timestamp?: string;
  readonly thread_id: string;
  readonly agent_id?: string;
  readonly role: 'user' | 'assistant' | 'tool' | 'system';
  readonly message_id?: string;
  readonly content: unknown;
  readonly name?: string;
}

/** A materialized transcript: its path and the SHA-256 of its bytes. */
export interface TranscriptHandle {
  readonly path: string;
  readonly revision: string;
  readonly threadId: string;
  readonly agentId?: string;
}

interface TranscriptBuffer {
  records: TranscriptRecord[];
  ids: Set<string>;
  dirty: boolean;
  revision: string;
}

const ROLES = { human: 'user', ai: 'assistant', tool: 'tool', system: 'system' } as const;
const EMPTY_REVISION = sha256('');

/** Append-only transcript projections under one root (`~/.deepagents/transcripts` for Deep Agents Code). */
export class TranscriptStore {
  readonly root: string;
  readonly #retention: number;
  readonly #buffers = new Map<string, TranscriptBuffer>();

  constructor(root: string, options: { readonly retentionRevisions?: number } = {}) {
    this.root = resolve(root);
    this.#retention = options.retentionRevisions ?? DEFAULT_RETENTION_REVISIONS;
    ensurePrivateDirectories(this.root, this.root);
  }

  /** `<root>/<safe(thread)>.jsonl`. */
  threadPath(threadId: string): string {
    return join(this.root, `${safeComponent(threadId)}.jsonl`);
  }

  /** `<root>/<safe(thread)>/agents/<safe(agent)>.jsonl`. */
  agentPath(threadId: string, agentId: string): string {
    return join(this.root, safeComponent(threadId), 'agents', `${safeComponent(agentId)}.jsonl`);
  }

  /** Buffers `messages` (redacted; one with an id already recorded is skipped). */
  appendMessages(threadId: string, messages: readonly TranscriptMessage[], agentId?: string): void {
    const buffer = this.#buffer(threadId, agentId);
    for (const message of messages) {
      const record = recordOf(message, threadId, agentId, buffer.records.length);
      if (record === null) continue;
      if (record.message_id !== undefined && buffer.ids.has(record.record_id)) continue;
      buffer.records.push(record);
      buffer.ids.add(record.record_id);
      buffer.dirty = true;
    }
  }

  /** Writes what was buffered (and what another process added) and gives the file's path and revision. */
  materialize(threadId: string, agentId?: string): TranscriptHandle {
    const buffer = this.#buffer(threadId, agentId);
    const path = this.#path(threadId, agentId);
    ensurePrivateDirectories(this.root, dirname(path));
    mergeDiskRecords(path, buffer);
    if (buffer.dirty || !existsSync(path)) {
      buffer.revision = writeTranscript(path, buffer.records, this.#retention);
      buffer.dirty = false;
    } else chmodSync(path, FILE_MODE);
    return { path, revision: buffer.revision, threadId, ...(agentId === undefined ? {} : { agentId }) };
  }

  /** The revision the buffered records would have, without writing. */
  revision(threadId: string, agentId?: string): string {
    const buffer = this.#buffer(threadId, agentId);
    return buffer.dirty ? sha256(serialize(buffer.records)) : buffer.revision;
  }

  #path(threadId: string, agentId: string | undefined): string {
    return agentId === undefined ? this.threadPath(threadId) : this.agentPath(threadId, agentId);
  }

  #buffer(threadId: string, agentId: string | undefined): TranscriptBuffer {
    const key = JSON.stringify([threadId, agentId ?? null]);
    let buffer = this.#buffers.get(key);
    if (buffer === undefined) {
      buffer = { records: [], ids: new Set(), dirty: false, revision: EMPTY_REVISION };
      const path = this.#path(threadId, agentId);
      if (existsSync(path)) {
        const reading = readTranscript(path);
        buffer.records = reading.records;
        buffer.ids = new Set(reading.records.map((record) => record.record_id));
        buffer.revision = sha256(serialize(reading.records));
        buffer.dirty = !reading.valid;
      }
      this.#buffers.set(key, buffer);
    }
    return buffer;
  }
}

function recordOf(
  message: TranscriptMessage,
  threadId: string,
  agentId: string | undefined,
  sequence: number,
): TranscriptRecord | null {
  const role = message.role ?? (message.type === undefined ? undefined : ROLES[message.type]);
  if (role === undefined) return null;
  const messageId = typeof message.id === 'string' ? message.id : undefined;
  return withoutUndefined({
    schema_version: TRANSCRIPT_SCHEMA_VERSION,
    sequence,
    record_id: messageId ?? `${role}:${sequence}`,
    thread_id: threadId,
    agent_id: agentId,
    role,
    message_id: messageId,
    content: redactTranscriptValue(message.content ?? ''),
    name: typeof message.name === 'string' ? message.name : undefined,
  });
}

function withoutUndefined(record: Record<string, unknown>): TranscriptRecord {
  const kept: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(record)) if (value !== undefined) kept[key] = value;
  return kept as unknown as TranscriptRecord;
}

function serialize(records: readonly TranscriptRecord[]): string {
  return records.map((record) => `${JSON.stringify(record)}\n`).join('');
}

function sha256(text: string | Buffer): string {
  return createHash('sha256').update(text).digest('hex');
}

/** A readable, collision-free file name for an identifier: `<ascii prefix>--<sha256>`. */
export function safeComponent(identifier: string): string {
  const readable = identifier
    .normalize('NFKD')
    .replace(/[^\u0000-\u007f]/g, '')
    .toLowerCase();
  const prefix = readable
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 32);
  return `${prefix || 'id'}--${sha256(Buffer.from(identifier, 'utf8'))}`;
}

function ensurePrivateDirectories(root: string, target: string): void {
  mkdirSync(target, { recursive: true, mode: DIRECTORY_MODE });
  chmodSync(root, DIRECTORY_MODE);
  let current = root;
  for (const part of relative(root, target)
    .split(sep)
    .filter((item) => item !== '')) {
    current = join(current, part);
    chmodSync(current, DIRECTORY_MODE);
  }
}

function readTranscript(path: string): { records: TranscriptRecord[]; valid: boolean } {
  try {
    const records = readFileSync(path, 'utf8')
      .split('\n')
      .filter((line) => line.trim() !== '')
      .map((line) => JSON.parse(line) as unknown);
    if (!records.every(isTranscriptRecord)) return { records: [], valid: false };
    return { records, valid: true };
  } catch {
    return { records: [], valid: false };
  }
}

function isTranscriptRecord(value: unknown): value is TranscriptRecord {
  return (
    isRecord(value) &&
    value.schema_version === TRANSCRIPT_SCHEMA_VERSION &&
    Number.isInteger(value.sequence) &&
    typeof value.record_id === 'string' &&
    typeof value.thread_id === 'string' &&
    typeof value.role === 'string' &&
    'content' in value
  );
}

/** Records on disk that the buffer lacks (another process's), appended after the buffer's own. */
function mergeDiskRecords(path: string, buffer: TranscriptBuffer): void {
  if (!existsSync(path)) return;
  const reading = readTranscript(path);
  if (!reading.valid) return;
  const missing = reading.records.filter((record) => !buffer.ids.has(record.record_id));
  if (missing.length === 0) return;
  for (const record of missing) {
    buffer.records.push({ ...record, sequence: buffer.records.length });
    buffer.ids.add(record.record_id);
  }
  buffer.dirty = true;
}

function writeTranscript(path: string, records: readonly TranscriptRecord[], retention: number): string {
  const payload = serialize(records);
  const temporary = join(dirname(path), `.${basename(path)}.${process.pid}.tmp`);
  writeFileSync(temporary, payload, { mode: FILE_MODE });
  chmodSync(temporary, FILE_MODE);
  // The previous revision is copied aside first, then the live path replaced in one rename, so a reader
  // never sees a missing or half-written file.
  if (existsSync(path)) {
    const prior = readFileSync(path);
    const backup = `${path}.bak-${sha256(prior)}`;
    const backupTemporary = `${backup}.${process.pid}.tmp`;
    writeFileSync(backupTemporary, prior, { mode: FILE_MODE });
    renameSync(backupTemporary, backup);
    pruneBackups(path, retention);
  }
  renameSync(temporary, path);
  chmodSync(path, FILE_MODE);
  return sha256(payload);
}

function pruneBackups(path: string, retention: number): void {
  const prefix = `${basename(path)}.bak-`;
  const backups = readdirSync(dirname(path))
    .filter((name) => name.startsWith(prefix) && !name.endsWith('.tmp'))
    .map((name) => join(dirname(path), name))
    .map((file) => ({ file, mtime: statSync(file).mtimeMs }))
    .sort((a, b) => a.mtime - b.mtime || a.file.localeCompare(b.file));
  for (const stale of backups.slice(0, Math.max(0, backups.length - retention)))
    rmSync(stale.file, { force: true });
}

/** The stream metadata key that carries a subagent's transcript id (the parent `task` call's id). */
export const SUBAGENT_TRANSCRIPT_ID_METADATA_KEY = 'dcode_subagent_id';

/**
 * The metadata a `task` call's subagent runs under: the caller's, plus the subagent's transcript id, so
 * its messages go to its own transcript; a copy, the caller's metadata is untouched. Other calls: as is.
 */
export function subagentTranscriptMetadata(
  call: { readonly name: string; readonly id?: string },
  metadata: Readonly<Record<string, unknown>>,
): Readonly<Record<string, unknown>> {
  if (call.name !== 'task') return metadata;
  return { ...metadata, [SUBAGENT_TRANSCRIPT_ID_METADATA_KEY]: call.id };
}

/** The transcript paths one invocation's payload carries, each written out before its hooks run. */
export function materializeForInvocation(
  store: TranscriptStore,
  threadId: string,
  agentId?: string,
): { readonly transcript_path: string; readonly agent_transcript_path?: string } {
  const thread = store.materialize(threadId);
  if (agentId === undefined) return { transcript_path: thread.path };
  return { transcript_path: thread.path, agent_transcript_path: store.materialize(threadId, agentId).path };
}
