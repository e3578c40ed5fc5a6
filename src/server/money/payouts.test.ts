import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { fixedClock } from '../clock';
import { engines } from '../testing/database';
import { testNow } from '../testing/fixtures';
import { startTestServer, type TestServer } from '../testing/server';
import { claimItems, claimPayouts, contractEvents } from '../db/schema/index';
import { summaryOf } from '../../domain/index';
import { camt053 } from '../../domain/money/testing/bankFixtures';
import { decideItem, insertClaim, loadClaim, moveItem } from '../claims/store';
import { acceptedContract } from './testing/contract';
import { xsdErrors } from './testing/xsd';
import { approveBatch, downloadBatch, submitBatch } from './batches';
import { importBankFile } from './imports';
import { entriesOf } from './ledger';
import { approvePayout, draftPayoutBatch, markPayoutPaid, requestPayouts } from './payouts';

const LIMIT = 50_000; // CLAIM_PAYOUT_FOUR_EYES_CENTS of this test: 500,00 €

/**
 * Claim payouts (issue 26 item 4, ADR 1256) on both engines: an accepted item (400 €) goes into
 * the file at once; a partly granted one above the limit (900 €) waits for a second person — refused
 * for the person who decided it, by the service and by the database. The pain.001 validates
 * against the ISO schema; the statement confirms one transfer, a supervisor the other; each paid
 * item becomes an amount the tenant owes (claim_payout on the ledger).
 */
