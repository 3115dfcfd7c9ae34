import { defineConfig } from 'vitest/config';
import { SlowFilesFirst } from './test/support/slow-files-first.js';

export default defineConfig({
  test: {
    // test/built tries the build output (dist/): `npm test` builds first (its pretest script), so the one
    // command runs every test; `npx vitest run FILE` runs on the dist/ already there.
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // Tests spawn real processes. These limits only catch a hang: a 2-core machine under a parallel load (the
    // suite is run beside `stress-ng --cpu 4`, docs/acceptance.md) must meet them with room to spare, so
    // they are generous, and no test asserts a tight wall-clock time.
    testTimeout: 120_000,
    hookTimeout: 120_000,
    pool: 'forks',
    maxWorkers: 2,
    // The slowest files start first, so none of them is the run's tail (test/support/slow-files-first.ts).
    sequence: { sequencer: SlowFilesFirst },
  },
});
