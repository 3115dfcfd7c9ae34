import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { setJsonValue } from '../../../install/json-edits.js';
import { hooksAddedSince, hooksOf, withAddedHooks } from './hooks-added-since.js';
import { type RewrittenFile, STATE_FILE } from './init-state.js';
import { parseSettings } from './plan-claude-init.js';

/*
 * What `hookwire init claude` and its undo both do to the project's files: put a settings file's hooks back
 * into a text edited since init wrote it, and write a file of the project.
 */

/**
 * A settings text edited since init wrote it, with its `hooks` put back: the backup's, then the definitions
 * added since (init's catch-alls dropped). Every other key keeps the edited text's bytes.
 */
export function withHooksRestored(current: string, original: string, entry: RewrittenFile): string {
  const added = hooksAddedSince(
    parseSettings(entry.settings, current),
    parseSettings(STATE_FILE, entry.written),
  );
  const hooks = withAddedHooks(hooksOf(parseSettings(entry.backup, original)), added);
  return setJsonValue(current, ['hooks'], hooks);
}

/** Writes `file` of the project, making its directory. */
export function writeProjectFile(projectDir: string, file: string, text: string): void {
  const path = join(projectDir, file);
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, text);
}
