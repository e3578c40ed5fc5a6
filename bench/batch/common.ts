import { loadavg } from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { Engine } from '../../src/server/db/client';

/** BENCH_ENGINES=pglite,postgres (default both): which engines the batch parts run on. */
export const benchEngines = (): Engine[] =>
  (process.env.BENCH_ENGINES ?? 'pglite,postgres')
    .split(',')
    .filter((e): e is Engine => e === 'pglite' || e === 'postgres');

/** The 1-minute load average now, for every printed figure (the machine is shared). */
export const load = () => loadavg()[0]!.toFixed(1);

export const envInt = (name: string, fallback: number) => {
  const v = Number(process.env[name]);
  return Number.isFinite(v) && v > 0 ? Math.round(v) : fallback;
};

export interface Watched<T> {
  result: T;
  seconds: number;
  /** Longest block of this process's event loop (the server's main thread), ms. */
  maxBlockMs: number;
  /** Highest JS heap in use during the work minus before, MB (sampled every 50 ms). */
  heapGrowthMb: number;
  /** The same for the resident set of the whole process (PGlite's thread included), MB. */
  rssGrowthMb: number;
  /** The load average while it ran (1 minute, at the end). */
  load: string;
  /**
   * CPU seconds of this whole process (main thread, PGlite's thread, GC) during the work: on a
   * loaded machine the wall time is mostly waiting for a core, this is the work itself.
   */
  cpuSeconds: number;
  /**
   * JS heap in use after the work and a forced GC, minus before, MB: what the work kept (NaN
   * without --expose-gc). The peak growth above counts garbage not yet collected too.
   */
  heapKeptMb: number;
}

/** Runs `work` in this process, watching time, event loop and memory. */
export async function watch<T>(work: () => Promise<T>): Promise<Watched<T>> {
  global.gc?.();
  const before = process.memoryUsage();
  let heap = before.heapUsed;
  let rss = before.rss;
  const sample = setInterval(() => {
    const m = process.memoryUsage();
    heap = Math.max(heap, m.heapUsed);
    rss = Math.max(rss, m.rss);
  }, 50);
  const h = monitorEventLoopDelay({ resolution: 5 });
  h.enable();
  const t = performance.now();
  const cpu = process.cpuUsage();
  try {
    const result = await work();
    const seconds = (performance.now() - t) / 1000;
    const cpuSeconds = ((u) => (u.user + u.system) / 1e6)(process.cpuUsage(cpu));
    // after the figures above and outside the loop's watch: the forced GC is not the work's
    h.disable();
    clearInterval(sample);
    global.gc?.();
    return {
      result,
      seconds,
      maxBlockMs: h.max / 1e6,
      heapGrowthMb: (heap - before.heapUsed) / 2 ** 20,
      rssGrowthMb: (rss - before.rss) / 2 ** 20,
      load: load(),
      cpuSeconds,
      heapKeptMb: global.gc ? (process.memoryUsage().heapUsed - before.heapUsed) / 2 ** 20 : NaN,
    };
  } finally {
    h.disable();
    clearInterval(sample);
  }
}
