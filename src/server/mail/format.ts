const eur = new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'EUR' });
const day = new Intl.DateTimeFormat('de-DE', {
  timeZone: 'Europe/Berlin',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
});

/** 1234.5 -> "1.234,50 €" (German grouping, euro sign after the amount). */
export function formatEuro(amount: number): string {
  return eur.format(amount).replace(/\u00a0/g, ' ');
}

/** A calendar date in Europe/Berlin as TT.MM.JJJJ. */
export function formatDate(date: Date): string {
  return day.format(date);
}

const dateTime = new Intl.DateTimeFormat('de-DE', {
  timeZone: 'Europe/Berlin',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** A moment in Europe/Berlin: "02.03.2026 um 10:00:05 Uhr" (withdrawal confirmations). */
export function formatDateTime(date: Date): string {
  const p = dateTime.formatToParts(date);
  const g = (t: string) => p.find((x) => x.type === t)?.value ?? '';
  return `${g('day')}.${g('month')}.${g('year')} um ${g('hour')}:${g('minute')}:${g('second')} Uhr`;
}

/** 'YYYY-MM-DD' -> 'TT.MM.JJJJ'. */
export const formatIsoDate = (iso: string): string => iso.split('-').reverse().join('.');

/** Integer cents -> "12,34 €". */
export const formatCents = (cents: number): string => formatEuro(cents / 100);
