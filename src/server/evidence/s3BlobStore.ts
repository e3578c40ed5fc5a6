import type * as S3Sdk from '@aws-sdk/client-s3';
import type { S3Client } from '@aws-sdk/client-s3';
import type { BlobStore } from './blobStore';
import type { S3Settings } from './config';

/** The AWS SDK (its largest package), loaded at the first call that needs it (ADR 1335). */
type Sdk = typeof S3Sdk;

/**
 * An S3-compatible bucket as the store (S3_BUCKET, S3_ENDPOINT, ...; ADR 1250), through the AWS
 * SDK's S3 client. Objects are private (no ACL is set; the bucket must not be public): the only
 * way to a file is our signed link, which reads the object through the server.
 *
 * The SDK is loaded and the client made at the first put, get or delete, not at the start (ADR
 * 1335): most requests never touch a file, and the SDK is the largest package the server has.
 */
export function s3BlobStore(settings: S3Settings): BlobStore {
  let ready: Promise<{ sdk: Sdk; client: S3Client }> | undefined;
  const connected = () =>
    (ready ??= import('@aws-sdk/client-s3').then((sdk) => ({
      sdk,
      client: new sdk.S3Client({
        ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
        region: settings.region,
        forcePathStyle: settings.forcePathStyle,
        credentials: {
          accessKeyId: settings.accessKeyId,
          secretAccessKey: settings.secretAccessKey,
        },
        maxAttempts: 3,
      }),
    })));
  // A failed load is tried again at the next call.
  const s3 = () =>
    connected().catch((err: unknown) => {
      ready = undefined;
      throw err;
    });
  const Bucket = settings.bucket;
  return {
    kind: 's3',
    transactional: false,
    async put(key, blob) {
      const { sdk, client } = await s3();
      await client.send(
        new sdk.PutObjectCommand({
          Bucket,
          Key: key,
          Body: blob.bytes,
          ContentType: blob.contentType,
          ContentLength: blob.bytes.byteLength,
        }),
      );
    },
    async get(key) {
      const { sdk, client } = await s3();
      try {
        const answer = await client.send(new sdk.GetObjectCommand({ Bucket, Key: key }));
        if (!answer.Body) return undefined;
        return {
          contentType: answer.ContentType ?? 'application/octet-stream',
          bytes: await answer.Body.transformToByteArray(),
        };
      } catch (err) {
        if (err instanceof sdk.NoSuchKey) return undefined;
        throw err;
      }
    },
    async delete(key) {
      const { sdk, client } = await s3();
      await client.send(new sdk.DeleteObjectCommand({ Bucket, Key: key }));
    },
  };
}
