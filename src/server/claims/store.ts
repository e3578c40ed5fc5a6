// The claims' rows (issue 26): reading claims, their items and answers, and moving states only
// through the pure tables of src/domain/claims. Every move records a contract event (the
// timeline) and announces claim-level moves to partners, in the caller's transaction. The back
// office (claimpay) decides and pays items through decideItem, markItemPaid, markItemRecovered
// and closeItem; the tenant's answers and the deadline jobs use moveItem and moveClaim.
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import {
  claimActsDue,
  decisionProblem,
  guaranteeCents,
  nextClaimState,
  nextItemState,
  remainingCents,
  type ClaimAct,
  type ClaimDecision,
  type ClaimFiling,
  type ClaimItemAct,
  type ClaimItemState,
  type DecisionProblem,
  type ItemAmounts,
} from '../../domain/claims/index';
import type { ContractActor } from '../../domain/index';
import type { Tx } from '../db/client';
import {
  applications,
  claimAnswersTable,
  claimItems,
  claims,
  contracts,
  type ClaimAnswerRow,
  type ClaimItemRow,
  type ClaimRow,
} from '../db/schema/index';
import { recordContractEvent } from '../contracts/events';
import { formModelOf } from '../services/storedModel';

/** Reads go through the ORM of the database or of a transaction. */
type Reader = Pick<Tx, 'select'>;

/** Claim-level moves partners hear about as `claim.<event>` webhooks. */
export type ClaimWebhookEvent = 'filed' | ClaimAct;

/** Who announces a claim-level move (the webhook queue); absent when processing does not run. */
export interface ClaimAnnouncer {
  claimChanged(
    tx: Tx,
    event: { applicationId: string; claimId: string; type: ClaimWebhookEvent },
  ): Promise<unknown>;
}

/** The context of a change: when, by whom, and who tells partners. */
export interface ClaimChangeContext {
  at: Date;
  actor: ContractActor;
  announcer?: ClaimAnnouncer | undefined;
}

export type ClaimItemWithAnswer = ClaimItemRow & { answer: ClaimAnswerRow | null };
export interface ClaimWithItems {
  claim: ClaimRow;
  items: ClaimItemWithAnswer[];
}

/** A move the tables refuse, or an amount the guarantee does not allow. */
export class ClaimStateError extends Error {
  constructor(
    readonly code: 'not_possible' | 'unknown' | DecisionProblem,
    message: string = code,
  ) {
    super(message);
  }
}

async function itemsOf(q: Reader, claimIds: string[]): Promise<ClaimItemWithAnswer[]> {
  if (claimIds.length === 0) return [];
  const rows = await q
    .select({ item: claimItems, answer: claimAnswersTable })
    .from(claimItems)
    .leftJoin(claimAnswersTable, eq(claimAnswersTable.itemId, claimItems.id))
    .where(inArray(claimItems.claimId, claimIds))
    .orderBy(asc(claimItems.claimId), asc(claimItems.position));
  return rows.map((r) => ({ ...r.item, answer: r.answer }));
}

/** One claim with its items (in the landlord's order) and the tenant's answers. */
export async function loadClaim(q: Reader, claimId: string): Promise<ClaimWithItems | undefined> {
  if (!/^[0-9a-f-]{36}$/i.test(claimId)) return undefined;
  const [claim] = await q.select().from(claims).where(eq(claims.id, claimId));
  if (!claim) return undefined;
  return { claim, items: await itemsOf(q, [claim.id]) };
}

/** Every claim of a contract, oldest first. */
export async function claimsOfContract(
  q: Reader,
  applicationId: string,
): Promise<ClaimWithItems[]> {
  const list = await q
    .select()
    .from(claims)
    .where(eq(claims.applicationId, applicationId))
    .orderBy(asc(claims.filedAt));
  const items = await itemsOf(
    q,
    list.map((c) => c.id),
  );
  return list.map((claim) => ({ claim, items: items.filter((i) => i.claimId === claim.id) }));
}

