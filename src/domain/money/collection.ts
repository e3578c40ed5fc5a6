import { addDays } from '../dates';
import {
  periodPremiumCents,
  premiumPeriods,
  regularRateCents,
  type PremiumPlan,
} from '../contracts/premiums';
import { openByPeriod, type LedgerEntry } from './ledger';
import { MAX_ATTEMPTS_SAME_MANDATE, returnActionOf } from './returns';
import { addBusinessDays, onOrAfterBusinessDay } from './target2';

/**
 * The daily collection run's decisions for one contract (issue 25 item 2), pure: which premiums
 * fall due (booked as premium_due), which debits to present and when, with which sequence type,
 * and which need their own pre-notification.
 */

export type DebitStatus = 'planned' | 'in_batch' | 'presented' | 'collected' | 'returned';

export interface DebitSeen {
  period: string;
  attempt: number;
  status: DebitStatus;
  mandateReference: string;
  returnReason?: string | null | undefined;
  /** Set when the debit collects an instalment (its `period` is then the instalment's day). */
  instalmentId?: string | null | undefined;
}

export interface NewDebit {
  period: string;
  attempt: number;
  amountCents: number;
  dueOn: string;
  sequence: 'FRST' | 'RCUR';
  /** A changed amount, a new mandate or a catch-up: its own pre-notification (item 3). */
  notice: 'first_period' | 'new_mandate' | 'catch_up' | 'amount' | 'instalment' | null;
  /** The instalment this debit collects (instalments.ts); `period` is then its due day. */
  instalment?: { id: string; label: string } | undefined;
}

/** An instalment of an agreed plan, for the run to collect (the seam for instalment plans). */
export interface InstalmentToCollect {
  id: string;
  /** Short and unique within the contract, for the end-to-end id: `instalmentLabel` (endToEndIds.ts). */
  label: string;
  amountCents: number;
  dueOn: string;
}

export interface CollectionInput {
  today: string;
  /** Debits are drawn up this many TARGET2 business days before their due day. */
  leadBusinessDays: number;
  /** A debit with its own pre-notification is due at least this many days after the notice. */
  noticeDays: number;
  plan: PremiumPlan;
  /** First day without cover, when the contract has ended (its periods are settled already). */
  endOn?: string | null | undefined;
  entries: readonly LedgerEntry[];
  debits: readonly DebitSeen[];
  /** The contract's current mandate; stopped: no debits until the tenant gives a new account. */
  mandate: { reference: string; stopped: boolean; first: boolean };
  /** Withdrawn contracts present nothing more. */
  collect: boolean;
  /** Instalments of agreed plans; their periods (`coveredPeriods`) are collected by them. */
  instalments?: readonly InstalmentToCollect[] | undefined;
  coveredPeriods?: readonly string[] | undefined;
}

export interface CollectionPlan {
  dues: LedgerEntry[];
  debits: NewDebit[];
}

export const inFlight: ReadonlySet<DebitStatus> = new Set(['planned', 'in_batch', 'presented']);

/** May this period (or instalment: `mine` are its debits) be presented again after a return? */
export function mayPresentAgain(mine: readonly DebitSeen[], mandate: string): boolean {
  const last = mine.reduce<DebitSeen | undefined>(
    (a, d) => (!a || d.attempt > a.attempt ? d : a),
    undefined,
  );
  if (!last) return true;
  if (last.status !== 'returned') return false;
  const action = returnActionOf(last.returnReason);
  if (action.represent === 'never') return false;
  if (action.represent === 'new_mandate') return last.mandateReference !== mandate;
  const onThisMandate = mine.filter((d) => d.mandateReference === mandate).length;
  return last.mandateReference !== mandate || onThisMandate < MAX_ATTEMPTS_SAME_MANDATE;
}

