import type { z } from 'zod';
import type { DeepReadonly } from '../common/deep-readonly.js';
import type { hookRunSchema, outcomeSchema, runStatusSchema, traceSchema } from './outcome-schema.js';

/*
 * The outcome's types, inferred from its zod schema (outcome-schema.ts), which also gives the published JSON
 * Schema and carries every field's description. Imported as types only: the engine's hot path never loads
 * zod for them.
 */

/** How one hook ended, after its output was read under the event's rules (`runStatusSchema`). */
export type RunStatus = z.infer<typeof runStatusSchema>;

/** One entry of `Outcome.runs`: one configured hook, in configuration order (`hookRunSchema`). */
export type HookRun = DeepReadonly<z.infer<typeof hookRunSchema>>;

/** Which hook (by `HookRun.index`) produced a merged field (`traceSchema`). */
export type Trace = DeepReadonly<z.infer<typeof traceSchema>>;

/** The one merged result of firing an event. Stable: documented in docs/outcome.md, schema in schema/. */
export type Outcome = DeepReadonly<z.infer<typeof outcomeSchema>>;
