import { asc, eq } from 'drizzle-orm';
import { epcPayload, summaryOf } from '../../domain/index';
import type { Orm } from '../db/client';
import { contracts, instalmentPlans, instalments, refunds, sepaDebits } from '../db/schema/index';
import type { Config } from '../config';
import { entriesOf } from './ledger';
import { statementYearsOf } from './statement';
import { owedOf } from './instalments';
import { qrCodeLoaded } from './qrCode';

/**
 * The tenant's "Zahlungen" (issue 25 item 7): every debit with its date and state, returns,
 * fees, the open amount with a GiroCode for a transfer, refunds with their state. Everything
 * from the ledger and the debit and refund rows; nothing stored twice.
 */
export async function paymentsOf(
  db: Orm,
  config: Pick<Config, 'sepa' | 'operator'>,
  applicationId: string,
) {
  const contract = (
    await db.select().from(contracts).where(eq(contracts.applicationId, applicationId))
  )[0];
  const debits = await db
    .select()
    .from(sepaDebits)
    .where(eq(sepaDebits.applicationId, applicationId))
    .orderBy(asc(sepaDebits.dueOn), asc(sepaDebits.attempt));
  const owed = await db
    .select()
    .from(refunds)
    .where(eq(refunds.applicationId, applicationId))
    .orderBy(asc(refunds.createdAt));
  const ledger = summaryOf(await entriesOf(db, applicationId));
  // Open and not about to be debited (nor by an instalment) or with a collection agency.
  const owedNow = await owedOf(db, applicationId);
  const transferable = owedNow.owedCents;
  const reference = contract?.contractNumber ?? '';
  const transfer =
    transferable > 0
      ? {
          name: config.operator.name,
          iban: config.sepa.creditorIban,
          amountCents: transferable,
          reference,
          qrSvg: await (
            await qrCodeLoaded()
          ).toString(
            epcPayload({
              name: config.operator.name,
              iban: config.sepa.creditorIban,
              bic: config.sepa.creditorBic,
              amountCents: transferable,
              reference,
            }),
            { type: 'svg', errorCorrectionLevel: 'M', margin: 2 },
          ),
        }
      : undefined;
  // An instalment's debit shows "Rate n von m" instead of its premium period (ADR 1228).
  const parts = await db
    .select({ id: instalments.id, n: instalments.n, of: instalmentPlans.count })
    .from(instalments)
    .innerJoin(instalmentPlans, eq(instalmentPlans.id, instalments.planId))
    .where(eq(instalments.applicationId, applicationId));
  return {
    debits: debits.map((d) => {
      const part = d.instalmentId ? parts.find((p) => p.id === d.instalmentId) : undefined;
      return {
        dueOn: d.dueOn,
        period: d.period,
        amountCents: d.amountCents,
        state: d.status,
        returnReason: d.returnReason ?? undefined,
        ...(part ? { instalment: { n: part.n, of: part.of } } : {}),
      };
    }),
    feeCents: ledger.feeCents,
    openCents: ledger.openCents,
    // What to transfer now, and what agreed instalments and announced debits collect (ADR 1228).
    owedNowCents: transferable,
    byDebitCents: owedNow.pendingDebitCents + owedNow.scheduledInstalmentCents,
    transfer,
    refunds: owed.map((r) => ({ amountCents: r.amountCents, dueOn: r.dueOn, state: r.status })),
    statementYears: await statementYearsOf(db, applicationId),
  };
}
