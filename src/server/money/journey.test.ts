import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { engines } from '../testing/database';
import { testNow } from '../testing/fixtures';
import { call } from '../testing/http';
import { refunds, sepaDebits, sepaMandates } from '../db/schema/index';
import { formatCents, summaryOf } from '../../domain/index';
import { camt053, camt054 } from '../../domain/money/testing/bankFixtures';
import { contractCredentials, landlordReleaseCode } from '../contracts/credentials';
import { acceptedContract, contractSession, EMAIL, mailTo } from './testing/contract';
import { xsdErrors } from './testing/xsd';
import { runCollection } from './collection';
import { importBankFile } from './imports';
import { entriesOf } from './ledger';
import { borderoExport } from './bordero';
import { useJourneyServer } from '../testing/journeyServer';
import { fileBatch, fileFirstPremium } from './testing/firstPremium';

const euro = (cents: number) => (cents / 100).toFixed(2);

/**
 * Issue 25's path on both engines: collection run → approval by another person → file → return
 * AC04 → the tenant changes the IBAN through the e-mailed link → presented again → collected →
 * cancellation → refund file → confirmed by the statement. E-mails from the real SMTP peer.
 */
describe.each(engines)('money journey on %s', (engine) => {
  const journey = useJourneyServer(engine);

  it('debit, AC04, new IBAN, presented again, collected, cancelled, refunded', async () => {
    const { s, smtp, clock } = journey;
    clock.set(testNow);
    const { number, id, contract } = await acceptedContract(s);
    const money = s.processing!.money;
    const rate = contract.ratePerPaymentCents;
    const debitsOf = () =>
      s.db.orm.select().from(sepaDebits).where(eq(sepaDebits.applicationId, id));

    // 11 and 12 March: planned, announced, drafted; four eyes; downloaded
    const file1 = await fileFirstPremium(money, clock);
    expect(xsdErrors(file1.xml, 'pain.008.001.08')).toEqual([]);
    const [first] = await debitsOf();
    expect(first).toMatchObject({ status: 'presented', sequence: 'FRST', attempt: 1 });
    expect(file1.xml).toContain(`<EndToEndId>${first!.endToEndId}</EndToEndId>`);
    expect(file1.xml).toContain(`<InstdAmt Ccy="EUR">${euro(rate)}</InstdAmt>`);

    // 16 March: booked as collected
    clock.set('2026-03-16T05:00:00Z');
    await runCollection(money);

    // 19 March: the bank returns it, account closed (AC04), with a fee of 3.50
    clock.set('2026-03-19T09:00:00Z');
    const returnFile = camt054([
      { endToEndId: first!.endToEndId, amount: euro(rate), reason: 'AC04', fee: '3.50' },
    ]);
    const imported = await importBankFile(money, returnFile, 'staff-a');
    expect(imported).toMatchObject({
      duplicate: false,
      format: 'camt.054',
      matched: 1,
      unmatched: 0,
    });
    expect(imported.actions).toEqual(['AC04:stop_mandate,represent_new_mandate,ask_iban']);
    // the same file again changes nothing
    expect(await importBankFile(money, returnFile, 'staff-b')).toMatchObject({ duplicate: true });
    let ledger = summaryOf(await entriesOf(s.db.orm, id));
    // first return of the contract: the fee is not passed on (DECISIONS.md)
    expect(ledger).toMatchObject({ collectedCents: 0, feeCents: 0, openCents: rate });
    const stopped = await s.db.orm
      .select()
      .from(sepaMandates)
      .where(eq(sepaMandates.reference, contract.mandateReference));
    expect(stopped[0]!.stopReason).toBe('AC04');
    const ask = await mailTo(smtp, EMAIL, `Bitte neue Bankverbindung angeben – Vertrag ${number}`);
    expect(ask.text).toContain(`Lastschrift über ${formatCents(rate)} vom 16.03.2026`);
    expect(ask.text).toContain('Bankverbindung ändern:\nhttps://antrag.example/vertrag');
    expect(ask.text).toContain('Gebühren Ihrer Bank für diese Rückgabe berechnen wir Ihnen nicht.');
    // a run while the mandate is stopped presents nothing
    await runCollection(money);
    expect((await debitsOf()).length).toBe(1);

    // the tenant follows the link: contract page, new IBAN (a new mandate -02)
    const headers = await contractSession(s, smtp, number);
    const changed = await call(
      s.url,
      'PUT',
      '/api/contracts/me/iban',
      { iban: 'DE02 1203 0000 0000 2020 51' },
      { headers },
    );
    expect(changed.body).toEqual({ mandateReference: `${number}-02` });

    // the same day's run plans the catch-up on the new mandate, FRST, with its own notice
    const planned = await runCollection(money);
    expect(planned.notices).toBe(1);
    const again = (await debitsOf()).find((d) => d.attempt === 2)!;
    expect(again).toMatchObject({
      mandateReference: `${number}-02`,
      sequence: 'FRST',
      status: 'planned',
      amountCents: rate,
      dueOn: '2026-03-24',
    });
    const notice = await mailTo(
      smtp,
      EMAIL,
      `Ankündigung einer SEPA-Lastschrift – Vertrag ${number}`,
    );
    expect(notice.text).toContain('erstmals von Ihrem neuen Konto');
    expect(notice.text).toContain(`Mandatsreferenz: ${number}-02`);
    expect(notice.text).toContain('Fälligkeitstag (Abbuchung): 24.03.2026');

    // 20 March: drafted, released; the new IBAN is in the file
    clock.set('2026-03-20T05:00:00Z');
    const run2 = await runCollection(money);
    const file2 = await fileBatch(money, run2.batchId!);
    expect(xsdErrors(file2.xml, 'pain.008.001.08')).toEqual([]);
    expect(file2.xml).toContain('<IBAN>DE02120300000000202051</IBAN>');
    expect(file2.xml).toContain(`<MndtId>${number}-02</MndtId>`);
    expect(file2.xml).toContain('<SeqTp>FRST</SeqTp>');

    // 24 March: collected
    clock.set('2026-03-24T05:00:00Z');
    await runCollection(money);
    ledger = summaryOf(await entriesOf(s.db.orm, id));
    expect(ledger).toMatchObject({ collectedCents: rate, openCents: 0 });

    // the tenant cancels on 24 March; it takes effect with the landlord's release that day
    // (ADR 0925): of the collected premium the rest of the period comes back
    clock.set('2026-03-24T10:00:00Z');
    const later = await contractSession(s, smtp, number); // the first one lasted 30 minutes
    const cancelled = await call(
      s.url,
      'POST',
      '/api/contracts/me/cancellation',
      {},
      { headers: later },
    );
    expect(cancelled.status).toBe(200);
    const { verificationToken } = contractCredentials(s.config.serverSecret, id);
    const releasedByLandlord = await call(
      s.url,
      'POST',
      `/api/contracts/verification/${verificationToken}/release`,
      { code: landlordReleaseCode(s.config.serverSecret, id) },
    );
    expect(releasedByLandlord.body.status).toBe('cancelled');
    const owed = await s.db.orm.select().from(refunds).where(eq(refunds.applicationId, id));
    expect(owed).toMatchObject([{ status: 'open', dueOn: '2026-04-07' }]);
    const refund = owed[0]!.amountCents;
    expect(refund).toBeGreaterThan(0);
    expect(refund).toBeLessThan(rate);
    const confirm = await mailTo(smtp, EMAIL, 'Ihre Kündigung ist wirksam');
    expect(confirm.text).toContain(
      `Von Ihren bei uns eingegangenen Beiträgen erstatten wir Ihnen ${formatCents(refund)} innerhalb von 14 Tagen`,
    );

    // 25 March: the refund file (pain.001), four eyes, downloaded
    clock.set('2026-03-25T05:00:00Z');
    const run3 = await runCollection(money);
    expect(run3.batchId).toBeUndefined(); // nothing more to collect
    const file3 = await fileBatch(money, run3.refundBatchId!);
    expect(xsdErrors(file3.xml, 'pain.001.001.09')).toEqual([]);
    expect(file3.xml).toContain(`<EndToEndId>${number}-R1</EndToEndId>`);
    expect(file3.xml).toContain(`<InstdAmt Ccy="EUR">${euro(refund)}</InstdAmt>`);
    expect(file3.xml).toContain('<IBAN>DE02120300000000202051</IBAN>');
    expect(file3.xml).toContain('<ReqdExctnDt><Dt>2026-03-26</Dt></ReqdExctnDt>');

    // 31 March: the statement shows the transfer; the refund is paid, the ledger balanced
    clock.set('2026-03-31T18:00:00Z');
    const statement = camt053([
      { endToEndId: `${number}-R1`, amount: euro(refund) },
      { endToEndId: 'SOMEONE-ELSE-1', amount: '10.00', reason: 'MS03' },
    ]);
    const confirmed = await importBankFile(money, statement, 'staff-b');
    expect(confirmed).toMatchObject({ matched: 1, unmatched: 1, actions: ['refund_paid'] });
    const paid = await s.db.orm
      .select()
      .from(refunds)
      .where(and(eq(refunds.applicationId, id), eq(refunds.status, 'paid')));
    expect(paid).toHaveLength(1);
    ledger = summaryOf(await entriesOf(s.db.orm, id));
    expect(ledger).toMatchObject({
      refundDueCents: refund,
      refundPaidCents: refund,
      refundOpenCents: 0,
      balanceCents: 0,
      collectedCents: rate,
    });
    expect(ledger.premiumCents).toBe(rate - refund);

    // the March Bordero reconciles with this ledger: collected (less the return), refund paid
    const b = await borderoExport(money, '2026-03', 'staff-a');
    const line = b.csv.split('\r\n').find((l) => l.includes(number))!;
    const cents = (x: number) => `${Math.floor(x / 100)},${String(x % 100).padStart(2, '0')}`;
    expect(
      line.startsWith(`2026-03;${number};${cents(rate)};${cents(refund)};${cents(rate - refund)};`),
    ).toBe(true);
    expect(b.csv).toContain('2026-03;Summe;');
    await expect(borderoExport(money, '2026-13', 'staff-a')).rejects.toMatchObject({
      code: 'invalid_month',
    });
  });
});
