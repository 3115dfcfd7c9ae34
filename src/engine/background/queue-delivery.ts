import type { EngineContext } from '../engine-context.js';
import type { Delivery } from '../session-state.js';

/**
 * Keeps a background result for the session's next event. A store that cannot keep it loses that result
 * (told through the logger), never an event: the hook that made it has finished, and nothing waits on it.
 */
export async function queueDelivery(
  context: EngineContext,
  sessionId: string,
  delivery: Delivery,
): Promise<void> {
  try {
    await context.state.queue(sessionId, delivery);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    context.options.logger?.warn(`a background result of ${delivery.event} is lost: ${message}`);
  }
}
