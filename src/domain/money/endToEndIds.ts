import { contractNumberPattern } from '../rules/patterns';

/**
 * The end-to-end ids of our SEPA debits (issue 25), built and read here and nowhere else. The
 * bank hands them back on returns (camt.054, pain.002), so they name what was collected; SEPA
 * allows 35 characters.
 *
 * - a premium period's debit: `MK-2026-000042-20260315-1` (contract, the period's first day,
 *   attempt);
 * - an instalment's debit: `MK-2026-000042-P1-03-1` (contract, plan 1, part 3, attempt).
 *
 * A sandbox contract's number carries `TEST-` (patterns.ts), so do its ids.
 */

/** An instalment within its contract: 'P1-03' (plan 1, part 3). */
export const instalmentLabel = (plan: number, part: number) =>
  `P${plan}-${String(part).padStart(2, '0')}`;

/** A premium period's debit: "MK-2026-000042-20260315-1". */
export function endToEndId(contractNumber: string, period: string, attempt: number): string {
  return `${contractNumber}-${period.replaceAll('-', '')}-${attempt}`;
}

/** An instalment's debit: "MK-2026-000042-P1-03-1". */
export function instalmentEndToEndId(contractNumber: string, label: string, attempt: number) {
  return `${contractNumber}-${label}-${attempt}`;
}

/** The id of a debit the collection run draws up: an instalment's, or its period's. */
export function debitEndToEndId(
  contractNumber: string,
  d: { period: string; attempt: number; instalment?: { label: string } | undefined },
): string {
  return d.instalment
    ? instalmentEndToEndId(contractNumber, d.instalment.label, d.attempt)
    : endToEndId(contractNumber, d.period, d.attempt);
}

export type ParsedEndToEndId =
  | { kind: 'period'; contractNumber: string; period: string; attempt: number }
  | { kind: 'instalment'; contractNumber: string; plan: number; part: number; attempt: number };

const contract = contractNumberPattern.source.replace(/^\^/, '').replace(/\$$/, '');
const count = '[1-9]\\d{0,2}';
const periodId = new RegExp(
  `^(?<contract>${contract})-(?<y>\\d{4})(?<m>\\d{2})(?<d>\\d{2})-(?<attempt>${count})$`,
);
const instalmentId = new RegExp(
  `^(?<contract>${contract})-P(?<plan>${count})-(?<part>\\d{2})-(?<attempt>${count})$`,
);

const isCalendarDay = (iso: string) => {
  const d = new Date(`${iso}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(iso);
};

/** What one of our ids names, or undefined for an id that is not ours (another's, NOTPROVIDED). */
export function parseEndToEndId(id: string): ParsedEndToEndId | undefined {
  const text = id.trim();
  const p = periodId.exec(text)?.groups;
  if (p) {
    const period = `${p.y}-${p.m}-${p.d}`;
    return isCalendarDay(period)
      ? { kind: 'period', contractNumber: p.contract!, period, attempt: Number(p.attempt) }
      : undefined;
  }
  const i = instalmentId.exec(text)?.groups;
  if (i && Number(i.part) > 0)
    return {
      kind: 'instalment',
      contractNumber: i.contract!,
      plan: Number(i.plan),
      part: Number(i.part),
      attempt: Number(i.attempt),
    };
  return undefined;
}
