import { describe, expect, it } from 'vitest';
import { and, eq, isNotNull } from 'drizzle-orm';
import { engines } from '../testing/database';
import { testNow } from '../testing/fixtures';
import { call } from '../testing/http';
import { claimItems, instalmentPlans, sepaDebits } from '../db/schema/index';
import { addDays, formatCents, summaryOf } from '../../domain/index';
import { camt053 } from '../../domain/money/testing/bankFixtures';
import { pdfText } from '../documents/testing/pdfText';
import { jpegWithGps, pdfOf } from '../evidence/testing/fixtures';
import { acceptedContract, contractSession, EMAIL, mailTo } from '../money/testing/contract';
import { xsdErrors } from '../money/testing/xsd';
import { runCollection } from '../money/collection';
import { entriesOf } from '../money/ledger';
import { owedOf } from '../money/instalments';
import { pauseFactsOf } from '../money/pauses';
import { staffWithSession } from '../staff/testing/staffSession';
import { useJourneyServer } from '../testing/journeyServer';
import { LANDLORD, landlord, threeItems, upload } from './testing/filing';

const euro = (cents: number) => (cents / 100).toFixed(2);

/**
 * Issue 26 "How it is checked", the whole journey through the real server on both engines:
 * the landlord files three items from the letter's /pruefen target with its code → the tenant
 * accepts one, objects to one with a photo, proposes an amount for the third → staff decide →
 * the payout files (pain.001) approved by a second person and confirmed by the statement → the
 * recourse is owed (dunning paused while the claim was open) → the tenant chooses 6 instalments
 * on the contract page → the first instalment is announced, drawn up, approved and confirmed by
 * the statement. E-mails read from the real SMTP peer, the letter PDF opened (ADR 1280).
 */
