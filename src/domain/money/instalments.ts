import { addDays } from '../dates';
import { addMonths } from '../contracts/calendar';
import { addBusinessDays, onOrAfterBusinessDay } from './target2';
import { inFlight, mayPresentAgain, type DebitSeen } from './collection';

/**
 * Instalments over an open amount the tenant owes (issue 25 item 5; issue 26 reuses it for
 * claims): the amount in n monthly parts, each a SEPA debit on the contract's mandate, due on a
 * TARGET2 business day, announced before. Pure.
 */

/** What the tenant may choose in self-service on the contract page. */
export const tenantInstalmentCounts = [3, 6, 12] as const;
export type TenantInstalmentCount = (typeof tenantInstalmentCounts)[number];

/** Staff may agree 2 to 12 monthly instalments. */
const STAFF_MAX_INSTALMENTS = 12;

/** No instalment below one euro: a debit costs more than that (both sides' bank charges). */
const MIN_INSTALMENT_CENTS = 100;

/**
 * `totalCents` in `n` parts that differ by at most one cent, the larger ones first; whole cents
 * that add up exactly.
 */
export function splitCents(totalCents: number, n: number): number[] {
  if (!Number.isSafeInteger(totalCents) || totalCents <= 0)
    throw new RangeError(`amount must be positive whole cents, not ${totalCents}`);
  if (!Number.isSafeInteger(n) || n < 1) throw new RangeError(`count must be >= 1, not ${n}`);
  const base = Math.floor(totalCents / n);
  const rest = totalCents - base * n;
  return Array.from({ length: n }, (_, i) => base + (i < rest ? 1 : 0));
}

/** n monthly due days from `first` (same day of month, or the month's last), each on a T2 day. */
export function monthlyDueDays(first: string, n: number): string[] {
  return Array.from({ length: n }, (_, i) => onOrAfterBusinessDay(addMonths(first, i)));
}

/**
 * The first instalment's day: far enough ahead that the debit can be drawn up
 * (`leadBusinessDays`) and its pre-notification reaches the tenant (`noticeDays`).
 */
export function firstInstalmentDay(
  today: string,
  t: { leadBusinessDays: number; noticeDays: number },
): string {
  const lead = addBusinessDays(today, t.leadBusinessDays + 1);
  const notice = onOrAfterBusinessDay(addDays(today, t.noticeDays + 1));
  return lead > notice ? lead : notice;
}

export interface Instalment {
  n: number;
  amountCents: number;
  dueOn: string;
}

export function instalmentSchedule(p: {
  totalCents: number;
  count: number;
  today: string;
  leadBusinessDays: number;
  noticeDays: number;
}): Instalment[] {
  const amounts = splitCents(p.totalCents, p.count);
  const days = monthlyDueDays(firstInstalmentDay(p.today, p), p.count);
  return amounts.map((amountCents, i) => ({ n: i + 1, amountCents, dueOn: days[i]! }));
}

/** The counts the tenant may choose for this amount (each part at least one euro). */
export function tenantInstalmentChoices(owedCents: number): TenantInstalmentCount[] {
  return tenantInstalmentCounts.filter((n) => owedCents >= n * MIN_INSTALMENT_CENTS);
}

export type InstalmentRefusal = 'nothing_owed' | 'count' | 'too_small';

/** Why a plan of `count` parts over `owedCents` cannot be made (or null). */
export function instalmentRefusal(
  owedCents: number,
  count: number,
  allowed: readonly number[],
): InstalmentRefusal | null {
  if (owedCents <= 0) return 'nothing_owed';
  if (!allowed.includes(count)) return 'count';
  if (owedCents < count * MIN_INSTALMENT_CENTS) return 'too_small';
  return null;
}

export const staffInstalmentCounts: readonly number[] = Array.from(
  { length: STAFF_MAX_INSTALMENTS - 1 },
  (_, i) => i + 2,
);

/**
 * What the tenant owes that nothing is about to collect: the ledger's open amount less debits
 * planned or with the bank, instalments still to come and what was handed over to collection.
 * Dunning, instalment plans and write-offs all work on this figure.
 */
export function owedNow(f: {
  openCents: number;
  pendingDebitCents: number;
  scheduledInstalmentCents: number;
  handedOverCents: number;
}): number {
  return Math.max(
    0,
    f.openCents - f.pendingDebitCents - f.scheduledInstalmentCents - f.handedOverCents,
  );
}

/**
 * Instalments the run will still present (none of their debits collected or underway, and a
 * returned one may be presented again): owed, but not for dunning.
 */
export function scheduledInstalmentCents(
  instalments: ReadonlyArray<{ id: string; amountCents: number }>,
  debits: readonly DebitSeen[],
  mandateReference: string,
): number {
  let sum = 0;
  for (const i of instalments) {
    const mine = debits.filter((d) => d.instalmentId === i.id);
    if (mine.some((d) => inFlight.has(d.status) || d.status === 'collected')) continue;
    if (mayPresentAgain(mine, mandateReference)) sum += i.amountCents;
  }
  return sum;
}

/**
 * The periods an amount handed over to collection pays (ADR 1229): the agency collects it, so
 * the run must not present these periods again (say on a new mandate after an AC04 return).
 * The hand-over records only its amount; it was what was owed then, oldest first, so it is
 * laid over the open periods oldest first, leaving out those an instalment plan covers or a
 * debit is collecting. A period it reaches only in part counts as covered too: presenting it
 * in full could make the tenant pay that part twice.
 */
export function handedOverPeriods(
  open: ReadonlyMap<string, number>,
  handedOverCents: number,
  skip: ReadonlySet<string>,
): string[] {
  const out: string[] = [];
  let left = handedOverCents;
  for (const [period, cents] of [...open].sort(([a], [b]) => (a < b ? -1 : 1))) {
    if (left <= 0) break;
    if (cents <= 0 || skip.has(period)) continue;
    out.push(period);
    left -= cents;
  }
  return out;
}
