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
