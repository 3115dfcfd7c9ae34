import type { MergeEntry } from '../../merge/merge-outcome.js';
import type { Delivery } from '../session-state.js';

/**
 * Background results of earlier firings, as merge entries placed after this firing's own hooks (indexes
 * from `firstIndex`), carrying only what a background hook can still say: context and a system message.
 * Each run keeps `background: true` and says in `details.deliveredFrom` which event started it.
 */
export function deliveredEntries(deliveries: readonly Delivery[], firstIndex: number): MergeEntry[] {
  return deliveries.map((delivery, position) => {
    const index = firstIndex + position;
    return {
      run: { ...delivery.run, index, details: { ...delivery.run.details, deliveredFrom: delivery.event } },
      effects: {
        ...(delivery.additionalContext !== undefined
          ? { additionalContext: delivery.additionalContext }
          : {}),
        ...(delivery.systemMessage !== undefined ? { systemMessage: delivery.systemMessage } : {}),
      },
      rewriteGroup: `#${index}`,
    };
  });
}
