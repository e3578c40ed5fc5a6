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
    // A worker runs its files one after another in the same module graph instead of importing
    // everything again for each file (ADR 1010): the suite's import time fell from ~125 s to ~15 s
    // and PGlite's WebAssembly is compiled once per worker instead of once per file.
    isolate: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    reporters: ['default', './scripts/plain-summary-reporter.ts'],
  },
});
