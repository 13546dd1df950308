import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts', 'src/**/*.test.ts', 'src/**/*.test.tsx'],
    environment: 'node',
    // The message catalogues load per language in the app; tests have both from the start.
    setupFiles: ['src/testing/catalogues-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
