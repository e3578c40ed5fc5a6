import { spawnSync } from 'node:child_process';
import { npmStartSettings, repoRoot } from '../lib/childServer';
import { check, type Row } from '../lib/report';
import { fmt, repeats, spread } from '../lib/stats';
import { benchEngines, envInt } from './common';
import type { CollectionFigures } from './collectionChild';

/**
 * Issue 30 "batch work": the daily collection run over BENCH_COLLECTION_CONTRACTS (100,000)
 * active contracts on each engine, as the server's job runs it: the second yearly premium of
 * every contract booked, its RCUR debit planned and written into the day's pain.008 (checked
 * against the ISO schema after the run, not timed). Seeding is setup. Each round runs in a
 * process of its own (bench/batch/collectionChild.ts) with npm start's node flags and malloc
 * settings (ADR 1421): the job runs inside the server, so its heap is sized and collected as
 * the server's is, not with the defaults of the bench's own process.
 */
export function benchCollection(): Row[] {
  const n = envInt('BENCH_COLLECTION_CONTRACTS', 100_000);
  const start = npmStartSettings();
  const rows: Row[] = [];
  for (const engine of benchEngines()) {
    const runs: CollectionFigures[] = [];
    let valid = true;
    for (let round = 0; round < repeats; round++) {
      const r = spawnSync(
        process.execPath,
        [
          ...start.nodeArgs,
          '--expose-gc',
          '--import',
          'tsx',
          'bench/batch/collectionChild.ts',
          engine,
          String(n),
          round === 0 ? 'validate' : '',
        ],
        {
          cwd: repoRoot,
          encoding: 'utf8',
          env: { ...process.env, ...start.env },
          maxBuffer: 2 ** 26,
        },
      );
      if (r.status !== 0) throw new Error(`collection ${engine}: ${r.stderr}`);
      const w = JSON.parse(r.stdout.trim().split('\n').pop()!) as CollectionFigures;
      if (w.valid === false) valid = false;
      runs.push(w);
      console.log(
        `  collection ${engine} round ${round + 1}: ${w.seconds.toFixed(1)} s (CPU ${w.cpuSeconds.toFixed(1)} s), loop ${w.maxBlockMs.toFixed(0)} ms, heap +${w.heapGrowthMb.toFixed(0)} MB (kept +${w.heapKeptMb.toFixed(0)} MB after GC), rss +${w.rssGrowthMb.toFixed(0)} MB, ${w.fileMb.toFixed(0)} MB file, load ${w.load}`,
      );
    }
    const loads = runs.map((r) => r.load).join('/');
    const seconds = spread(runs.map((r) => r.seconds));
    const block = spread(runs.map((r) => r.maxBlockMs));
    const heap = spread(runs.map((r) => r.heapGrowthMb));
    const label = `collection run, ${n.toLocaleString('en')} contracts, ${engine}`;
    rows.push(
      check(
        `${label}: run with valid pain.008`,
        `${fmt(seconds, 1, ' s')}, load ${loads}${valid ? '' : ', XSD INVALID'}`,
        '≤ 60 s, XSD-valid',
        valid && seconds.median <= 60,
      ),
      check(
        `${label}: main loop blocked`,
        `${fmt(block, 0, ' ms')}, load ${loads}`,
        '≤ 50 ms',
        block.median <= 50,
      ),
      check(
        `${label}: JS heap growth (streamed file)`,
        `${fmt(heap, 0, ' MB')}; kept after GC +${fmt(spread(runs.map((r) => r.heapKeptMb)), 0, ' MB')}; rss +${fmt(spread(runs.map((r) => r.rssGrowthMb)), 0, ' MB')}, load ${loads}, npm start's flags`,
        '≤ 100 MB (flat)',
        heap.median <= 100,
      ),
    );
  }
  return rows;
}
