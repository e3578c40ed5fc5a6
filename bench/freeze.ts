import { monitorEventLoopDelay } from 'node:perf_hooks';
import { runDeletion } from '../src/server/processing/deletion';
import { personas } from '../src/server/processing/testing/personas';
import { startHarness, testNow } from '../src/server/processing/testing/harness';
import { check, type Row } from './lib/report';
import { fmt, repeats, spread } from './lib/stats';

const ROWS = Number(process.env.BENCH_DELETION_ROWS ?? 100_000);
const DOOMED = Math.round(ROWS * 0.19);

/** The longest the event loop of this process (the server's main thread) was blocked, in ms. */
async function maxBlockMs(work: () => Promise<void>): Promise<number> {
  const h = monitorEventLoopDelay({ resolution: 5 });
  h.enable();
  try {
    await work();
  } finally {
    h.disable();
  }
  return h.max / 1e6;
}

/**
 * Issue 13 item 3: the embedded database must never block the HTTP event loop for more than 50 ms.
 * A timer probe (perf_hooks.monitorEventLoopDelay) watches this process's event loop, which holds
 * the Database's main side exactly as the server does, while the nightly deletion runs at 100k
 * applications (19 % of them due). Measured `repeats` times on a fresh database. The burst of
 * decisions is measured inside the real server, through HTTP, by bench/processing.ts (issue 30:
 * a harness beside the database showed 26 ms where the server's own loop was blocked far longer).
 */
export async function benchFreeze(): Promise<Row[]> {
  const deletion: number[] = [];
  const deletionSeconds: number[] = [];
  for (let round = 0; round < repeats; round++) {
    const h = await startHarness('pglite', { start: false });
    try {
      const model = personas[0]!.model;
      const now = new Date(testNow);
      // The rows are written by one statement in the database (setup, not measured).
      await h.db.executeSql(
        `INSERT INTO applications (cid_hash, kind, data, reached_steps, created_at, updated_at)
         SELECT md5(g::text), 'contract', $1::jsonb, '["start","tenant"]'::jsonb, $2::timestamptz,
           CASE WHEN g <= $3 THEN $2::timestamptz - interval '60 days' ELSE $2::timestamptz END
         FROM generate_series(1, $4::int) g`,
        [JSON.stringify(model), now.toISOString(), DOOMED, ROWS],
      );
      let took = 0;
      const block = await maxBlockMs(async () => {
        const t = performance.now();
        const report = await runDeletion(h.db, h.processing.context.settings, now);
        took = performance.now() - t;
        if (report.days_to_keep_data_exceeded !== DOOMED)
          throw new Error(`deletion removed ${report.days_to_keep_data_exceeded}, not ${DOOMED}`);
      });
      deletion.push(block);
      deletionSeconds.push(took / 1000);
    } finally {
      await h.close();
    }
  }
  return [
    check(
      `PGlite: longest event-loop block during the nightly deletion (${DOOMED} of ${ROWS} rows)`,
      `${fmt(spread(deletion))} ms; the deletion took ${fmt(spread(deletionSeconds), 1)} s`,
      '<= 50 ms',
      spread(deletion).median <= 50,
    ),
  ];
}
