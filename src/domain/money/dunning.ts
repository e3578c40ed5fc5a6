import { addDays } from '../dates';

/**
 * Dunning of an unpaid premium (DECISIONS.md "Money", modelled on § 38 VVG; the conditions
 * state the rule): a reminder in text form with a deadline of at least two weeks, a second one
 * that spells out the consequence, then a staff decision (instalments, hand-over to collection,
 * write-off with four eyes, or terminating the contract). Pure: the next step for one contract.
 */
export const DUNNING_DEADLINE_DAYS = 14;

export interface DunningInput {
  today: string;
  /** Owed and not about to be collected by a planned or presented debit. */
  dueCents: number;
  /** Reminders sent so far (level 1, 2) with their deadlines. */
  notices: ReadonlyArray<{ level: 1 | 2; deadline: string }>;
  /** A staff decision is already waiting (nothing more is sent meanwhile). */
  decisionOpen: boolean;
  /** Paused: the tenant disputes, or a claim is open. */
  paused: boolean;
}

export type DunningStep =
  { kind: 'none' } | { kind: 'reminder'; level: 1 | 2; deadline: string } | { kind: 'decision' };

export function nextDunningStep(i: DunningInput): DunningStep {
  if (i.dueCents <= 0 || i.paused || i.decisionOpen) return { kind: 'none' };
  const last = i.notices.reduce<(typeof i.notices)[number] | undefined>(
    (a, n) => (!a || n.level > a.level ? n : a),
    undefined,
  );
  const deadline = addDays(i.today, DUNNING_DEADLINE_DAYS);
  if (!last) return { kind: 'reminder', level: 1, deadline };
  if (i.today <= last.deadline) return { kind: 'none' };
  if (last.level === 1) return { kind: 'reminder', level: 2, deadline };
  return { kind: 'decision' };
}
