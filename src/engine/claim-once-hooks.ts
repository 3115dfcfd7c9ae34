import type { SelectedHook } from '../select/select-hooks.js';
import { onceKeyOf } from './plan-firing.js';
import type { OnceClaims, SessionStateBackend } from './session-state.js';
import { stateFaultMessage } from './session-state-fault.js';

/** The planner's view when no selected hook is `once`: nothing to claim. */
const NO_ONCE_HOOKS: OnceClaims = { claimOnce: () => true };

/**
 * Claims the firing's `once` hooks in the session state, all at once, before planning (the planner is
 * synchronous; a shared store is not). A hook whose claim fails (the store did not answer) does not run:
 * it may have run already; the failure is pushed onto `faults`, and the event fails closed.
 */
export async function claimOnceHooks(
  selected: readonly SelectedHook[],
  state: SessionStateBackend,
  sessionId: string,
  faults: string[],
): Promise<OnceClaims> {
  const keys: string[] = [];
  for (const { indexed, duplicateOf } of selected) {
    if (duplicateOf === null && indexed.hook.handler.once === true) keys.push(onceKeyOf(indexed.hook));
  }
  if (keys.length === 0) return NO_ONCE_HOOKS;
  const claimed = new Set<string>();
  await Promise.all(
    keys.map((key) =>
      state.claimOnce(sessionId, key).then(
        (mine) => {
          if (mine) claimed.add(key);
        },
        (error: unknown) => {
          faults.push(stateFaultMessage(error));
        },
      ),
    ),
  );
  return { claimOnce: (_session, key) => claimed.has(key) };
}
