import { asc, eq } from 'drizzle-orm';
import { premiumStatement, statementYears, type DatedEntry } from '../../domain/index';
import type { Orm } from '../db/client';
import { applications, contracts, ledgerEntries } from '../db/schema/index';
import { documentRenderer, type DocumentIssuer } from '../documents/index';
import { factsOf } from '../processing/facts';
import { formModelOf } from '../services/storedModel';

/** The ledger with the day each entry's money moved. */
async function datedEntries(db: Orm, applicationId: string): Promise<DatedEntry[]> {
  return db
    .select({
      kind: ledgerEntries.kind,
      amountCents: ledgerEntries.amountCents,
      bookedOn: ledgerEntries.bookedOn,
    })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.applicationId, applicationId))
    .orderBy(asc(ledgerEntries.bookedOn));
}

/** The calendar years a statement can be made for (newest first). */
export async function statementYearsOf(db: Orm, applicationId: string): Promise<number[]> {
  return statementYears(await datedEntries(db, applicationId));
}

/**
 * "Beitragsbescheinigung {Jahr}" as a PDF (ADR 1231), drawn in the document thread from the
 * ledger; undefined for an unknown contract. Not stored and not sealed: the ledger is the record
 * and the statement can be made again at any time.
 */
export async function premiumStatementPdfOf(
  db: Orm,
  issuer: DocumentIssuer,
  applicationId: string,
  year: number,
  now: Date,
): Promise<{ filename: string; pdf: Buffer; paidCents: number } | undefined> {
  const row = (
    await db
      .select({ c: contracts, app: applications })
      .from(contracts)
      .innerJoin(applications, eq(applications.id, contracts.applicationId))
      .where(eq(contracts.applicationId, applicationId))
  )[0];
  if (!row) return undefined;
  const f = factsOf(formModelOf(row.app));
  const statement = premiumStatement(await datedEntries(db, applicationId), year);
  const pdf = await documentRenderer.premiumStatementPdf(
    {
      contractNumber: row.c.contractNumber,
      tenants: f.tenants.map((p) =>
        [[p.firstName, p.lastName].filter(Boolean).join(' '), p.address].filter(Boolean).join(', '),
      ),
      objectAddress: f.objectAddress,
      statement,
      issuedAt: now,
    },
    issuer,
  );
  return {
    filename: `Beitragsbescheinigung-${year}-${row.c.contractNumber}.pdf`,
    pdf: Buffer.from(pdf),
    paidCents: statement.paidCents,
  };
}
