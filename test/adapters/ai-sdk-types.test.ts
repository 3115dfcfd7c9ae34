import { type GenerateTextResult, Output, type StreamTextResult, tool } from 'ai';
import { afterAll, afterEach, describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import { type AiSdkHooks, createAiSdkHooks } from '../../src/adapters/ai-sdk/index.js';
import { scriptedModel } from './ai-sdk-model.js';
import { temporaryProject } from './helpers.js';

/*
 * The wrapper keeps the SDK's result types: `tsc` (npm run typecheck) checks the expectTypeOf lines, and a
 * run through the real generateText and streamText checks the values behind them.
 */

/** Exact type identity (expect-type's deep comparison gives up on the SDK's large unions). */
type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;

const directory = temporaryProject();
let session: AiSdkHooks | undefined;
afterEach(async () => {
  await session?.close();
  session = undefined;
});
afterAll(() => directory.cleanup());

const open = () => {
  session = createAiSdkHooks({
    sessionId: 'types',
    cwd: directory.path,
    engineOptions: directory.engineOptions({}),
  });
  return session;
};

const answer = z.object({ verdict: z.string(), count: z.number() });
const tools = {
  lookup: tool({
    description: 'Looks a word up.',
    inputSchema: z.object({ word: z.string() }),
    execute: async ({ word }) => ({ found: word.length }),
  }),
};

describe('hookwire/ai-sdk result types', () => {
  it("generateText's rounds are the SDK's GenerateTextResult, structured output included", async () => {
    const output = Output.object({ schema: answer });
    const turn = await open().generateText({
      model: scriptedModel([{ text: '{"verdict":"ok","count":2}' }]),
      tools,
      output,
      prompt: 'check',
    });
    if (turn.blocked) throw new Error(`blocked: ${turn.reason}`);
    expectTypeOf(turn.result.output).toEqualTypeOf<{ verdict: string; count: number }>();
    // What the SDK's own generateText returns for these arguments.
    type Expected = GenerateTextResult<typeof tools, typeof output>;
    expectTypeOf<Equal<typeof turn.result, Expected>>().toEqualTypeOf<true>();
    expectTypeOf<Equal<(typeof turn.rounds)[number], Expected>>().toEqualTypeOf<true>();
    expect(turn.result.output).toEqual({ verdict: 'ok', count: 2 });
  });

  it('a call that names no output keeps the text output', async () => {
    const turn = await open().generateText({ model: scriptedModel([{ text: 'plain' }]), prompt: 'hi' });
    if (turn.blocked) throw new Error(`blocked: ${turn.reason}`);
    expectTypeOf(turn.result.output).toEqualTypeOf<string>();
    expect(turn.result.text).toBe('plain');
  });

  it("streamText's rounds are the SDK's StreamTextResult", async () => {
    const turn = await open().streamText({
      model: scriptedModel([{ text: 'streamed' }]),
      tools,
      prompt: 'go',
    });
    if (turn.blocked) throw new Error(`blocked: ${turn.reason}`);
    for await (const round of turn.rounds) {
      type Expected = StreamTextResult<typeof tools, Output.Output<string, string, never>>;
      expectTypeOf<Equal<typeof round, Expected>>().toEqualTypeOf<true>();
      expect(await round.text).toBe('streamed');
    }
  });
});
