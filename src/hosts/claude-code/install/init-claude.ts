import type { HostInstaller } from '../../host.js';
import { applyClaudeInit } from './apply-claude-init.js';
import { undoClaudeInit } from './undo-claude-init.js';

/**
 * `hookwire init claude` and its `--undo`, as the contract's installer: the moved hooks, the catch-all entries
 * and the backups of `applyClaudeInit`, taken back by `undoClaudeInit`. `--hooks` is read as given, since a
 * project set up before keeps the hooks file its state names.
 */
export const initClaude: HostInstaller = (options) => {
  if (options.undo) return undoClaudeInit(options.projectDir);
  const hooks = options.values.hooks;
  return applyClaudeInit(options.projectDir, {
    hooks: typeof hooks === 'string' ? hooks : undefined,
    hookwire: options.hookwire,
    print: options.print,
    force: options.values.force === true,
    cliPath: options.cliPath,
  });
};
