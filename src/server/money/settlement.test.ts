import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { fixedClock } from '../clock';
import { engines } from '../testing/database';
import { testNow } from '../testing/fixtures';
import { call } from '../testing/http';
import { startTestServer, type TestServer } from '../testing/server';
import { startSmtpPeer, type SmtpPeer } from '../mail/testing/smtp-peer';
import { ledgerEntries, refunds } from '../db/schema/index';
import { contractCredentials, landlordReleaseCode } from '../contracts/credentials';
import { acceptedContract, contractSession, EMAIL, mailTo } from './testing/contract';
import { book, entriesOf } from './ledger';
import { markRefundPaid } from './refunds';

/** Issue 25 item 1: endings settle against what was really collected. */
describe.each(engines)('settlement from the ledger on %s', (engine) => {
  let s: TestServer;
  let smtp: SmtpPeer;
  const clock = fixedClock(testNow); // Monday 2 March 2026, before any debit
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

  it('a cancellation before the first debit refunds nothing and shows the premium as owed', async () => {
    const { number, id, contract } = await acceptedContract(s);
    const headers = await contractSession(s, smtp, number);
    const done = await call(s.url, 'POST', '/api/contracts/me/cancellation', {}, { headers });
    expect(done.status).toBe(200);
    // It takes effect with the landlord's release (ADR 0925), here on 30 April; no debit ran.
    clock.set('2026-04-30T10:00:00Z');
    const { verificationToken } = contractCredentials(s.config.serverSecret, id);
    const released = await call(
      s.url,
      'POST',
      `/api/contracts/verification/${verificationToken}/release`,
      { code: landlordReleaseCode(s.config.serverSecret, id) },
    );
    expect(released.body.status).toBe('cancelled');
    const mail = await mailTo(smtp, EMAIL, 'Ihre Kündigung ist wirksam');
    expect(mail.text).not.toContain('erstatten');
    expect(mail.text).not.toContain('Zu viel gezahlte');
    expect(mail.text).toContain('noch nicht bei uns eingegangen');
    // the premium to the day is booked as due, nothing as refund
    const entries = await entriesOf(s.db.orm, id);
    expect(entries.length).toBeGreaterThan(0);
    expect(entries.every((e) => e.kind === 'premium_due')).toBe(true);
    expect(entries[0]!.period).toBe(contract.startOn);
    expect(await s.db.orm.select().from(refunds).where(eq(refunds.applicationId, id))).toEqual([]);
    clock.set(testNow);
  });

  it('a withdrawal refunds what was collected, not a returned debit; the ledger refuses updates', async () => {
    const { id, contract } = await acceptedContract(s);
    const period = contract.startOn;
    const rate = contract.ratePerPaymentCents;
    await s.db.transaction(async (tx) => {
      const at = { bookedOn: '2026-03-02', now: clock.now() };
      await book(tx, id, [{ kind: 'premium_due', amountCents: rate, period }], {
        ...at,
        source: 'test:due',
      });
      await book(tx, id, [{ kind: 'collected', amountCents: rate, period }], {
        ...at,
        source: 'test:first',
      });
      await book(tx, id, [{ kind: 'returned', amountCents: rate, period }], {
        ...at,
        source: 'test:first',
      });
      await book(tx, id, [{ kind: 'collected', amountCents: rate, period }], {
        ...at,
        source: 'test:second',
      });
    });
    // The tenant withdraws on the contract page (number and address alone only ask, ADR 1116).
    const headers = await contractSession(s, smtp, contract.contractNumber);
    const r = await call(s.url, 'POST', '/api/contracts/me/withdrawal', {}, { headers });
    expect(r.status).toBe(200);
    const mail = await mailTo(smtp, EMAIL, 'Bestätigung Ihres Widerrufs');
    const euros = (rate / 100).toFixed(2).replace('.', ',');
    expect(mail.text).toContain(`Bereits gezahlte Beiträge von ${euros} €`);
    const owed = await s.db.orm.select().from(refunds).where(eq(refunds.applicationId, id));
    expect(owed).toMatchObject([
      {
        amountCents: rate,
        dueOn: '2026-03-16',
        status: 'open',
        endToEndId: `${contract.contractNumber}-R1`,
      },
    ]);
    // a supervisor can mark only a refund that was transferred
    await expect(markRefundPaid(s.processing!.money, owed[0]!.id, 'staff-a')).rejects.toMatchObject(
      {
        code: 'not_sent',
      },
    );
    await expect(
      s.db.orm
        .update(ledgerEntries)
        .set({ amountCents: 1 })
        .where(eq(ledgerEntries.applicationId, id)),
    ).rejects.toThrow();
    await expect(
      s.db.transaction((tx) =>
        book(tx, id, [{ kind: 'collected', amountCents: rate, period }], {
          bookedOn: '2026-03-02',
          now: clock.now(),
          source: 'test:second',
        }),
      ),
    ).rejects.toThrow();
  });
});
