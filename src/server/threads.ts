import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import { Worker, type WorkerOptions } from 'node:worker_threads';

/** Set by the compiled server's banner (scripts/build.mjs): where dist/server/*.js lie. */
export const bundleUrl = () => (globalThis as { __serverBundleUrl?: string }).__serverBundleUrl;

type ThreadOptions = Pick<WorkerOptions, 'workerData' | 'resourceLimits'>;

/**
 * A worker thread running one of our modules: its bundle next to the compiled server
 * (dist/server/<name>.js, an entry of scripts/build.mjs) or, when the server runs from source
 * (tests, tsx), the TypeScript file, loaded after registering tsx in the new thread (a worker does
 * not inherit the loader of its parent).
 */
export function startWorker(
  name: string,
  source: URL,
  options: ThreadOptions & { semiSpaceMb?: number } = {},
): Worker {
  const { semiSpaceMb, ...workerOptions } = options;
  return withSemiSpace(semiSpaceMb, () => newWorker(name, source, workerOptions));
}

/** The process's `--max-semi-space-size` (npm start gives 4, ADR 1007); undefined without it. */
const processSemiSpaceMb = (): number | undefined => {
  const flag = process.execArgv.findLast((a) => a.startsWith('--max-semi-space-size='));
  return flag ? Number(flag.slice('--max-semi-space-size='.length)) : undefined;
};

/**
 * A thread's own young generation. V8 lets a `--max-semi-space-size` given to the process win
 * over a thread's resourceLimits, so the flag is set to the thread's size while the thread's
 * isolate is made (until 'online') and then back to the process's value (ADR 1465, 1496). Without
 * the flag (tests, tsx) every isolate has V8's default and resourceLimits apply as they are.
 */
function withSemiSpace(semiSpaceMb: number | undefined, start: () => Worker): Worker {
  const processMb = processSemiSpaceMb();
  if (semiSpaceMb === undefined || !processMb || processMb === semiSpaceMb) return start();
  const restore = () => setFlagsFromString(`--max-semi-space-size=${processMb}`);
  setFlagsFromString(`--max-semi-space-size=${semiSpaceMb}`);
  let worker: Worker;
  try {
    worker = start();
  } catch (err) {
    restore();
    throw err;
  }
  for (const event of ['online', 'error', 'exit']) worker.once(event, restore);
  return worker;
}

function newWorker(name: string, source: URL, options: ThreadOptions): Worker {
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
