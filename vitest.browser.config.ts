import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/browser/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Two files at a time, one Chromium each: 201 s serially in a fresh-clone CI run (2026-11-27).
    maxWorkers: 2,
  },
});
