import type { SelectedHook } from '../select/select-hooks.js';
import { type ExecutedHook, executeInFiring, notRunHook } from './execute-hook.js';
import type { Firing } from './firing.js';

/**
 * The hooks of one `sequential` definition, one after another, each writing its entry into `results`: each
 * sees the tool input as the one before rewrote it, and a deny or block skips the rest.
 */
export async function runChain(
  firing: Firing,
  selected: readonly SelectedHook[],
  chain: readonly number[],
  results: Array<ExecutedHook | Promise<ExecutedHook>>,
): Promise<void> {
  let body = firing.payload;
  let json = firing.payloadJson;
  let stoppedBy: number | null = null;
  for (const index of chain) {
    const hook = (selected[index] as SelectedHook).indexed.hook;
    if (stoppedBy !== null) {
      results[index] = notRunHook(
        index,
        hook,
        'skipped',
        `#${stoppedBy} blocked; the rest of its sequential definition did not run`,
        performance.now() - firing.startedAt,
      );
      continue;
    }
    const executed = await executeInFiring(firing, index, hook, body, json);
    results[index] = executed;
    const { decision, updatedInput } = executed.effects;
    if (decision === 'deny' || decision === 'block') stoppedBy = index;
    else if (updatedInput && 'tool_input' in body) {
      body = { ...body, tool_input: updatedInput };
      json = JSON.stringify(body);
    }
  }
}
