import { and, eq, sql } from 'drizzle-orm';
import { composeIBAN } from 'ibantools';
import { normalizeIban, todayInBerlin, type FormModel } from '../../domain/index';
import type { Tx } from '../db/client';
import { contractEvents, sepaMandates, type ContractRow } from '../db/schema/index';
import { factsOf } from '../processing/facts';

/** The account of the model: the IBAN, or one composed from a German account number and BLZ. */
function ibanOf(m: FormModel): string | undefined {
  const b = m.bankAccount;
  if (b.iban) return normalizeIban(b.iban);
  if (b.accountNumber && b.bankCode)
    return (
      composeIBAN({
        countryCode: 'DE',
        bban: `${b.bankCode.trim()}${b.accountNumber.trim().padStart(10, '0')}`,
      }) ?? undefined
    );
  return undefined;
}

function holderOf(m: FormModel): string {
  const f = factsOf(m);
  const holder = m.bankAccount.accountOwner === 'secondTenant' ? f.tenants[1] : f.tenants[0];
  return holder ? `${holder.firstName} ${holder.lastName}`.trim() : '';
}

export type MandateRow = typeof sepaMandates.$inferSelect;

/**
 * The contract's current mandate, made on first use from the application (the IBAN the tenant
 * gave). Signed: the first on acceptance, a later one on the day of the IBAN change.
 */
export async function currentMandate(
  tx: Tx,
  c: ContractRow,
  model: FormModel,
): Promise<MandateRow | undefined> {
  const found = (
    await tx.select().from(sepaMandates).where(eq(sepaMandates.reference, c.mandateReference))
  )[0];
  if (found) return found;
  const iban = ibanOf(model);
  if (!iban) return undefined;
  const changed = (
    await tx
      .select({ at: contractEvents.at })
      .from(contractEvents)
      .where(
        and(
          eq(contractEvents.applicationId, c.applicationId),
          eq(contractEvents.type, 'iban_changed'),
          sql`${contractEvents.details}->>'mandateReference' = ${c.mandateReference}`,
        ),
      )
  )[0];
  const row = {
    reference: c.mandateReference,
    applicationId: c.applicationId,
    iban,
    debtorName: holderOf(model),
    signedOn: todayInBerlin(changed?.at ?? c.acceptedAt),
  };
  await tx.insert(sepaMandates).values(row).onConflictDoNothing();
  return { ...row, stoppedAt: null, stopReason: null };
}

export const isFirstMandate = (reference: string) => reference.endsWith('-01');
