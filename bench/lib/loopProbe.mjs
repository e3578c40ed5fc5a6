// @ts-check
// Loaded into a server process with `node --import ./bench/lib/loopProbe.mjs` (bench/processing.ts):
// watches the main thread's event loop from inside the real server, started as `npm start` starts
// it, so the figure is the loop that answers HTTP, not a harness beside it. SIGUSR2 appends the
// longest block since the last signal to LOOP_PROBE_FILE as one JSON line and starts over.
// Plain JavaScript: the compiled server runs without tsx. Worker threads inherit --import; only
// the main thread is watched.
import { appendFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { isMainThread } from 'node:worker_threads';

const file = process.env.LOOP_PROBE_FILE;
if (isMainThread && file) {
  // 5 ms: the resolution the other event-loop figures use (bench/freeze.ts).
  const h = monitorEventLoopDelay({ resolution: 5 });
  h.enable();
  process.on('SIGUSR2', () => {
    appendFileSync(
      file,
      `${JSON.stringify({ maxMs: h.max / 1e6, p99Ms: h.percentile(99) / 1e6, at: Date.now() })}\n`,
    );
    h.reset();
  });
}
