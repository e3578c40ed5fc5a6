import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { fixedClock } from '../clock';
import { engines } from '../testing/database';
import { testNow } from '../testing/fixtures';
import { startTestServer, type TestServer } from '../testing/server';
import { startSmtpPeer, type SmtpPeer } from '../mail/testing/smtp-peer';
import { paymentBatches, sepaDebits } from '../db/schema/index';
import { acceptedContract, EMAIL, mailTo } from './testing/contract';
import { xsdErrors } from './testing/xsd';
import { runCollection } from './collection';
import { approveBatch, discardBatch, downloadBatch, listBatches, submitBatch } from './batches';
import { entriesOf } from './ledger';
import { summaryOf } from '../../domain/index';

/** Issue 25 items 2 and 3: the daily run, the file with four eyes, the pre-notification. */
describe.each(engines)('collection run on %s', (engine) => {
  let s: TestServer;
  let smtp: SmtpPeer;
  const clock = fixedClock(testNow); // Monday 2 March 2026
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

  it('plans the first debit with its notice, drafts the file, four eyes, one download', async () => {
    clock.set(testNow);
    const { number, id, contract } = await acceptedContract(s);
    expect(contract.firstDebitOn).toBe('2026-03-16');
    const money = s.processing!.money;
    const rate = contract.ratePerPaymentCents;

    // Wednesday 11 March: the first debit (Monday 16th) is planned and announced, no file yet
    clock.set('2026-03-11T05:00:00Z');
    const first = await runCollection(money);
    expect(first).toMatchObject({ notices: 1, batchId: undefined });
    const debit = (
      await s.db.orm.select().from(sepaDebits).where(eq(sepaDebits.applicationId, id))
    )[0]!;
    expect(debit).toMatchObject({
      status: 'planned',
      sequence: 'FRST',
      dueOn: '2026-03-16',
      amountCents: rate,
      endToEndId: `${number}-${contract.startOn.replaceAll('-', '')}-1`,
      mandateReference: contract.mandateReference,
    });
    const notice = await mailTo(
      smtp,
      EMAIL,
      `Ankündigung einer SEPA-Lastschrift – Vertrag ${number}`,
    );
    const euros = `${(rate / 100).toFixed(2).replace('.', ',')} €`;
    expect(notice.text).toContain(`Betrag: ${euros}`);
    expect(notice.text).toContain('Fälligkeitstag (Abbuchung): 16.03.2026');
    expect(notice.text).toContain(`Mandatsreferenz: ${contract.mandateReference}`);
    expect(notice.text).toContain('Gläubiger-Identifikationsnummer: DE98ZZZ09999999999');
    // at least five days before the due day
    expect(debit.noticeSentAt!.toISOString() <= '2026-03-11T05:00:00.000Z').toBe(true);
    expect(summaryOf(await entriesOf(s.db.orm, id))).toMatchObject({
      premiumCents: rate,
      openCents: rate,
    });

    // a second run the same day changes nothing
    expect(await runCollection(money)).toMatchObject({
      notices: 0,
      duesBooked: 0,
      batchId: undefined,
    });

    // Thursday 12 March: two business days before the 16th the file is drafted
    clock.set('2026-03-12T05:00:00Z');
    const second = await runCollection(money);
    expect(second.batchId).toBeDefined();
    const batchId = second.batchId!;
    const batch = (
      await s.db.orm.select().from(paymentBatches).where(eq(paymentBatches.id, batchId))
    )[0]!;
    expect(batch).toMatchObject({ kind: 'debit', status: 'draft', executionOn: '2026-03-16' });
    expect(batch.count).toBeGreaterThanOrEqual(1);
    expect(xsdErrors(batch.xml, 'pain.008.001.08')).toEqual([]);
    expect(batch.xml).toContain(`<EndToEndId>${debit.endToEndId}</EndToEndId>`);
    expect(batch.xml).toContain('<Nm>Max Mustermann</Nm>');

    // the back office's list: without the XML
    const listed = (await listBatches(money)).items.find((b) => b.id === batchId)!;
    expect(listed).toMatchObject({ status: 'draft', messageId: batch.messageId });
    expect('xml' in listed).toBe(false);
    // four eyes
    await expect(approveBatch(money, batchId, 'staff-a')).rejects.toMatchObject({
      code: 'not_submitted',
    });
    await submitBatch(money, batchId, 'staff-a');
    await expect(downloadBatch(money, batchId, 'staff-a')).rejects.toMatchObject({
      code: 'not_approved',
    });
    await expect(approveBatch(money, batchId, 'staff-a')).rejects.toMatchObject({
      status: 403,
      code: 'four_eyes',
    });
    // the database itself refuses it, whoever writes
    await expect(
      s.db.orm
        .update(paymentBatches)
        .set({ status: 'approved', approvedBy: 'staff-a' })
        .where(eq(paymentBatches.id, batchId)),
    ).rejects.toThrow();
    await approveBatch(money, batchId, 'staff-b');
    const file = await downloadBatch(money, batchId, 'staff-c');
    expect(file.xml).toBe(batch.xml);
    expect(file.filename).toBe(`${batch.messageId}.pain.008.001.08.xml`);
    await expect(downloadBatch(money, batchId, 'staff-b')).rejects.toMatchObject({
      code: 'already_released',
    });
    await expect(discardBatch(money, batchId, 'staff-b')).rejects.toMatchObject({
      code: 'not_draft',
    });
    expect(
      (await s.db.orm.select().from(sepaDebits).where(eq(sepaDebits.id, debit.id)))[0]!.status,
    ).toBe('presented');

    // Monday 16 March, the due day: booked as collected; nothing open
    clock.set('2026-03-16T05:00:00Z');
    expect((await runCollection(money)).collected).toBeGreaterThanOrEqual(1);
    expect(
      (await s.db.orm.select().from(sepaDebits).where(eq(sepaDebits.id, debit.id)))[0]!.status,
    ).toBe('collected');
    expect(summaryOf(await entriesOf(s.db.orm, id))).toMatchObject({
      collectedCents: rate,
      openCents: 0,
    });
    // released files are never changed or released again: the hash is unique
    await expect(
      s.db.executeSql(
        `insert into payment_batches (kind, message_id, status, xml, sha256, count, control_sum_cents, execution_on, created_at)
         values ('debit', 'other', 'draft', 'x', $1, 1, 1, '2026-03-16', now())`,
        [batch.sha256],
      ),
    ).rejects.toThrow();
  });
});
