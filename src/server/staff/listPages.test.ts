import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../clock';
import { idOf, seedContracts } from '../money/testing/seedContracts';
import { engines } from '../testing/database';
import { testNow } from '../testing/fixtures';
import { call } from '../testing/http';
import { startTestServer, type TestServer } from '../testing/server';
import { staffWithSession } from './testing/staffSession';

/**
 * Issue 30 ("every staff list paginates by key", ADR 1338): the lists that answered everything
 * (or their first 200) at once page by key like the work queues. Five rows in each list, pages
 * of two: every row once, in the list's order, and a closed or discarded row in none.
 */
const N = 5;
const lists: { path: string; key: string; order?: 'asc' | 'desc' }[] = [
  { path: '/api/staff/money/batches', key: 'messageId', order: 'desc' },
  // Oldest import first; the items of one import (all five here) in the order of their ids.
  { path: '/api/staff/money/unmatched', key: 'endToEndId' },
  { path: '/api/staff/money/refunds', key: 'id', order: 'asc' },
  { path: '/api/staff/money/decisions', key: 'id', order: 'asc' },
  { path: '/api/staff/money/disputes', key: 'reason', order: 'desc' },
  { path: '/api/staff/requests', key: 'reference', order: 'asc' },
  { path: '/api/staff/claims', key: 'reference', order: 'asc' },
];

/** Row g (1..N) of each list was made at minute g; row N + 1 is closed or discarded. */
async function seedLists(s: TestServer) {
  await seedContracts(s.db, N + 1);
  const at = (g: string) => `timestamptz '2026-03-01T08:00:00Z' + (${g} || ' minutes')::interval`;
  const rows = (sql: string) => s.db.executeSql(sql, []);
  await rows(`INSERT INTO payment_batches (kind, message_id, status, xml, sha256, count,
      control_sum_cents, execution_on, created_at)
    SELECT 'debit', 'MSG-' || g, CASE WHEN g > ${N} THEN 'discarded' ELSE 'draft' END, '<x/>',
      md5('batch' || g), 1, 100, '2026-03-16', ${at('g')} FROM generate_series(1, ${N + 1}) g`);
  await rows(`INSERT INTO bank_imports (id, sha256, format, imported_by, imported_at, items)
    VALUES (md5('import')::uuid, md5('import'), 'camt.054', 'test', ${at('0')}, ${N + 1})`);
  await rows(`INSERT INTO bank_import_items (import_id, end_to_end_id, kind, amount_cents,
      fee_cents, status)
    SELECT md5('import')::uuid, 'E2E-' || g, 'credit', 100, 0,
      CASE WHEN g > ${N} THEN 'resolved' ELSE 'unmatched' END FROM generate_series(1, ${N + 1}) g`);
  await rows(`INSERT INTO guarantee_requests (reference, amount_cents, name, email, state,
      created_at)
    SELECT 'AN-TEST0000000' || g, 7500000, 'Erika ' || g, 'erika' || g || '@example.org',
      CASE WHEN g > ${N} THEN 'answered' ELSE 'open' END, ${at('g')}
      FROM generate_series(1, ${N + 1}) g`);
  await rows(`INSERT INTO refunds (application_id, amount_cents, due_on, end_to_end_id, status,
      created_at)
    SELECT ${idOf('g')}, 100, '2026-03-15', 'RF-' || g,
      CASE WHEN g > ${N} THEN 'paid' ELSE 'sent' END, ${at('g')} FROM generate_series(1, ${N + 1}) g`);
  await rows(`INSERT INTO money_tasks (application_id, kind, created_at, done_at, done_by)
    SELECT ${idOf('g')}, 'dunning_decision', ${at('g')},
      CASE WHEN g > ${N} THEN ${at('g')} END, CASE WHEN g > ${N} THEN 'staff' END
      FROM generate_series(1, ${N + 1}) g`);
  await rows(`INSERT INTO payment_disputes (application_id, opened_by, reason, opened_at,
      closed_by, closed_at)
    SELECT ${idOf('g')}, 'tenant', 'Grund ' || g, ${at('g')},
      CASE WHEN g > ${N} THEN 'staff' END, CASE WHEN g > ${N} THEN ${at('g')} END
      FROM generate_series(1, ${N + 1}) g`);
  await rows(`INSERT INTO claims (application_id, reference, state, filed_via, filed_at,
      total_claimed_cents, landlord_email, landlord_iban, landlord_account_holder,
      declared_due_at)
    SELECT ${idOf('g')}, 'F-' || g, CASE WHEN g > ${N} THEN 'closed' ELSE 'filed' END,
      'email_link', ${at('g')}, 100, 'v@example.org', 'DE89370400440532013000', 'Vera V',
      ${at('g')} FROM generate_series(1, ${N + 1}) g`);
}

describe.each(engines)('back-office lists page by key on %s', (engine) => {
  let s: TestServer;
  let cookie: string;
  beforeAll(async () => {
    const clock = fixedClock(testNow);
    s = await startTestServer({ engine, clock, seed: false });
    cookie = (await staffWithSession(s.db, { role: 'admin', name: 'Lena Liste', now: clock.now() }))
      .cookie;
    await seedLists(s);
  }, 120_000);
  afterAll(async () => {
    await s?.close();
  });

  const get = async (path: string) => {
    const r = await call(s.url, 'GET', path, undefined, { headers: { cookie } });
    expect(r.status, path).toBe(200);
    return r.body as { items: Record<string, unknown>[]; next: string | null };
  };

  it.each(lists)('$path: pages of two hold every open row once, in order', async (list) => {
    const all = await get(list.path);
    expect(all.items.length).toBe(N);
    expect(all.next).toBeNull();
    const seen: unknown[] = [];
    let next: string | null = null;
    let pages = 0;
    do {
      const page = await get(
        `${list.path}?limit=2${next ? `&after=${encodeURIComponent(next)}` : ''}`,
      );
      expect(page.items.length).toBeLessThanOrEqual(2);
      seen.push(...page.items.map((i) => i[list.key]));
      next = page.next;
      pages++;
    } while (next && pages < 10);
    expect(pages).toBe(3);
    expect(seen).toEqual(all.items.map((i) => i[list.key]));
    // The list's order: the row made first is first when ascending, last when descending.
    const numbered = all.items.map((i) => String(i[list.key]));
    if (list.order && list.key !== 'id') {
      const digits = numbered.map((k) => Number(/(\d+)$/.exec(k)![1]));
      const ascending = [...digits].sort((a, b) => a - b);
      expect(digits).toEqual(list.order === 'asc' ? ascending : ascending.reverse());
    }
  });
});
