import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/browser/**/*.test.ts'],
    // Generous: these tests assert what the pages show, not how fast (speed is the benchmarks' job).
    // On a slow 2-core machine, right after Chromium was installed, the first file's first test
    // (every page at 390 px) took over 60 s while the desktop pass of the same pages took 19 s.
    testTimeout: 240_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // Two files at a time, one Chromium each: 201 s serially in a fresh-clone CI run (2026-11-27).
    maxWorkers: 2,
  },
});
