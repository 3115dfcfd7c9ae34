import { compileHookIndex, type HookIndex } from '../select/hook-index.js';
import type { ConfiguredHook, Diagnostic, HookScope } from '../settings/configured-hook.js';
import { readScopedHooks } from '../settings/read-scoped-hooks.js';

/** A scope's hooks, added by `engine.addScopedHooks`; `remove()` takes them out (again: no effect). */
export interface ScopedHookSet {
  /** The warnings reading the hooks gave (a subagent's Stop run on SubagentStop, an ignored `once`, ...). */
  readonly diagnostics: readonly Diagnostic[];
  remove(): void;
  [Symbol.dispose](): void;
}

/**
 * The engine's hooks: those loaded from settings, then the hooks of every scope added and not yet removed,
 * in the order they were added, compiled into one index. The index is rebuilt on each add and remove (rare:
 * a subagent or skill starting or ending), so that firing stays one lookup with no scope in play.
 */
export class ScopedHookSets {
  private readonly sets = new Map<number, readonly ConfiguredHook[]>();
  private added = 0;
  #index: HookIndex;

  constructor(
    private readonly base: readonly ConfiguredHook[],
    private readonly projectDir: string,
    private readonly warn: (message: string) => void,
  ) {
    this.#index = compileHookIndex(base, projectDir);
  }

  /** The index to select from now. */
  get index(): HookIndex {
    return this.#index;
  }

  /** Reads, adds and indexes a scope's hooks; throws (adding nothing) when one cannot run. */
  add(hooks: unknown, scope: HookScope): ScopedHookSet {
    const id = ++this.added;
    const reading = readScopedHooks(hooks, scope, `s${id}`);
    this.sets.set(id, reading.hooks);
    this.rebuild();
    const remove = () => {
      if (this.sets.delete(id)) this.rebuild();
    };
    return { diagnostics: reading.warnings, remove, [Symbol.dispose]: remove };
  }

  private rebuild(): void {
    const index = compileHookIndex([...this.base, ...[...this.sets.values()].flat()], this.projectDir);
    // The base hooks' warnings were told once, at creation; only what a scope brings is new.
    for (const warning of index.warnings) if (!this.#index.warnings.includes(warning)) this.warn(warning);
    this.#index = index;
  }
}
