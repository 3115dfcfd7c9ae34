import { configDefaults, defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // test/built runs against dist/ after `npm run build`, with its own config (see .ci/run).
    exclude: [...configDefaults.exclude, 'test/built/**'],
    // Tests spawn real processes; a 2-core CI machine needs headroom, never a tight wall-clock assertion.
    testTimeout: 30_000,
    hookTimeout: 30_000,
    pool: 'forks',
    maxWorkers: 2,
  },
});
