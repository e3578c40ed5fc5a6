/**
 * What happens to the tenant's money when they withdraw (§ 9 VVG), decided from the ledger's
 * settlement and the state of the contract's debits: the confirmation e-mail and the pages say
 * exactly this (issue 25; before, "wir buchen auch keine mehr ab" was said even while a debit was
 * already with the bank). Pure; the sentences are in src/domain/messages/withdrawalMoney.ts.
 */

/**
 * A debit that can still reach the tenant's account after the withdrawal: `prepared` is in a
 * bank file not yet released, `submitted` was handed to the bank. Planned debits are dropped
 * with the withdrawal and never appear here.
 */
export interface DebitUnderway {
  amountCents: number;
  dueOn: string;
  stage: 'prepared' | 'submitted';
}

export type WithdrawalMoney =
  /** Nothing arrived, nothing is underway: no refund, no more debits. */
  | { kind: 'nothing' }
  /** Premiums arrived: they come back; no more debits. */
  | { kind: 'refund'; refundCents: number }
  /** A debit can still be collected: it comes back after it arrives; nothing else is debited. */
  | { kind: 'underway'; refundCents: number; debits: DebitUnderway[] };

export function withdrawalMoney(facts: {
  /** Refund the settlement promised (what was really collected). */
  refundCents: number;
  /** Debits of the contract in a bank file or with the bank, in any order. */
  underway: readonly DebitUnderway[];
}): WithdrawalMoney {
  if (facts.underway.length > 0)
    return {
      kind: 'underway',
      refundCents: facts.refundCents,
      debits: [...facts.underway].sort((a, b) => (a.dueOn < b.dueOn ? -1 : 1)),
    };
  return facts.refundCents > 0
    ? { kind: 'refund', refundCents: facts.refundCents }
    : { kind: 'nothing' };
}
