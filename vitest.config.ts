import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'e2e/**/*.test.ts'],
    environment: 'node',
    // Builds the web app once into a temporary directory when browser tests (e2e/) run.
    globalSetup: ['./e2e/support/global-setup.ts'],
    // Two test files at a time even on a 2-core machine (vitest's default there is one): most of a
    // file's time is spent waiting for servers, browsers and databases in other processes.
    maxWorkers: 2,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    reporters: ['default', './scripts/plain-summary-reporter.ts'],
  },
});
