import { expect } from 'vitest';
import { eq } from 'drizzle-orm';
import { addDays } from '../../src/domain/dates';
import { contracts, sepaDebits } from '../../src/server/db/schema/index';
import { completeNewApiApplication, securityFields } from '../../src/server/testing/fixtures';
import { call } from '../../src/server/testing/http';
import { leaves, parseMime } from '../../src/server/mail/testing/mime';
import { camt054 } from '../../src/domain/money/testing/bankFixtures';
import { runCollection } from '../../src/server/money/collection';
import { approveBatch, downloadBatch, submitBatch } from '../../src/server/money/batches';
import { importBankFile } from '../../src/server/money/imports';
import type { AppServer } from './server';

/**
 * A contract whose first debit was collected and then returned by the bank (MS02), for the
 * browser tests of the money on the contract page (e2e/money*.test.ts).
 */
export const EMAIL = 'max.mustermann@example.org';
const at = (iso: string) => new Date(`${iso}T05:00:00Z`);

/**
 * An accepted contract starting around today (the browser tests run on the real clock): the
 * application sent whole over the API, its decision awaited.
 */
export async function acceptedContractAroundToday(server: AppServer) {
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
  for (let i = 0; i < 270 && ['submitted', 'created'].includes(st.body.state); i++) {
    await new Promise((r) => setTimeout(r, 100));
    st = await call(server.url, 'GET', `/api/application/state/${cid}`);
  }
  expect(st.body).toMatchObject({ state: 'accepted' });
  const number = st.body.orderId as string;
  const c = (
    await server.db.orm.select().from(contracts).where(eq(contracts.contractNumber, number))
  )[0]!;
  return c;
}

export async function contractWithReturnedDebit(server: AppServer) {
  const c = await acceptedContractAroundToday(server);
  const number = c.contractNumber;
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

export async function mailText(server: AppServer, subject: string) {
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
