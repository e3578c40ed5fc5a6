import { and, eq, gte, lt } from 'drizzle-orm';
import { addMonths, bordero, borderoCsv, insurerOf } from '../../domain/index';
import { contractInsurers, contracts, ledgerEntries } from '../db/schema/index';
import { documentRenderer, type DocumentIssuer } from '../documents/index';
import { MoneyError } from './batches';
import type { MoneyDeps } from './deps';

/**
 * The monthly Bordero per insurer (issue 25 item 8; ADRs 1225, 1232): every ledger entry booked
 * in the month of the insurer's contracts (a contract without an assignment belongs to the first
 * configured insurer), summed per contract by the pure `bordero`; the totals reconcile with the
 * ledger. As CSV, or as PDF drawn in the document thread.
 */
export async function borderoExport(
  deps: MoneyDeps,
  month: string,
  staffId: string,
  insurerId?: string,
) {
  if (!staffId.trim()) throw new MoneyError(401, 'staff_required', 'staff required');
  if (!/^\d{4}-(0[1-9]|1[0-2])$/.test(month))
    throw new MoneyError(400, 'invalid_month', 'Bitte geben Sie den Monat als JJJJ-MM an.');
  const insurers = deps.config.sepa.insurers;
  const insurer = insurerId ? insurers.find((i) => i.id === insurerId) : insurers[0];
  if (!insurer) throw new MoneyError(404, 'unknown_insurer', 'Diesen Versicherer gibt es nicht.');
  const from = `${month}-01`;
  const rows = await deps.db.orm
    .select({
      contractNumber: contracts.contractNumber,
      kind: ledgerEntries.kind,
      amountCents: ledgerEntries.amountCents,
      bookedOn: ledgerEntries.bookedOn,
      assigned: contractInsurers.insurerId,
    })
    .from(ledgerEntries)
    .innerJoin(contracts, eq(contracts.applicationId, ledgerEntries.applicationId))
    .leftJoin(contractInsurers, eq(contractInsurers.applicationId, ledgerEntries.applicationId))
    .where(and(gte(ledgerEntries.bookedOn, from), lt(ledgerEntries.bookedOn, addMonths(from, 1))));
  const mine = rows.filter((r) => insurerOf(r.assigned, insurers).id === insurer.id);
  const b = bordero(mine, month, deps.config.sepa.insuranceTaxBasisPoints);
  const name = insurers.length > 1 ? `bordero-${month}-${insurer.id}` : `bordero-${month}`;
  return {
    filename: `${name}.csv`,
    pdfFilename: `${name}.pdf`,
    csv: borderoCsv(b, month),
    totals: b.totals,
    rows: b.rows,
    insurer,
  };
}

/** The same Bordero as a PDF. */
export async function borderoPdfExport(
  deps: MoneyDeps,
  issuer: DocumentIssuer,
  month: string,
  staffId: string,
  insurerId?: string,
) {
  const out = await borderoExport(deps, month, staffId, insurerId);
  const pdf = await documentRenderer.borderoPdf(
    {
      month,
      insurer: out.insurer.name,
      taxBasisPoints: deps.config.sepa.insuranceTaxBasisPoints,
      rows: out.rows,
      totals: out.totals,
      issuedAt: deps.clock.now(),
    },
    issuer,
  );
  return { filename: out.pdfFilename, pdf: Buffer.from(pdf), totals: out.totals };
}
