import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { fixedClock } from '../clock';
import { engines } from '../testing/database';
import { testNow } from '../testing/fixtures';
import { call } from '../testing/http';
import { startTestServer, type TestServer } from '../testing/server';
import { startSmtpPeer, type SmtpPeer } from '../mail/testing/smtp-peer';
import { claimAnswersTable, claimPayouts, staffAudit } from '../db/schema/index';
import { insertClaim, moveItem } from '../claims/store';
import { acceptedContract, EMAIL, mailTo } from '../money/testing/contract';
import { staffWithSession } from './testing/staffSession';
import { evidenceDeps, storeEvidence } from '../evidence/index';
import { jpegWithGps, pdfOf } from '../evidence/testing/fixtures';

/**
 * The claims review API (issue 26 item 4, ADR 1257) on both engines: the queue and the claim are
 * audited reads; a decision needs a reason (German field errors); a decided item is paid at once,
 * above the limit only after another person's approval (the decider is refused); both parties
 * get the decision, the tenant's e-mail says what a payout on first demand means.
 */
describe.each(engines)('claims review on %s', (engine) => {
  let s: TestServer;
  let smtp: SmtpPeer;
  const clock = fixedClock(testNow);
  beforeAll(async () => {
    smtp = await startSmtpPeer();
    s = await startTestServer({
      engine,
      clock,
      processing: true,
      env: {
        SMTP_URL: smtp.url,
        CLAIM_PAYOUT_FOUR_EYES_CENTS: '50000',
      },
    });
  });
  afterAll(async () => {
    await s?.close();
    await smtp?.close();
  });

  it('decides with a reason, pays at once, four eyes above the limit', async () => {
    clock.set(testNow);
    const { id } = await acceptedContract(s);
    const now = clock.now();
    const claim = await s.db.transaction(async (tx) => {
      const c = await insertClaim(
        tx,
        { at: now, actor: 'landlord' },
        {
          applicationId: id,
          via: 'release_code',
          filing: {
            items: [
              {
                kind: 'damage',
                claimedCents: 90_000,
                details: { description: 'Tür beschädigt', handoverProtocol: true },
              },
            ],
            totalCents: 90_000,
            iban: 'DE89370400440532013000',
            accountHolder: 'Erika Vermieterin',
            email: 'vermieterin@example.org',
            declaredDue: true,
          },
        },
      );
      await moveItem(tx, { at: now, actor: 'tenant' }, { itemId: c.items[0]!.id, act: 'object' });
      const [answer] = await tx
        .insert(claimAnswersTable)
        .values({
          itemId: c.items[0]!.id,
          answer: 'object',
          reason: 'Schaden war schon da',
          answeredAt: now,
        })
        .returning();
      return { ...c, answerId: answer!.id };
    });
    // Both sides' evidence: the landlord's protocol, the tenant's photo.
    const ev = evidenceDeps({ db: s.db, clock, config: s.config });
    for (const [owner, fileName, bytes] of [
      [{ kind: 'claim', id: claim.claim.id }, 'Protokoll.pdf', pdfOf()],
      [{ kind: 'claim_answer', id: claim.answerId }, 'Foto.jpg', await jpegWithGps()],
    ] as const)
      expect((await storeEvidence(ev, { owner, fileName, bytes })).ok).toBe(true);
    const item = claim.items[0]!;
    const anna = await staffWithSession(s.db, { role: 'staff', name: 'Anna Amt', now });
    const bert = await staffWithSession(s.db, { role: 'supervisor', name: 'Bert Boss', now });
    const as = (who: { cookie: string }) => ({
      headers: { cookie: who.cookie, origin: s.url },
    });

    const overview = await call(s.url, 'GET', '/api/staff/claims/overview', undefined, as(anna));
    expect(overview.body).toMatchObject({ itemsToDecide: 1, payoutsToApprove: 0 });
    const queue = await call(s.url, 'GET', '/api/staff/claims', undefined, as(anna));
    expect(queue.body.items).toEqual([
      expect.objectContaining({ id: claim.claim.id, toDecide: 1 }),
    ]);
    const view = await call(
      s.url,
      'GET',
      `/api/staff/claims/${claim.claim.id}`,
      undefined,
      as(anna),
    );
    expect(view.body.items[0]).toMatchObject({
      answer: {
        answer: 'object',
        reason: 'Schaden war schon da',
        files: [expect.objectContaining({ fileName: 'Foto.jpg', mime: 'image/jpeg' })],
      },
      awaitsDecision: true,
    });
    // Short-lived staff links to both sides' files (15 minutes), and the read audits them.
    const landlordFile = view.body.files[0] as { fileName: string; url: string; expiresAt: string };
    expect(landlordFile.fileName).toBe('Protokoll.pdf');
    expect(Date.parse(landlordFile.expiresAt) - now.getTime()).toBe(15 * 60_000);
    const pdf = await fetch(`${s.url}${landlordFile.url}`);
    expect(pdf.status).toBe(200);
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    const [read] = (await s.db.orm.select().from(staffAudit)).filter(
      (a) => a.action === 'claims.read',
    );
    expect(read?.details).toMatchObject({ claimId: claim.claim.id, evidenceLinks: 2 });

    const path = `/api/staff/claims/${claim.claim.id}/items/${item.id}/decision`;
    const empty = await call(s.url, 'POST', path, { decision: 'partly_granted' }, as(anna));
    expect(empty.status).toBe(400);
    expect(empty.body.errors).toEqual([
      expect.objectContaining({ field: 'amount', code: 'amount_required' }),
      expect.objectContaining({ field: 'reason', code: 'reason_required' }),
    ]);
    const ok = await call(
      s.url,
      'POST',
      path,
      { decision: 'partly_granted', amount: '800,00', reason: 'Tür belegt, Abzug Abnutzung' },
      as(anna),
    );
    expect(ok.status).toBe(200);
    expect(ok.body.items[0]).toMatchObject({
      state: 'decided',
      decidedCents: 80_000,
      payout: { status: 'awaiting_approval', amountCents: 80_000 },
    });
    const again = await call(s.url, 'POST', path, { decision: 'rejected', reason: 'x' }, as(anna));
    expect(again.status).toBe(409);

    const payoutId = ok.body.items[0].payout.id as string;
    // Anna asked for it: refused; as a 'staff' role she lacks the permission anyway, so the
    // four-eyes refusal is shown with a supervisor who decided an item himself below.
    const annaApprove = await call(
      s.url,
      'POST',
      `/api/staff/claims/payouts/${payoutId}/approve`,
      {},
      as(anna),
    );
    expect(annaApprove.status).toBe(403);
    const bertApprove = await call(
      s.url,
      'POST',
      `/api/staff/claims/payouts/${payoutId}/approve`,
      {},
      as(bert),
    );
    expect(bertApprove.status).toBe(200);
    const [p] = await s.db.orm.select().from(claimPayouts).where(eq(claimPayouts.id, payoutId));
    expect(p).toMatchObject({ status: 'in_batch', requestedBy: anna.id, approvedBy: bert.id });

    // The tenant's decision e-mail says what a payout on first demand means.
    const mail = await mailTo(smtp, EMAIL, 'Entscheidung zu Ihrer Forderung');
    expect(mail.text).toContain('auf erstes Anfordern');
    expect(mail.text).toContain('von Ihrem Vermieter zurückverlangen');
    expect(mail.text).toContain('Begründung zu Position 1: Tür belegt, Abzug Abnutzung');
    const landlord = await mailTo(smtp, 'vermieterin@example.org', 'Entscheidung zu Ihrer');
    expect(landlord.text).not.toContain('auf erstes Anfordern');

    const actions = (await s.db.orm.select().from(staffAudit)).map((a) => a.action);
    expect(actions).toEqual(
      expect.arrayContaining([
        'claims.queue.read',
        'claims.read',
        'claims.item.decide',
        'claims.payout.approve',
      ]),
    );
  });

  it('a supervisor may not approve the payout he asked for (four eyes)', async () => {
    clock.set(testNow);
    const { id } = await acceptedContract(s);
    const now = clock.now();
    const claim = await s.db.transaction(async (tx) => {
      const c = await insertClaim(
        tx,
        { at: now, actor: 'landlord' },
        {
          applicationId: id,
          via: 'release_code',
          filing: {
            items: [
              {
                kind: 'damage',
                claimedCents: 70_000,
                details: { description: 'Fenster', handoverProtocol: true },
              },
            ],
            totalCents: 70_000,
            iban: 'DE89370400440532013000',
            accountHolder: 'Erika Vermieterin',
            email: 'vermieterin@example.org',
            declaredDue: true,
          },
        },
      );
      await moveItem(tx, { at: now, actor: 'system' }, { itemId: c.items[0]!.id, act: 'expire' });
      return c;
    });
    const sina = await staffWithSession(s.db, { role: 'supervisor', name: 'Sina Self', now });
    const as = { headers: { cookie: sina.cookie, origin: s.url } };
    const ok = await call(
      s.url,
      'POST',
      `/api/staff/claims/${claim.claim.id}/items/${claim.items[0]!.id}/decision`,
      { decision: 'granted', reason: 'Keine Antwort; Schaden belegt' },
      as,
    );
    expect(ok.status).toBe(200);
    const refused = await call(
      s.url,
      'POST',
      `/api/staff/claims/payouts/${ok.body.items[0].payout.id}/approve`,
      {},
      as,
    );
    expect(refused.status).toBe(403);
    expect(refused.body.errors[0]).toMatchObject({
      code: 'four_eyes',
      message: expect.stringContaining('Vier-Augen-Prinzip'),
    });
    const actions = (await s.db.orm.select().from(staffAudit)).map((a) => a.action);
    expect(actions).toContain('claims.payout.approve_refused');
  });
});
