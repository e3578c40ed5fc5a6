import { eq } from 'drizzle-orm';
import { paymentBatches } from '../../src/server/db/schema/index';
import { runCollection } from '../../src/server/money/collection';
import { xsdErrors } from '../../src/server/money/testing/xsd';
import { startHarness } from '../../src/server/processing/testing/harness';
import { check, type Row } from '../lib/report';
import { fmt, repeats, spread } from '../lib/stats';
import { benchEngines, envInt, watch, type Watched } from './common';
import { RUN_AT, seedContracts } from '../../src/server/money/testing/seedContracts';

/**
 * Issue 30 "batch work": the daily collection run over BENCH_COLLECTION_CONTRACTS (100,000)
 * active contracts on each engine, in this process as the server's job runs it: the second
 * yearly premium of every contract booked, its RCUR debit planned and written into the day's
 * pain.008 (checked against the ISO schema after the run, not timed). Seeding is setup.
 */
export async function benchCollection(): Promise<Row[]> {
  const n = envInt('BENCH_COLLECTION_CONTRACTS', 100_000);
  const rows: Row[] = [];
  for (const engine of benchEngines()) {
    const runs: Watched<unknown>[] = [];
    let valid = true;
    for (let round = 0; round < repeats; round++) {
      const h = await startHarness(engine, { start: false });
      try {
        await seedContracts(h.db, n);
        const w = await watch(() => runCollection(h.processing.money, RUN_AT));
        const report = w.result;
        const batch = (
          await h.db.orm
            .select()
            .from(paymentBatches)
            .where(eq(paymentBatches.id, report.batchId ?? '00000000-0000-0000-0000-000000000000'))
        )[0];
        if (!batch || batch.count !== n || report.duesBooked !== n)
          throw new Error(`collection: ${JSON.stringify(report)}, file of ${batch?.count}`);
        if (round === 0) valid = xsdErrors(batch.xml, 'pain.008.001.08').length === 0;
        runs.push(w);
        console.log(
          `  collection ${engine} round ${round + 1}: ${w.seconds.toFixed(1)} s (CPU ${w.cpuSeconds.toFixed(1)} s), loop ${w.maxBlockMs.toFixed(0)} ms, heap +${w.heapGrowthMb.toFixed(0)} MB, rss +${w.rssGrowthMb.toFixed(0)} MB, ${(batch.xml.length / 2 ** 20).toFixed(0)} MB file, load ${w.load}`,
        );
      } finally {
        await h.close();
      }
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
        `${fmt(heap, 0, ' MB')}; rss +${fmt(spread(runs.map((r) => r.rssGrowthMb)), 0, ' MB')}, load ${loads}`,
        '≤ 100 MB (flat)',
        heap.median <= 100,
      ),
    );
  }
  return rows;
}
