/** Where one thread's run stands: the Stop gates on its agent, those that let it end this pass, what waits. */
interface ThreadStops {
  readonly gates: Set<symbol>;
  readonly ended: Set<symbol>;
  waiting: Array<() => Promise<void>>;
}

/**
 * Coordinates hookwire's middlewares on one agent at its end. LangChain runs `afterAgent` hooks in reverse
 * middleware order, and any of them can jump back to the model, so a notification that the task is complete
 * (Deep Agents' `task.complete`) fired from one `afterAgent` would fire again each time a Stop hook of another
 * middleware continued the agent. Middlewares whose Stop can continue the agent (gates) join the thread's run
 * in `beforeAgent`; a notification waits until every gate has let the agent end in the same pass, then runs
 * once; a gate that continues the agent drops what waited (it waits again at the next end). Keyed by thread,
 * since the middlewares share nothing else per run; a subagent's runs never come here.
 */
export function createStopPasses() {
  const threads = new Map<string, ThreadStops>();
  const stateOf = (thread: string): ThreadStops => {
    let state = threads.get(thread);
    if (state === undefined) {
      state = { gates: new Set(), ended: new Set(), waiting: [] };
      threads.set(thread, state);
    }
    return state;
  };
  const pending = (state: ThreadStops) => [...state.gates].some((gate) => !state.ended.has(gate));
  return {
    /** A gate is on the agent for this run of the thread. */
    join(thread: string, gate: symbol): void {
      stateOf(thread).gates.add(gate);
    },
    /**
     * A gate decided at the end of a pass. Continuing drops what waited; ending, as the last gate of the
     * pass, runs it and closes the thread's run.
     */
    async decided(thread: string, gate: symbol, continues: boolean): Promise<void> {
      const state = threads.get(thread);
      if (state === undefined) return;
      if (continues) {
        state.ended.clear();
        state.waiting = [];
        return;
      }
      state.ended.add(gate);
      if (pending(state)) return;
      threads.delete(thread);
      for (const notify of state.waiting) await notify();
    },
    /** Runs `notify` once the agent really ends: now when no gate is still to decide in this pass. */
    async whenEnded(thread: string, notify: () => Promise<void>): Promise<void> {
      const state = threads.get(thread);
      if (state === undefined || !pending(state)) return notify();
      state.waiting.push(notify);
    },
  };
}

/** The coordination every hookwire middleware in the process shares. */
export const stopPasses = createStopPasses();
