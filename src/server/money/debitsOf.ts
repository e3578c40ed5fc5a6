import { and, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import { anyUuid } from '../db/anyOf';
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
): Promise<SepaDebitRow[]> {
  if (applicationIds.length === 0) return [];
  // One after the other: a transaction is one connection (pg refuses queries side by side).
  const premiums = await db
    .select()
    .from(sepaDebits)
    .where(and(anyUuid(sepaDebits.applicationId, applicationIds), isNull(sepaDebits.instalmentId)));
  const parts = await db
    .select()
    .from(sepaDebits)
    .where(
      and(anyUuid(sepaDebits.applicationId, applicationIds), isNotNull(sepaDebits.instalmentId)),
    );
  // No `status IN (...)` here (ADR 1400): with it the planner took sepa_debits_status_idx and
  // read every debit in flight for each page. Sums by status: centsOfApplications (ADR 1420).
  return [...premiums, ...parts];
}

/**
 * What the page's debits in these statuses still collect, per contract (dunning's
 * pre-selection, ADR 1420): the database adds the amounts up, one row per contract instead of
 * every debit row. Read along the same two indexes as `debitsOfApplications`; the statuses are a
 * FILTER of the sum, not a condition of the scan, so the planner cannot take
 * sepa_debits_status_idx and read every debit in flight (ADR 1400).
 */
export async function centsOfApplications(
  db: Tx | Orm,
  applicationIds: readonly string[],
  statuses: readonly (typeof debitStates)[number][],
): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  if (applicationIds.length === 0 || statuses.length === 0) return out;
  const wanted = sql.join(
    statuses.map((s) => sql`${s}`),
    sql`, `,
  );
  const sums = (instalments: SQL) =>
    db
      .select({
        applicationId: sepaDebits.applicationId,
        cents: sql<
          string | null
        >`sum(${sepaDebits.amountCents}) filter (where ${sepaDebits.status} in (${wanted}))::bigint`,
      })
      .from(sepaDebits)
      .where(and(anyUuid(sepaDebits.applicationId, applicationIds), instalments))
      .groupBy(sepaDebits.applicationId);
  // One after the other: a transaction is one connection (pg refuses queries side by side).
  const premiums = await sums(isNull(sepaDebits.instalmentId));
  const parts = await sums(isNotNull(sepaDebits.instalmentId));
  for (const r of [...premiums, ...parts])
    if (r.cents !== null)
      out.set(r.applicationId, (out.get(r.applicationId) ?? 0) + Number(r.cents));
  return out;
}
