import { isRecord } from '../common/is-record.js';

/**
 * What a hook prints, as the protocol spells it: the common fields, checked for type only. Meaning
 * (which fields an event honours, legacy values) is given by `effectsOfOutput`.
 */
export interface WireOutput {
  readonly continue?: boolean;
  readonly stopReason?: string;
  readonly suppressOutput?: boolean;
  readonly systemMessage?: string;
  readonly decision?: string;
  readonly reason?: string;
  readonly additionalContext?: string;
  readonly hookSpecificOutput?: Readonly<Record<string, unknown>>;
}

/** Either the checked wire output, or why it is invalid. */
export type WireResult = { readonly wire: WireOutput } | { readonly invalid: string };

/** The common fields of a hook's JSON and their JSON types, checked on every event that reads output. */
export const WIRE_FIELD_TYPES = {
  continue: 'boolean',
  stopReason: 'string',
  suppressOutput: 'boolean',
  systemMessage: 'string',
  decision: 'string',
  reason: 'string',
  additionalContext: 'string',
} as const;

/**
 * Checks the common fields of a hook's JSON. Unknown keys are ignored; a known key of the wrong type, or a
 * `hookSpecificOutput` that names another event, makes the whole output invalid (a non-blocking error).
 * `null` counts as absent, as hooks written in Python often print `"reason": null`.
 */
export function readWireOutput(output: Readonly<Record<string, unknown>>, event: string): WireResult {
  const wire: Record<string, unknown> = {};
  for (const [key, type] of Object.entries(WIRE_FIELD_TYPES)) {
    const value = output[key];
    if (value === undefined || value === null) continue;
    if (typeof value !== type) return { invalid: `"${key}" must be a ${type}, got ${describe(value)}` };
    wire[key] = value;
  }
  const specific = output.hookSpecificOutput;
  if (specific !== undefined && specific !== null) {
    if (!isRecord(specific))
      return { invalid: `"hookSpecificOutput" must be an object, got ${describe(specific)}` };
    const named = specific.hookEventName;
    if (named !== undefined && named !== event) {
      return { invalid: `hookSpecificOutput.hookEventName is ${JSON.stringify(named)}, expected "${event}"` };
    }
    wire.hookSpecificOutput = specific;
  }
  return { wire: wire as WireOutput };
}

/** A short description of a JSON value's type, for messages. */
export function describe(value: unknown): string {
  if (Array.isArray(value)) return 'an array';
  if (value === null) return 'null';
  return `a ${typeof value}`;
}
