import { and, eq, gte, lt } from 'drizzle-orm';
import { addMonths, bordero, borderoCsv } from '../../domain/index';
import { contracts, ledgerEntries } from '../db/schema/index';
import { MoneyError } from './batches';
import type { MoneyDeps } from './deps';

/**
 * The monthly Bordero as CSV (issue 25 item 8, the PDF is not done yet): every ledger entry
 * booked in the month, summed per contract by the pure `bordero`; the totals reconcile with the
 * ledger. The acting staff member's id is required (the back office wires the route).
 */
export async function borderoExport(deps: MoneyDeps, month: string, staffId: string) {
  if (!staffId.trim()) throw new MoneyError(401, 'staff_required', 'staff required');
  if (!/^\d{4}-(0[1-9]|1[0-2])$/.test(month))
    throw new MoneyError(400, 'invalid_month', 'Bitte geben Sie den Monat als JJJJ-MM an.');
  const from = `${month}-01`;
  const rows = await deps.db.orm
    .select({
      contractNumber: contracts.contractNumber,
      kind: ledgerEntries.kind,
      amountCents: ledgerEntries.amountCents,
      bookedOn: ledgerEntries.bookedOn,
    })
    .from(ledgerEntries)
    .innerJoin(contracts, eq(contracts.applicationId, ledgerEntries.applicationId))
    .where(and(gte(ledgerEntries.bookedOn, from), lt(ledgerEntries.bookedOn, addMonths(from, 1))));
  const b = bordero(rows, month, deps.config.sepa.insuranceTaxBasisPoints);
  return { filename: `bordero-${month}.csv`, csv: borderoCsv(b, month), totals: b.totals };
}
