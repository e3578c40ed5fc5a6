import { randomUUID } from 'node:crypto';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Clock } from '../clock';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { evidenceFiles } from '../db/schema/index';
import {
  countRefusal,
  type EvidenceAudience,
  type EvidenceErrorCode,
  type EvidenceMime,
  type EvidenceOwner,
} from '../../domain/evidence/rules';
import { evidenceTexts } from '../../domain/messages/evidence';
import type { BlobStore, BlobStoreKind } from './blobStore';
import type { EvidenceConfig } from './config';
import { databaseBlobStore } from './databaseBlobStore';
import { evidenceFileName } from './fileNames';
import { inspectEvidence } from './inspect';
import { fileToken, uploadToken } from './links';
import { s3BlobStore } from './s3BlobStore';

/** What the module needs; build it once with evidenceDeps(). */
export interface EvidenceDeps {
  db: Database;
  clock: Clock;
  serverSecret: string;
  settings: EvidenceConfig;
  /** Where new files go (S3 when configured, else the database). */
  store: BlobStore;
  /** The store a stored file names; undefined when it is no longer configured. */
  storeOf(kind: BlobStoreKind): BlobStore | undefined;
}

export function evidenceDeps(deps: {
  db: Database;
  clock: Clock;
  config: Pick<Config, 'serverSecret' | 'evidence'>;
}): EvidenceDeps {
  const { db, clock, config } = deps;
  const database = databaseBlobStore(db, clock);
  const s3 = config.evidence.s3 ? s3BlobStore(config.evidence.s3) : undefined;
  const stores: Record<BlobStoreKind, BlobStore | undefined> = { database, s3 };
  return {
    db,
    clock,
    serverSecret: config.serverSecret,
    settings: config.evidence,
    store: s3 ?? database,
    storeOf: (kind) => stores[kind],
  };
}

export interface EvidenceFile {
  id: string;
  fileName: string;
  mime: EvidenceMime;
  size: number;
  sha256: string;
  createdAt: Date;
}

export interface EvidenceRefusal {
  code: EvidenceErrorCode;
  /** The German sentence for the file field. */
  message: string;
  /** The name of the refused file as sent (absent for a count refusal). */
  fileName?: string;
}

export type StoreResult =
  { ok: true; files: EvidenceFile[] } | { ok: false; error: EvidenceRefusal };

export interface IncomingFile {
  fileName: string;
  bytes: Uint8Array;
}

export function refusal(
  settings: EvidenceConfig,
  code: EvidenceErrorCode,
  fileName?: string,
): EvidenceRefusal {
  const message = evidenceTexts.errors[code](fileName ?? '', settings.limits);
  return fileName === undefined ? { code, message } : { code, message, fileName };
}

async function countOf(db: Database, owner: EvidenceOwner): Promise<number> {
  const [row] = await db.orm
    .select({ n: count() })
    .from(evidenceFiles)
    .where(and(eq(evidenceFiles.ownerKind, owner.kind), eq(evidenceFiles.ownerId, owner.id)));
  return row?.n ?? 0;
}

/**
 * Stores files for one owner (a claim, a tenant's answer), all or none (ADR 1250): the count
 * limit first (cheap), then every file inspected (type from the content, size, metadata removed),
 * then the rows written under a per-owner lock that checks the count again, so two uploads at once
 * cannot pass the limit together. The database store writes the bytes in that transaction; S3 is
 * written before it, and its objects are deleted again when the rows are not written.
 */
export async function storeEvidenceFiles(
  deps: EvidenceDeps,
  owner: EvidenceOwner,
  files: IncomingFile[],
): Promise<StoreResult> {
  const { db, settings } = deps;
  const fail = (code: EvidenceErrorCode, fileName?: string): StoreResult => ({
    ok: false,
    error: refusal(settings, code, fileName),
  });
  if (countRefusal(await countOf(db, owner), files.length, settings.limits))
    return fail('evidence_too_many');
  const accepted: {
    id: string;
    key: string;
    fileName: string;
    mime: EvidenceMime;
    bytes: Uint8Array;
    sha256: string;
  }[] = [];
  for (const file of files) {
    const inspection = await inspectEvidence(file.bytes, settings.limits);
    if (!inspection.ok) return fail(inspection.code, file.fileName);
    accepted.push({
      id: randomUUID(),
      key: `evidence/${randomUUID()}`,
      fileName: evidenceFileName(file.fileName, inspection.mime),
      mime: inspection.mime,
      bytes: inspection.bytes,
      sha256: inspection.sha256,
    });
  }
  const store = deps.store;
  const put: string[] = [];
  try {
    if (!store.transactional)
      for (const f of accepted) {
        await store.put(f.key, { contentType: f.mime, bytes: f.bytes });
        put.push(f.key);
      }
    const createdAt = deps.clock.now();
    const stored = await db.transaction(async (tx) => {
      await tx.execute(
        sql`SELECT pg_advisory_xact_lock(hashtextextended(${`evidence:${owner.id}`}, 0))`,
      );
      const [row] = await tx
        .select({ n: count() })
        .from(evidenceFiles)
        .where(and(eq(evidenceFiles.ownerKind, owner.kind), eq(evidenceFiles.ownerId, owner.id)));
      if (countRefusal(row?.n ?? 0, accepted.length, settings.limits)) return undefined;
      const rows = accepted.map((f, position) => ({
        id: f.id,
        ownerKind: owner.kind,
        ownerId: owner.id,
        fileName: f.fileName,
        mime: f.mime,
        size: f.bytes.byteLength,
        sha256: f.sha256,
        store: store.kind,
        storageKey: f.key,
        createdAt,
        position,
      }));
      if (store.transactional)
        for (const f of accepted)
          await store.put(f.key, { contentType: f.mime, bytes: f.bytes }, tx);
      if (rows.length) await tx.insert(evidenceFiles).values(rows);
      return rows;
    });
    if (!stored) {
      await Promise.all(put.map((key) => store.delete(key)));
      return fail('evidence_too_many');
    }
    return {
      ok: true,
      files: stored.map(({ id, fileName, mime, size, sha256 }) => ({
        id,
        fileName,
        mime,
        size,
        sha256,
        createdAt,
      })),
    };
  } catch (err) {
    await Promise.allSettled(put.map((key) => store.delete(key)));
    throw err;
  }
}