describe.each(engines)('claim payouts on %s', (engine) => {
  let s: TestServer;
  const clock = fixedClock(testNow);
  beforeAll(async () => {
    s = await startTestServer({
      engine,
      clock,
      processing: true,
      env: { CLAIM_PAYOUT_FOUR_EYES_CENTS: String(LIMIT) },
    });
  });
  afterAll(async () => {
    await s?.close();
  });

  it('four eyes above the limit, pain.001 valid, paid by statement or supervisor, owed by the tenant', async () => {
    clock.set(testNow);
    const { id } = await acceptedContract(s);
    const money = s.processing!.money;
    expect(money.config.sepa.claimPayoutFourEyesCents).toBe(LIMIT);
    clock.set('2026-06-10T08:00:00Z');
    const now = clock.now();
    const ctx = { at: now, actor: 'landlord' as const };
    const claim = await s.db.transaction((tx) =>
      insertClaim(tx, ctx, {
        applicationId: id,
        via: 'release_code',
        filing: {
          items: [
            {
              kind: 'rent_arrears',
              claimedCents: 40_000,
              details: { months: [{ month: '2026-05', amountCents: 40_000 }] },
            },
            {
              kind: 'damage',
              claimedCents: 100_000,
              details: { description: 'Parkett im Wohnzimmer zerkratzt', handoverProtocol: true },
            },
          ],
          totalCents: 140_000,
          iban: 'DE89370400440532013000',
          accountHolder: 'Erika Vermieterin',
          email: 'vermieterin@example.org',
          declaredDue: true,
        },
      }),
    );
    const [rent, damage] = claim.items;
    const staffCtx = { at: now, actor: 'staff:Anna' as const };
    await s.db.transaction(async (tx) => {
      await moveItem(tx, { at: now, actor: 'tenant' }, { itemId: rent!.id, act: 'accept' });
      await moveItem(tx, { at: now, actor: 'tenant' }, { itemId: damage!.id, act: 'object' });
      await decideItem(tx, staffCtx, {
        itemId: rent!.id,
        decision: 'accepted_by_tenant',
        decidedCents: 40_000,
        reason: null,
        decidedBy: 'system',
      });
      await decideItem(tx, staffCtx, {
        itemId: damage!.id,
        decision: 'partly_granted',
        decidedCents: 90_000,
        reason: 'Kratzer belegt, Abzug für Abnutzung',
        decidedBy: 'staff-a',
      });
    });
    const payouts = await s.db.transaction(async (tx) =>
      requestPayouts(tx, LIMIT, (await loadClaim(tx, claim.claim.id))!, 'staff-a', now),
    );
    const byItem = new Map(payouts.map((p) => [p.itemId, p]));
    expect(byItem.get(rent!.id)).toMatchObject({ status: 'open', amountCents: 40_000 });
    const big = byItem.get(damage!.id)!;
    expect(big).toMatchObject({ status: 'awaiting_approval', amountCents: 90_000 });
    expect(big.endToEndId).toBe(`${claim.claim.reference}-P2`);

    // The database refuses what the service refuses: no approval by the requester, and no
    // payout above the limit leaves 'awaiting_approval' without an approval.
    await expect(
      s.db.orm.update(claimPayouts).set({ status: 'open' }).where(eq(claimPayouts.id, big.id)),
    ).rejects.toThrow();
    await expect(
      s.db.orm
        .update(claimPayouts)
        .set({ status: 'open', approvedBy: 'staff-a', approvedAt: now })
        .where(eq(claimPayouts.id, big.id)),
    ).rejects.toThrow();
    await expect(approvePayout(money, big.id, 'staff-a')).rejects.toMatchObject({
      status: 403,
      code: 'four_eyes',
      message: expect.stringContaining('Vier-Augen-Prinzip'),
    });
    // A file drawn up now carries only the payout at or below the limit.
    const first = (await draftPayoutBatch(money))!;
    await approvePayout(money, big.id, 'staff-b');
    await expect(approvePayout(money, big.id, 'staff-c')).rejects.toMatchObject({ status: 409 });
    const second = (await draftPayoutBatch(money))!;
    expect(await draftPayoutBatch(money)).toBeUndefined();

    const files = [];
    for (const batch of [first, second]) {
      await submitBatch(money, batch, 'staff-a');
      await expect(approveBatch(money, batch, 'staff-a')).rejects.toMatchObject({ status: 403 });
      await approveBatch(money, batch, 'staff-b');
      files.push(await downloadBatch(money, batch, 'staff-c'));
    }
    for (const f of files) {
      expect(f.filename).toMatch(/^MK-P-20260610-[0-9A-F]{8}\.pain\.001\.001\.09\.xml$/);
      expect(xsdErrors(f.xml, 'pain.001.001.09')).toEqual([]);
    }
    expect(files[0]!.xml).toContain('<InstdAmt Ccy="EUR">400.00</InstdAmt>');
    expect(files[0]!.xml).toContain('<IBAN>DE89370400440532013000</IBAN>');
    expect(files[0]!.xml).toContain('<Nm>Erika Vermieterin</Nm>');
    expect(files[1]!.xml).toContain('<InstdAmt Ccy="EUR">900.00</InstdAmt>');
    expect(files[1]!.xml).toContain(`<EndToEndId>${big.endToEndId}</EndToEndId>`);

    // The statement shows the first transfer; a supervisor confirms the second.
    clock.set('2026-06-12T08:00:00Z');
    const report = await importBankFile(
      money,
      camt053([{ endToEndId: byItem.get(rent!.id)!.endToEndId, amount: '400.00' }], 'STMT-P'),
      'staff-a',
    );
    expect(report).toMatchObject({ matched: 1, actions: ['payout_paid'] });
    await markPayoutPaid(money, big.id, { id: 'staff-b', name: 'Berta' });
    await expect(
      markPayoutPaid(money, big.id, { id: 'staff-b', name: 'Berta' }),
    ).rejects.toMatchObject({ status: 409 });

    const items = await s.db.orm
      .select()
      .from(claimItems)
      .where(eq(claimItems.claimId, claim.claim.id));
    expect(items.map((i) => [i.position, i.state, i.paidCents])).toEqual(
      expect.arrayContaining([
        [1, 'paid', 40_000],
        [2, 'paid', 90_000],
      ]),
    );
    const ledger = summaryOf(await entriesOf(s.db.orm, id));
    expect(ledger.claimOpenCents).toBe(130_000);
    expect(ledger.openCents).toBeGreaterThanOrEqual(130_000);
    const types = (
      await s.db.orm
        .select({ type: contractEvents.type })
        .from(contractEvents)
        .where(eq(contractEvents.applicationId, id))
    ).map((e) => e.type);
    expect(types.filter((t) => t === 'claim_item_pay')).toHaveLength(2);
  });
});
