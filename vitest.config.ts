import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // test/built tries the build output (dist/): `npm test` builds first (its pretest script), so the one
    // command runs every test; `npx vitest run FILE` runs on the dist/ already there.
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // Tests spawn real processes; a 2-core CI machine needs headroom, never a tight wall-clock assertion.
    testTimeout: 30_000,
    hookTimeout: 30_000,
    pool: 'forks',
    maxWorkers: 2,
  },
});