/** One file for one owner: `{ ok: true, file }` or the refusal with its code and sentence. */
export async function storeEvidence(
  deps: EvidenceDeps,
  input: { owner: EvidenceOwner } & IncomingFile,
): Promise<{ ok: true; file: EvidenceFile } | { ok: false; error: EvidenceRefusal }> {
  const result = await storeEvidenceFiles(deps, input.owner, [input]);
  return result.ok ? { ok: true, file: result.files[0]! } : result;
}

const fileColumns = {
  id: evidenceFiles.id,
  fileName: evidenceFiles.fileName,
  mime: evidenceFiles.mime,
  size: evidenceFiles.size,
  sha256: evidenceFiles.sha256,
  createdAt: evidenceFiles.createdAt,
};

/** An owner's files, oldest first. */
export async function listEvidence(
  deps: Pick<EvidenceDeps, 'db'>,
  owner: EvidenceOwner,
): Promise<EvidenceFile[]> {
  return deps.db.orm
    .select(fileColumns)
    .from(evidenceFiles)
    .where(and(eq(evidenceFiles.ownerKind, owner.kind), eq(evidenceFiles.ownerId, owner.id)))
    .orderBy(asc(evidenceFiles.createdAt), asc(evidenceFiles.position));
}

export interface EvidenceLink {
  /** Path on this server (our pages) or absolute URL with `base` (e-mails). */
  url: string;
  expiresAt: Date;
}

/**
 * The short-lived download link of one file for one audience (ADR 1250): the caller has checked
 * that this audience may see the file (the claims module knows the parties). A staff caller
 * writes its audit row when it hands out the link.
 */
export function evidenceLink(
  deps: Pick<EvidenceDeps, 'serverSecret' | 'clock' | 'settings'>,
  fileId: string,
  audience: EvidenceAudience,
  opts: { minutes?: number; base?: string } = {},
): EvidenceLink {
  const minutes = opts.minutes ?? deps.settings.linkMinutes;
  const expiresAt = new Date(deps.clock.now().getTime() + minutes * 60_000);
  const token = fileToken(deps.serverSecret, { fileId, audience, expiresAt });
  return { url: `${(opts.base ?? '').replace(/\/$/, '')}/api/evidence/${token}`, expiresAt };
}

/** A grant to upload files to one owner: POST the multipart form to this path. */
export function evidenceUploadLink(
  deps: Pick<EvidenceDeps, 'serverSecret' | 'clock'>,
  owner: EvidenceOwner,
  audience: EvidenceAudience,
  opts: { minutes?: number } = {},
): EvidenceLink {
  const expiresAt = new Date(deps.clock.now().getTime() + (opts.minutes ?? 60) * 60_000);
  const token = uploadToken(deps.serverSecret, { owner, audience, expiresAt });
  return { url: `/api/evidence/uploads/${token}`, expiresAt };
}

/** A file's row and bytes, for the download route; undefined when it is gone. */
export async function readEvidence(
  deps: EvidenceDeps,
  fileId: string,
): Promise<{ file: EvidenceFile; bytes: Uint8Array } | undefined> {
  const row = (
    await deps.db.orm.select().from(evidenceFiles).where(eq(evidenceFiles.id, fileId))
  )[0];
  if (!row) return undefined;
  const blob = await deps.storeOf(row.store)?.get(row.storageKey);
  if (!blob) return undefined;
  const { id, fileName, mime, size, sha256, createdAt } = row;
  return { file: { id, fileName, mime, size, sha256, createdAt }, bytes: blob.bytes };
}

/** Deletes one file of an owner (the uploader removes it before sending); false if none. */
export async function deleteEvidenceFile(
  deps: EvidenceDeps,
  owner: EvidenceOwner,
  fileId: string,
): Promise<boolean> {
  const rows = await deps.db.orm
    .delete(evidenceFiles)
    .where(
      and(
        eq(evidenceFiles.id, fileId),
        eq(evidenceFiles.ownerKind, owner.kind),
        eq(evidenceFiles.ownerId, owner.id),
      ),
    )
    .returning({ store: evidenceFiles.store, key: evidenceFiles.storageKey });
  for (const row of rows) await deps.storeOf(row.store)?.delete(row.key);
  return rows.length > 0;
}

/** Deletes every file of an owner, rows first (a link then answers 410), then the bytes. */
export async function deleteEvidenceOf(deps: EvidenceDeps, owner: EvidenceOwner): Promise<number> {
  const rows = await deps.db.orm
    .delete(evidenceFiles)
    .where(and(eq(evidenceFiles.ownerKind, owner.kind), eq(evidenceFiles.ownerId, owner.id)))
    .returning({ store: evidenceFiles.store, key: evidenceFiles.storageKey });
  for (const row of rows) await deps.storeOf(row.store)?.delete(row.key);
  return rows.length;
}
