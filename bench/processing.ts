// Processing latency: time from the final submission (the transaction that sets 'submitted' and
// enqueues the job) to the final state (accepted / declined / pending), p50 and p95 over 200+
// applications on each engine. Figures only; the target (p95 < 2 s) is printed beside them.
// Run: npx tsx bench/processing.ts  (or npm run bench, which includes it)
import { inArray } from 'drizzle-orm';
import { applications } from '../src/server/db/schema/index';
import type { Engine } from '../src/server/db/client';
import { personas } from '../src/server/processing/testing/personas';
import { startHarness } from '../src/server/processing/testing/harness';
import { check, printRows, type Row } from './lib/report';

const count = Number(process.env.BENCH_PROCESSING_COUNT ?? 200);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

async function run(engine: Engine, mode: 'paced' | 'burst'): Promise<Row[]> {
  const h = await startHarness(engine);
  try {
    const submittedAt = new Map<string, number>();
    const latencies: number[] = [];
    let done = false;
    // One query for all open ids every 20 ms, like many browsers polling at once.
    const watcher = (async () => {
      while (!done || submittedAt.size > 0) {
        const open = [...submittedAt.keys()];
        if (open.length > 0) {
          const rows = await h.db.orm
            .select({ id: applications.id, s: applications.orderState })
            .from(applications)
            .where(inArray(applications.id, open));
          const now = performance.now();
          for (const r of rows) {
            if (r.s !== 'submitted' && r.s !== 'created') {
              latencies.push(now - submittedAt.get(r.id)!);
              submittedAt.delete(r.id);
            }
          }
        }
        await sleep(20);
      }
    })();
    const started = performance.now();
    for (let i = 0; i < count; i++) {
      const p = personas[i % personas.length]!;
      const t = performance.now();
      const { id } = await h.submit(p.model, p.kind);
      submittedAt.set(id, t);
      if (mode === 'paced') await sleep(50); // a pause after each submission
    }
    done = true;
    await watcher;
    // The decisions enqueue e-mails: closing while one runs ended in 'Cannot use a pool after
    // calling end' (issue 13). Wait until pg-boss has nothing queued or running, then close.
    for (let waited = 0; waited < 60_000; waited += 100) {
      const r = await h.db.executeSql(
        "SELECT count(*)::int AS n FROM pgboss.job WHERE state IN ('created', 'retry', 'active') AND name <> 'deletion' AND name <> 'sweep'",
      );
      if (Number(r.rows[0]?.n ?? 0) === 0) break;
      await sleep(100);
    }
    const total = (performance.now() - started) / 1000;
    const sorted = latencies.sort((a, b) => a - b);
    const p50 = percentile(sorted, 50);
    const p95 = percentile(sorted, 95);
    const label = `${engine}, ${count} applications ${mode === 'paced' ? 'with 50 ms between submissions' : 'submitted back to back'}`;
    return [
      check(`${label}: p50 submission -> final state`, `${Math.round(p50)} ms`, 'reported', null),
      // The target applies to submissions as users make them; back to back is a stress figure.
      mode === 'paced'
        ? check(
            `${label}: p95 submission -> final state`,
            `${Math.round(p95)} ms`,
            '< 2000 ms',
            p95 < 2000,
          )
        : check(
            `${label}: p95 submission -> final state (stress)`,
            `${Math.round(p95)} ms`,
            'reported',
            null,
          ),
      check(
        `${label}: max latency / submission rate`,
        `${Math.round(sorted[sorted.length - 1] ?? 0)} ms / ${(count / total).toFixed(1)} applications per s`,
        'reported',
        null,
      ),
    ];
  } finally {
    await h.close();
  }
}

for (const engine of ['pglite', 'postgres'] as const) {
  for (const mode of ['paced', 'burst'] as const) {
    printRows(`processing latency on ${engine} (${mode})`, await run(engine, mode));
  }
}
process.exit(0);
