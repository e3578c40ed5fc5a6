import pg from 'pg';
import { openPostgres, type Database } from '../../src/server/db/client';
import { migrate } from '../../src/server/db/migrate';
import { createTestDatabase, testDatabaseServerUrl } from '../../src/server/testing/database';
import { searchCases } from '../../src/server/staff/search';
import { check, type Row } from '../lib/report';
import { fmt, repeats, spread } from '../lib/stats';
import { envInt, load } from './common';
import { personas } from '../../src/server/processing/testing/personas';
import { seedApplications } from '../../src/server/money/testing/seedContracts';

/** The postcode of the rented object every seeded row shares (the persona's). */
const ZIP = personas[0]!.model.object.address.zip ?? '';

const SYLLABLES = ['ber', 'kan', 'lor', 'mel', 'nus', 'pet', 'ros', 'sil', 'tam', 'wen'];
const FIRST = ['anna', 'ben', 'clara', 'david', 'emma', 'felix', 'greta', 'hans', 'ida', 'jonas'];

/** A small deterministic random source: the same queries every run. */
function rng(seed: number) {
  let s = seed;
  return (n: number) => {
    s = (s * 1103515245 + 12345) % 2 ** 31;
    return s % n;
  };
}

/**
 * The query mix of the staff search, as the seeded rows answer it (bench/batch/seed.ts): a
 * contract number, an e-mail address, IBAN tails (about 100 hits each), a rare surname (about
 * 875), a common one ("Müller", about 7,800), first and last name, a surname's first three
 * letters, the second page of a common surname, and the postcode every row has (equality, newest first straight from the index).
 */
function queries(n: number, count: number) {
  const r = rng(7);
  const g = () => 1 + r(n);
  // The surname seedApplications gives row g (a rare one: g % 8 <> 0).
  const surname = (x: number) =>
    SYLLABLES[x % 10]! + SYLLABLES[Math.floor(x / 10) % 10]! + SYLLABLES[Math.floor(x / 100) % 10]!;
  const rareRow = () => {
    const x = g();
    return x % 8 === 0 ? x + 1 : x;
  };
  const rare = () => surname(rareRow());
  const fullName = () => {
    const x = rareRow();
    return `${FIRST[Math.floor(x / 7) % 10]} ${surname(x)}`;
  };
  const kinds: (() => { q: string; secondPage?: boolean })[] = [
    () => ({ q: `MK-${2025 - Math.floor(g() / 1e6)}-${String(g() % 1e6).padStart(6, '0')}` }),
    () => ({ q: `mieter${g()}@example.org` }),
    () => ({ q: String(r(10000)).padStart(4, '0') }),
    () => ({ q: rare() }),
    () => ({ q: 'Müller' }),
    () => ({ q: fullName() }),
    () => ({ q: rare().slice(0, 3) }),
    () => ({ q: 'Schmidt', secondPage: true }),
    () => ({ q: ZIP }),
  ];
  return Array.from({ length: count }, (_, i) => kinds[i % kinds.length]!());
}

const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.ceil(xs.length * 0.95) - 1]!;

/**
 * Issue 30: staff search by number, name, e-mail or IBAN tail over BENCH_SEARCH_CONTRACTS
 * (1,000,000) contracts on PostgreSQL, p95 of BENCH_SEARCH_QUERIES (450) searches per round,
 * one after another, through the route's function (searchCases: terms index, then the page's
 * rows). Seeding (one statement per table; the trigger fills the terms) and ANALYZE are setup.
 */
export async function benchSearch(): Promise<Row[]> {
  const n = envInt('BENCH_SEARCH_CONTRACTS', 1_000_000);
  const count = envInt('BENCH_SEARCH_QUERIES', 450);
  const kept = process.env.BENCH_SEARCH_KEEP === '1';
  const db = kept ? await keptDatabase(n) : await createTestDatabase('postgres');
  try {
    const t = performance.now();
    const seeded = kept
      ? Number(
          (
            (await db.executeSql('SELECT count(*)::int AS n FROM applications')).rows[0] as {
              n: number;
            }
          ).n,
        ) === n
      : false;
    if (!seeded) {
      await db.executeSql('TRUNCATE applications CASCADE');
      // Bulk seeding: the per-row trigger off, then the terms in one statement (the migration's
      // backfill); the product fills them row by row as applications are submitted.
      await db.executeSql(
        'ALTER TABLE applications DISABLE TRIGGER applications_staff_search_insert',
      );
      await seedApplications(db, n);
      await db.executeSql(
        'ALTER TABLE applications ENABLE TRIGGER applications_staff_search_insert',
      );
      await db.executeSql(
        `INSERT INTO staff_search_terms (application_id, term, submitted_at)
         SELECT a.id, t, a.submitted_at
           FROM applications a, staff_search_terms_of(a.data) AS t
          WHERE a.submitted_at IS NOT NULL AND NOT a.sandbox`,
      );
    }
    await db.executeSql('VACUUM ANALYZE');
    console.log(
      `  search: ${n} contracts ${seeded ? 'reused' : 'seeded'} in ${((performance.now() - t) / 1000).toFixed(0)} s, load ${load()}`,
    );
    const p95s: number[] = [];
    const loads: string[] = [];
    let worst = { q: '', ms: 0 };
    for (let round = 0; round < repeats; round++) {
      const times: number[] = [];
      let found = 0;
      for (const { q, secondPage } of queries(n, count)) {
        const s = performance.now();
        const first = await searchCases(db, q);
        if (secondPage && first.next) await searchCases(db, q, first.next);
        const ms = performance.now() - s;
        times.push(ms);
        if (ms > worst.ms) worst = { q, ms };
        if (first.items.length > 0) found++;
      }
      p95s.push(p95(times));
      loads.push(load());
      console.log(
        `  search round ${round + 1} (${found} of ${count} found something): p95 ${p95(times).toFixed(1)} ms, median ${spread(times).median.toFixed(1)} ms, load ${load()}`,
      );
    }
    const firstName = performance.now();
    await searchCases(db, 'anna');
    const firstNameMs = performance.now() - firstName;
    const p = spread(p95s);
    return [
      check(
        `staff search p95, ${n.toLocaleString('en')} contracts, PostgreSQL`,
        `${fmt(p, 1, ' ms')}, slowest "${worst.q}" ${worst.ms.toFixed(0)} ms, load ${loads.join('/')}`,
        '≤ 100 ms',
        p.median <= 100,
      ),
      check(
        'staff search, a first name alone ("anna", 10 % of all rows)',
        `${firstNameMs.toFixed(0)} ms, load ${load()}`,
        'reported',
        null,
      ),
    ];
  } finally {
    await db.close();
  }
}

/**
 * BENCH_SEARCH_KEEP=1: the seeded database is kept (`mk_bench_search_<n>` on the test server)
 * and used again by the next run, so a change can be measured without seeding a million rows
 * again. Drop it by hand when done.
 */
async function keptDatabase(n: number): Promise<Database> {
  const u = new URL(testDatabaseServerUrl);
  const name = `mk_bench_search_${n}`;
  const admin = new pg.Client({ connectionString: u.toString() });
  await admin.connect();
  try {
    const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (exists.rowCount === 0) await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  u.pathname = `/${name}`;
  const db = await openPostgres(u.toString(), 5);
  await migrate(db);
  return db;
}
