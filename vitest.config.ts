import os from 'node:os';
import { defineConfig } from 'vitest/config';

// Two projects: 'node' for the server, importers, machines and the other pure modules; 'jsdom'
// for rendered components and screens (*.test.tsx). A .test.ts that needs a DOM says so in its
// first line (`// @vitest-environment jsdom`).
export default defineConfig({
  test: {
    // The message catalogues load per language in the app; tests have both from the start.
    setupFiles: ['src/testing/catalogues-setup.ts'],
    testTimeout: 30_000,
    // Most server tests wait on PostgreSQL, child processes or timers rather than compute, so
    // vitest's default (one worker per core but one) leaves a 2-core CI machine half idle: the
    // suite took 33 min on one worker. One worker per core, at least three; VITEST_MAX_WORKERS
    // overrides.
    maxWorkers: Math.max(3, os.availableParallelism()),
    // As the browser tests: on CI (a busy shared machine) a test gets one more try, and the report
    // still names it. A test that fails twice fails the run.
    retry: process.env.CI ? 1 : 0,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: { name: 'node', include: ['tests/**/*.test.ts', 'src/**/*.test.ts'], environment: 'node' },
      },
      { extends: true, test: { name: 'jsdom', include: ['src/**/*.test.tsx'], environment: 'jsdom' } },
    ],
  },
});
