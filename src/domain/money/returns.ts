/**
 * What a returned or rejected direct debit leads to, per ISO reason code (issue 25 item 4). One
 * table; a code not in it goes to staff like a mandate dispute, never silently retried.
 */
export interface ReturnAction {
  /** The mandate cannot be used again (account closed, blocked, wrong). */
  stopMandate: boolean;
  /** Present again: on the same mandate once more, on a new mandate (after an IBAN change), never. */
  represent: 'once_more' | 'new_mandate' | 'never';
  /** The tenant is asked for the new account through the contract page's IBAN change. */
  askForIban: boolean;
  /** Reminders (dunning) start when no new attempt is due or the last one failed. */
  dunning: boolean;
  /** A person looks at it (mandate disputes). */
  staffTask: boolean;
}

const accountGone: ReturnAction = {
  stopMandate: true,
  represent: 'new_mandate',
  askForIban: true,
  dunning: false,
  staffTask: false,
};
const tryAgain: ReturnAction = {
  stopMandate: false,
  represent: 'once_more',
  askForIban: false,
  dunning: true,
  staffTask: false,
};
const dunOnly: ReturnAction = {
  stopMandate: false,
  represent: 'never',
  askForIban: false,
  dunning: true,
  staffTask: false,
};
const dispute: ReturnAction = {
  stopMandate: true,
  represent: 'never',
  askForIban: false,
  dunning: false,
  staffTask: true,
};

export const returnReasons = {
  AC01: accountGone, // incorrect account number
  AC04: accountGone, // account closed
  AC06: accountGone, // account blocked
  AG01: accountGone, // transaction forbidden on this account
  MS03: tryAgain, // reason not specified
  AM04: tryAgain, // insufficient funds
  MS02: dunOnly, // refused by the debtor
  MD06: dunOnly, // refund request by the debtor (within eight weeks)
  MD01: dispute, // no valid mandate
  MD02: dispute, // mandate data missing or wrong
} as const satisfies Record<string, ReturnAction>;
export type ReturnReason = keyof typeof returnReasons;

export function returnActionOf(code: string | null | undefined): ReturnAction {
  return code && code in returnReasons ? returnReasons[code as ReturnReason] : dispute;
}

/** At most this many presentations of one period on one mandate for 'once_more' codes. */
export const MAX_ATTEMPTS_SAME_MANDATE = 2;
