import { describe, expect, test } from 'vitest';
import { contractTexts } from '../src/domain/messages/contracts';
import { paymentTexts } from '../src/domain/messages/payments';
import { formatCents } from '../src/domain/messages/format';
import { shoot } from './support/shots';
import { contractWithReturnedDebit, EMAIL, mailText } from './support/moneyContract';
import { useBrowserApp } from './support/harness';

// Issue 25 item 7: the tenant's "Zahlungen" on the contract page in a real browser, after a
// debit was collected, then returned by the bank (MS02): the returned debit, the open amount
// with its GiroCode, nothing refunded.
describe.each(['pglite', 'postgres'] as const)('payments on the contract page on %s', (engine) => {
  const h = useBrowserApp({ engine });

  test('debits with date and state, the returned one with its reason, the open amount with a GiroCode', async () => {
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
    await page.getByRole('heading', { name: paymentTexts.heading }).waitFor();
    const table = page.getByRole('table', { name: paymentTexts.debitsCaption });
    await table.waitFor();
    const rows = await table.locator('tbody tr').allInnerTexts();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toContain(formatCents(rate));
    expect(rows[0]).toContain(paymentTexts.debitState.returned);
    expect(rows[0]).toContain(paymentTexts.returnReason('MS02'));
    expect(await page.getByTestId('payments-open').innerText()).toBe(
      paymentTexts.open(formatCents(rate)),
    );
    const qr = page.getByRole('img', { name: paymentTexts.qrAlt(formatCents(rate)) });
    await qr.waitFor();
    expect(await qr.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
    await expect(page.getByText(number, { exact: true }).count()).resolves.toBeGreaterThan(0);
    expect(await page.getByRole('table', { name: paymentTexts.refundsCaption }).count()).toBe(0);
    await app.expectAccessible();
    await shoot(page, `zahlungen-${engine}`, 1600);
    await context.close();
  });
});
