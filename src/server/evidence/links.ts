import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import {
  isEvidenceAudience,
  isEvidenceOwnerKind,
  type EvidenceAudience,
  type EvidenceOwner,
} from '../../domain/evidence/rules';
import { uuidPattern } from '../../domain/rules/patterns';

/**
 * Signed, expiring tokens (ADR 1250), HMAC-SHA256 with keys derived from SERVER_SECRET, one key
 * per purpose so that a token of one kind is never accepted as the other:
 * - a download link `/api/evidence/{fileId}.{audience}.{expires}.{signature}`: the only way to an
 *   evidence file, made for one party (landlord, tenant) or staff, 15 minutes by default;
 * - an upload grant `{ownerKind}.{ownerId}.{audience}.{expires}.{signature}` that lets the holder
 *   add files to one claim or answer (POST /api/evidence/uploads/{grant}).
 * Ids are random uuids; the signature makes a token unforgeable, the expiry ends it.
 */
const keyOf = (secret: string, purpose: string) =>
  createHash('sha256').update(`${purpose}:${secret}`).digest();

const sign = (key: Buffer, payload: string) =>
  createHmac('sha256', key).update(payload).digest('base64url');

export type TokenCheck<T> =
  { state: 'ok'; value: T } | { state: 'expired'; value: T } | { state: 'invalid' };

/** The signature first (a forged token learns nothing about expiry), then the time. */
function check<T>(
  key: Buffer,
  token: string,
  fields: number,
  read: (parts: string[]) => T | undefined,
  now: Date,
): TokenCheck<T> {
  const parts = token.split('.');
  if (parts.length !== fields + 2) return { state: 'invalid' };
  const signature = parts.pop()!;
  const expires = Number(parts[fields]);
  const expected = Buffer.from(sign(key, parts.join('.')));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected))
    return { state: 'invalid' };
  const value = read(parts);
  if (value === undefined || !Number.isSafeInteger(expires)) return { state: 'invalid' };
  return { state: now.getTime() >= expires * 1000 ? 'expired' : 'ok', value };
}

const seconds = (at: Date) => Math.floor(at.getTime() / 1000);

export interface FileToken {
  fileId: string;
  audience: EvidenceAudience;
}

export function fileToken(secret: string, link: FileToken & { expiresAt: Date }): string {
  const payload = `${link.fileId}.${link.audience}.${seconds(link.expiresAt)}`;
  return `${payload}.${sign(keyOf(secret, 'evidence-link'), payload)}`;
}

export function checkFileToken(secret: string, token: string, now: Date): TokenCheck<FileToken> {
  return check(
    keyOf(secret, 'evidence-link'),
    token,
    2,
    ([fileId = '', audience = '']) =>
      uuidPattern.test(fileId) && isEvidenceAudience(audience) ? { fileId, audience } : undefined,
    now,
  );
}

export interface UploadGrant {
  owner: EvidenceOwner;
  audience: EvidenceAudience;
}

export function uploadToken(secret: string, grant: UploadGrant & { expiresAt: Date }): string {
  const payload = `${grant.owner.kind}.${grant.owner.id}.${grant.audience}.${seconds(grant.expiresAt)}`;
  return `${payload}.${sign(keyOf(secret, 'evidence-upload'), payload)}`;
}

export function checkUploadToken(
  secret: string,
  token: string,
  now: Date,
): TokenCheck<UploadGrant> {
  return check(
    keyOf(secret, 'evidence-upload'),
    token,
    3,
    ([kind = '', id = '', audience = '']) =>
      isEvidenceOwnerKind(kind) && uuidPattern.test(id) && isEvidenceAudience(audience)
        ? { owner: { kind, id }, audience }
        : undefined,
    now,
  );
}
