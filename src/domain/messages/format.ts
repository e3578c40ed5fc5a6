// Money and dates as every German text shows them - tenant UI, e-mails, PDF documents (ADR 0306).
// Texts take the formatted string; nothing else in the code formats euros or dates by hand.

import { berlinTime, isoToGerman } from '../dates';

// Currency style would put a no-break space before '€'; tests, e-mails and PDFs carry a plain one.
const euro = new Intl.NumberFormat('de-DE', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/**
 * 1234.5 -> '1.234,50 €': German grouping, always two decimals (half away from zero at the cent,
 * as Intl rounds), a plain space before the sign. Prices include VAT.
 */
export const formatEuro = (amount: number): string => `${euro.format(amount)} €`;

/** Integer cents -> '12,34 €' (settlements of the contract page and its e-mails). */
export const formatCents = (cents: number): string => formatEuro(cents / 100);

/** A moment's calendar day in Europe/Berlin as 'TT.MM.JJJJ' (midnight in Berlin is the new day). */
export function formatDate(at: Date): string {
  const t = berlinTime(at);
  return `${t.day}.${t.month}.${t.year}`;
}

/** A moment in Europe/Berlin: '02.03.2026 um 10:00:05 Uhr' (receipts of withdrawals and releases). */
export function formatDateTime(at: Date): string {
  const t = berlinTime(at);
  return `${t.day}.${t.month}.${t.year} um ${t.hour}:${t.minute}:${t.second} Uhr`;
}

/**
 * A stored calendar date 'YYYY-MM-DD' -> 'TT.MM.JJJJ' (no time zone: it is a day, not a moment).
 * Anything else is shown as it is rather than garbled.
 */
export const formatIsoDate = (iso: string): string => isoToGerman(iso) ?? iso;
