import { and, inArray, isNotNull, isNull } from 'drizzle-orm';
import type { Orm, Tx } from '../db/client';
import { sepaDebits, type debitStates, type SepaDebitRow } from '../db/schema/index';

/**
 * The debits of a page of contracts, by index (ADR 1320). sepa_debits has no index led by
 * `application_id` alone, so `application_id IN (page)` scanned every debit once per page: the
 * run grew with contracts × debits. The premium debits (no instalment) are found through the
 * unique (application_id, period, attempt) index, whose predicate the first query repeats; the
 * few instalment debits through the partial index on `instalment_id`, which holds only them.
 */
export async function debitsOfApplications(
  db: Tx | Orm,
  applicationIds: readonly string[],
  statuses?: readonly (typeof debitStates)[number][],
): Promise<SepaDebitRow[]> {
  if (applicationIds.length === 0) return [];
  const ids = [...applicationIds];
  const status = statuses ? inArray(sepaDebits.status, [...statuses]) : undefined;
  // One after the other: a transaction is one connection (pg refuses queries side by side).
  const premiums = await db
    .select()
    .from(sepaDebits)
    .where(and(inArray(sepaDebits.applicationId, ids), isNull(sepaDebits.instalmentId), status));
  const parts = await db
    .select()
    .from(sepaDebits)
    .where(and(inArray(sepaDebits.applicationId, ids), isNotNull(sepaDebits.instalmentId), status));
  return [...premiums, ...parts];
}
