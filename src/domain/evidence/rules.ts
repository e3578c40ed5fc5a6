/**
 * Evidence files of a claim (issue 26 item 2, ADR 1250): what may be uploaded, by whom it may be
 * seen, and the codes of every refusal. Pure tables; the server inspects the bytes
 * (src/server/evidence), the web can check sizes and counts early with the same numbers.
 */

/** The only accepted kinds, as detected from the content (never from the name). */
export const evidenceMimes = ['application/pdf', 'image/jpeg', 'image/png'] as const;
export type EvidenceMime = (typeof evidenceMimes)[number];

export const evidenceTypes = {
  'application/pdf': { extension: 'pdf', label: 'PDF', image: false },
  'image/jpeg': { extension: 'jpg', label: 'JPEG', image: true },
  'image/png': { extension: 'png', label: 'PNG', image: true },
} as const satisfies Record<EvidenceMime, { extension: string; label: string; image: boolean }>;

/**
 * The `accept` of the file field: the types and their extensions. On iPhones it also makes the
 * browser hand over a HEIC photo as JPEG, which we could not accept otherwise.
 */
export const evidenceAccept = [
  ...evidenceMimes,
  ...Object.values(evidenceTypes).map((t) => `.${t.extension}`),
  '.jpeg',
].join(',');

export const isEvidenceMime = (mime: string | undefined): mime is EvidenceMime =>
  (evidenceMimes as readonly (string | undefined)[]).includes(mime);

/** What a file belongs to; the claims module creates the owners and decides who may add files. */
export const evidenceOwnerKinds = ['claim', 'claim_answer'] as const;
export type EvidenceOwnerKind = (typeof evidenceOwnerKinds)[number];
export const isEvidenceOwnerKind = (k: string): k is EvidenceOwnerKind =>
  (evidenceOwnerKinds as readonly string[]).includes(k);

export interface EvidenceOwner {
  kind: EvidenceOwnerKind;
  /** The owner's id (a uuid of the claims module's table). */
  id: string;
}

/** Who a short-lived link is made for (the link names it; each party and staff get their own). */
export const evidenceAudiences = ['landlord', 'tenant', 'staff'] as const;
export type EvidenceAudience = (typeof evidenceAudiences)[number];
export const isEvidenceAudience = (a: string): a is EvidenceAudience =>
  (evidenceAudiences as readonly string[]).includes(a);

/** Every reason a file is refused; stable codes, German sentences in messages/evidence.ts. */
export const evidenceErrorCodes = [
  'evidence_type',
  'evidence_too_large',
  'evidence_too_many',
  'evidence_damaged',
] as const;
export type EvidenceErrorCode = (typeof evidenceErrorCodes)[number];

/** The HTTP status each refusal answers with (413 for sizes and counts, 415 for the type). */
export const evidenceErrorStatus = {
  evidence_type: 415,
  evidence_too_large: 413,
  evidence_too_many: 413,
  evidence_damaged: 422,
} as const satisfies Record<EvidenceErrorCode, number>;

export interface EvidenceLimits {
  /** Largest accepted file in bytes (after nothing: the upload as sent). */
  maxFileBytes: number;
  /** Most files one owner (a claim, an answer) may have. */
  maxFiles: number;
}

/** Defaults (EVIDENCE_MAX_FILE_MB, EVIDENCE_MAX_FILES): a phone photo or a scanned protocol fits. */
export const defaultEvidenceLimits: EvidenceLimits = {
  maxFileBytes: 10 * 1024 * 1024,
  maxFiles: 10,
};

/** Minutes an evidence link works by default (EVIDENCE_LINK_MINUTES). */
export const defaultEvidenceLinkMinutes = 15;

/** The refusal for a size, or undefined; a pure check the web can run before sending. */
export function sizeRefusal(bytes: number, limits: EvidenceLimits): EvidenceErrorCode | undefined {
  return bytes > limits.maxFileBytes ? 'evidence_too_large' : undefined;
}

/** The refusal for adding `adding` files to an owner that has `existing`, or undefined. */
export function countRefusal(
  existing: number,
  adding: number,
  limits: EvidenceLimits,
): EvidenceErrorCode | undefined {
  return existing + adding > limits.maxFiles ? 'evidence_too_many' : undefined;
}
