import { existsSync, readFileSync, realpathSync } from 'node:fs';
import { dirname, join, resolve, sep } from 'node:path';
import { setJsonValue } from '../../../install/json-edits.js';
import { isJsonObject } from '../../../install/stay-reason.js';
import { parseGeminiSettings } from './plan-gemini-settings.js';

/** How Gemini CLI's trustedFolders.json rules a folder: trusted, marked not to trust, or not named. */
export type FolderTrust = 'trusted' | 'distrusted' | 'unknown';

/** Gemini's trust file: `$GEMINI_CLI_TRUSTED_FOLDERS_PATH`, else trustedFolders.json in its user directory. */
export function trustedFoldersPath(env: NodeJS.ProcessEnv, geminiHome: string): string {
  return env.GEMINI_CLI_TRUSTED_FOLDERS_PATH || join(geminiHome, 'trustedFolders.json');
}

/**
 * A folder's trust as Gemini CLI 0.61 decides it from the file: the rule with the longest path that contains
 * the folder wins (`TRUST_PARENT` rules over the parent of their path); `DO_NOT_TRUST` distrusts. Folder trust
 * turned off in the user settings (`security.folderTrust.enabled: false`) trusts every folder.
 */
export function folderTrustOf(file: string, text: string | undefined, folder: string): FolderTrust {
  if (folderTrustIsOff(dirname(file))) return 'trusted';
  if (text === undefined || text.trim() === '') return 'unknown';
  const rules = parseGeminiSettings(file, text);
  const target = real(folder);
  let longest = -1;
  let level: unknown;
  for (const [path, trust] of Object.entries(rules)) {
    const effective = real(trust === 'TRUST_PARENT' ? dirname(path) : path);
    const inside =
      target === effective || target.startsWith(effective.endsWith(sep) ? effective : `${effective}${sep}`);
    if (inside && path.length > longest) {
      longest = path.length;
      level = trust;
    }
  }
  if (level === 'DO_NOT_TRUST') return 'distrusted';
  return level === 'TRUST_FOLDER' || level === 'TRUST_PARENT' ? 'trusted' : 'unknown';
}

/** The trust file's text with `folder` trusted (`TRUST_FOLDER`), every other rule and byte kept. */
export function withTrustedFolder(file: string, text: string | undefined, folder: string): string {
  const current = text?.trim() ? text : '{}\n';
  parseGeminiSettings(file, current);
  return setJsonValue(current, [resolve(folder)], 'TRUST_FOLDER');
}

function folderTrustIsOff(geminiHome: string): boolean {
  const settings = join(geminiHome, 'settings.json');
  if (!existsSync(settings)) return false;
  try {
    const security = parseGeminiSettings(settings, readFileSync(settings, 'utf8')).security;
    const folderTrust = isJsonObject(security) ? security.folderTrust : undefined;
    return isJsonObject(folderTrust) && folderTrust.enabled === false;
  } catch {
    return false;
  }
}

function real(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return resolve(path);
  }
}
