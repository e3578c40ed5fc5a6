// One process of bench/batch/collection.ts (ADR 1421): seeds the contracts on one engine, runs
// the daily collection run as the server's job runs it, watched (time, CPU, event loop, memory),
// checks the file and prints the figures as one JSON line. It runs with npm start's node flags
// and malloc settings (the parent passes them), so the heap and RSS figures are those of the
// server's process, not of a bench process with V8's defaults. --expose-gc only lets `watch`
// start from a collected heap and measure the heap left after the run.
import { eq } from 'drizzle-orm';
import { paymentBatches } from '../../src/server/db/schema/index';
import type { Engine } from '../../src/server/db/client';
import { runCollection } from '../../src/server/money/collection';
import { xsdErrors } from '../../src/server/money/testing/xsd';
import { startHarness } from '../../src/server/processing/testing/harness';
import { RUN_AT, seedContracts } from '../../src/server/money/testing/seedContracts';
import { watch } from './common';

export interface CollectionFigures {
  seconds: number;
  cpuSeconds: number;
  maxBlockMs: number;
  heapGrowthMb: number;
  rssGrowthMb: number;
  /** JS heap in use after the run and a forced GC, minus before: what the run kept. */
  heapKeptMb: number;
  load: string;
  fileMb: number;
  /** Checked against the ISO schema (only when asked: it is not timed and takes a while). */
  valid: boolean | null;
}

const [engine, nArg, validate] = process.argv.slice(2) as [Engine, string, string];
const n = Number(nArg);
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
  const figures: CollectionFigures = {
    seconds: w.seconds,
    cpuSeconds: w.cpuSeconds,
    maxBlockMs: w.maxBlockMs,
    heapGrowthMb: w.heapGrowthMb,
    rssGrowthMb: w.rssGrowthMb,
    heapKeptMb: w.heapKeptMb,
    load: w.load,
    fileMb: batch.xml.length / 2 ** 20,
    valid: validate === 'validate' ? xsdErrors(batch.xml, 'pain.008.001.08').length === 0 : null,
  };
  console.log(JSON.stringify(figures));
} finally {
  await h.close();
}
