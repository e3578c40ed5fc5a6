// The SEPA mandate reference of a contract's first mandate (ADR 0832). It must be named on the
// check step, before the contract number exists (DECISIONS.md), and it is the reference the
// debits later carry, so it is formed from what exists from the first save on: the application's
// id (a random uuid, unique, not a credential).

const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** RFC 4648 base32 without padding: capitals and digits 2-7, all allowed in a SEPA reference. */
function base32(bytes: readonly number[]): string {
  let out = '';
  let buffer = 0;
  let bits = 0;
  for (const byte of bytes) {
    buffer = (buffer << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += alphabet[(buffer >>> (bits - 5)) & 31];
      bits -= 5;
    }
    buffer &= (1 << bits) - 1;
  }
  if (bits > 0) out += alphabet[(buffer << (5 - bits)) & 31];
  return out;
}

/**
 * "MK-" and the 128 bits of the application id in base32, in groups of four joined by hyphens
 * (readable, and a narrow screen breaks the line there): exactly the 35 characters SEPA allows,
 * one per application and the same every time it is formed. Undefined for anything but a uuid.
 */
export function firstMandateReference(applicationId: string): string | undefined {
  if (!uuidPattern.test(applicationId)) return undefined;
  const hex = applicationId.replaceAll('-', '');
  const bytes = Array.from({ length: 16 }, (_, i) => parseInt(hex.slice(2 * i, 2 * i + 2), 16));
  return `MK-${base32(bytes)
    .match(/.{1,4}/g)!
    .join('-')}`;
}

/** SEPA mandate references: at most 35 characters of A-Z a-z 0-9 + ? / - : ( ) . , ' and space. */
export const isSepaMandateReference = (s: string): boolean =>
  /^[A-Za-z0-9+?/\-:().,' ]{1,35}$/.test(s) && !s.startsWith(' ') && !s.startsWith('/');
