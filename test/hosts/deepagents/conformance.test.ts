import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { runVectorFile } from '../../../scripts/conformance/run-vectors.js';
import {
  UPSTREAM_CHECKS,
  UPSTREAM_TESTS,
  upstreamFunction,
} from '../../../scripts/conformance/upstream-checks.js';

/*
 * The Deep Agents Code Hooks v2 conformance vectors through `npm run conformance`'s runner: real files, real
 * processes. Three files: the shared suite (a copy, test/fixtures/deepagents-v2/vectors.jsonl), the port of
 * upstream's tests (`upstream-port.jsonl`: inputs from upstream's tests, `observed` from upstream's own
 * modules), and the canaries (`canaries.jsonl`: vectors of those two whose input was changed so that the
 * recorded outcome no longer holds), which must every one fail: a runner that cannot fail proves nothing.
 */
const fixture = (name: string): string =>
  readFileSync(new URL(`../../fixtures/deepagents-v2/${name}`, import.meta.url), 'utf8');

async function failures(text: string): Promise<{ count: number; failed: string[]; passed: string[] }> {
  const verdicts = await runVectorFile(text, () => {});
  return {
    count: verdicts.length,
    failed: verdicts.filter((v) => v.status !== 'pass').map((v) => `${v.id}: ${v.detail}`),
    passed: verdicts.filter((v) => v.status === 'pass').map((v) => v.id),
  };
}

describe('the Deep Agents Hooks v2 vectors', () => {
  it('the shared 150 all pass', async () => {
    const { count, failed } = await failures(fixture('vectors.jsonl'));
    expect(count).toBe(150);
    expect(failed).toEqual([]);
  }, 180_000);

  it("the port of upstream's tests all passes, each vector naming a listed test", async () => {
    const text = fixture('upstream-port.jsonl');
    const listed = new Set(UPSTREAM_TESTS.map((test) => `${test.file}::${test.function}`));
    for (const line of text.split('\n').filter((l) => l.trim() !== '')) {
      const source = (JSON.parse(line) as { source: string }).source;
      expect(listed.has(upstreamFunction(source)), source).toBe(true);
    }
    const { failed } = await failures(text);
    expect(failed).toEqual([]);
  }, 180_000);

  it('every canary fails', async () => {
    const { count, passed } = await failures(fixture('canaries.jsonl'));
    expect(count).toBeGreaterThanOrEqual(10);
    expect(passed).toEqual([]);
  }, 120_000);

  it('every listed upstream test function has a check', () => {
    const unchecked = UPSTREAM_TESTS.map((test) => `${test.file}::${test.function}`).filter(
      (key) => UPSTREAM_CHECKS[key] === undefined,
    );
    expect(unchecked).toEqual([]);
  });

  it('the registry names only listed tests (or the three outside the listed files)', () => {
    const listed = new Set(UPSTREAM_TESTS.map((test) => `${test.file}::${test.function}`));
    const extra = Object.keys(UPSTREAM_CHECKS).filter((key) => !listed.has(key));
    expect(extra.every((key) => /test_non_interactive|tui\/test_textual_adapter/.test(key))).toBe(true);
  });
});
