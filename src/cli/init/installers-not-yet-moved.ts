import type { HostInstaller } from '../../hosts/host.js';
import { CommandInputError } from '../command-input.js';

/**
 * The installers that still live in src/cli/init/, by their host's name, until each moves into its host's
 * folder as the `load` of its `Host.install` row (AGENTS.md, "Adding a host"); `commands/init.ts` reads this
 * only for a host whose row has no `load`. This table may only shrink.
 */
export const INSTALLERS_NOT_YET_MOVED: Readonly<Record<string, () => Promise<HostInstaller>>> = {
  'claude-code': () => import('./init-claude.js').then((module) => module.initClaude),
  codex: () => import('./codex/init-codex.js').then((module) => module.initCodex),
  copilot: () => import('./copilot/init-copilot.js').then((module) => module.initCopilot),
  qwen: () => import('./qwen/init-qwen.js').then((module) => module.initQwen),
  droid: () => import('./droid/init-droid.js').then((module) => module.initDroid),
  opencode: () => import('./opencode/init-opencode.js').then((module) => module.initOpenCode),
  cursor: () => import('./cursor/init-cursor.js').then((module) => module.initCursor),
  cline: () => import('./cline/init-cline.js').then((module) => module.initCline),
  gemini: async () => {
    const { initGemini } = await import('./gemini/init-gemini.js');
    return (options) =>
      initGemini({
        ...options,
        user: options.values.user === true,
        trustFolder: options.values['trust-folder'] === true,
      });
  },
  deepagents: async () => {
    const { initDeepAgents } = await import('./deepagents/init-deepagents.js');
    return (options) => {
      const scope = options.values.scope ?? 'user';
      if (scope !== 'user' && scope !== 'project')
        throw new CommandInputError(`--scope must be user or project, not ${JSON.stringify(scope)}`);
      return initDeepAgents({ ...options, scope });
    };
  },
};
