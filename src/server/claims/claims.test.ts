import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { engines } from '../testing/database';
import { testNow } from '../testing/fixtures';
import { call } from '../testing/http';
import type { TestServer } from '../testing/server';
import { contractEvents } from '../db/schema/index';
import { contractCredentials, landlordReleaseCode } from '../contracts/credentials';
import { acceptedContract, mailTo } from '../contracts/testing/afterSale';
import {
  ClaimStateError,
  closeItem,
  decideItem,
  guaranteeLeft,
  loadClaim,
  markItemPaid,
  markItemRecovered,
} from './store';
import { jpegWithGps, pdfOf } from '../evidence/testing/fixtures';
import { useJourneyServer } from '../testing/journeyServer';
import { LANDLORD, landlord, threeItems, upload } from './testing/filing';

const TENANT = 'max.mustermann@example.org';
const DAY = 86_400_000;

const events = async (s: TestServer, id: string) =>
  (await s.db.orm.select().from(contractEvents).where(eq(contractEvents.applicationId, id)))
    .filter((e) => e.type.startsWith('claim'))
    .map((e) => `${e.type}:${e.actor}`);

describe.each(engines)('claims on %s', (engine) => {
  // Clock at testNow: 2026-03-02 10:00 in Berlin.
  const journey = useJourneyServer(engine);

  it('landlord files three items with the letter code; the tenant answers each; deadlines run as jobs', async () => {
    const { s, smtp, clock } = journey;
    clock.set(testNow);
    const { number, id } = await acceptedContract(s);
    const { verificationToken: token } = contractCredentials(s.config.serverSecret, id);
    const code = landlordReleaseCode(s.config.serverSecret, id);
    const path = `/api/claims/verification/${token}`;

    const before = await call(s.url, 'GET', path);
    expect(before.body).toEqual({
      guaranteeCents: 150_000,
      paidCents: 0,
      remainingCents: 150_000,
      mayClaim: true,
      linkValid: false,
    });

    // A wrong code is a field error and counts (ADR 1117); nothing is stored.
    const wrong = await call(s.url, 'POST', path, {
      code: 'AAAA-AAAA',
      items: threeItems,
      ...landlord,
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors[0]).toMatchObject({ code: 'wrong_code', field: 'code' });

    // Bad fields: one German message per field.
    const bad = await call(s.url, 'POST', path, {
      code,
      items: [
        { kind: 'rent_arrears', months: [{ month: '04.2026', amount: '300' }] },
        { ...threeItems[1], amount: '180,01' },
        { ...threeItems[2], handoverProtocol: false },
      ],
      ...landlord,
      iban: 'DE00 3704 0044 0532 0130 00',
      declaration: false,
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual([
      {
        code: 'monthInFuture',
        field: 'items.0.months.0.month',
        message: 'Mietrückstand kann nur für vergangene oder den laufenden Monat bestehen.',
      },
      {
        code: 'overUtilityCap',
        field: 'items.1.amount',
        message:
          'Solange die Nebenkostenabrechnung aussteht, sind höchstens drei monatliche Vorauszahlungen gesichert: 180,00 €.',
      },
      {
        code: 'protocolRequired',
        field: 'items.2.handoverProtocol',
        message:
          'Einen Schaden können Sie nur mit dem Übergabeprotokoll geltend machen. Bitte bestätigen Sie, dass es vorliegt.',
      },
      {
        code: 'invalid',
        field: 'iban',
        message: 'Diese IBAN ist ungültig. Bitte prüfen Sie die Eingabe.',
      },
      {
        code: 'declarationRequired',
        field: 'declaration',
        message: 'Bitte bestätigen Sie, dass die Forderung fällig ist.',
      },
    ]);

    const filed = await call(s.url, 'POST', path, { code, items: threeItems, ...landlord });
    expect(filed.status).toBe(201);
    expect(filed.body).toMatchObject({
      reference: `${number}-F1`,
      state: 'notified',
      totalCents: 100_000,
      answerDueOn: '2026-03-16',
    });
    const claimId = filed.body.claimId as string;
    // The handover protocol as evidence, through the upload grant the filing answered.
    const protocol = await upload(s.url, filed.body.uploadUrl, 'Übergabeprotokoll.pdf', pdfOf());
    expect(protocol.status).toBe(201);

    // The tenant is told at once; the landlord gets a confirmation with a link.
    const told = await mailTo(smtp, TENANT, `Ihr Vermieter macht eine Forderung geltend`);
    expect(told.text).toContain(`1. Mietrückstand: 600,00 €`);
    expect(told.text).toContain(`3. Schaden an der Mietsache: 250,00 €`);
    expect(told.text).toContain('Summe: 1.000,00 €');
    expect(told.text).toContain('bis zum 16.03.2026 zu jeder Forderung');
    expect(told.text).toContain('gilt das nicht als Anerkenntnis');
    expect(told.text).toContain('https://antrag.example/vertrag');
    const confirm = await mailTo(smtp, LANDLORD, 'Ihre Forderung ist eingegangen');
    const link = decodeURIComponent(/\?link=([^\s]+)/.exec(confirm.text)![1]!);
    expect(confirm.text).toContain(`https://antrag.example/pruefen/${token}?link=`);

    expect((await call(s.url, 'GET', `${path}?link=${encodeURIComponent(link)}`)).body).toEqual({
      guaranteeCents: 150_000,
      paidCents: 0,
      remainingCents: 50_000,
      mayClaim: true,
      linkValid: true,
    });

    // Three delayed jobs: reminders after 7 and 12 days, the expiry after the 16th.
    const jobs = await s.db.executeSql(
      `SELECT data->>'job' AS job, start_after FROM pgboss.job WHERE name = 'claimDeadline' AND data->>'claimId' = $1 ORDER BY start_after`,
      [claimId],
    );
    expect(jobs.rows.map((r) => [r.job, new Date(r.start_after as string).toISOString()])).toEqual([
      ['reminder_1', '2026-03-09T09:00:00.000Z'],
      ['reminder_2', '2026-03-14T09:00:00.000Z'],
      ['answer_expiry', '2026-03-16T23:00:00.000Z'],
    ]);

    // Two days later the tenant signs in on the contract page and answers each item.
    clock.advance(2 * DAY);
    await call(s.url, 'POST', '/api/contracts/access', { contractNumber: number, email: TENANT });
    const magic = /\/vertrag\?token=([\w-]+)/.exec(
      (await mailTo(smtp, TENANT, `Ihr Zugang zu Vertrag ${number}`)).text,
    )![1]!;
    const open = await call(s.url, 'POST', '/api/contracts/session', { token: magic });
    const headers = { cookie: open.headers.get('set-cookie')!.split(';')[0]! };
    const view = await call(s.url, 'GET', '/api/contracts/me/claims', undefined, { headers });
    const claim = view.body.claims[0];
    expect(claim).toMatchObject({ reference: `${number}-F1`, daysLeft: 12, state: 'notified' });
    // The tenant sees the landlord's evidence through a short-lived link.
    expect(claim.files).toMatchObject([
      { fileName: 'Übergabeprotokoll.pdf', mime: 'application/pdf' },
    ]);
    expect((await fetch(`${s.url}${claim.files[0].url}`)).status).toBe(200);
    const [rent, utility, damage] = claim.items as { id: string }[];
    const answer = (body: object) =>
      call(s.url, 'POST', `/api/contracts/me/claims/${claimId}/answers`, body, { headers });

    const noReason = await answer({ itemId: utility!.id, answer: 'object', reason: '' });
    expect(noReason.body.errors).toEqual([
      {
        code: 'required',
        field: 'items.1.reason',
        message: 'Bitte begründen Sie Ihren Widerspruch.',
      },
    ]);
    const tooHigh = await answer({ itemId: damage!.id, answer: 'counter', counterAmount: '250' });
    expect(tooHigh.body.errors[0]).toMatchObject({
      code: 'counterNotLower',
      field: 'items.2.counterAmount',
    });

    expect((await answer({ itemId: rent!.id, answer: 'accept' })).status).toBe(200);
    expect(
      (await answer({ itemId: rent!.id, answer: 'object', reason: 'doch nicht so' })).status,
    ).toBe(409);
    const objected = await answer({
      itemId: utility!.id,
      answer: 'object',
      reason: 'Die Abrechnung 2025 ergab ein Guthaben.',
    });
    // An objection with a photo: the answer's upload grant takes it.
    const photo = await upload(s.url, objected.body.uploadUrl, 'zaehler.jpg', await jpegWithGps());
    expect(photo.status).toBe(201);
    const last = await answer({ itemId: damage!.id, answer: 'counter', counterAmount: '100,00' });
    expect(last.status).toBe(200);
    const after = last.body.claims[0];
    expect(after.state).toBe('answered');
    expect(
      after.items.map((i: { state: string; decidedCents: number | null }) => [
        i.state,
        i.decidedCents,
      ]),
    ).toEqual([
      ['decided', 60_000],
      ['objected', null],
      ['countered', null],
    ]);
    expect(after.items[2].answer).toMatchObject({ answer: 'counter', counterCents: 10_000 });
    expect(after.items[1].answer.files).toMatchObject([
      { fileName: 'zaehler.jpg', mime: 'image/jpeg' },
    ]);
    expect(await events(s, id)).toEqual([
      'claim_filed:landlord',
      'claim_notify:system',
      'claim_item_accept:tenant',
      'claim_item_decide:system',
      'claim_item_object:tenant',
      'claim_item_counter:tenant',
      'claim_answer:tenant',
    ]);

    // The back office's calls (claimpay builds on them): decisions never above the amount
    // claimed; payouts, repayment and closing carry the claim to its end.
    const staff = { at: clock.now(), actor: 'staff:Ada' as const };
    const tx = <T>(fn: Parameters<typeof s.db.transaction<T>>[0]) => s.db.transaction(fn);
    await expect(
      tx((t) =>
        decideItem(t, staff, {
          itemId: damage!.id,
          decision: 'granted',
          decidedCents: 25_001,
          reason: 'zu viel',
          decidedBy: 'ada',
        }),
      ),
    ).rejects.toEqual(new ClaimStateError('above_claimed'));
    await tx((t) =>
      decideItem(t, staff, {
        itemId: utility!.id,
        decision: 'rejected',
        decidedCents: 0,
        reason: 'Guthaben belegt',
        decidedBy: 'ada',
      }),
    );
    const lastDecision = await tx((t) =>
      decideItem(t, staff, {
        itemId: damage!.id,
        decision: 'agreed_counter',
        decidedCents: 10_000,
        reason: 'Vorschlag der Mieterin angenommen',
        decidedBy: 'ada',
      }),
    );
    expect(lastDecision.claim.state).toBe('decided');
    await tx((t) => closeItem(t, staff, { itemId: utility!.id }));
    await tx((t) => markItemPaid(t, staff, { itemId: rent!.id, paymentRef: 'P-1' }));
    const paid = await tx((t) => markItemPaid(t, staff, { itemId: damage!.id }));
    expect(paid.claim.state).toBe('paid');
    expect(await guaranteeLeft(s.db.orm, id)).toEqual({
      guaranteeCents: 150_000,
      paidCents: 70_000,
      remainingCents: 80_000,
    });
    await expect(tx((t) => markItemPaid(t, staff, { itemId: damage!.id }))).rejects.toThrow(
      ClaimStateError,
    );
    await tx((t) => markItemRecovered(t, staff, { itemId: rent!.id }));
    const recovered = await tx((t) => markItemRecovered(t, staff, { itemId: damage!.id }));
    expect(recovered.claim.state).toBe('recovered');
    await tx((t) => closeItem(t, staff, { itemId: rent!.id }));
    const closed = await tx((t) => closeItem(t, staff, { itemId: damage!.id }));
    expect(closed.claim.state).toBe('closed');
    expect((await loadClaim(s.db.orm, claimId))!.items.map((i) => i.paidCents)).toEqual([
      60_000,
      null,
      10_000,
    ]);
    // A repayment does not restore the guarantee: what was paid stays paid out.
    expect((await guaranteeLeft(s.db.orm, id)).remainingCents).toBe(80_000);

    // The closed claim's deadline jobs find nothing to do.
    clock.set(new Date(new Date(testNow).getTime() + 15 * DAY));
    expect(await s.processing!.claims.runDeadline(claimId, 'answer_expiry')).toBe('nothing');

    // A second claim with the landlord's link (no code); the tenant stays silent.
    clock.set(testNow);
    const second = await call(s.url, 'POST', path, {
      link,
      items: [{ ...threeItems[2], amount: '100,00' }],
      ...landlord,
    });
    expect(second.status).toBe(201);
    const secondId = second.body.claimId as string;
    const over = await call(s.url, 'POST', path, {
      link,
      items: [{ ...threeItems[2], amount: '700,01' }],
      ...landlord,
    });
    expect(over.body.errors).toEqual([
      {
        code: 'overRemaining',
        field: 'items',
        message:
          'Die Forderungen übersteigen den verbleibenden Betrag der Bürgschaft von 700,00 €.',
      },
    ]);

    const run = (job: 'reminder_1' | 'reminder_2' | 'answer_expiry') =>
      s.processing!.claims.runDeadline(secondId, job);
    expect(await run('reminder_1')).toBe('not_due');
    clock.advance(7 * DAY);
    expect(await run('reminder_1')).toBe('done');
    expect(await run('reminder_1')).toBe('nothing');
    const reminder = await mailTo(
      smtp,
      TENANT,
      `Erinnerung: Ihre Antwort zur Forderung ${number}-F2`,
    );
    expect(reminder.text).toContain('endet am 16.03.2026 (noch 7 Tage)');
    expect(await run('answer_expiry')).toBe('not_due');
    clock.set('2026-03-16T22:59:59Z');
    expect(await run('answer_expiry')).toBe('not_due');
    clock.set('2026-03-16T23:00:00Z');
    expect(await run('answer_expiry')).toBe('done');
    const expiredMail = await mailTo(
      smtp,
      TENANT,
      `Antwortfrist abgelaufen: Forderung ${number}-F2`,
    );
    expect(expiredMail.text).toContain('Ihre Antwortfrist ist am 16.03.2026 abgelaufen');
    expect(await run('answer_expiry')).toBe('nothing');
    const all = await events(s, id);
    expect(all.slice(-2)).toEqual(['claim_item_expire:system', 'claim_expire:system']);
  });
});
