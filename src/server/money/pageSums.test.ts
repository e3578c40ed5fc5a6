import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { summaryOf } from '../../domain/index';
import { contracts } from '../db/schema/index';
import { startHarness, type Harness } from '../processing/testing/harness';
import { engines } from '../testing/database';
import { runCollection } from './collection';
import { centsOfApplications, debitsOfApplications } from './debitsOf';
import { entriesByApplication, kindTotalsByApplication } from './ledger';
import { RUN_AT, seedContracts } from './testing/seedContracts';

/**
 * ADR 1420: dunning's pre-selection reads sums the database adds up; they are the sums of the
 * rows the pre-selection read before (every debit and ledger entry of the page), on real data
 * after a collection run (collected FRST debits, booked dues, RCUR debits in the file).
 */
describe.each(engines)('page sums on %s', (engine) => {
  let h: Harness;
  let ids: string[];
  beforeAll(async () => {
    h = await startHarness(engine, { start: false });
    await seedContracts(h.db, 5);
    await runCollection(h.processing.money, RUN_AT);
    ids = (await h.db.orm.select({ id: contracts.applicationId }).from(contracts)).map((c) => c.id);
  }, 120_000);
  afterAll(async () => {
    await h?.close();
  });

  it('the debits in some statuses, summed per contract', async () => {
    const rows = await debitsOfApplications(h.db.orm, ids);
    for (const statuses of [
      ['planned', 'in_batch', 'presented'],
      ['in_batch'],
      ['collected'],
      ['returned'],
    ] as const) {
      const expected = new Map<string, number>();
      for (const d of rows)
        if ((statuses as readonly string[]).includes(d.status))
          expected.set(d.applicationId, (expected.get(d.applicationId) ?? 0) + d.amountCents);
      expect(await centsOfApplications(h.db.orm, ids, statuses)).toEqual(expected);
    }
    // what the run made: one collected FRST and one RCUR in the file per contract
    expect((await centsOfApplications(h.db.orm, ids, ['in_batch'])).size).toBe(5);
  });

  it("a ledger's totals per kind give the summary its entries give", async () => {
    const entries = await entriesByApplication(h.db.orm, ids);
    const totals = await kindTotalsByApplication(h.db.orm, ids);
    expect([...totals.keys()].sort()).toEqual([...entries.keys()].sort());
    for (const id of ids) {
      const { openCents, balanceCents } = summaryOf(entries.get(id)!);
      expect(summaryOf(totals.get(id)!)).toMatchObject({ openCents, balanceCents });
    }
    expect(await kindTotalsByApplication(h.db.orm, [])).toEqual(new Map());
  });
});
