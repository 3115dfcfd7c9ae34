import type { TestSpecification } from 'vitest/node';
import { BaseSequencer } from 'vitest/node';

/*
 * The order vitest starts test files in. On 2 workers the run lasts until its last file ends, so a long file
 * started late is the run's tail: pack-install alone took 104 s, and started last it made the suite's duration
 * about 100 s longer than its work divided by two. Vitest orders by the durations it cached from an earlier
 * run, but a fresh clone (CI, a newcomer's `npm test`) has none, and then it starts the larger files first,
 * which says little about time. So the files measured slowest start first, longest first (the scheduling that
 * keeps two workers' ends close); the rest follow in vitest's own order.
 */

/** The slowest files, longest first, in seconds of wall time on 2 idle cores (docs/acceptance.md). */
export const SLOW_FILES: ReadonlyArray<readonly [file: string, seconds: number]> = [
  ['test/built/pack-install.test.ts', 104],
  ['test/hosts/deepagents/conformance.test.ts', 27],
  ['test/trust/trust-set-mutations.test.ts', 19],
  ['test/types/typed-fire.test.ts', 17],
  ['test/fuzz/client-wire-fuzz.test.ts', 16],
  ['test/faults/serve-redis-state.test.ts', 16],
  ['test/cli/run-refuses-invalid-settings.test.ts', 16],
  ['test/cli/run-command.test.ts', 15],
  ['test/timeline/timeline-browser.test.ts', 15],
  ['test/trust/trust-command.test.ts', 14],
];

/** Vitest's order with the slow files moved to the front, in the order of SLOW_FILES. */
export class SlowFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (spec: TestSpecification): number => {
      const index = SLOW_FILES.findIndex(([file]) => spec.moduleId.endsWith(`/${file}`));
      return index === -1 ? SLOW_FILES.length : index;
    };
    // Array.prototype.sort is stable: files of equal rank keep vitest's order.
    return sorted.sort((a, b) => rank(a) - rank(b));
  }
}
