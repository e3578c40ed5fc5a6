import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { fixedClock } from '../clock';
import { engines } from '../testing/database';
import { testNow } from '../testing/fixtures';
import { startTestServer, type TestServer } from '../testing/server';
import { startSmtpPeer, type SmtpPeer } from '../mail/testing/smtp-peer';
import { moneyTasks, paymentBatches, sepaDebits, sepaMandates } from '../db/schema/index';
import { endToEndId, summaryOf } from '../../domain/index';
import { camt053, camt054, pain002 } from '../../domain/money/testing/bankFixtures';
import { acceptedContract } from './testing/contract';
import { importBankFile, resolveItem, unmatchedItems } from './imports';
import { book, entriesOf } from './ledger';

const reasons = ['AC01', 'AC04', 'AC06', 'AG01', 'MS03', 'AM04', 'MS02', 'MD06', 'MD01', 'MD02'];
const period = (i: number) => `2030-${String(i + 1).padStart(2, '0')}-01`;

/** Issue 25 item 4: one fixture per reason code, a fee, a reversal, unknown ids, pain.002. */
describe.each(engines)('bank file import on %s', (engine) => {
  let s: TestServer;
  let smtp: SmtpPeer;
  const clock = fixedClock(testNow);
  beforeAll(async () => {
    smtp = await startSmtpPeer();
    s = await startTestServer({
      engine,
      clock,
      processing: true,
      env: { SMTP_URL: smtp.url, PUBLIC_URL: 'https://antrag.example' },
    });
  });
  afterAll(async () => {
    await s?.close();
    await smtp?.close();
  });

  it('acts per reason code; fee only from the second return; reversal; pain.002 group rejection', async () => {
    const { number, id } = await acceptedContract(s);
    const money = s.processing!.money;
    const now = clock.now();
    // Collected debits on the contract's mandate, one per reason code (periods far apart).
    await s.db.orm.insert(sepaMandates).values({
      reference: `${number}-01`,
      applicationId: id,
      iban: 'DE89370400440532013000',
      debtorName: 'Max Mustermann',
      signedOn: '2026-03-02',
    });
    for (const [i] of reasons.entries())
      await s.db.transaction(async (tx) => {
        const d = (
          await tx
            .insert(sepaDebits)
            .values({
              applicationId: id,
              period: period(i),
              attempt: 1,
              amountCents: 500 + i,
              dueOn: '2026-03-16',
              mandateReference: `${number}-01`,
              sequence: i === 0 ? 'FRST' : 'RCUR',
              endToEndId: endToEndId(number, period(i), 1),
              status: 'collected',
              createdAt: now,
            })
            .returning()
        )[0]!;
        await book(
          tx,
          id,
          [
            { kind: 'premium_due', amountCents: d.amountCents, period: d.period },
            { kind: 'collected', amountCents: d.amountCents, period: d.period },
          ],
          { source: `debit:${d.id}`, bookedOn: '2026-03-16', now },
        );
      });
    const file = camt054(
      reasons.map((reason, i) => ({
        endToEndId: endToEndId(number, period(i), 1),
        amount: ((500 + i) / 100).toFixed(2),
        reason,
        // a fee on the contract's first return (not passed on) and on a later one (passed on)
        fee: i === 0 ? '2.00' : reason === 'MS03' ? '3.50' : undefined,
      })),
    );
    const r = await importBankFile(money, file, 'staff-a');
    expect(r).toMatchObject({ format: 'camt.054', matched: 10, unmatched: 0 });
    expect(r.actions).toEqual([
      'AC01:stop_mandate,represent_new_mandate,ask_iban',
      'AC04:stop_mandate,represent_new_mandate,ask_iban',
      'AC06:stop_mandate,represent_new_mandate,ask_iban',
      'AG01:stop_mandate,represent_new_mandate,ask_iban',
      'MS03:fee_350,represent_once_more,dunning',
      'AM04:represent_once_more,dunning',
      'MS02:dunning',
      'MD06:dunning',
      'MD01:stop_mandate,staff_task',
      'MD02:stop_mandate,staff_task',
    ]);
    const ledger = summaryOf(await entriesOf(s.db.orm, id));
    expect(ledger.feeCents).toBe(350);
    expect(ledger.collectedCents).toBe(0);
    const tasks = await s.db.orm.select().from(moneyTasks).where(eq(moneyTasks.applicationId, id));
    expect(tasks.map((t) => `${t.kind}:${t.reason}`).sort()).toEqual([
      'mandate_dispute:MD01',
      'mandate_dispute:MD02',
    ]);
    // four e-mails asking for a new account, one per returned debit
    await new Promise((res) => setTimeout(res, 300));
    const asks = smtp.received.filter((m) =>
      m.raw.toString('utf8').includes('neue Bankverbindung'),
    );
    expect(asks.length).toBeGreaterThanOrEqual(4);
    // the same returns again in the day's statement: known, nothing acted on twice
    const stmt = camt053([
      { endToEndId: endToEndId(number, period(4), 1), amount: '5.04', reason: 'MS03', fee: '3.50' },
      // the bank reverses the MS02 return: the money is there after all
      { endToEndId: endToEndId(number, period(6), 1), amount: '5.06', reversal: true },
      { endToEndId: 'UNKNOWN-4711', amount: '9.99', reason: 'AC04' },
      { endToEndId: 'NOTPROVIDED', amount: '1.00', credit: true },
    ]);
    const r2 = await importBankFile(money, stmt, 'staff-b');
    expect(r2).toMatchObject({
      matched: 2,
      unmatched: 2,
      actions: ['already_returned', 'reversal'],
    });
    const after = summaryOf(await entriesOf(s.db.orm, id));
    expect(after.feeCents).toBe(350);
    expect(after.collectedCents).toBe(506);
    // the queue of unmatched items, and a staff member resolving one
    const queue = (await unmatchedItems(money)).items.filter(
      (q) => q.endToEndId === 'UNKNOWN-4711',
    );
    expect(queue).toHaveLength(1);
    await resolveItem(money, queue[0]!.id, 'staff-a');
    expect((await unmatchedItems(money)).items.some((q) => q.endToEndId === 'UNKNOWN-4711')).toBe(
      false,
    );

    // pain.002: the bank rejects a whole file; its debits wait for the next file
    const batch = (
      await s.db.orm
        .insert(paymentBatches)
        .values({
          kind: 'debit',
          messageId: 'MK-D-20260312-REJECTED',
          status: 'draft',
          xml: '<x/>',
          sha256: 'f'.repeat(64),
          count: 1,
          controlSumCents: 777,
          executionOn: '2026-03-16',
          createdAt: now,
        })
        .returning()
    )[0]!;
    await s.db.orm.insert(sepaDebits).values({
      applicationId: id,
      period: '2031-01-01',
      attempt: 1,
      amountCents: 777,
      dueOn: '2026-03-16',
      mandateReference: `${number}-01`,
      sequence: 'RCUR',
      endToEndId: endToEndId(number, '2031-01-01', 1),
      status: 'presented',
      batchId: batch.id,
      createdAt: now,
    });
    const rejected = await importBankFile(
      money,
      pain002({ originalMessageId: batch.messageId, groupStatus: 'RJCT', groupReason: 'FF01' }),
      'staff-a',
    );
    expect(rejected).toMatchObject({ format: 'pain.002', actions: ['group_rejected:FF01:1'] });
    const back = await s.db.orm
      .select()
      .from(sepaDebits)
      .where(eq(sepaDebits.endToEndId, endToEndId(number, '2031-01-01', 1)));
    expect(back[0]).toMatchObject({ status: 'planned', batchId: null });
    // a malformed file is refused with a German message
    await expect(
      importBankFile(money, '<Document><Nope/></Document>', 'staff-a'),
    ).rejects.toMatchObject({
      status: 400,
      code: 'invalid_file',
    });
  });
});
