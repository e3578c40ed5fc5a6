import { randomBytes } from 'node:crypto';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import {
  addBusinessDays,
  firstPayoutState,
  payoutApprovalRefusal,
  payoutEndToEndId,
  todayInBerlin,
} from '../../domain/index';
import type { ContractActor } from '../../domain/index';
import type { Tx } from '../db/client';
import { claimItems, claimPayouts, paymentBatches, type ClaimPayoutRow } from '../db/schema/index';
import { loadClaim, markItemPaid, type ClaimAnnouncer, type ClaimWithItems } from '../claims/store';
import { moneyApiTexts as t } from '../texts/money';
import { MoneyError } from './batches';
import { creditorOf, type MoneyDeps } from './deps';
import { book } from './ledger';
import { buildTransferFile } from './painFiles';

/**
 * Claim payouts (issue 26 item 4, ADR 1256): a decided claim item is paid to the landlord's
 * account by credit transfer in a pain.001.001.09 file of the money batches. Above
 * CLAIM_PAYOUT_FOUR_EYES_CENTS a second person approves the payout first (database CHECKs on
 * `claim_payouts`); every file has the bank files' four eyes besides (ADR 1222). Paid when the
 * statement shows our end-to-end id or a supervisor marks it; then the claim item is `paid` and
 * the tenant owes the amount (`claim_payout` on the ledger, ADR 1257).
 */

/**
 * Opens a payout for every decided item of `claim` with an amount and none yet, in the caller's
 * transaction. `requestedBy`: the deciding staff member's id, or 'system'.
 */
export async function requestPayouts(
  tx: Tx,
  limitCents: number,
  claim: ClaimWithItems,
  requestedBy: string,
  now: Date,
): Promise<ClaimPayoutRow[]> {
  const have = new Set(
    (
      await tx
        .select({ itemId: claimPayouts.itemId })
        .from(claimPayouts)
        .where(eq(claimPayouts.claimId, claim.claim.id))
    ).map((r) => r.itemId),
  );
  const due = claim.items.filter(
    (i) => i.state === 'decided' && (i.decidedCents ?? 0) > 0 && !have.has(i.id),
  );
  if (due.length === 0) return [];
  return tx
    .insert(claimPayouts)
    .values(
      due.map((i) => ({
        applicationId: claim.claim.applicationId,
        claimId: claim.claim.id,
        itemId: i.id,
        amountCents: i.decidedCents!,
        creditorName: claim.claim.landlordAccountHolder,
        creditorIban: claim.claim.landlordIban,
        endToEndId: payoutEndToEndId(claim.claim.reference, i.position),
        remittance: `Zahlung aus Mietkautionsbuergschaft ${claim.claim.reference} Position ${i.position}`,
        status: firstPayoutState(i.decidedCents!, limitCents),
        fourEyesLimitCents: limitCents,
        // The item's decider asks for its payment ('system' for an item the tenant accepted).
        requestedBy: i.decidedBy === 'system' ? 'system' : requestedBy,
        requestedAt: now,
      })),
    )
    .returning();
}

/**
 * Items the tenant accepted are decided by the system at once (claims service); the daily run
 * asks for their payment here, and drafts the file right after (collection.ts).
 */
export async function requestUndisputedPayouts(deps: MoneyDeps, now = deps.clock.now()) {
  const rows = await deps.db.orm
    .selectDistinct({ claimId: claimItems.claimId })
    .from(claimItems)
    .leftJoin(claimPayouts, eq(claimPayouts.itemId, claimItems.id))
    .where(
      and(
        eq(claimItems.state, 'decided'),
        eq(claimItems.decidedBy, 'system'),
        isNull(claimPayouts.id),
      ),
    );
  let n = 0;
  for (const { claimId } of rows)
    n += (
      await deps.db.transaction(async (tx) =>
        requestPayouts(
          tx,
          deps.config.sepa.claimPayoutFourEyesCents,
          (await loadClaim(tx, claimId))!,
          'system',
          now,
        ),
      )
    ).length;
  return n;
}

const isFourEyesViolation = (err: unknown) =>
  /claim_payouts_four_eyes|claim_payouts_approved_check/.test(
    `${(err as { constraint?: string }).constraint ?? ''} ${(err as Error).message ?? ''} ${(err as { cause?: Error }).cause?.message ?? ''}`,
  );

async function loadPayout(deps: MoneyDeps, id: string): Promise<ClaimPayoutRow> {
  const row = /^[0-9a-f-]{36}$/.test(id)
    ? (await deps.db.orm.select().from(claimPayouts).where(eq(claimPayouts.id, id)))[0]
    : undefined;
  if (!row) throw new MoneyError(404, 'not_found', t.payoutNotFound);
  return row;
}

