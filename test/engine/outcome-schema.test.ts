import { describe, expect, expectTypeOf, it } from 'vitest';
import type { z } from 'zod';
import { createEngine } from '../../src/engine/create-engine.js';
import type { Decision, HandlerType } from '../../src/events/event-spec.js';
import type { HookRun, Outcome, RunStatus, Trace } from '../../src/outcome/outcome.js';
import { outcomeSchema } from '../../src/outcome/outcome-schema.js';
import type { SourceLevel } from '../../src/settings/configured-hook.js';
import { temporaryHome } from './engine-harness.js';

/*
 * The public outcome types as they were written by hand before they were inferred from the schema: the
 * inferred ones must stay exactly these, readonly-ness included.
 */
type ExpectedRunStatus =
  | 'success'
  | 'blocking'
  | 'non_blocking_error'
  | 'timeout'
  | 'skipped'
  | 'deduplicated'
  | 'cancelled'
  | 'running';

interface ExpectedHookRun {
  readonly index: number;
  readonly source: {
    readonly file: string;
    readonly level: SourceLevel;
    readonly line: number;
    readonly jsonPath: string;
    readonly plugin?: {
      readonly id: string;
      readonly name: string;
      readonly version: string | null;
      readonly root: string;
    };
    readonly scope?: {
      readonly kind: 'subagent' | 'skill';
      readonly name: string;
      readonly agentId: string | null;
    };
  };
  readonly type: HandlerType;
  readonly command: string;
  readonly matcher: string | null;
  readonly status: ExpectedRunStatus;
  readonly exitCode: number | null;
  readonly signal: string | null;
  readonly startedAtMs: number;
  readonly durationMs: number;
  readonly stdout: string;
  readonly stderr: string;
  readonly stdoutTruncated: boolean;
  readonly stderrTruncated: boolean;
  readonly output: Readonly<Record<string, unknown>> | null;
  readonly error: string | null;
  readonly background: boolean;
  readonly details?: Readonly<Record<string, unknown>>;
}

type ExpectedTrace = Readonly<Record<string, readonly number[]>>;

interface ExpectedOutcome {
  readonly event: string;
  readonly decision: Decision | null;
  readonly reason: string | null;
  readonly continue: boolean;
  readonly stopReason: string | null;
  readonly systemMessages: readonly string[];
  readonly additionalContext: readonly string[];
  readonly updatedInput: Readonly<Record<string, unknown>> | null;
  readonly hookSpecificOutput: Readonly<Record<string, unknown>>;
  readonly suppressOutput: boolean;
  readonly warnings: readonly string[];
  readonly environment?: { readonly [name: string]: string };
  readonly durationMs: number;
  readonly runs: readonly ExpectedHookRun[];
  readonly trace: ExpectedTrace;
}

describe('the outcome types inferred from outcomeSchema', () => {
  it('are the public types, field for field and readonly', () => {
    expectTypeOf<RunStatus>().toEqualTypeOf<ExpectedRunStatus>();
    expectTypeOf<HookRun>().toEqualTypeOf<ExpectedHookRun>();
    expectTypeOf<Trace>().toEqualTypeOf<ExpectedTrace>();
    expectTypeOf<Outcome>().toEqualTypeOf<ExpectedOutcome>();
    expectTypeOf<z.infer<typeof outcomeSchema>>().toExtend<Outcome>();
  });

  it('are not writable', () => {
    expectTypeOf<Outcome>().not.toEqualTypeOf<{ -readonly [Key in keyof Outcome]: Outcome[Key] }>();
    expectTypeOf<HookRun['source']>().not.toEqualTypeOf<{
      -readonly [Key in keyof HookRun['source']]: HookRun['source'][Key];
    }>();
    expectTypeOf<Outcome['systemMessages']>().not.toEqualTypeOf<string[]>();
  });
});

describe('outcomeSchema', () => {
  it('accepts what fire resolves to', async () => {
    const home = temporaryHome();
    const engine = await createEngine({
      ...home.options,
      callbacks: [
        {
          event: 'PreToolUse',
          hook: { type: 'callback', name: 'guard', callback: () => ({ decision: 'block', reason: 'no' }) },
        },
      ],
    });
    const outcome = await engine.fire('PreToolUse', { tool_name: 'Bash', tool_input: { command: 'ls' } });
    expect(outcomeSchema.parse(outcome)).toEqual(outcome);
    await engine.close();
    home.remove();
  });
});
