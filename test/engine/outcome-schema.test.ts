import { describe, expect, expectTypeOf, it } from 'vitest';
import type { z } from 'zod';
import { createEngine } from '../../src/engine/create-engine.js';
import type { Outcome } from '../../src/outcome/outcome.js';
import { outcomeSchema } from '../../src/outcome/outcome-schema.js';
import { temporaryHome } from './engine-harness.js';

describe('outcomeSchema', () => {
  it('is mutually assignable with Outcome', () => {
    expectTypeOf<z.infer<typeof outcomeSchema>>().toExtend<Outcome>();
    expectTypeOf<Outcome>().toExtend<z.infer<typeof outcomeSchema>>();
  });

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