/** A second person approves a payout above the limit; the one who asked for it never may. */
export async function approvePayout(deps: MoneyDeps, payoutId: string, staffId: string) {
  const p = await loadPayout(deps, payoutId);
  const refusal = payoutApprovalRefusal({ state: p.status, requestedBy: p.requestedBy }, staffId);
  if (refusal === 'own_request') throw new MoneyError(403, 'four_eyes', t.payoutFourEyes);
  if (refusal) throw new MoneyError(409, 'not_awaiting', t.payoutNotAwaiting);
  try {
    await deps.db.orm
      .update(claimPayouts)
      .set({ status: 'open', approvedBy: staffId, approvedAt: deps.clock.now() })
      .where(and(eq(claimPayouts.id, p.id), eq(claimPayouts.status, 'awaiting_approval')));
  } catch (err) {
    if (isFourEyesViolation(err)) throw new MoneyError(403, 'four_eyes', t.payoutFourEyes);
    throw err;
  }
  return p;
}

/**
 * Every open payout into one pain.001.001.09 draft, executed on the next business day; the
 * draft then waits for the bank files' four eyes (batches.ts). Undefined when nothing is open.
 */
export async function draftPayoutBatch(deps: MoneyDeps, now = deps.clock.now()) {
  const today = todayInBerlin(now);
  const executionOn = addBusinessDays(today, 1);
  return deps.db.transaction(async (tx) => {
    const open = await tx
      .select()
      .from(claimPayouts)
      .where(and(eq(claimPayouts.status, 'open'), isNull(claimPayouts.batchId)))
      .orderBy(asc(claimPayouts.requestedAt), asc(claimPayouts.endToEndId))
      .for('update');
    if (open.length === 0) return undefined;
    const messageId = `MK-P-${today.replaceAll('-', '')}-${randomBytes(4).toString('hex').toUpperCase()}`;
    const file = buildTransferFile(
      messageId,
      now,
      executionOn,
      creditorOf(deps),
      open.map((p) => ({
        endToEndId: p.endToEndId,
        amountCents: p.amountCents,
        creditorName: p.creditorName,
        creditorIban: p.creditorIban,
        remittance: p.remittance,
      })),
    );
    const [batch] = await tx
      .insert(paymentBatches)
      .values({
        kind: 'payout',
        messageId,
        status: 'draft',
        xml: file.xml,
        sha256: file.sha256,
        count: file.count,
        controlSumCents: file.controlSumCents,
        executionOn,
        createdAt: now,
      })
      .returning({ id: paymentBatches.id });
    await tx
      .update(claimPayouts)
      .set({ status: 'in_batch', batchId: batch!.id })
      .where(
        inArray(
          claimPayouts.id,
          open.map((p) => p.id),
        ),
      );
    return batch!.id;
  });
}

/**
 * Our transfer left the account: the payout is paid, the claim item `paid`, and the tenant owes
 * the amount (`claim_payout`, source unique per payout, so a second confirmation books nothing).
 */
export async function payoutPaid(
  tx: Tx,
  payoutId: string,
  confirmedBy: string,
  actor: ContractActor,
  now: Date,
  announcer?: ClaimAnnouncer,
): Promise<'payout_paid' | 'payout_seen'> {
  const [p] = await tx
    .update(claimPayouts)
    .set({ status: 'paid', paidAt: now, paidConfirmedBy: confirmedBy })
    .where(and(eq(claimPayouts.id, payoutId), eq(claimPayouts.status, 'sent')))
    .returning();
  if (!p) return 'payout_seen';
  await markItemPaid(
    tx,
    { at: now, actor, announcer },
    { itemId: p.itemId, paymentRef: p.endToEndId },
  );
  await book(tx, p.applicationId, [{ kind: 'claim_payout', amountCents: p.amountCents }], {
    source: `claim-payout:${p.id}`,
    bookedOn: todayInBerlin(now),
    now,
  });
  return 'payout_paid';
}

/** A supervisor marks a sent payout as paid (when no statement confirms it). */
export async function markPayoutPaid(
  deps: MoneyDeps,
  payoutId: string,
  staff: { id: string; name: string },
) {
  const p = await loadPayout(deps, payoutId);
  if (p.status !== 'sent') throw new MoneyError(409, 'not_sent', t.payoutNotSent);
  const now = deps.clock.now();
  await deps.db.transaction((tx) => payoutPaid(tx, p.id, staff.id, `staff:${staff.name}`, now));
}
