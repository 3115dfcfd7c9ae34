import { existsSync, readFileSync } from 'node:fs';
import { CommandInputError } from '../errors/command-input-error.js';
import { parseHooksSettings } from './parse-hooks-settings.js';
import { isJsonObject } from './stay-reason.js';

/**
 * The events the project's hooks file (hookwire's own, Claude-shaped) has hooks for, which `hookwire init
 * <init>` installs hookwire for; a file that is missing or unreadable is a located usage error naming it.
 */
export function projectHooksEvents(hooksPath: string, init: string): string[] {
  if (!existsSync(hooksPath)) {
    throw new CommandInputError(
      `no hooks file at ${hooksPath}: write your hooks there (docs/settings.md), or move Claude Code's with \`hookwire init claude\` first`,
    );
  }
  const document = parseHooksSettings(hooksPath, readFileSync(hooksPath, 'utf8'), { init, comments: false });
  return isJsonObject(document.hooks) ? Object.keys(document.hooks) : [];
}
