import { createHash } from 'node:crypto';
import { existsSync, readFileSync, renameSync, rmdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { isJsonObject } from './stay-reason.js';

/*
 * How `hookwire init <host> --undo` gives a host's file back byte for byte. Each write of init records, in
 * `<file>.hookwire-init` beside it, the SHA-256 of the bytes it wrote and whether the file (and which of its
 * directories) existed before. While the file still holds exactly those bytes, nothing but hookwire changed
 * it since the first init, so undo puts back the backup (`<file>.before-hookwire`) as it is, or removes the
 * file and the directories init created. A file changed since keeps its changes: only hookwire's entries go.
 */

/** What `init` wrote into one file: the record beside it. */
interface WriteRecord {
  /** SHA-256 (hex) of the bytes init last wrote. */
  readonly written: string;
  /** Whether the file did not exist before the first init. */
  readonly created: boolean;
  /** How many directories the first write created: the file's own, its parent, ... (0 for none). */
  readonly createdDirectories: number;
}

const recordPath = (file: string): string => `${file}.hookwire-init`;
const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');

/** Records a write of init (called by `writeIfChanged`): the first write's facts are kept on later ones. */
export function recordWrite(
  file: string,
  before: string | undefined,
  written: string,
  createdDirectory: string | undefined,
): void {
  const earlier = readRecord(file);
  const record: WriteRecord = earlier
    ? { ...earlier, written: sha256(written) }
    : {
        written: sha256(written),
        created: before === undefined,
        createdDirectories:
          createdDirectory === undefined
            ? 0
            : relative(createdDirectory, dirname(file)).split(sep).filter(Boolean).length + 1,
      };
  writeFileSync(recordPath(file), `${JSON.stringify(record)}\n`, { mode: 0o600 });
}

function readRecord(file: string): WriteRecord | undefined {
  if (!existsSync(recordPath(file))) return undefined;
  try {
    const value: unknown = JSON.parse(readFileSync(recordPath(file), 'utf8'));
    if (
      isJsonObject(value) &&
      typeof value.written === 'string' &&
      typeof value.created === 'boolean' &&
      typeof value.createdDirectories === 'number'
    )
      return value as unknown as WriteRecord;
  } catch {
    // An unreadable record is no record: undo falls back to removing hookwire's entries.
  }
  return undefined;
}

/** What undo did to one file. */
export type PutBack = 'restored' | 'removed' | 'edited' | 'unchanged';

/**
 * Undoes init's writes to `file`: the original bytes (or no file, and no directory init created) when the
 * file is as init last wrote it; otherwise `withoutHookwire()`, the file's text without hookwire's entries,
 * written over it (`write`, which keeps no new backup). The record goes either way.
 */
export function putBackFile(
  file: string,
  current: string | undefined,
  withoutHookwire: () => string | undefined,
  write: (text: string) => boolean,
): PutBack {
  try {
    return putBack(file, current, withoutHookwire, write);
  } finally {
    rmSync(recordPath(file), { force: true });
  }
}

function putBack(
  file: string,
  current: string | undefined,
  withoutHookwire: () => string | undefined,
  write: (text: string) => boolean,
): PutBack {
  const record = readRecord(file);
  if (current === undefined) return 'unchanged';
  const backup = `${file}.before-hookwire`;
  if (record !== undefined && record.written === sha256(current)) {
    if (record.created) {
      rmSync(file);
      rmSync(backup, { force: true });
      rmSync(recordPath(file), { force: true });
      removeCreatedDirectories(file, record.createdDirectories);
      return 'removed';
    }
    if (existsSync(backup)) {
      writeAtomically(file, current, readFileSync(backup));
      rmSync(backup);
      return 'restored';
    }
  }
  const text = withoutHookwire();
  if (text === undefined) {
    rmSync(file);
    return 'removed';
  }
  return write(text) ? 'edited' : 'unchanged';
}

/** The line undo prints for a file. */
export function putBackMessage(result: PutBack, file: string): string {
  const what = {
    restored: `put back ${file} as it was before hookwire`,
    removed: `removed ${file}, which hookwire created`,
    edited: `removed hookwire hooks in ${file}`,
    unchanged: `found no hookwire hooks in ${file}`,
  }[result];
  return `hookwire init: ${what}\n`;
}

/** Removes the directories init created, the file's own first, each only while it is empty. */
function removeCreatedDirectories(file: string, count: number): void {
  let directory = dirname(file);
  for (let level = 0; level < count; level++) {
    try {
      rmdirSync(directory);
    } catch {
      return; // Not empty: something else lives there now.
    }
    directory = dirname(directory);
  }
}

/** Replaces a file's bytes in one rename, keeping its mode (0600 for a new file). */
export function writeAtomically(file: string, current: string | undefined, next: string | Uint8Array): void {
  const temporary = join(dirname(file), `.${Date.now()}-${process.pid}.hookwire-tmp`);
  const mode = current === undefined ? 0o600 : statSync(file).mode & 0o777;
  writeFileSync(temporary, next, { mode, flag: 'wx' });
  renameSync(temporary, file);
}