/** Locks the claim row for a change (a second change waits; SELECT … FOR UPDATE). */
async function lockClaim(tx: Tx, claimId: string): Promise<ClaimRow> {
  const [claim] = await tx.select().from(claims).where(eq(claims.id, claimId)).for('update');
  if (!claim) throw new ClaimStateError('unknown');
  return claim;
}

export interface GuaranteeLeft {
  guaranteeCents: number;
  /** Paid out on every claim so far. */
  paidCents: number;
  /** What a new claim may still ask (the guarantee less everything claims hold). */
  remainingCents: number;
}

const amountsOf = (i: ClaimItemRow): ItemAmounts => ({
  state: i.state,
  claimedCents: i.claimedCents,
  decidedCents: i.decidedCents,
  paidCents: i.paidCents,
});

/** The guarantee's amount and what is left of it (the verification page shows it). */
export async function guaranteeLeft(
  q: Reader,
  applicationId: string,
  except?: string,
): Promise<GuaranteeLeft> {
  const [app] = await q
    .select({
      data: applications.data,
      kind: applications.kind,
      orderState: applications.orderState,
      contractState: applications.contractState,
    })
    .from(applications)
    .where(eq(applications.id, applicationId));
  // After a partial release (claimpay, ADR 1255) the guarantee's amount is the contract's limit.
  const [limit] = await q
    .select({ cents: contracts.guaranteeLimitCents })
    .from(contracts)
    .where(eq(contracts.applicationId, applicationId));
  const guarantee =
    limit?.cents ?? guaranteeCents(app ? (formModelOf(app).objective.deposit ?? 0) : 0);
  const rows = await q
    .select({ item: claimItems })
    .from(claimItems)
    .innerJoin(claims, eq(claims.id, claimItems.claimId))
    .where(eq(claims.applicationId, applicationId));
  const items = rows.map((r) => r.item).filter((i) => i.id !== except);
  return {
    guaranteeCents: guarantee,
    paidCents: items.reduce((s, i) => s + (i.paidCents ?? 0), 0),
    remainingCents: remainingCents(guarantee, items.map(amountsOf)),
  };
}

/** The next number of a contract's claims: MK-2026-000042-F1, -F2 … */
async function nextReference(tx: Tx, applicationId: string): Promise<string> {
  const [c] = await tx
    .select({ number: contracts.contractNumber })
    .from(contracts)
    .where(eq(contracts.applicationId, applicationId));
  const [n] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(claims)
    .where(eq(claims.applicationId, applicationId));
  return `${c?.number ?? 'MK'}-F${Number(n?.count ?? 0) + 1}`;
}

/**
 * Stores a landlord's claim (state `filed`, every item `open`) and its timeline event. The
 * caller has checked the filing against what is left of the guarantee in this transaction (the
 * contract row is locked by the caller, so two claims cannot both take the last euro).
 */
export async function insertClaim(
  tx: Tx,
  ctx: ClaimChangeContext,
  input: { applicationId: string; filing: ClaimFiling; via: ClaimRow['filedVia'] },
): Promise<ClaimWithItems> {
  const { filing } = input;
  const [claim] = await tx
    .insert(claims)
    .values({
      applicationId: input.applicationId,
      reference: await nextReference(tx, input.applicationId),
      state: 'filed',
      filedVia: input.via,
      filedAt: ctx.at,
      totalClaimedCents: filing.totalCents,
      landlordEmail: filing.email,
      landlordIban: filing.iban,
      landlordAccountHolder: filing.accountHolder,
      declaredDueAt: ctx.at,
    })
    .returning();
  if (!claim) throw new Error('claim not stored');
  await tx.insert(claimItems).values(
    filing.items.map((item, i) => ({
      claimId: claim.id,
      position: i + 1,
      kind: item.kind,
      state: 'open' as const,
      claimedCents: item.claimedCents,
      details: item.details,
    })),
  );
  await recordContractEvent(tx, {
    applicationId: input.applicationId,
    type: 'claim_filed',
    actor: ctx.actor,
    at: ctx.at,
    details: {
      claimId: claim.id,
      reference: claim.reference,
      items: filing.items.length,
      totalClaimedCents: filing.totalCents,
      via: input.via,
    },
  });
  await ctx.announcer?.claimChanged(tx, {
    applicationId: input.applicationId,
    claimId: claim.id,
    type: 'filed',
  });
  return { claim, items: await itemsOf(tx, [claim.id]) };
}