export function planCollection(input: CollectionInput): CollectionPlan {
  const { today, plan } = input;
  // The earliest due day a file drawn up today can ask for, and the earliest after a notice.
  const earliest = addBusinessDays(today, input.leadBusinessDays);
  const noticeEarliest = onOrAfterBusinessDay(addDays(today, input.noticeDays));
  // Planned this far ahead, so a notice goes out in time for the regular day.
  const lookahead = earliest > noticeEarliest ? earliest : noticeEarliest;
  const dues: LedgerEntry[] = [];
  const until = input.endOn ?? addDays(lookahead, 1);
  const periods = premiumPeriods(plan, until).filter(
    (p) => onOrAfterBusinessDay(p.debitOn) <= lookahead,
  );
  const booked = new Set(
    input.entries.filter((e) => e.kind === 'premium_due').map((e) => e.period),
  );
  // Periods of an ended contract are charged by its settlement; a running one by the run.
  if (!input.endOn)
    for (const p of periods)
      if (!booked.has(p.from))
        dues.push({
          kind: 'premium_due',
          amountCents: periodPremiumCents(plan, p),
          period: p.from,
        });
  const debits: NewDebit[] = [];
  if (!input.collect || input.mandate.stopped) return { dues, debits };
  const debitDay = new Map(periods.map((p) => [p.from, p.debitOn]));
  const open = openByPeriod([...input.entries, ...dues]);
  const regular = input.debits.filter((d) => !d.instalmentId);
  const covered = new Set(input.coveredPeriods ?? []);
  const mandateUsed = input.debits.some(
    (d) => d.mandateReference === input.mandate.reference && d.status !== 'planned',
  );
  const firstPeriod = premiumPeriods(plan, addDays(plan.start, 1))[0]?.from;
  for (const [period, cents] of [...open].sort(([a], [b]) => (a < b ? -1 : 1))) {
    const day = debitDay.get(period);
    // Not yet due (or not a period of the plan): a later run takes it.
    if (cents <= 0 || !day || covered.has(period)) continue;
    const mine = regular.filter((d) => d.period === period);
    if (mine.some((d) => inFlight.has(d.status))) continue;
    if (!mayPresentAgain(mine, input.mandate.reference)) continue;
    const attempt = Math.max(0, ...mine.map((d) => d.attempt)) + 1;
    const regularDay = onOrAfterBusinessDay(day);
    const notice: NewDebit['notice'] =
      !input.mandate.first && !mandateUsed && debits.length === 0
        ? 'new_mandate'
        : attempt > 1 || regularDay < earliest
          ? 'catch_up'
          : period === firstPeriod
            ? 'first_period'
            : cents !== regularRateCents(plan, period)
              ? 'amount'
              : null;
    let dueOn = regularDay < earliest ? earliest : regularDay;
    if (notice && dueOn < noticeEarliest) dueOn = noticeEarliest;
    const sequence = mandateUsed || debits.length > 0 ? 'RCUR' : 'FRST';
    debits.push({ period, attempt, amountCents: cents, dueOn, sequence, notice });
  }
  for (const i of input.instalments ?? []) {
    // Drawn up when its day comes within reach; each has its own pre-notification.
    if (onOrAfterBusinessDay(i.dueOn) > lookahead) continue;
    const mine = input.debits.filter((d) => d.instalmentId === i.id);
    if (mine.some((d) => inFlight.has(d.status) || d.status === 'collected')) continue;
    if (!mayPresentAgain(mine, input.mandate.reference)) continue;
    const attempt = Math.max(0, ...mine.map((d) => d.attempt)) + 1;
    const regularDay = onOrAfterBusinessDay(i.dueOn);
    const late = attempt > 1 || regularDay < earliest;
    let dueOn = regularDay < earliest ? earliest : regularDay;
    if (dueOn < noticeEarliest) dueOn = noticeEarliest;
    debits.push({
      period: i.dueOn,
      attempt,
      amountCents: i.amountCents,
      dueOn,
      sequence: mandateUsed || debits.length > 0 ? 'RCUR' : 'FRST',
      notice: late ? 'catch_up' : 'instalment',
      instalment: { id: i.id, label: i.label },
    });
  }
  return { dues, debits };
}
