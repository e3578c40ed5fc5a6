// @ts-check
// Loaded into a server process with `node --import ./bench/lib/loopProbe.mjs` (bench/processing.ts):
// watches the main thread's event loop from inside the real server, started as `npm start` starts
// it, so the figure is the loop that answers HTTP, not a harness beside it. SIGUSR2 appends the
// longest block since the last signal to LOOP_PROBE_FILE as one JSON line and starts over.
// Plain JavaScript: the compiled server runs without tsx. Worker threads inherit --import; only
// the main thread is watched.
//
// LOOP_PROBE_SPLIT=1 (Linux; ADR 1475) also says what a block was made of: a 5 ms timer reads the
// main thread's /proc/thread-self/schedstat (time on a CPU, time runnable but waiting for one)
// at every turn, and the line gains, for the longest late turn, its `run`, `wait` and the rest
// (`sleep`: the thread blocked, e.g. on a lock), and `maxRunMs`, the most CPU the main thread
// used within any one turn: the longest piece of our own work. Off by default (a timer more).
import { appendFileSync, readFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { isMainThread } from 'node:worker_threads';

const file = process.env.LOOP_PROBE_FILE;
if (isMainThread && file) {
  // 5 ms: the resolution the other event-loop figures use (bench/freeze.ts).
  const h = monitorEventLoopDelay({ resolution: 5 });
  h.enable();
  const split = process.env.LOOP_PROBE_SPLIT === '1' ? splitProbe() : undefined;
  process.on('SIGUSR2', () => {
    appendFileSync(
      file,
      `${JSON.stringify({ maxMs: h.max / 1e6, p99Ms: h.percentile(99) / 1e6, at: Date.now(), ...split?.take() })}\n`,
    );
    h.reset();
  });
}

/** The split of the longest late turn (see above); undefined where schedstat cannot be read. */
function splitProbe() {
  /** ns on a CPU and ns waiting for one, this thread's, so far. */
  const sched = () => readFileSync('/proc/thread-self/schedstat', 'utf8').split(' ').map(Number);
  try {
    sched();
  } catch {
    return undefined;
  }
  const nowMs = () => Number(process.hrtime.bigint()) / 1e6;
  const empty = () => ({ lateMs: 0, runMs: 0, waitMs: 0, sleepMs: 0, maxRunMs: 0 });
  let worst = empty();
  let last = nowMs();
  let s0 = sched();
  setInterval(() => {
    const now = nowMs();
    const s1 = sched();
    const lateMs = now - last - 5;
    const runMs = (s1[0] - s0[0]) / 1e6;
    const waitMs = (s1[1] - s0[1]) / 1e6;
    if (runMs > worst.maxRunMs) worst.maxRunMs = runMs;
    if (lateMs > worst.lateMs)
      worst = {
        ...worst,
        lateMs,
        runMs,
        waitMs,
        sleepMs: Math.max(0, now - last - runMs - waitMs),
      };
    last = nowMs();
    s0 = sched();
  }, 5).unref();
  return {
    take() {
      const w = worst;
      worst = empty();
      return { split: w };
    },
  };
}
