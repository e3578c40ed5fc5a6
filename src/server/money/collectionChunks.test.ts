import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { formatIsoDate } from '../../domain/index';
import { paymentBatches, sepaDebits, sepaMandates } from '../db/schema/index';
import { startHarness, type Harness } from '../processing/testing/harness';
import { engines } from '../testing/database';
import { camt054 } from '../../domain/money/testing/bankFixtures';
import { discardBatch } from './batches';
import { runCollection } from './collection';
import { creditorOf } from './deps';
import { importBankFile } from './imports';
import { buildDirectDebitFile, type DebitLine } from './painFiles';
import { numberOf, RUN_AT, seedContracts } from './testing/seedContracts';
import { xsdErrors } from './testing/xsd';

/**
 * Issue 30 (ADR 1270): the collection run in keyset pages writes the file the whole-document
 * builder writes for the same debits, whatever the page size; the bank file import matches a
 * page of entries at once and stays idempotent.
 */
describe.each(engines)('batch work in pages on %s', (engine) => {
  const N = 7;
  let small: Harness;
  let large: Harness;
  beforeAll(async () => {
    [small, large] = await Promise.all([
      startHarness(engine, { start: false }),
      startHarness(engine, { start: false }),
    ]);
    await seedContracts(small.db, N);
    await seedContracts(large.db, N);
  }, 120_000);
  afterAll(async () => {
    await small?.close();
    await large?.close();
  });

  /** The file as the run before ADR 1270 built it: one document from all the batch's debits. */
  async function wholeFile(h: Harness, batchId: string) {
    const batch = (
      await h.db.orm.select().from(paymentBatches).where(eq(paymentBatches.id, batchId))
    )[0]!;
    const rows = await h.db.orm
      .select({ d: sepaDebits, m: sepaMandates })
      .from(sepaDebits)
      .innerJoin(sepaMandates, eq(sepaMandates.reference, sepaDebits.mandateReference))
      .where(eq(sepaDebits.batchId, batchId))
      .orderBy(asc(sepaDebits.dueOn), asc(sepaDebits.endToEndId));
    const lines: DebitLine[] = rows.map(({ d, m }) => ({
      endToEndId: d.endToEndId,
      amountCents: d.amountCents,
      dueOn: d.dueOn,
      sequence: d.sequence,
      mandateReference: m.reference,
      mandateSignedOn: m.signedOn,
      debtorName: m.debtorName,
      debtorIban: m.iban,
      remittance: `Beitrag Mietkautionsbuergschaft ${d.endToEndId.slice(0, 14)} ab ${formatIsoDate(d.period)}`,
    }));
    return {
      batch,
      whole: buildDirectDebitFile(
        batch.messageId,
        RUN_AT,
        creditorOf(small.processing.money),
        lines,
      ),
    };
  }

  it('pages of 2 and of 500 contracts: the same debits, the same bytes as one document', async () => {
    const a = await runCollection(small.processing.money, RUN_AT, 2);
    const b = await runCollection(large.processing.money, RUN_AT, 500);
    expect(a).toMatchObject({ duesBooked: N, notices: 0 });
    expect(b).toMatchObject({ duesBooked: N, notices: 0 });
    const fa = await wholeFile(small, a.batchId!);
    const fb = await wholeFile(large, b.batchId!);
    expect(fa.batch.count).toBe(N);
    expect(fa.batch.xml).toBe(fa.whole.xml);
    expect(fa.batch.sha256).toBe(fa.whole.sha256);
    expect(fa.batch.controlSumCents).toBe(fa.whole.controlSumCents);
    expect(fb.batch.xml).toBe(fb.whole.xml);
    // the two runs differ only in the message id
    expect(fa.batch.xml.replaceAll(fa.batch.messageId, 'ID')).toBe(
      fb.batch.xml.replaceAll(fb.batch.messageId, 'ID'),
    );
    expect(xsdErrors(fa.batch.xml, 'pain.008.001.08')).toEqual([]);
    // a second run the same day plans and drafts nothing more
    expect(await runCollection(small.processing.money, RUN_AT, 2)).toMatchObject({
      duesBooked: 0,
      batchId: undefined,
    });
  }, 120_000);

  it('a file drawn after a discarded one: leftovers asked for on the earliest day, stopped mandates left out, the same bytes as one document', async () => {
    const money = large.processing.money;
    const first = (
      await large.db.orm
        .select({ id: paymentBatches.id })
        .from(paymentBatches)
        .where(eq(paymentBatches.status, 'draft'))
    )[0]!;
    await discardBatch(money, first.id, 'staff-a');
    const e2e = async (g: number) =>
      (
        (await large.db.executeSql(`SELECT ${numberOf('$1::int')} AS n`, [g])).rows[0] as {
          n: string;
        }
      ).n;
    // two debits were due days ago (a file with them was discarded), one mandate is stopped
    for (const g of [1, 2])
      await large.db.executeSql(
        `UPDATE sepa_debits SET due_on = date '2026-03-09' WHERE end_to_end_id = $1`,
        [`${await e2e(g)}-20260316-1`],
      );
    await large.db.executeSql(
      `UPDATE sepa_mandates SET stopped_at = now(), stop_reason = 'AC04' WHERE reference = $1`,
      [`${await e2e(3)}-01`],
    );
    const run = await runCollection(money, RUN_AT, 2);
    const f = await wholeFile(large, run.batchId!);
    expect(f.batch.count).toBe(N - 1);
    expect(f.batch.xml).toBe(f.whole.xml);
    expect(f.batch.sha256).toBe(f.whole.sha256);
    expect(xsdErrors(f.batch.xml, 'pain.008.001.08')).toEqual([]);
    const inFile = await large.db.orm
      .select({ e: sepaDebits.endToEndId, d: sepaDebits.dueOn })
      .from(sepaDebits)
      .where(eq(sepaDebits.batchId, run.batchId!));
    // every debit of the file is asked for on the file's day, the two overdue ones too
    expect(new Set(inFile.map((r) => r.d))).toEqual(new Set([f.batch.executionOn]));
    expect(inFile.map((r) => r.e)).toEqual(
      expect.arrayContaining([`${await e2e(1)}-20260316-1`, `${await e2e(2)}-20260316-1`]),
    );
    expect(inFile.map((r) => r.e)).not.toContain(`${await e2e(3)}-20260316-1`);
  }, 120_000);

  it('a camt.054 is matched a page at a time; the same file twice changes nothing', async () => {
    const money = small.processing.money;
    await small.db.executeSql(
      `UPDATE sepa_debits SET status = 'presented' WHERE period = '2026-03-16'`,
    );
    const e2e = async (g: number) =>
      (await small.db.executeSql(`SELECT ${numberOf('$1::int')} AS n`, [g])).rows[0] as {
        n: string;
      };
    const ids = await Promise.all([1, 2, 3].map(async (g) => `${(await e2e(g)).n}-20260316-1`));
    const amount = async (id: string) =>
      (
        await small.db.orm
          .select({ c: sepaDebits.amountCents })
          .from(sepaDebits)
          .where(eq(sepaDebits.endToEndId, id))
      )[0]!.c;
    const euros = async (id: string) => ((await amount(id)) / 100).toFixed(2);
    // the same debit twice in one file: returned, then the return reversed (reads it again)
    const xml = camt054([
      { endToEndId: ids[0]!, amount: await euros(ids[0]!), credit: true },
      { endToEndId: ids[1]!, amount: await euros(ids[1]!), reason: 'MS03' },
      { endToEndId: ids[1]!, amount: await euros(ids[1]!), reversal: true, credit: true },
      { endToEndId: ids[2]!, amount: await euros(ids[2]!), credit: true },
      { endToEndId: 'MK-1999-999999-20260316-1', amount: '1.00', credit: true },
    ]);
    const first = await importBankFile(money, xml, 'staff-a');
    expect(first).toMatchObject({ duplicate: false, matched: 4, unmatched: 1 });
    expect(first.actions).toEqual([
      'collected',
      expect.stringMatching(/^MS03:/),
      'reversal',
      'collected',
    ]);
    const status = async (id: string) =>
      (
        await small.db.orm
          .select({ s: sepaDebits.status })
          .from(sepaDebits)
          .where(eq(sepaDebits.endToEndId, id))
      )[0]!.s;
    expect(await Promise.all(ids.map(status))).toEqual(['collected', 'collected', 'collected']);
    const ledger = async () =>
      (await small.db.executeSql(`SELECT count(*)::int AS n FROM ledger_entries`)).rows[0];
    const before = await ledger();
    expect(await importBankFile(money, xml, 'staff-b')).toMatchObject({ duplicate: true });
    expect(await ledger()).toEqual(before);
  }, 120_000);
});
