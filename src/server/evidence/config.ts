import { z } from 'zod';
import {
  defaultEvidenceLimits,
  defaultEvidenceLinkMinutes,
  type EvidenceLimits,
} from '../../domain/evidence/rules';

/**
 * The environment variables of evidence files (ADR 1250), spread into config.ts's one schema so
 * that a wrong value stops the start like every other setting. Without S3_BUCKET the files are
 * kept in the database; with it in that bucket (S3_ENDPOINT for any S3-compatible store).
 */
export const evidenceEnv = {
  EVIDENCE_MAX_FILE_MB: z.coerce
    .number()
    .min(0.01)
    .max(100)
    .default(defaultEvidenceLimits.maxFileBytes / (1024 * 1024)),
  EVIDENCE_MAX_FILES: z.coerce
    .number()
    .int()
    .min(1)
    .max(100)
    .default(defaultEvidenceLimits.maxFiles),
  EVIDENCE_LINK_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(defaultEvidenceLinkMinutes),
  S3_ENDPOINT: z
    .string()
    .refine((v) => /^https?:\/\/[^/]+/.test(v), 'must be a URL starting with http:// or https://')
    .optional(),
  S3_BUCKET: z.string().min(3).max(63).optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_REGION: z.string().min(1).default('eu-central-1'),
  /** Path-style addressing (endpoint/bucket/key) as most S3-compatible stores want; 0 for AWS. */
  S3_FORCE_PATH_STYLE: z
    .enum(['1', '0', 'true', 'false', ''])
    .optional()
    .transform((v) => v === undefined || v === '' || v === '1' || v === 'true'),
};

type EvidenceEnv = z.output<z.ZodObject<typeof evidenceEnv>>;

export interface S3Settings {
  /** Unset: the provider's own endpoint for the region (AWS). */
  endpoint: string | undefined;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
  forcePathStyle: boolean;
}

export interface EvidenceConfig {
  limits: EvidenceLimits;
  /** Minutes a link to an evidence file works. */
  linkMinutes: number;
  /** Set: new files go to this bucket; unset: into the database (evidence_blobs). */
  s3: S3Settings | undefined;
}

/** The evidence settings; `invalid` reports a half-configured S3 store (and throws). */
export function evidenceConfigOf(
  e: EvidenceEnv,
  invalid: (variable: string, message: string) => never,
): EvidenceConfig {
  const limits = {
    maxFileBytes: Math.round(e.EVIDENCE_MAX_FILE_MB * 1024 * 1024),
    maxFiles: e.EVIDENCE_MAX_FILES,
  };
  const s3Keys = ['S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;
  if (!e.S3_BUCKET) {
    const stray = s3Keys.find((k) => e[k] !== undefined);
    if (stray) invalid('S3_BUCKET', `required when ${stray} is set`);
    return { limits, linkMinutes: e.EVIDENCE_LINK_MINUTES, s3: undefined };
  }
  if (!e.S3_ACCESS_KEY_ID) invalid('S3_ACCESS_KEY_ID', 'required when S3_BUCKET is set');
  if (!e.S3_SECRET_ACCESS_KEY) invalid('S3_SECRET_ACCESS_KEY', 'required when S3_BUCKET is set');
  return {
    limits,
    linkMinutes: e.EVIDENCE_LINK_MINUTES,
    s3: {
      endpoint: e.S3_ENDPOINT?.replace(/\/$/, ''),
      bucket: e.S3_BUCKET,
      accessKeyId: e.S3_ACCESS_KEY_ID,
      secretAccessKey: e.S3_SECRET_ACCESS_KEY,
      region: e.S3_REGION,
      forcePathStyle: e.S3_FORCE_PATH_STYLE,
    },
  };
}