/** Columns a claim move may set besides its state. */
type ClaimSet = Partial<
  Pick<ClaimRow, 'notifiedAt' | 'answerDueOn' | 'answerEndsAt' | 'remindersSent'>
>;

/** Moves a claim by `act` (refused when the table has no such move) and records it. */
export async function moveClaim(
  tx: Tx,
  ctx: ClaimChangeContext,
  input: {
    claimId: string;
    act: ClaimAct;
    set?: ClaimSet;
    details?: Record<string, string | number>;
  },
): Promise<ClaimRow> {
  const claim = await lockClaim(tx, input.claimId);
  return applyClaimAct(tx, ctx, claim, input.act, input.set, input.details);
}

async function applyClaimAct(
  tx: Tx,
  ctx: ClaimChangeContext,
  claim: ClaimRow,
  act: ClaimAct,
  set: ClaimSet = {},
  details: Record<string, string | number> = {},
): Promise<ClaimRow> {
  const to = nextClaimState(claim.state, act);
  if (!to) throw new ClaimStateError('not_possible', `claim ${claim.state} cannot ${act}`);
  const [row] = await tx
    .update(claims)
    .set({ ...set, state: to, ...(to === 'closed' ? { closedAt: ctx.at } : {}) })
    .where(and(eq(claims.id, claim.id), eq(claims.state, claim.state)))
    .returning();
  if (!row) throw new ClaimStateError('not_possible', 'claim changed meanwhile');
  await recordContractEvent(tx, {
    applicationId: claim.applicationId,
    type: `claim_${act}`,
    actor: ctx.actor,
    at: ctx.at,
    details: { claimId: claim.id, reference: claim.reference, from: claim.state, to, ...details },
  });
  await ctx.announcer?.claimChanged(tx, {
    applicationId: claim.applicationId,
    claimId: claim.id,
    type: act,
  });
  return row;
}

/** Applies every claim act its items now call for (answer, decide, pay, recover, close). */
async function followItems(tx: Tx, ctx: ClaimChangeContext, claimId: string): Promise<ClaimRow> {
  let claim = await lockClaim(tx, claimId);
  const items = await tx.select().from(claimItems).where(eq(claimItems.claimId, claimId));
  for (const act of claimActsDue(claim.state, items))
    claim = await applyClaimAct(tx, ctx, claim, act);
  return claim;
}

/** Columns an item move may set besides its state. */
type ItemSet = Partial<
  Pick<
    ClaimItemRow,
    | 'decision'
    | 'decidedCents'
    | 'decisionReason'
    | 'decidedBy'
    | 'decidedAt'
    | 'paidCents'
    | 'paidAt'
    | 'recoveredAt'
    | 'closedAt'
  >
>;

export interface ItemMoved {
  item: ClaimItemRow;
  from: ClaimItemState;
  claim: ClaimRow;
}

/**
 * Moves one item by `act` through the table, records it in the timeline, and carries the claim
 * along (all answered -> answered, all decided -> decided …). `expectClaim` refuses the move when
 * the claim is not in one of these states (the tenant answers only while it is `notified`).
 */
