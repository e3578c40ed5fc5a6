import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker, type WorkerOptions } from 'node:worker_threads';

/** Set by the compiled server's banner (scripts/build.mjs): where dist/server/*.js lie. */
export const bundleUrl = () => (globalThis as { __serverBundleUrl?: string }).__serverBundleUrl;

/**
 * A worker thread running one of our modules: its bundle next to the compiled server
 * (dist/server/<name>.js, an entry of scripts/build.mjs) or, when the server runs from source
 * (tests, tsx), the TypeScript file, loaded after registering tsx in the new thread (a worker does
 * not inherit the loader of its parent).
 */
export function startWorker(
  name: string,
  source: URL,
  options: Pick<WorkerOptions, 'workerData' | 'resourceLimits'> = {},
): Worker {
  const bundle = bundleUrl();
  if (bundle) return new Worker(new URL(`./${name}.js`, bundle), options);
  // tsx's ESM entry (require.resolve finds the CommonJS one beside it, which cannot register).
  const tsxApi = createRequire(import.meta.url)
    .resolve('tsx/esm/api')
    .replace(/\.cjs$/, '.mjs');
  const tsx = pathToFileURL(tsxApi).href;
  return new Worker(
    `import(${JSON.stringify(tsx)}).then((m) => { m.register(); return import(${JSON.stringify(source.href)}); });`,
    { ...options, eval: true },
  );
}
