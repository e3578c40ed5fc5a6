import { camt054, type ReturnFixture } from '../../src/domain/money/testing/bankFixtures';
import { importBankFile } from '../../src/server/money/imports';
import { startHarness } from '../../src/server/processing/testing/harness';
import { check, type Row } from '../lib/report';
import { fmt, repeats, spread } from '../lib/stats';
import { benchEngines, envInt, watch, type Watched } from './common';
import { numberOf, seedContracts } from '../../src/server/money/testing/seedContracts';

const euros = (cents: number) => (cents / 100).toFixed(2);
/** Return reasons of the file: each leads to its own action (ADR 1223). */
const REASONS = ['AC04', 'MD06', 'MS02', 'AM04'];

/**
 * Issue 30: a camt.054 of BENCH_CAMT_ENTRIES (10,000) entries imported on each engine: 97 % the
 * bank's credits for presented debits, 3 % returns with their reason codes (some with a fee).
 * Then the same file again: nothing changes (idempotent by hash). Seeding is setup.
 */
export async function benchCamt(): Promise<Row[]> {
  const n = envInt('BENCH_CAMT_ENTRIES', 10_000);
  const rows: Row[] = [];
  for (const engine of benchEngines()) {
    const runs: Watched<unknown>[] = [];
    for (let round = 0; round < repeats; round++) {
      const h = await startHarness(engine, { start: false });
      try {
        await seedContracts(h.db, n);
        // Every seeded debit is in the bank's hands: presented, nothing collected yet.
        await h.db.executeSql(`UPDATE sepa_debits SET status = 'presented'`);
        await h.db.executeSql(`DELETE FROM ledger_entries WHERE kind = 'collected'`);
        const numbers = (
          await h.db.executeSql(
            `SELECT ${numberOf('g')} AS number, 6000 + g % 900 AS cents
               FROM generate_series(1, $1::int) g`,
            [n],
          )
        ).rows as { number: string; cents: number }[];
        const entries: ReturnFixture[] = numbers.map((r, i) => ({
          endToEndId: `${r.number}-20250316-1`,
          amount: euros(r.cents),
          ...(i % 33 === 0
            ? { reason: REASONS[i % REASONS.length]!, ...(i % 2 ? { fee: '3.00' } : {}) }
            : { credit: true }),
        }));
        const xml = camt054(entries, `NTF-BENCH-${round}`);
        const w = await watch(() => importBankFile(h.processing.money, xml, 'bench-staff'));
        if (w.result.matched !== n) throw new Error(`camt: ${w.result.matched} of ${n} matched`);
        const again = await importBankFile(h.processing.money, xml, 'bench-staff');
        if (!again.duplicate) throw new Error('camt: the same file imported twice');
        runs.push(w);
        console.log(
          `  camt ${engine} round ${round + 1}: ${w.seconds.toFixed(1)} s, loop ${w.maxBlockMs.toFixed(0)} ms, ${(xml.length / 2 ** 20).toFixed(1)} MB file, load ${w.load}`,
        );
      } finally {
        await h.close();
      }
    }
    const loads = runs.map((r) => r.load).join('/');
    const seconds = spread(runs.map((r) => r.seconds));
    rows.push(
      check(
        `camt.054 import, ${n.toLocaleString('en')} entries, ${engine}`,
        `${fmt(seconds, 1, ' s')}, main loop ${fmt(spread(runs.map((r) => r.maxBlockMs)), 0, ' ms')}, load ${loads}`,
        '≤ 30 s',
        seconds.median <= 30,
      ),
    );
  }
  return rows;
}