export async function moveItem(
  tx: Tx,
  ctx: ClaimChangeContext,
  input: {
    itemId: string;
    act: ClaimItemAct;
    set?: ItemSet;
    details?: Record<string, string | number>;
    expectClaim?: readonly ClaimRow['state'][];
  },
): Promise<ItemMoved> {
  const [found] = await tx.select().from(claimItems).where(eq(claimItems.id, input.itemId));
  if (!found) throw new ClaimStateError('unknown');
  const claim = await lockClaim(tx, found.claimId);
  if (input.expectClaim && !input.expectClaim.includes(claim.state))
    throw new ClaimStateError('not_possible', `claim is ${claim.state}`);
  const [item] = await tx
    .select()
    .from(claimItems)
    .where(eq(claimItems.id, input.itemId))
    .for('update');
  if (!item) throw new ClaimStateError('unknown');
  const to = nextItemState(item.state, input.act);
  if (!to) throw new ClaimStateError('not_possible', `item ${item.state} cannot ${input.act}`);
  const [row] = await tx
    .update(claimItems)
    .set({ ...input.set, state: to, ...(to === 'closed' ? { closedAt: ctx.at } : {}) })
    .where(and(eq(claimItems.id, item.id), eq(claimItems.state, item.state)))
    .returning();
  if (!row) throw new ClaimStateError('not_possible', 'item changed meanwhile');
  await recordContractEvent(tx, {
    applicationId: claim.applicationId,
    type: `claim_item_${input.act}`,
    actor: ctx.actor,
    at: ctx.at,
    details: {
      claimId: claim.id,
      itemId: item.id,
      position: item.position,
      kind: item.kind,
      from: item.state,
      to,
      ...input.details,
    },
  });
  return { item: row, from: item.state, claim: await followItems(tx, ctx, claim.id) };
}

/**
 * Decides an item (staff in the back office; `decidedBy` 'system' for an item the tenant
 * accepted): never above the amount claimed nor above what the guarantee has left.
 */
export async function decideItem(
  tx: Tx,
  ctx: ClaimChangeContext,
  input: {
    itemId: string;
    decision: ClaimDecision;
    decidedCents: number;
    reason: string | null;
    decidedBy: string;
  },
): Promise<ItemMoved> {
  const [item] = await tx.select().from(claimItems).where(eq(claimItems.id, input.itemId));
  if (!item) throw new ClaimStateError('unknown');
  const [claim] = await tx.select().from(claims).where(eq(claims.id, item.claimId));
  if (!claim) throw new ClaimStateError('unknown');
  // Lock the contract: decisions and new claims on one guarantee happen one after another.
  await tx
    .select({ id: contracts.applicationId })
    .from(contracts)
    .where(eq(contracts.applicationId, claim.applicationId))
    .for('update');
  const left = await guaranteeLeft(tx, claim.applicationId, item.id);
  const problem = decisionProblem(amountsOf(item), input.decidedCents, left.guaranteeCents, []);
  const over = input.decidedCents > left.remainingCents ? 'above_guarantee' : undefined;
  if (problem ?? over) throw new ClaimStateError((problem ?? over)!);
  return moveItem(tx, ctx, {
    itemId: item.id,
    act: 'decide',
    set: {
      decision: input.decision,
      decidedCents: input.decidedCents,
      decisionReason: input.reason,
      decidedBy: input.decidedBy,
      decidedAt: ctx.at,
    },
    details: { decision: input.decision, decidedCents: input.decidedCents },
  });
}

/** The decided amount is paid (claimpay's payout executed); a decision of 0 € closes instead. */
export async function markItemPaid(
  tx: Tx,
  ctx: ClaimChangeContext,
  input: { itemId: string; paymentRef?: string },
): Promise<ItemMoved> {
  const [item] = await tx.select().from(claimItems).where(eq(claimItems.id, input.itemId));
  if (!item) throw new ClaimStateError('unknown');
  if (!item.decidedCents) throw new ClaimStateError('not_possible', 'nothing decided to pay');
  return moveItem(tx, ctx, {
    itemId: item.id,
    act: 'pay',
    set: { paidCents: item.decidedCents, paidAt: ctx.at },
    details: {
      paidCents: item.decidedCents,
      ...(input.paymentRef ? { paymentRef: input.paymentRef } : {}),
    },
  });
}

/** The tenant has repaid what was paid on the item (claimpay's recourse on the ledger). */
export const markItemRecovered = (tx: Tx, ctx: ClaimChangeContext, input: { itemId: string }) =>
  moveItem(tx, ctx, { itemId: input.itemId, act: 'recover', set: { recoveredAt: ctx.at } });

/** Closes an item: decided at 0 €, repaid, or the rest written off. */
export const closeItem = (
  tx: Tx,
  ctx: ClaimChangeContext,
  input: { itemId: string; details?: Record<string, string | number> },
) =>
  moveItem(tx, ctx, {
    itemId: input.itemId,
    act: 'close',
    ...(input.details ? { details: input.details } : {}),
  });
