import { describe, expect, test } from 'vitest';
import { engines } from '../src/server/testing/database';
import { claimTexts } from '../src/domain/messages/claims';
import { contractTexts } from '../src/domain/messages/contracts';
import { instalmentTexts, paymentTexts } from '../src/domain/messages/payments';
import { formatCents } from '../src/domain/messages/format';
import { splitCents } from '../src/domain/money/instalments';
import {
  decideItem,
  insertClaim,
  loadClaim,
  moveClaim,
  moveItem,
} from '../src/server/claims/store';
import { owedOf } from '../src/server/money/instalments';
import { draftPayoutBatch, markPayoutPaid, requestPayouts } from '../src/server/money/payouts';
import { approveBatch, downloadBatch, submitBatch } from '../src/server/money/batches';
import { shoot } from './support/shots';
import { EMAIL, mailText } from './support/moneyContract';
import { useBrowserApp } from './support/harness';
import { acceptedContractAroundToday } from './support/moneyContract';
import type { AppServer } from './support/server';

/** An accepted contract whose landlord was paid 400 € on an accepted claim (recourse owed). */
async function contractWithPaidClaim(server: AppServer) {
  const today = new Date().toISOString().slice(0, 10);
  const c = await acceptedContractAroundToday(server);
  const number = c.contractNumber;
  const money = server.processing!.money;
  const now = new Date();
  const claim = await server.db.transaction(async (tx) => {
    const filed = await insertClaim(
      tx,
      { at: now, actor: 'landlord' },
      {
        applicationId: c.applicationId,
        via: 'release_code',
        filing: {
          items: [
            {
              kind: 'rent_arrears',
              claimedCents: 40_000,
              details: { months: [{ month: today.slice(0, 7), amountCents: 40_000 }] },
            },
          ],
          totalCents: 40_000,
          iban: 'DE89370400440532013000',
          accountHolder: 'Erika Vermieterin',
          email: 'vermieterin@example.org',
          declaredDue: true,
        },
      },
    );
    const itemId = filed.items[0]!.id;
    await moveClaim(tx, { at: now, actor: 'system' }, { claimId: filed.claim.id, act: 'notify' });
    await moveItem(tx, { at: now, actor: 'tenant' }, { itemId, act: 'accept' });
    await decideItem(
      tx,
      { at: now, actor: 'system' },
      {
        itemId,
        decision: 'accepted_by_tenant',
        decidedCents: 40_000,
        reason: null,
        decidedBy: 'system',
      },
    );
    return filed;
  });
  const [payout] = await server.db.transaction(async (tx) =>
    requestPayouts(tx, 100_000, (await loadClaim(tx, claim.claim.id))!, 'staff-a', now),
  );
  const batch = (await draftPayoutBatch(money))!;
  await submitBatch(money, batch, 'staff-a');
  await approveBatch(money, batch, 'staff-b');
  await downloadBatch(money, batch, 'staff-a');
  await markPayoutPaid(money, payout!.id, { id: 'staff-b', name: 'Berta' });
  return { number, owed: (await owedOf(server.db.orm, c.applicationId)).owedCents };
}

// Issue 26 item 6 in the browser on both engines (the API journey is in
// src/server/claims/journey.test.ts): the tenant sees the paid claim, the owed amount with a
// GiroCode, and splits it into 6 monthly debits on the contract page (axe, 375/1280 shots).
describe.each(engines)('recourse on the contract page on %s', (engine) => {
  const h = useBrowserApp({ engine });

  test('paid claim, GiroCode, six instalments agreed', async () => {
    const { number, owed } = await contractWithPaidClaim(h.server);
    expect(owed).toBeGreaterThanOrEqual(40_000);
    const { context, page, app } = await h.open();
    await app.goto('/vertrag');
    await app.fill('c.contractNumber', number);
    await app.fill('c.email', EMAIL);
    await app.clickButton(contractTexts.access.submit);
    await page.getByText(contractTexts.access.sent).waitFor();
    const link = /\/vertrag\?token=[\w-]+/.exec(
      await mailText(h.server, `Ihr Zugang zu Vertrag ${number}`),
    )![0];
    await app.goto(link);
    await page.getByRole('heading', { name: paymentTexts.heading }).waitFor();
    await page.getByRole('heading', { name: instalmentTexts.heading }).waitFor();
    await page.getByText(instalmentTexts.intro(formatCents(owed))).waitFor();
    await page.getByText(claimTexts.tenant.recourse(formatCents(40_000))).waitFor();
    await page.getByRole('img', { name: paymentTexts.qrAlt(formatCents(owed)) }).waitFor();
    await app.expectAccessible();
    await shoot(page, 'rueckgriff-offen', 2600);

    const six = splitCents(owed, 6);
    await page
      .getByRole('radio', { name: instalmentTexts.countOption(6, formatCents(six[0]!)) })
      .check();
    await app.clickButton(instalmentTexts.submit);
    await page
      .getByRole('status')
      .filter({ hasText: 'Ihre Ratenzahlung ist vereinbart' })
      .waitFor();
    const plan = page.getByRole('table', { name: instalmentTexts.planCaption(1) });
    await plan.waitFor();
    expect(await plan.locator('tbody tr').count()).toBe(6);
    const mail = await mailText(h.server, `Ihre Ratenzahlung – Vertrag ${number}`);
    expect(mail).toContain(`Darin enthalten sind ${formatCents(40_000)}`);
    await app.expectAccessible();
    await shoot(page, 'rueckgriff-raten', 2600);
    await context.close();
  });
});
