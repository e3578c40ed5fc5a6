import { describe, expect, test } from 'vitest';
import { eq } from 'drizzle-orm';
import { contractTexts } from '../src/domain/messages/contracts';
import { paymentTexts } from '../src/domain/messages/payments';
import { addDays } from '../src/domain/dates';
import { formatCents } from '../src/domain/messages/format';
import { contracts } from '../src/server/db/schema/index';
import { completeNewApiApplication, securityFields } from '../src/server/testing/fixtures';
import { call } from '../src/server/testing/http';
import { leaves, parseMime } from '../src/server/mail/testing/mime';
import { camt054 } from '../src/domain/money/testing/bankFixtures';
import { runCollection } from '../src/server/money/collection';
import { approveBatch, downloadBatch, submitBatch } from '../src/server/money/batches';
import { importBankFile } from '../src/server/money/imports';
import { sepaDebits } from '../src/server/db/schema/index';
import { shoot } from './support/shots';
import { useBrowserApp } from './support/harness';
import type { AppServer } from './support/server';

// Issue 25 item 7: the tenant's "Zahlungen" on the contract page in a real browser, after a
// debit was collected, then returned by the bank (MS02): the returned debit, the open amount
// with its GiroCode, nothing refunded.
const EMAIL = 'max.mustermann@example.org';
const at = (iso: string) => new Date(`${iso}T05:00:00Z`);

async function contractWithReturnedDebit(server: AppServer) {
  const today = new Date().toISOString().slice(0, 10);
  const app = completeNewApiApplication() as {
    rentalObject: { rentalContract: Record<string, unknown> };
  } & Record<string, unknown>;
  app.rentalObject.rentalContract.signedAt = addDays(today, -5);
  app.rentalObject.rentalContract.movedInAt = addDays(today, 10);
  app.policyStartDate = addDays(today, 10);
  const body = { ...app, ...(await securityFields(server.url)) };
  const cid = (await call(server.url, 'POST', '/api/tenancies', body)).body.cid as string;
  let st = await call(server.url, 'GET', `/api/application/state/${cid}`);
  for (let i = 0; i < 90 && ['submitted', 'created'].includes(st.body.state); i++) {
    await new Promise((r) => setTimeout(r, 300));
    st = await call(server.url, 'GET', `/api/application/state/${cid}`);
  }
  expect(st.body).toMatchObject({ state: 'accepted' });
  const number = st.body.orderId as string;
  const c = (
    await server.db.orm.select().from(contracts).where(eq(contracts.contractNumber, number))
  )[0]!;
  const money = server.processing!.money;
  const due = c.firstDebitOn;
  // the daily job, day by day up to the due day: the file is drafted on one of them
  let batchId: string | undefined;
  for (let d = -8; d < 0 && !batchId; d++)
    batchId = (await runCollection(money, at(addDays(due, d)))).batchId;
  await submitBatch(money, batchId!, 'staff-a');
  await approveBatch(money, batchId!, 'staff-b');
  await downloadBatch(money, batchId!, 'staff-a');
  const later = addDays(due, 7);
  await runCollection(money, at(later));
  const [debit] = await server.db.orm
    .select()
    .from(sepaDebits)
    .where(eq(sepaDebits.applicationId, c.applicationId));
  await importBankFile(
    money,
    camt054([
      {
        endToEndId: debit!.endToEndId,
        amount: (debit!.amountCents / 100).toFixed(2),
        reason: 'MS02',
      },
    ]),
    'staff-a',
  );
  return { number, rate: c.ratePerPaymentCents };
}

async function mailText(server: AppServer, subject: string) {
  for (let i = 0; i < 150; i++) {
    const hit = [...server.smtp.received]
      .reverse()
      .map((r) => parseMime(r.raw))
      .find((p) => (p.headers.get('subject') ?? '').includes(subject));
    if (hit)
      return leaves(hit)
        .find((l) => l.contentType === 'text/plain')!
        .body.toString('utf8');
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no mail "${subject}"`);
}

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
