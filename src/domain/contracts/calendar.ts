// Calendar arithmetic on 'YYYY-MM-DD' strings (UTC dates, no time of day), for premium periods.
import { boundedMemo } from '../memo';

const parts = (iso: string) => iso.split('-').map(Number) as [number, number, number];

/** Days from a to b (b - a); negative when b is earlier. */
export function daysBetween(a: string, b: string): number {
  const [ay, am, ad] = parts(a);
  const [by, bm, bd] = parts(b);
  return Math.round((Date.UTC(by, bm - 1, bd) - Date.UTC(ay, am - 1, ad)) / 86_400_000);
}

/**
 * addMonths' answers (ADR 1470): every contract's premium periods start on one of few days, and
 * the collection run works them out for each of 100,000 contracts. A pure function, so a
 * remembered answer is the answer; emptied when it holds too many.
 */
const addMonthsMemo = boundedMemo<string>(4096);

/**
 * Adds months; a day that does not exist in the target month becomes its last day
 * (31 Jan + 1 month = 28/29 Feb), as §188(3) BGB counts periods.
 */
export function addMonths(iso: string, months: number): string {
  return addMonthsMemo(`${iso}+${months}`, () => {
    const [y, m, d] = parts(iso);
    const first = new Date(Date.UTC(y, m - 1 + months, 1));
    const last = new Date(
      Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0),
    ).getUTCDate();
    first.setUTCDate(Math.min(d, last));
    return first.toISOString().slice(0, 10);
  });
}

export const maxIso = (a: string, b: string) => (a > b ? a : b);
export const minIso = (a: string, b: string) => (a < b ? a : b);
