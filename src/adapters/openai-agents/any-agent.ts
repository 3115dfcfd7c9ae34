import type { Agent } from '@openai/agents';

/*
 * The SDK's Agent is generic in its context and output type, and invariant in them: `Agent<unknown,
 * unknown>` does not accept an agent with a typed context. The SDK itself writes `Agent<any, any>` where it
 * takes any agent; so do the adapters, in this one place.
 */

// biome-ignore lint/suspicious/noExplicitAny: any agent, whatever its context (see above).
export type AnyContext = any;

/** Any agent, whatever its context and output type. */
export type AnyAgent = Agent<AnyContext, AnyContext>;
