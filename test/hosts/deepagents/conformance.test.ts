import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { runVectorFile } from '../../../scripts/conformance/run-vectors.js';

/*
 * The Deep Agents Code Hooks v2 conformance vectors (a copy of the shared suite, test/fixtures/deepagents-v2,
 * so CI needs nothing beside the project) through `npm run conformance`'s runner: real files, real processes.
 */
const vectors = readFileSync(new URL('../../fixtures/deepagents-v2/vectors.jsonl', import.meta.url), 'utf8');

describe('the Deep Agents Hooks v2 vectors', () => {
  it('all pass, at most 5% skipped with a reason', async () => {
    const verdicts = await runVectorFile(vectors, () => {});
    expect(verdicts).toHaveLength(150);
    const failed = verdicts
      .filter((verdict) => verdict.status === 'fail')
      .map((verdict) => `${verdict.id}: ${verdict.detail}`);
    expect(failed).toEqual([]);
    const skipped = verdicts.filter((verdict) => verdict.status === 'skip');
    expect(skipped.length).toBeLessThanOrEqual(verdicts.length * 0.05);
    for (const verdict of skipped) expect(verdict.detail).toMatch(/\S/);
  }, 120_000);
});
