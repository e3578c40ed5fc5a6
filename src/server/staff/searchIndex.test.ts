import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from '../processing/testing/harness';
import { engines } from '../testing/database';
import { idOf, numberOf, seedApplications } from '../money/testing/seedContracts';
import { searchCases } from './search';
import { unpostedLetters } from './cases';

/**
 * Issue 30 (ADR 1271): the staff search reads the terms the database keeps, pages by key on
 * both engines, and follows a change of the stored application; the queues page by key too.
 */
describe.each(engines)('staff search index and keyset pages on %s', (engine) => {
  const N = 120;
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness(engine, { start: false });
    await seedApplications(h.db, N);
  }, 120_000);
  afterAll(async () => {
    await h?.close();
  });

  /** Every page of a search, following `next`. */
  async function allPages(q: string, size: number) {
    const seen: { applicationId: string; submittedAt: string | null }[] = [];
    let next: string | undefined;
    for (let i = 0; i < 200; i++) {
      const page = await searchCases(h.db, q, next, size);
      expect(page.items.length).toBeLessThanOrEqual(size);
      seen.push(...page.items);
      if (!page.next) break;
      next = page.next;
    }
    return seen;
  }

  it('a common surname: every match once, newest first, in pages of 4', async () => {
    // rows with g % 8 = 0 have one of 16 common surnames; (g / 8) % 16 = 0 is Müller
    const expected = Array.from({ length: N }, (_, i) => i + 1).filter(
      (g) => g % 8 === 0 && Math.floor(g / 8) % 16 === 0,
    ).length;
    const rows = (
      await h.db.executeSql(
        `SELECT count(*)::int AS n FROM applications WHERE data->'firstTenant'->>'lastName' = 'Müller'`,
      )
    ).rows[0] as { n: number };
    expect(rows.n).toBe(expected);
    const seen = await allPages('müller', 4);
    expect(seen).toHaveLength(expected);
    const names = await allPages('Schmidt', 2);
    expect(names.length).toBeGreaterThan(0);
    expect(new Set(names.map((r) => r.applicationId)).size).toBe(names.length);
    const times = names.map((r) => r.submittedAt!);
    expect([...times].sort().reverse()).toEqual(times);
  });

  it('by a name prefix, number, e-mail and IBAN tail; a changed name is found by the new one', async () => {
    const all = await allPages('a', 50);
    const prefix = await allPages('berkan', 7);
    expect(prefix.length).toBeGreaterThan(0);
    expect(prefix.length).toBeLessThan(all.length);
    const n = (
      (await h.db.executeSql(`SELECT ${numberOf('$1::int')} AS n`, [17])).rows[0] as { n: string }
    ).n;
    const id = (
      (await h.db.executeSql(`SELECT ${idOf('$1::int')} AS id`, [17])).rows[0] as {
        id: string;
      }
    ).id;
    expect((await searchCases(h.db, n)).items.map((i) => i.applicationId)).toEqual([id]);
    expect(
      (await searchCases(h.db, 'Mieter17@Example.org')).items.map((i) => i.applicationId),
    ).toEqual([id]);
    // the IBAN of row g ends in g (8 digits): the tail 0017 finds row 17 only
    expect((await searchCases(h.db, '0017')).items.map((i) => i.applicationId)).toEqual([id]);
    expect((await searchCases(h.db, 'zzzq')).items).toEqual([]);
    await h.db.executeSql(
      `UPDATE applications SET data = jsonb_set(data, '{firstTenant,lastName}', '"Neuname"') WHERE id = $1`,
      [id],
    );
    expect((await searchCases(h.db, 'neuname')).items.map((i) => i.applicationId)).toEqual([id]);
    // a sandbox application leaves the index
    await h.db.executeSql(`UPDATE applications SET sandbox = true WHERE id = $1`, [id]);
    expect((await searchCases(h.db, 'neuname')).items).toEqual([]);
  });

  it('the letters queue pages by key, oldest first', async () => {
    await h.db.executeSql(
      `INSERT INTO contracts (application_id, contract_number, status, accepted_at, start_on,
          first_debit_on, payments_per_year, rate_per_payment_cents, withdrawal_deadline,
          mandate_reference, verification_token_hash, release_code_hash)
       SELECT ${idOf('g')}, ${numberOf('g')}, 'active', now(), date '2025-03-16',
          date '2025-03-16', 1, 6000, date '2025-03-30', ${numberOf('g')} || '-01',
          md5('v-' || g), md5('r-' || g)
         FROM generate_series(1, 9) g;
       INSERT INTO contract_letters (application_id, recipient, kind, created_at)
       SELECT ${idOf('g')}, 'landlord', 'cancelled', timestamptz '2026-03-01 08:00+00' + (g % 3) * interval '1 hour'
         FROM generate_series(1, 9) g`,
    );
    const seen: string[] = [];
    let next: string | undefined;
    for (let i = 0; i < 20; i++) {
      const page = await unpostedLetters(h.db, new Date('2026-03-02T09:00:00Z'), next, 2);
      seen.push(...page.items.map((l) => l.createdAt));
      if (!page.next) break;
      next = page.next;
    }
    expect(seen).toHaveLength(9);
    expect([...seen].sort()).toEqual(seen);
  });
});
