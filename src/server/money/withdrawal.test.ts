import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { engines } from '../testing/database';
import { testNow } from '../testing/fixtures';
import { call } from '../testing/http';
import { refunds, sepaDebits } from '../db/schema/index';
import { formatCents } from '../../domain/index';
import { acceptedContract, contractSession, EMAIL, mailTo } from './testing/contract';
import { runCollection } from './collection';
import { useJourneyServer } from '../testing/journeyServer';
import { fileFirstPremium } from './testing/firstPremium';

/**
 * The withdrawal's e-mail and answer say what really happens to the money (issue 25): with a
 * debit already handed to the bank it is not "wir buchen auch keine mehr ab".
 */
describe.each(engines)('withdrawal money sentences on %s', (engine) => {
  const journey = useJourneyServer(engine);

  it('a debit with the bank is named, refunded once it arrives, nothing more is debited', async () => {
    const { s, smtp, clock } = journey;
    clock.set(testNow);
    const { number, id, contract } = await acceptedContract(s);
    const money = s.processing!.money;
    await fileFirstPremium(money, clock);
    const [debit] = await s.db.orm
      .select()
      .from(sepaDebits)
      .where(eq(sepaDebits.applicationId, id));
    expect(debit!.status).toBe('presented');

    clock.set('2026-03-13T10:00:00Z');
    const headers = await contractSession(s, smtp, number);
    const r = await call(s.url, 'POST', '/api/contracts/me/withdrawal', {}, { headers });
    expect(r.status).toBe(200);
    const amount = formatCents(contract.ratePerPaymentCents);
    const sentences = [
      'Bei uns sind bisher keine Beiträge eingegangen.',
      `Die Lastschrift über ${amount} zum 16.03.2026 hatten wir Ihrer Bank schon vor Ihrem Widerruf eingereicht; sie kann Ihr Konto noch belasten.`,
      'Geht ein solcher Betrag bei uns ein, erstatten wir ihn innerhalb von 14 Tagen nach Eingang auf Ihr Konto. Darüber hinaus buchen wir keine Beiträge mehr ab.',
    ];
    expect(r.body).toMatchObject({ applied: true, money: sentences });
    const mail = await mailTo(smtp, EMAIL, `Bestätigung Ihres Widerrufs – Vertrag ${number}`);
    const flat = mail.text.replace(/\s+/g, ' ');
    for (const sentence of sentences) expect(flat).toContain(sentence);
    expect(flat).not.toContain('wir buchen auch keine mehr ab');

    // the debit arrives on its day: the withdrawn contract is settled again, the refund follows
    clock.set('2026-03-16T05:00:00Z');
    await runCollection(money);
    const owed = await s.db.orm.select().from(refunds).where(eq(refunds.applicationId, id));
    expect(owed.map((o) => [o.amountCents, o.dueOn, o.status])).toEqual([
      [contract.ratePerPaymentCents, '2026-03-30', 'in_batch'], // drafted into the day's refund file
    ]);
    // and nothing more is planned
    const after = await s.db.orm.select().from(sepaDebits).where(eq(sepaDebits.applicationId, id));
    expect(after.map((d) => d.status)).toEqual(['collected']);
  });

  it('nothing collected, nothing underway: "wir buchen auch keine mehr ab"', async () => {
    const { s, smtp, clock } = journey;
    clock.set(testNow);
    const { number } = await acceptedContract(s);
    clock.set('2026-03-03T10:00:00Z');
    const headers = await contractSession(s, smtp, number);
    const r = await call(s.url, 'POST', '/api/contracts/me/withdrawal', {}, { headers });
    expect(r.body.money).toEqual([
      'Bei uns sind noch keine Beiträge eingegangen; wir buchen auch keine mehr ab.',
    ]);
    const mail = await mailTo(smtp, EMAIL, `Bestätigung Ihres Widerrufs – Vertrag ${number}`);
    expect(mail.text.replace(/\s+/g, ' ')).toContain(
      'Bei uns sind noch keine Beiträge eingegangen; wir buchen auch keine mehr ab.',
    );
  });
});
