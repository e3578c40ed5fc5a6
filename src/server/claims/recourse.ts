// Recourse repaid (issue 26 item 6, ADR 1280): after money of the tenant is booked (a collected
// debit or instalment, a credit the statement import matched), the ledger says how much of the
// claim payouts is covered; that part is booked as `claim_repaid` and the paid items it covers,
// oldest payout first, move to `recovered` through the claims' transition table.
import { and, asc, eq } from 'drizzle-orm';
import { summaryOf, todayInBerlin, type ContractActor } from '../../domain/index';
import type { Tx } from '../db/client';
import { claimItems, claims } from '../db/schema/index';
import { book, entriesOf } from '../money/ledger';
import { markItemRecovered, type ClaimAnnouncer } from './store';

const sumOf = (entries: readonly { kind: string; amountCents: number }[], kind: string) =>
  entries.reduce((s, e) => (e.kind === kind ? s + e.amountCents : s), 0);

/**
 * Books what the tenant's payments now cover of the claim payouts and marks the items repaid.
 * Premiums are settled first and the recourse last (`claimOpenCents`), so covered = payouts −
 * what is still open of them. Idempotent: the source names the covered total, and only `paid`
 * items move. Returns how many items were recovered.
 */
export async function settleRecourse(
  tx: Tx,
  applicationId: string,
  now: Date,
  actor: ContractActor = 'system',
  announcer?: ClaimAnnouncer,
): Promise<number> {
  const entries = await entriesOf(tx, applicationId);
  const paidOut = sumOf(entries, 'claim_payout');
  if (paidOut === 0) return 0;
  const covered = paidOut - summaryOf(entries).claimOpenCents;
  const repaid = sumOf(entries, 'claim_repaid');
  if (covered > repaid)
    await book(tx, applicationId, [{ kind: 'claim_repaid', amountCents: covered - repaid }], {
      source: `claim-repaid:${covered}`,
      bookedOn: todayInBerlin(now),
      now,
    });
  const total = Math.max(covered, repaid);
  const items = await tx
    .select({ id: claimItems.id, state: claimItems.state, paidCents: claimItems.paidCents })
    .from(claimItems)
    .innerJoin(claims, eq(claims.id, claimItems.claimId))
    .where(and(eq(claims.applicationId, applicationId)))
    .orderBy(asc(claimItems.paidAt), asc(claims.filedAt), asc(claimItems.position));
  let cumulative = 0;
  let recovered = 0;
  for (const item of items) {
    if (!item.paidCents) continue;
    cumulative += item.paidCents;
    if (cumulative > total) break;
    if (item.state !== 'paid') continue;
    await markItemRecovered(tx, { at: now, actor, announcer }, { itemId: item.id });
    recovered++;
  }
  return recovered;
}
