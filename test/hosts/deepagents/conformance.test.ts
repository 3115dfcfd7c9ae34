import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { runVectorFile } from '../../../scripts/conformance/run-vectors.js';

/*
 * The Deep Agents Code Hooks v2 conformance vectors (a copy of the shared suite, test/fixtures/deepagents-v2,
 * so CI needs nothing beside the project) through `npm run conformance`'s runner: real files, real processes.
 */
const vectors = readFileSync(new URL('../../fixtures/deepagents-v2/vectors.jsonl', import.meta.url), 'utf8');

describe('the Deep Agents Hooks v2 vectors', () => {
  it('pass, but for the kinds hookwire has no check for yet', async () => {
    const verdicts = await runVectorFile(vectors, () => {});
    expect(verdicts).toHaveLength(150);
    const failed = verdicts
      .filter((verdict) => verdict.status === 'fail' && !/^no hookwire check/.test(verdict.detail ?? ''))
      .map((verdict) => `${verdict.id}: ${verdict.detail}`);
    expect(failed).toEqual([]);
    expect(verdicts.filter((verdict) => verdict.status === 'pass').length).toBeGreaterThanOrEqual(113);
  }, 120_000);
});
