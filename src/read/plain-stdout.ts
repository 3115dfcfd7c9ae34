import type { EventSpec } from '../events/event-spec.js';
import { type HookEffects, NO_EFFECTS } from './hook-verdict.js';

/**
 * What plain (non-JSON) stdout of a successful hook means, per the catalogue row: context for the model
 * (SessionStart, UserPromptSubmit), the worktree path (its last non-empty line; WorktreeCreate), compaction
 * instructions (the raw stdout; PreCompact), or nothing.
 */
export function plainStdoutEffects(spec: EventSpec, stdout: string): HookEffects {
  switch (spec.plainStdout) {
    case 'context': {
      const context = stdout.trim();
      return context === '' ? NO_EFFECTS : { additionalContext: context };
    }
    case 'worktree-path': {
      const lines = stdout.split('\n').map((line) => line.trim());
      const path = lines.filter((line) => line !== '').at(-1);
      return path === undefined ? NO_EFFECTS : { specific: { worktreePath: path } };
    }
    case 'compaction-instructions':
      // Raw, every line, JSON included; only the newline that ends the output is not part of it.
      return stdout.trim() === '' ? NO_EFFECTS : { additionalContext: stdout.replace(/\r?\n$/, '') };
    case 'ignored':
      return NO_EFFECTS;
  }
}
