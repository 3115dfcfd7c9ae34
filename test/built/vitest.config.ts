import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/*
 * The tests of the build output (dist/), apart from `npm test` because they need `npm run build` first:
 * `npx vitest run --config test/built/vitest.config.ts`, which .ci/run does after the build.
 */
export default defineConfig({
  root: fileURLToPath(new URL('../..', import.meta.url)),
  test: {
    include: ['test/built/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    pool: 'forks',
    maxWorkers: 2,
  },
});
