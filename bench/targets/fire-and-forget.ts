import { skippedResult, type TargetResult } from '../lib/target-result.js';

/** Target 6: placeholder until the Deep Agents dispatcher lands. */
export async function measureFireAndForget(_quick: boolean): Promise<TargetResult[]> {
  return [skippedResult('6', 'fire-and-forget dispatch', 'the Deep Agents dispatcher is not there yet')];
}
