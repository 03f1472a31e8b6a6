import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    exclude: ['test/browser/**', 'node_modules/**'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Most tests wait on a database, a child process or a socket: four forks on two cores finish
    // the suite in about 140 s instead of 200 s (measured; README, Running the tests).
    maxWorkers: 4,
    reporters: process.env.CI ? ['default'] : ['default'],
  },
});
