import type { Tx } from '../db/client';
import type { blobStoreKinds } from '../db/schema/index';

export type BlobStoreKind = (typeof blobStoreKinds)[number];

export interface Blob {
  contentType: string;
  bytes: Uint8Array;
}

/**
 * Where the bytes of evidence files are kept (ADR 1250): by key, with their content type. Keys are
 * ours (random, `evidence/<uuid>`), never a user's file name. The database store is the default,
 * an S3-compatible bucket when configured; evidence_files names the store of each file, so files
 * stored before a switch stay readable while both are configured.
 */
export interface BlobStore {
  readonly kind: BlobStoreKind;
  /**
   * True when put() can join the database transaction that writes the file's row (the database
   * store): row and bytes then commit together, and a refused or crashed upload leaves nothing.
   * Other stores are written before that transaction and cleaned up when it does not commit.
   */
  readonly transactional: boolean;
  put(key: string, blob: Blob, tx?: Tx): Promise<void>;
  /** undefined when there is no such key. */
  get(key: string): Promise<Blob | undefined>;
  /** Deleting a missing key is no error (deletion is retried after a crash). */
  delete(key: string): Promise<void>;
}
