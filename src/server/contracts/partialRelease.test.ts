import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { engines } from '../testing/database';
import { testNow } from '../testing/fixtures';
import { call } from '../testing/http';
import {
  contractEvents,
  contractLetters,
  contracts,
  ledgerEntries,
  refunds,
} from '../db/schema/index';
import { formatCents, periodPremiumCents, summaryOf } from '../../domain/index';
import { acceptedContract, EMAIL, mailTo } from '../money/testing/contract';
import { runCollection } from '../money/collection';
import { entriesOf } from '../money/ledger';
import { planOf } from '../money/settle';
import { contractCredentials, landlordReleaseCode } from './credentials';
import { useJourneyServer } from '../testing/journeyServer';
import { fileFirstPremium } from '../money/testing/firstPremium';

/**
 * Issue 26 item 5 on both engines: the landlord releases all but 450 € with the code of the
 * letter; the premium falls pro rata from that day, the premium collected beyond it comes back
 * (and only that), the tenant's e-mail says so, the verification page shows what is left; later
 * the remainder is released and settled at the reduced rate.
 */
describe.each(engines)('partial release on %s', (engine) => {
  const journey = useJourneyServer(engine);

  it('releases all but the retained amount; premium pro rata; refund of what was collected', async () => {
    const { s, smtp, clock } = journey;
    clock.set(testNow);
    const { number, id, contract } = await acceptedContract(s);
    const money = s.processing!.money;
    const rate = contract.ratePerPaymentCents;
    // The first monthly premium (15 March to 15 April) is collected on 16 March.
    await fileFirstPremium(money, clock);
    clock.set('2026-03-16T05:00:00Z');
    await runCollection(money);
    expect(summaryOf(await entriesOf(s.db.orm, id)).collectedCents).toBe(rate);

    const { verificationToken } = contractCredentials(s.config.serverSecret, id);
    const path = `/api/contracts/verification/${verificationToken}/partial-release`;
    const code = landlordReleaseCode(s.config.serverSecret, id);
    clock.set('2026-03-20T09:00:00Z');

    const missing = await call(s.url, 'POST', path, { code, retained: '' });
    expect(missing.status).toBe(400);
    expect(missing.body.errors[0]).toMatchObject({ code: 'required', field: 'retained' });
    const wrong = await call(s.url, 'POST', path, { code: 'AAAA-AAAA', retained: '450,00' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors[0]).toMatchObject({ code: 'wrong_code', field: 'code' });
    const tooMuch = await call(s.url, 'POST', path, { code, retained: '1.500,00' });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body.errors[0]).toMatchObject({
      code: 'not_below_remaining',
      field: 'retained',
      message: expect.stringContaining('kleiner'),
    });
    const badAmount = await call(s.url, 'POST', path, { code, retained: '12,345' });
    expect(badAmount.body.errors[0]).toMatchObject({ code: 'not_positive', field: 'retained' });

    const ok = await call(s.url, 'POST', path, { code, retained: '450,00' });
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ remainingCents: 45000 });

    const c = (await s.db.orm.select().from(contracts).where(eq(contracts.applicationId, id)))[0]!;
    const newRate = Math.floor((2 * rate * 45000 + 150000) / (2 * 150000));
    expect(c).toMatchObject({
      status: 'active',
      partiallyReleasedOn: '2026-03-20',
      retainedCents: 45000,
      guaranteeLimitCents: 45000,
      reducedRatePerPaymentCents: newRate,
    });
    // 15 March to 15 April: 5 days at the old rate, 26 days at the new one.
    const owed = periodPremiumCents(planOf(c), { from: '2026-03-15', to: '2026-04-15' });
    expect(owed).toBe(
      Math.floor((2 * rate * 5 + 31) / 62) + Math.floor((2 * newRate * 26 + 31) / 62),
    );
    const entries = await entriesOf(s.db.orm, id);
    expect(entries.slice(-2)).toEqual([
      { kind: 'correction', amountCents: owed - rate, period: '2026-03-15' },
      { kind: 'refund_due', amountCents: rate - owed },
    ]);
    const refund = (await s.db.orm.select().from(refunds).where(eq(refunds.applicationId, id)))[0];
    expect(refund).toMatchObject({ amountCents: rate - owed, status: 'open', dueOn: '2026-04-03' });

    const mail = await mailTo(smtp, EMAIL, 'teilweise freigegeben');
    expect(mail.subject).toBe(
      `Ihr Vermieter hat die Bürgschaft teilweise freigegeben – Vertrag ${number}`,
    );
    expect(mail.text).toContain('am 20.03.2026 um 10:00:00 Uhr bis auf 450,00 € freigegeben');
    expect(mail.text).toContain(
      `statt ${formatCents(rate)} zahlen Sie ${formatCents(newRate)} monatlich`,
    );
    expect(mail.text).toContain(
      `Von Ihren bei uns eingegangenen Beiträgen erstatten wir Ihnen ${formatCents(rate - owed)} innerhalb von 14 Tagen`,
    );
    expect(mail.text).toContain(`Mandatsreferenz ${c.mandateReference}`);

    const events = await s.db.orm
      .select()
      .from(contractEvents)
      .where(eq(contractEvents.applicationId, id));
    expect(events.at(-1)).toMatchObject({
      type: 'partially_released',
      actor: 'landlord',
      details: { retainedCents: 45000, reducedRateCents: newRate, refundCents: rate - owed },
    });
    const letters = await s.db.orm
      .select()
      .from(contractLetters)
      .where(eq(contractLetters.applicationId, id));
    expect(letters.map((l) => l.kind)).toContain('partially_released');

    const view = await call(s.url, 'GET', `/api/contracts/verification/${verificationToken}`);
    expect(view.body).toMatchObject({
      status: 'active',
      remainingCents: 45000,
      partialRelease: { on: '2026-03-20', retainedCents: 45000 },
    });
    const again = await call(s.url, 'POST', path, { code, retained: '100' });
    expect(again.status).toBe(409);
    expect(again.body.errors[0].code).toBe('already_partial');

    // The next month is charged at the new rate by the run.
    clock.set('2026-04-10T05:00:00Z');
    await runCollection(money);
    const dues = (await entriesOf(s.db.orm, id)).filter(
      (e) => e.kind === 'premium_due' && e.period === '2026-04-15',
    );
    expect(dues).toEqual([{ kind: 'premium_due', amountCents: newRate, period: '2026-04-15' }]);

    // The remainder is released later: the end is settled at the reduced rate, nothing twice.
    clock.set('2026-04-25T09:00:00Z');
    const released = await call(
      s.url,
      'POST',
      `/api/contracts/verification/${verificationToken}/release`,
      { code },
    );
    expect(released.status).toBe(200);
    const after = await entriesOf(s.db.orm, id);
    const charged = after
      .filter((e) => e.kind === 'premium_due' || e.kind === 'correction')
      .filter((e) => e.period === '2026-04-15')
      .reduce((a, e) => a + e.amountCents, 0);
    expect(charged).toBe(Math.floor((2 * newRate * 10 + 30) / 60)); // 15 to 25 April of 30 days
    const march = after
      .filter((e) => e.period === '2026-03-15' && e.kind !== 'collected')
      .reduce((a, e) => a + e.amountCents, 0);
    expect(march).toBe(owed);
    const rows = await s.db.orm
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.applicationId, id));
    expect(new Set(rows.map((r) => `${r.source}|${r.kind}`)).size).toBe(rows.length);
  });
});
