import {
  settleEnd,
  settleWithdrawal,
  todayInBerlin,
  type PremiumPlan,
  type SettlementResult,
} from '../../domain/index';
import type { Tx } from '../db/client';
import type { ContractRow } from '../db/schema/index';
import { book, entriesOf, openRefund } from './ledger';

export function planOf(c: ContractRow): PremiumPlan {
  return {
    start: c.startOn,
    paymentsPerYear: c.paymentsPerYear as PremiumPlan['paymentsPerYear'],
    ratePerPaymentCents: c.ratePerPaymentCents,
    firstDebitOn: c.firstDebitOn,
    // A partial release lowers the rate from its day on (ADR 1255).
    reduction:
      c.partiallyReleasedOn && c.reducedRatePerPaymentCents !== null
        ? { from: c.partiallyReleasedOn, ratePerPaymentCents: c.reducedRatePerPaymentCents }
        : undefined,
  };
}

type End = { kind: 'withdrawn' } | { kind: 'cancelled' | 'released'; endOn: string };

function compute(entries: Parameters<typeof settleEnd>[0], c: ContractRow, end: End) {
  return end.kind === 'withdrawn'
    ? settleWithdrawal(entries)
    : settleEnd(entries, planOf(c), end.endOn);
}

/**
 * Settles the contract in the caller's transaction: books the premium to the day and, where
 * more was collected, the refund (with its transfer due in 14 days). Settling again books only
 * what changed since (a debit collected after the end, ADR 1220).
 */
export async function settleAndBook(
  tx: Tx,
  c: ContractRow,
  end: End,
  now: Date,
  source = `settlement:${end.kind}`,
): Promise<SettlementResult> {
  const today = todayInBerlin(now);
  const entries = await entriesOf(tx, c.applicationId);
  const r = compute(entries, c, end);
  const n = entries.length;
  await book(tx, c.applicationId, r.entries, { source: `${source}:${n}`, bookedOn: today, now });
  for (const e of r.entries)
    if (e.kind === 'refund_due')
      await openRefund(tx, c.applicationId, c.contractNumber, e.amountCents, today, now);
  return r;
}

/** The end of a contract that has ended, from its row (for settling again later). */
export function endOf(c: ContractRow): End | undefined {
  if (c.status === 'withdrawn') return { kind: 'withdrawn' };
  if ((c.status === 'cancelled' || c.status === 'released') && c.endOn)
    return { kind: c.status, endOn: c.endOn };
  return undefined;
}
