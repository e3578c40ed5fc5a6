import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Directory with the web app built once for this test run ('' when not built). */
    webDistDir: string;
    /** Why the build failed; browser tests report it instead of running. */
    webBuildError: string;
  }
}

/** True when this vitest run will include browser tests (no filters, or a filter naming e2e). */
function runsBrowserTests(): boolean {
  const args = process.argv.slice(2).filter((a) => !a.startsWith('-') && a !== 'run');
  const filters = args.filter((a) => !/vitest(\.mjs)?$/.test(a));
  return filters.length === 0 || filters.some((f) => f.includes('e2e'));
}

/**
 * Builds the web app once per test run into a private temporary directory, so runs of other
 * engineers (and `npm run build`) never swap files under a running browser test.
 */
export default async function setup(project: TestProject) {
  if (!runsBrowserTests()) {
    project.provide('webDistDir', '');
    project.provide('webBuildError', 'web app not built: this run has no browser tests');
    return;
  }
  const outDir = await mkdtemp(join(tmpdir(), 'mk-web-'));
  try {
    const { build } = await import('vite');
    // vitest sets NODE_ENV=test, which would give React's development build.
    const nodeEnv = process.env.NODE_ENV;
    process.env.NODE_ENV = 'production';
    await build({
      mode: 'production',
      configFile: resolve(import.meta.dirname, '../../vite.config.ts'),
      logLevel: 'warn',
      build: { outDir, emptyOutDir: true },
    }).finally(() => {
      process.env.NODE_ENV = nodeEnv;
    });
    project.provide('webDistDir', outDir);
    project.provide('webBuildError', '');
  } catch (err) {
    project.provide('webDistDir', '');
    project.provide('webBuildError', `vite build failed: ${(err as Error).message}`);
  }
  return async () => {
    await rm(outDir, { recursive: true, force: true });
  };
}