describe.each(engines)('claims journey on %s', (engine) => {
  // Clock at testNow: 2026-03-02 10:00 in Berlin.
  const journey = useJourneyServer(engine, { CLAIM_PAYOUT_FOUR_EYES_CENTS: '50000' });

  it('files, answers, decides, pays out with four eyes, and recovers in 6 instalments', async () => {
    const { s, smtp, clock } = journey;
    clock.set(testNow);
    const { number, id } = await acceptedContract(s);
    const money = s.processing!.money;
    // Staff sessions end when idle; every step signs in again (new people, same roles).
    let round = 0;
    let anna = { cookie: '' };
    let bert = { cookie: '' };
    const signIn = async () => {
      round++;
      const now = clock.now();
      anna = await staffWithSession(s.db, { role: 'staff', name: `Anna Amt ${round}`, now });
      bert = await staffWithSession(s.db, { role: 'supervisor', name: `Bert Boss ${round}`, now });
    };
    await signIn();
    const as = (who: { cookie: string }) => ({ headers: { cookie: who.cookie, origin: s.url } });

    // The landlord's letter (printed by the back office) carries the QR target and the code.
    const letters = await fetch(`${s.url}/api/staff/letters.pdf`, as(anna));
    expect(letters.status).toBe(200);
    const letter = await pdfText(new Uint8Array(await letters.arrayBuffer()));
    const code = new RegExp(`Freigabecode für die Mietkautionsbürgschaft ${number}: (\\w{8})`).exec(
      letter,
    )![1]!;
    const token = /https:\/\/antrag\.example\/pruefen\/([\w-]{22})/.exec(letter)![1]!;
    const path = `/api/claims/verification/${token}`;
    expect((await call(s.url, 'GET', path)).body).toMatchObject({
      guaranteeCents: 150_000,
      remainingCents: 150_000,
    });

    // 1. Three items, 1.000,00 € in all, with the handover protocol as evidence.
    const filed = await call(s.url, 'POST', path, {
      code,
      items: threeItems,
      ...landlord,
    });
    expect(filed.status).toBe(201);
    expect(filed.body).toMatchObject({ reference: `${number}-F1`, totalCents: 100_000 });
    const claimId = filed.body.claimId as string;
    expect(
      (await upload(s.url, filed.body.uploadUrl, 'Übergabeprotokoll.pdf', pdfOf())).status,
    ).toBe(201);
    const told = await mailTo(smtp, EMAIL, 'Ihr Vermieter macht eine Forderung geltend');
    expect(told.text).toContain('Summe: 1.000,00 €');
    expect(told.text).toContain('bis zum 16.03.2026 zu jeder Forderung');
    await mailTo(smtp, LANDLORD, 'Ihre Forderung ist eingegangen');
    // While the claim is open, dunning pauses (ADR 1280).
    expect(await pauseFactsOf(s.db.orm, id)).toEqual({ disputeOpen: false, claimOpen: true });

    // 2. Two days later the tenant answers each item on the contract page.
    clock.set('2026-03-04T09:00:00Z');
    const tenant = await contractSession(s, smtp, number);
    const view = await call(s.url, 'GET', '/api/contracts/me/claims', undefined, {
      headers: tenant,
    });
    const [rent, utility, damage] = view.body.claims[0].items as { id: string }[];
    const answer = (body: object) =>
      call(s.url, 'POST', `/api/contracts/me/claims/${claimId}/answers`, body, {
        headers: tenant,
      });
    expect((await answer({ itemId: rent!.id, answer: 'accept' })).status).toBe(200);
    const objected = await answer({
      itemId: utility!.id,
      answer: 'object',
      reason: 'Die Abrechnung 2025 liegt noch nicht vor.',
    });
    expect(objected.status).toBe(200);
    expect(
      (await upload(s.url, objected.body.uploadUrl, 'zaehler.jpg', await jpegWithGps())).status,
    ).toBe(201);
    const countered = await answer({
      itemId: damage!.id,
      answer: 'counter',
      counterAmount: '100,00',
    });
    expect(countered.body.claims[0].state).toBe('answered');

    // 3. Staff decide the two disputed items with reasons; the accepted one is decided already.
    clock.set('2026-03-05T09:00:00Z');
    await signIn();
    const decide = (itemId: string, body: object) =>
      call(s.url, 'POST', `/api/staff/claims/${claimId}/items/${itemId}/decision`, body, as(anna));
    expect(
      (
        await decide(utility!.id, {
          decision: 'rejected',
          reason: 'Die Abrechnung steht aus; gesichert bleibt sie bis zur Abrechnung.',
        })
      ).status,
    ).toBe(200);
    const decided = await decide(damage!.id, {
      decision: 'partly_granted',
      amount: '100,00',
      reason: 'Betrag wie vom Mieter angeboten',
    });
    expect(decided.status).toBe(200);
    const tenantDecision = await mailTo(smtp, EMAIL, 'Entscheidung zu Ihrer Forderung');
    expect(tenantDecision.text).toContain('auf erstes Anfordern');

    // The accepted 600 € are above the limit: a second person approves that payout.
    await runCollection(money);
    const claimView = await call(s.url, 'GET', `/api/staff/claims/${claimId}`, undefined, as(anna));
    const payouts = (
      claimView.body.items as {
        payout: { id: string; status: string; amountCents: number } | null;
      }[]
    )
      .map((i) => i.payout)
      .filter((p) => p !== null);
    const big = payouts.find((p) => p.amountCents === 60_000)!;
    expect(big.status).toBe('awaiting_approval');
    expect(
      (await call(s.url, 'POST', `/api/staff/claims/payouts/${big.id}/approve`, {}, as(bert)))
        .status,
    ).toBe(200);

    // 4. The payout files: Anna puts them forward, she may not approve them, Bert does.
    const drafts = async () =>
      (await call(s.url, 'GET', '/api/staff/money/batches', undefined, as(anna))).body.items.filter(
        (b: { kind: string; status: string }) => b.status === 'draft',
      ) as { id: string; kind: string }[];
    const release = async (batchId: string) => {
      const act = (who: { cookie: string }, what: string) =>
        call(s.url, 'POST', `/api/staff/money/batches/${batchId}/${what}`, {}, as(who));
      expect((await act(anna, 'submit')).status).toBe(200);
      expect((await act(anna, 'approve')).status).toBe(403);
      expect((await act(bert, 'approve')).status).toBe(200);
      const file = await fetch(`${s.url}/api/staff/money/batches/${batchId}/download`, {
        method: 'POST',
        ...as(anna),
      });
      expect(file.status).toBe(200);
      return file.text();
    };
    const payoutFiles: string[] = [];
    for (const b of (await drafts()).filter((d) => d.kind === 'payout'))
      payoutFiles.push(await release(b.id));
    const allPayouts = payoutFiles.join('\n');
    for (const xml of payoutFiles) expect(xsdErrors(xml, 'pain.001.001.09')).toEqual([]);
    expect(allPayouts).toContain('<InstdAmt Ccy="EUR">600.00</InstdAmt>');
    expect(allPayouts).toContain('<InstdAmt Ccy="EUR">100.00</InstdAmt>');
    expect(allPayouts).not.toContain('<InstdAmt Ccy="EUR">150.00</InstdAmt>');
    expect(allPayouts).toContain('<IBAN>DE89370400440532013000</IBAN>');

    // The statement shows both transfers: the items are paid, the tenant owes 700 €.
    clock.set('2026-03-09T09:00:00Z');
    await signIn();
    const owedBefore = (await owedOf(s.db.orm, id)).owedCents;
    const ids = [...allPayouts.matchAll(/<EndToEndId>([^<]+)<\/EndToEndId>/g)].map((m) => m[1]!);
    expect(ids).toHaveLength(2);
    const statement = await fetch(`${s.url}/api/staff/money/imports`, {
      method: 'POST',
      headers: { ...as(anna).headers, 'content-type': 'application/xml' },
      body: camt053(
        ids.map((e) => ({ endToEndId: e, amount: amountOf(allPayouts, e) })),
        'STMT-CLAIM',
      ),
    });
    expect(((await statement.json()) as { actions: string[] }).actions).toEqual([
      'payout_paid',
      'payout_paid',
    ]);
    const items = await s.db.orm.select().from(claimItems).where(eq(claimItems.claimId, claimId));
    expect(items.map((i) => [i.position, i.state, i.paidCents]).sort()).toEqual([
      [1, 'paid', 60_000],
      [2, 'closed', null],
      [3, 'paid', 10_000],
    ]);
    const ledger = summaryOf(await entriesOf(s.db.orm, id));
    expect(ledger.claimOpenCents).toBe(70_000);
    // Paid: the recourse is an ordinary owed amount again, dunning may run (ADR 1280).
    expect(await pauseFactsOf(s.db.orm, id)).toEqual({ disputeOpen: false, claimOpen: false });

    // 5. The tenant sees the owed amount with a GiroCode and chooses 6 instalments.
    const session = await contractSession(s, smtp, number);
    const owed = owedBefore + 70_000;
    const payments = await call(s.url, 'GET', '/api/contracts/me/payments', undefined, {
      headers: session,
    });
    expect(payments.body.transfer).toMatchObject({ amountCents: owed, reference: number });
    expect(payments.body.transfer.qrSvg).toContain('<svg');
    const offer = await call(s.url, 'GET', '/api/contracts/me/instalments', undefined, {
      headers: session,
    });
    expect(offer.body.owedCents).toBe(owed);
    expect(offer.body.choices.map((c: { count: number }) => c.count)).toEqual([3, 6, 12]);
    const chosen = await call(
      s.url,
      'POST',
      '/api/contracts/me/instalments',
      { count: '6' },
      { headers: session },
    );
    expect(chosen.status).toBe(200);
    expect(chosen.body).toMatchObject({ count: 6, totalCents: owed });
    const schedule = chosen.body.schedule as { n: number; amountCents: number; dueOn: string }[];
    expect(schedule).toHaveLength(6);
    expect(schedule.reduce((a, p) => a + p.amountCents, 0)).toBe(owed);
    const [plan] = await s.db.orm
      .select()
      .from(instalmentPlans)
      .where(eq(instalmentPlans.applicationId, id));
    expect(plan).toMatchObject({ purpose: 'claim_recourse', count: 6, agreedBy: 'tenant' });
    const planMail = await mailTo(smtp, EMAIL, `Ihre Ratenzahlung – Vertrag ${number}`);
    expect(planMail.text).toContain(`offenen Betrag von ${formatCents(owed)}`);
    expect(planMail.text).toContain(`Darin enthalten sind ${formatCents(70_000)}`);
    expect(planMail.text).toContain(`1. Rate: ${formatCents(schedule[0]!.amountCents)}`);

    // 6. The first instalment: announced, drawn up, approved by a second person, and
    // confirmed by the statement on its due day.
    const due = schedule[0]!.dueOn;
    for (let day = '2026-03-10'; day < due; day = addDays(day, 1)) {
      clock.set(`${day}T05:00:00Z`);
      await runCollection(money);
      await signIn();
      for (const b of (await drafts()).filter((d) => d.kind === 'debit')) {
        const xml = await release(b.id);
        expect(xsdErrors(xml, 'pain.008.001.08')).toEqual([]);
      }
    }
    const notice = await mailTo(
      smtp,
      EMAIL,
      `Ankündigung einer SEPA-Lastschrift – Vertrag ${number}`,
    );
    expect(notice.text).toContain(
      'wir buchen die nächste Rate Ihrer vereinbarten Ratenzahlung ab.',
    );
    expect(notice.text).toContain(`Betrag: ${formatCents(schedule[0]!.amountCents)}`);
    const [debit] = await s.db.orm
      .select()
      .from(sepaDebits)
      .where(and(eq(sepaDebits.applicationId, id), isNotNull(sepaDebits.instalmentId)));
    expect(debit).toMatchObject({ status: 'presented', endToEndId: `${number}-P1-01-1` });
    clock.set(`${due}T08:00:00Z`);
    await signIn();
    const credit = await fetch(`${s.url}/api/staff/money/imports`, {
      method: 'POST',
      headers: { ...as(anna).headers, 'content-type': 'application/xml' },
      body: camt053(
        [{ endToEndId: debit!.endToEndId, amount: euro(debit!.amountCents), credit: true }],
        'STMT-RATE-1',
      ),
    });
    expect(((await credit.json()) as { actions: string[] }).actions).toEqual(['collected']);
    const after = await owedOf(s.db.orm, id);
    // What is left is the plan's remaining five parts; nothing for dunning.
    expect(after.owedCents).toBe(0);
    const rest = schedule.slice(1).reduce((a, p) => a + p.amountCents, 0);
    expect(after.scheduledInstalmentCents).toBe(rest);
    // Premiums first, recourse last (ADR 1280): what the first instalment paid beyond the
    // premiums owed is booked as repaid (an earmark: the balance is not lowered twice); the
    // items stay paid until covered.
    const repaidOf = async () =>
      (await entriesOf(s.db.orm, id))
        .filter((e) => e.kind === 'claim_repaid')
        .reduce((a, e) => a + e.amountCents, 0);
    const firstRepaid = await repaidOf();
    expect(firstRepaid).toBeGreaterThan(0);
    expect(firstRepaid).toBeLessThanOrEqual(schedule[0]!.amountCents);
    expect(summaryOf(await entriesOf(s.db.orm, id)).claimOpenCents).toBe(70_000 - firstRepaid);
    const stateOf = async () =>
      (await s.db.orm.select().from(claimItems).where(eq(claimItems.claimId, claimId)))
        .map((i) => [i.position, i.state])
        .sort();
    expect((await stateOf())[0]).toEqual([1, 'paid']);

    // 7. The other five instalments are drawn and collected on their due days: every paid item
    // is repaid, the claim is recovered, and the balance is not lowered twice.
    const last = schedule[5]!.dueOn;
    for (let day = addDays(due, 1); day <= last; day = addDays(day, 1)) {
      clock.set(`${day}T05:00:00Z`);
      await runCollection(money);
      await signIn();
      for (const b of (await drafts()).filter((d) => d.kind === 'debit')) await release(b.id);
    }
    expect(await repaidOf()).toBe(70_000);
    expect(await stateOf()).toEqual([
      [1, 'recovered'],
      [2, 'closed'],
      [3, 'recovered'],
    ]);
    const finalView = await call(s.url, 'GET', `/api/staff/claims/${claimId}`, undefined, as(anna));
    expect(finalView.body.state).toBe('recovered');
    const final = summaryOf(await entriesOf(s.db.orm, id));
    expect(final.claimOpenCents).toBe(0);
    expect((await owedOf(s.db.orm, id)).owedCents).toBe(0);
  }, 600_000);
});

/** The amount of the transfer with this end-to-end id in a pain.001 (as the bank books it). */
function amountOf(xml: string, endToEndId: string): string {
  const at = xml.indexOf(`<EndToEndId>${endToEndId}</EndToEndId>`);
  return /<InstdAmt Ccy="EUR">([\d.]+)<\/InstdAmt>/.exec(xml.slice(at))![1]!;
}
