/**
 * The EPC QR code ("GiroCode", EPC069-12 version 002) for a SEPA credit transfer: banking apps
 * read payee, IBAN, amount and reference from it. Pure text; the server draws the code.
 */
export function epcPayload(p: {
  name: string;
  iban: string;
  bic?: string | undefined;
  amountCents: number;
  reference: string;
}): string {
  if (!Number.isSafeInteger(p.amountCents) || p.amountCents < 1 || p.amountCents > 99_999_999_999)
    throw new RangeError(`EPC amount out of range: ${p.amountCents}`);
  const euros = `${Math.floor(p.amountCents / 100)}.${String(p.amountCents % 100).padStart(2, '0')}`;
  return [
    'BCD',
    '002',
    '1', // UTF-8
    'SCT',
    p.bic ?? '',
    p.name.slice(0, 70),
    p.iban.replace(/\s+/g, ''),
    `EUR${euros}`,
    '', // purpose
    '', // structured reference
    p.reference.slice(0, 140),
  ].join('\n');
}
