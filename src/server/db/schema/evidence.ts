import { customType, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { idKey } from './columns';
import { evidenceMimes, evidenceOwnerKinds } from '../../../domain/evidence/rules';

/**
 * Evidence files of claims (owned by src/server/evidence, ADR 1250). `evidence_files` describes
 * each accepted file; its bytes are in a blob store under `storage_key`: the table
 * `evidence_blobs` by default, an S3-compatible bucket when configured. The owner (a claim or a
 * tenant's answer) is the claims module's row; it deletes the files with deleteEvidenceOf().
 */

/** Where bytes may be kept (src/server/evidence/blobStore.ts implements each). */
export const blobStoreKinds = ['database', 's3'] as const;

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
});

export const evidenceFiles = pgTable(
  'evidence_files',
  {
    id: idKey(),
    ownerKind: text('owner_kind', { enum: evidenceOwnerKinds }).notNull(),
    ownerId: uuid('owner_id').notNull(),
    /** The name the uploader gave (shown and offered as the download name; never used as a path). */
    fileName: text('file_name').notNull(),
    /** Detected from the content: application/pdf, image/jpeg or image/png. */
    mime: text('mime', { enum: evidenceMimes }).notNull(),
    /** Bytes as stored (images after their metadata was removed). */
    size: integer('size').notNull(),
    /** SHA-256 of the stored bytes, hex: shows the file was not changed after upload. */
    sha256: text('sha256').notNull(),
    /** Which store holds the bytes: a file stays readable when the operator switches stores. */
    store: text('store', { enum: blobStoreKinds }).notNull(),
    storageKey: text('storage_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** Place in its upload (files of one upload share created_at): lists keep the sent order. */
    position: integer('position').notNull(),
  },
  (t) => [index('evidence_files_owner_idx').on(t.ownerKind, t.ownerId, t.createdAt)],
);

/** The database blob store's bytes (the default store). */
export const evidenceBlobs = pgTable('evidence_blobs', {
  key: text('key').primaryKey(),
  contentType: text('content_type').notNull(),
  content: bytea('content').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});
