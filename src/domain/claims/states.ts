// States of a claim and of its items as pure transition tables (issue 26, ADR 1240). The server
// stores the state and moves it only through these tables; a missing entry means "not now".

export const claimItemStates = [
  'open',
  'accepted',
  'objected',
  'countered',
  'expired',
  'decided',
  'paid',
  'recovered',
  'closed',
] as const;
export type ClaimItemState = (typeof claimItemStates)[number];

/**
 * What can happen to one item: the tenant accepts, objects (with a reason) or proposes a lower
 * amount; the answer period ends without an answer; staff (or, for an accepted item, the system)
 * decide an amount; the guarantor pays it; the tenant repays it; the item is closed.
 */
export const claimItemActs = [
  'accept',
  'object',
  'counter',
  'expire',
  'decide',
  'pay',
  'recover',
  'close',
] as const;
export type ClaimItemAct = (typeof claimItemActs)[number];

const itemMoves = {
  open: { accept: 'accepted', object: 'objected', counter: 'countered', expire: 'expired' },
  accepted: { decide: 'decided' },
  objected: { decide: 'decided' },
  countered: { decide: 'decided' },
  // Silence is not acceptance: an unanswered item waits for a staff decision like a disputed one.
  expired: { decide: 'decided' },
  // A decision of 0 € closes the item; any other amount is paid (see itemActAllowed).
  decided: { pay: 'paid', close: 'closed' },
  // Paid: the tenant repays (recourse), or the rest is written off and the item closed.
  paid: { recover: 'recovered', close: 'closed' },
  recovered: { close: 'closed' },
  closed: {},
} as const satisfies Record<ClaimItemState, Partial<Record<ClaimItemAct, ClaimItemState>>>;

/** The item's state after `act`, or undefined when the act is not possible now. */
export function nextItemState(from: ClaimItemState, act: ClaimItemAct): ClaimItemState | undefined {
  const moves: Partial<Record<ClaimItemAct, ClaimItemState>> = itemMoves[from];
  return moves[act];
}

/** The tenant's three answers; each is an item act. */
export const claimAnswers = ['accept', 'object', 'counter'] as const;
export type ClaimAnswer = (typeof claimAnswers)[number];
export const isClaimAnswer = (v: unknown): v is ClaimAnswer =>
  typeof v === 'string' && (claimAnswers as readonly string[]).includes(v);

/** Items still waiting for the tenant's answer. */
export const awaitsAnswer = (s: ClaimItemState) => s === 'open';
/** Answered or expired, not yet decided: the back office's work (claimpay). */
export const awaitsDecision = (s: ClaimItemState) =>
  s === 'accepted' || s === 'objected' || s === 'countered' || s === 'expired';
/** Decided, or further along. */
const isDecided = (s: ClaimItemState) =>
  s === 'decided' || s === 'paid' || s === 'recovered' || s === 'closed';

export const claimStates = [
  'filed',
  'notified',
  'answered',
  'expired',
  'decided',
  'paid',
  'recovered',
  'closed',
] as const;
export type ClaimState = (typeof claimStates)[number];

export const claimActs = [
  'notify',
  'answer',
  'expire',
  'decide',
  'pay',
  'recover',
  'close',
] as const;
export type ClaimAct = (typeof claimActs)[number];

const claimMoves = {
  filed: { notify: 'notified' },
  notified: { answer: 'answered', expire: 'expired' },
  answered: { decide: 'decided' },
  expired: { decide: 'decided' },
  decided: { pay: 'paid', close: 'closed' },
  paid: { recover: 'recovered', close: 'closed' },
  recovered: { close: 'closed' },
  closed: {},
} as const satisfies Record<ClaimState, Partial<Record<ClaimAct, ClaimState>>>;

/** The claim's state after `act`, or undefined when the act is not possible now. */
export function nextClaimState(from: ClaimState, act: ClaimAct): ClaimState | undefined {
  const moves: Partial<Record<ClaimAct, ClaimState>> = claimMoves[from];
  return moves[act];
}

/** The order of claim states (for "never out of order" checks): a claim only moves forward. */
export const claimStateRank: Record<ClaimState, number> = {
  filed: 0,
  notified: 1,
  answered: 2,
  expired: 2,
  decided: 3,
  paid: 4,
  recovered: 5,
  closed: 6,
};

export interface ItemSnapshot {
  state: ClaimItemState;
  /** Set once decided. */
  decidedCents?: number | null;
}

/**
 * The claim act its items call for now, if any: all items answered -> answer (expire when the
 * deadline job expired the rest); all decided -> decide; every decided amount paid (something
 * was) -> pay; everything repaid -> recover; everything closed -> close. The store applies these
 * one after another until none is due (claimActsDue).
 */
function claimActDue(state: ClaimState, items: readonly ItemSnapshot[]): ClaimAct | undefined {
  if (items.length === 0) return undefined;
  const all = (p: (i: ItemSnapshot) => boolean) => items.every(p);
  switch (state) {
    case 'filed':
      return undefined;
    case 'notified':
      // Nothing open any more: answered, unless the period ended with items left unanswered.
      if (!all((i) => !awaitsAnswer(i.state))) return undefined;
      return items.some((i) => i.state === 'expired') ? 'expire' : 'answer';
    case 'answered':
    case 'expired':
      return all((i) => isDecided(i.state)) ? 'decide' : undefined;
    case 'decided':
      if (all((i) => i.state === 'closed')) return 'close';
      return all((i) => i.state === 'paid' || i.state === 'recovered' || i.state === 'closed')
        ? 'pay'
        : undefined;
    case 'paid':
      if (all((i) => i.state === 'closed')) return 'close';
      return all((i) => i.state === 'recovered' || i.state === 'closed') ? 'recover' : undefined;
    case 'recovered':
      return all((i) => i.state === 'closed') ? 'close' : undefined;
    case 'closed':
      return undefined;
  }
}

/** Every claim act due now, in order (an item change can carry the claim several steps). */
export function claimActsDue(state: ClaimState, items: readonly ItemSnapshot[]): ClaimAct[] {
  const acts: ClaimAct[] = [];
  let s = state;
  for (let act = claimActDue(s, items); act; act = claimActDue(s, items)) {
    const to = nextClaimState(s, act);
    if (!to) break;
    acts.push(act);
    s = to;
  }
  return acts;
}

/**
 * Does a claim in this state pause dunning (DECISIONS.md "Money", ADR 1280)? While the tenant
 * answers and staff decide, what the tenant owes is not yet settled, so no reminder goes out.
 * Once the guarantor has paid, the recourse is an ordinary owed amount and dunning runs again
 * (unless the tenant disputes it, which `payment_disputes` pauses).
 */
export const claimPausesDunning = {
  filed: true,
  notified: true,
  answered: true,
  expired: true,
  decided: true,
  paid: false,
  recovered: false,
  closed: false,
} as const satisfies Record<ClaimState, boolean>;
