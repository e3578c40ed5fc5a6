import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'e2e/**/*.test.ts'],
    environment: 'node',
    // Builds the web app once into a temporary directory when browser tests (e2e/) run.
    globalSetup: ['./e2e/support/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    reporters: ['default', './scripts/plain-summary-reporter.ts'],
  },
});
