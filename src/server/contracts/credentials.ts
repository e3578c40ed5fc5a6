import { firstMandateReference } from '../../domain/contracts/mandate';
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Secrets of a contract's after-sale functions. All are random or keyed with SERVER_SECRET;
 * the database keeps only SHA-256 hashes of what is handed out.
 */

export const sha256 = (s: string): string => createHash('sha256').update(s).digest('hex');

const hmac = (secret: string, purpose: string, data: string) =>
  createHmac('sha256', secret).update(`${purpose}\n${data}`).digest();

/** Letters without look-alikes (no 0/O, 1/I/L), for a code typed from paper. */
const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

/**
 * What the certificate prints (i12a's PDF): the verification token of the QR code and link
 * `{PUBLIC_URL}/pruefen/{token}` (128 bits, base64url, 22 characters) and the 8-character
 * release code (about 40 bits; wrong tries are counted and locked after ten). Derived from
 * SERVER_SECRET and the application id, so the document job can compute them again at any time;
 * the contracts row stores their hashes at acceptance, so a later change of the secret does not
 * invalidate printed certificates.
 */
export function contractCredentials(
  secret: string,
  applicationId: string,
): { verificationToken: string; releaseCode: string } {
  const token = hmac(secret, 'verify', applicationId).subarray(0, 16).toString('base64url');
  const bytes = hmac(secret, 'release', applicationId);
  let code = '';
  for (let i = 0; i < 8; i++) code += CODE_ALPHABET[(bytes[i] ?? 0) % CODE_ALPHABET.length];
  return { verificationToken: token, releaseCode: code };
}

/**
 * The release code of the landlord's letter (ADR 1119): derived like the certificate's old code
 * but under its own purpose, so nothing printed on the certificate (which the tenant holds)
 * releases the guarantee. The back office prints it into the letter of kind `release_code` to
 * the landlord's address on record; the release compares against it at every try.
 */
export function landlordReleaseCode(secret: string, applicationId: string): string {
  const bytes = hmac(secret, 'landlord-release', applicationId);
  let code = '';
  for (let i = 0; i < 8; i++) code += CODE_ALPHABET[(bytes[i] ?? 0) % CODE_ALPHABET.length];
  return code;
}

/** A release code as typed: spaces and dashes dropped, upper case. */
export const normaliseReleaseCode = (s: string): string => s.replace(/[\s-]/g, '').toUpperCase();

/** The verification page's URL for a token. */
export const verificationUrl = (publicUrl: string, token: string): string =>
  `${publicUrl.replace(/\/$/, '')}/pruefen/${token}`;

/**
 * The signed withdrawal link of every contract e-mail: `/widerruf?link={applicationId}.{mac}`.
 * It identifies the contract without typing (it does not expire: the withdrawal function must be
 * available as long as withdrawing is possible, and the e-mail is where the tenant keeps it).
 */
function withdrawalLinkToken(secret: string, applicationId: string): string {
  const mac = hmac(secret, 'withdraw', applicationId).subarray(0, 16).toString('base64url');
  return `${applicationId}.${mac}`;
}

export function readWithdrawalLinkToken(secret: string, token: string): string | undefined {
  const m = /^([0-9a-f-]{36})\.([A-Za-z0-9_-]{22})$/.exec(token);
  if (!m) return undefined;
  const expected = Buffer.from(withdrawalLinkToken(secret, m[1] as string));
  const given = Buffer.from(token);
  return expected.length === given.length && timingSafeEqual(expected, given) ? m[1] : undefined;
}

export const withdrawalUrl = (publicUrl: string, secret: string, applicationId: string): string =>
  `${publicUrl.replace(/\/$/, '')}/widerruf?link=${withdrawalLinkToken(secret, applicationId)}`;

/** A magic-link token (256 random bits); only its hash is stored. */
export const newAccessToken = (): string => randomBytes(32).toString('base64url');

/**
 * The contract-page session: `{applicationId}.{expiresMs}.{mac}` in an HttpOnly, SameSite=Strict
 * cookie limited to /api/contracts. Bound to one contract; it cannot be extended.
 */
export function sessionValue(secret: string, applicationId: string, expiresMs: number): string {
  const body = `${applicationId}.${expiresMs}`;
  return `${body}.${hmac(secret, 'session', body).subarray(0, 20).toString('base64url')}`;
}

export function readSession(secret: string, value: string, nowMs: number): string | undefined {
  const m = /^([0-9a-f-]{36})\.(\d{10,16})\.([A-Za-z0-9_-]+)$/.exec(value);
  if (!m) return undefined;
  const expected = Buffer.from(sessionValue(secret, m[1] as string, Number(m[2])));
  const given = Buffer.from(value);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined;
  return Number(m[2]) > nowMs ? m[1] : undefined;
}

/** The mandate references after an IBAN change (the second, third, ... mandate of a contract). */
const mandateReference = (contractNumber: string, n: number): string =>
  `${contractNumber}-${String(n).padStart(2, '0')}`;

/**
 * The reference of the mandate that replaces `current`: the first mandate's (ADR 0832) is
 * followed by `{contract number}-02`, each later one counts on.
 */
export function nextMandateReference(contractNumber: string, current: string): string {
  const n = current.startsWith(`${contractNumber}-`)
    ? Number(current.slice(contractNumber.length + 1))
    : 1;
  return mandateReference(contractNumber, (Number.isInteger(n) && n > 0 ? n : 1) + 1);
}

/**
 * The first mandate's reference: formed from the application id, so the check step names it before
 * the contract number exists and the contract's debits carry the same one (ADR 0832).
 */
export function firstMandateReferenceOf(applicationId: string): string {
  const reference = firstMandateReference(applicationId);
  if (!reference) throw new Error('an application id is a uuid');
  return reference;
}
