import { existsSync, readFileSync, rmdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import {
  initDirectories,
  readInitState,
  STATE_FILE,
  STATE_GITIGNORE,
  STATE_GITIGNORE_TEXT,
  sha256,
} from './init-state.js';
import { isTrustedNow, keepTrust, levelOf, type WrittenSource } from './keep-trust.js';
import { withHooksRestored, writeProjectFile } from './with-hooks-restored.js';

/**
 * `hookwire init --undo`: puts the hooks back as `applyClaudeInit` found them, from the state it left: each
 * settings file from its backup, byte for byte when it is as init left it, only its "hooks" otherwise; the
 * hooks file removed unless it was changed since. Exit 1 when the project holds no such state.
 */
export async function undoClaudeInit(projectDir: string): Promise<number> {
  const state = readInitState(projectDir);
  if (!state) {
    process.stderr.write(`hookwire init: nothing to undo: no ${STATE_FILE} in ${projectDir}\n`);
    return 1;
  }
  const lines: string[] = [];
  const restored: WrittenSource[] = [];
  const removed: string[] = [];
  for (const entry of state.files) {
    const { settings, backup } = entry;
    const path = join(projectDir, settings);
    const current = existsSync(path) ? readFileSync(path, 'utf8') : undefined;
    const asInitLeftIt = current === undefined || current === entry.written;
    if (entry.created === true && asInitLeftIt) {
      // Init created it: gone again, as it was.
      if (current !== undefined) {
        rmSync(path);
        removed.push(path);
      }
      lines.push(`  ${settings}: removed (init created it)`);
      continue;
    }
    // A file init created and that was edited since: the edits stay, its hooks are those added since.
    const original = entry.created === true ? '{}' : readFileSync(join(projectDir, backup), 'utf8');
    const text = asInitLeftIt ? original : withHooksRestored(current, original, entry);
    // Trusted with the restored bytes only when the bytes undo replaces were trusted.
    if (current !== undefined && isTrustedNow(path, projectDir))
      restored.push({ path, level: levelOf(settings), text });
    writeProjectFile(projectDir, settings, text);
    if (asInitLeftIt) {
      lines.push(`  ${settings}: restored from ${backup}`);
    } else {
      lines.push(
        `  ${settings}: changed since init; its "hooks" restored from ${backup} (with hooks added since), the rest kept`,
      );
    }
    rmSync(join(projectDir, backup), { force: true });
  }
  const hooksPath = join(projectDir, state.hooksFile);
  if (state.hooksFileKept === true) {
    lines.push(`  ${state.hooksFile}: kept (it was there before init)`);
  } else if (existsSync(hooksPath) && sha256(readFileSync(hooksPath, 'utf8')) !== state.hooksFileSha256) {
    lines.push(`  ${state.hooksFile}: changed since init, kept (hooks added there are not in the settings)`);
  } else {
    rmSync(hooksPath, { force: true });
    removed.push(hooksPath);
    lines.push(`  ${state.hooksFile}: removed`);
  }
  rmSync(join(projectDir, STATE_FILE), { force: true });
  const gitignore = join(projectDir, STATE_GITIGNORE);
  if (existsSync(gitignore) && readFileSync(gitignore, 'utf8') === STATE_GITIGNORE_TEXT) rmSync(gitignore);
  const existing = Array.isArray(state.existingDirectories) ? state.existingDirectories : [];
  for (const directory of initDirectories(state.hooksFile)) {
    if (!existing.includes(directory)) removeIfEmpty(join(projectDir, directory));
  }
  process.stdout.write(`hookwire init --undo:\n${lines.join('\n')}\n`);
  await keepTrust(restored, projectDir, removed);
  return 0;
}

function removeIfEmpty(directory: string): void {
  try {
    rmdirSync(directory);
  } catch {
    // Not empty, or already gone: either way there is nothing to remove.
  }
}
