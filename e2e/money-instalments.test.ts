import { describe, expect, test } from 'vitest';
import { contractTexts } from '../src/domain/messages/contracts';
import { disputeTexts, instalmentTexts, paymentTexts } from '../src/domain/messages/payments';
import { formatCents } from '../src/domain/messages/format';
import { splitCents } from '../src/domain/money/instalments';
import { shoot } from './support/shots';
import { contractWithReturnedDebit, EMAIL, mailText } from './support/moneyContract';
import { useBrowserApp } from './support/harness';

// Issue 25 item 5 / issue 26: on the contract page the tenant pays what is owed in monthly
// instalments (self-service) and disputes a debit, keyboard and screen reader friendly (axe).
describe.each(['pglite', 'postgres'] as const)('instalments and disputes on %s', (engine) => {
  const h = useBrowserApp({ engine });

  test('error summary, three instalments agreed and shown, a dispute sent', async () => {
    const { number, rate } = await contractWithReturnedDebit(h.server);
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
    await page.getByRole('heading', { name: instalmentTexts.heading }).waitFor();
    await page.getByText(instalmentTexts.intro(formatCents(rate))).waitFor();

    // nothing chosen: the summary names the field, the field says the same
    await app.clickButton(instalmentTexts.submit);
    const summary = page.getByRole('alert').filter({ hasText: instalmentTexts.errors.count });
    await summary.first().waitFor();
    await app.expectAccessible();
    await shoot(page, `raten-fehler-${engine}`, 2400);

    const parts = splitCents(rate, 3);
    await page
      .getByRole('radio', { name: instalmentTexts.countOption(3, formatCents(parts[0]!)) })
      .check();
    await app.clickButton(instalmentTexts.submit);
    await page
      .getByRole('status')
      .filter({ hasText: 'Ihre Ratenzahlung ist vereinbart' })
      .waitFor();
    const plan = page.getByRole('table', { name: instalmentTexts.planCaption(1) });
    await plan.waitFor();
    const rows = await plan.locator('tbody tr').allInnerTexts();
    expect(rows).toHaveLength(3);
    expect(rows[0]).toContain(formatCents(parts[0]!));
    expect(rows[0]).toContain(instalmentTexts.partState.scheduled);
    const mail = await mailText(h.server, `Ihre Ratenzahlung – Vertrag ${number}`);
    expect(mail).toContain(`1. Rate: ${formatCents(parts[0]!)}`);

    // The agreed plan reloads "Zahlungen" (the debit sentence replaces the GiroCode, the page
    // below moves): wait for it before clicking further down the page.
    await page.getByTestId('payments-by-debit').waitFor();

    // a dispute: empty first, then sent; dunning pauses
    await app.clickButton(disputeTexts.submit);
    await page
      .getByRole('alert')
      .filter({ hasText: disputeTexts.reasonRequired })
      .first()
      .waitFor();
    await app.fill('c.reason', 'Die Lastschrift vom März wurde doppelt abgebucht.');
    await app.clickButton(disputeTexts.submit);
    await page.getByRole('status').filter({ hasText: disputeTexts.sent }).waitFor();
    await page.getByTestId('dispute-open').waitFor();
    await app.expectAccessible();
    await shoot(page, `raten-vereinbart-${engine}`, 2400);

    // "Zahlungen" after a reload: the instalments collect it all, nothing to transfer, no GiroCode
    await page.reload();
    await page.getByTestId('payments-by-debit').waitFor();
    expect(await page.getByTestId('payments-by-debit').innerText()).toBe(
      paymentTexts.byDebit(formatCents(rate)),
    );
    expect(await page.getByTestId('payments-open').innerText()).toBe(
      paymentTexts.nothingToTransfer,
    );
    expect(await page.getByRole('img', { name: /GiroCode/ }).count()).toBe(0);
    await app.expectAccessible();
    await shoot(page, `zahlungen-raten-${engine}`, 2400);
    await context.close();
  });
});
