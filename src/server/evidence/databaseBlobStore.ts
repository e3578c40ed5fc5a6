import { eq } from 'drizzle-orm';
import type { Clock } from '../clock';
import type { Database } from '../db/client';
import { evidenceBlobs } from '../db/schema/index';
import type { BlobStore } from './blobStore';

/** The default store: a bytea row per blob in evidence_blobs, on either engine. */
export function databaseBlobStore(db: Database, clock: Clock): BlobStore {
  return {
    kind: 'database',
    transactional: true,
    async put(key, blob, tx) {
      await (tx ?? db.orm)
        .insert(evidenceBlobs)
        .values({ key, contentType: blob.contentType, content: blob.bytes, createdAt: clock.now() })
        .onConflictDoUpdate({
          target: evidenceBlobs.key,
          set: { contentType: blob.contentType, content: blob.bytes },
        });
    },
    async get(key) {
      const row = (
        await db.orm
          .select({ contentType: evidenceBlobs.contentType, content: evidenceBlobs.content })
          .from(evidenceBlobs)
          .where(eq(evidenceBlobs.key, key))
      )[0];
      return row ? { contentType: row.contentType, bytes: new Uint8Array(row.content) } : undefined;
    },
    async delete(key) {
      await db.orm.delete(evidenceBlobs).where(eq(evidenceBlobs.key, key));
    },
  };
}
