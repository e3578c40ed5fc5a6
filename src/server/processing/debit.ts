/** DE89370400440532013000 -> "DE89 XXXX XXXX XXXX XX30 00": enough to recognise, not to reuse. */
export function maskIban(iban: string): string {
  const e = iban.replace(/\s+/g, '').toUpperCase();
  if (e.length < 8) return e;
  const masked = e.slice(0, 4) + 'X'.repeat(e.length - 8) + e.slice(-4);
  return masked.replace(/(.{4})/g, '$1 ').trim();
}
