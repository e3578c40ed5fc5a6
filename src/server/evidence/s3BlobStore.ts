import {
  DeleteObjectCommand,
  GetObjectCommand,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import type { BlobStore } from './blobStore';
import type { S3Settings } from './config';

/**
 * An S3-compatible bucket as the store (S3_BUCKET, S3_ENDPOINT, ...; ADR 1250), through the AWS
 * SDK's S3 client. Objects are private (no ACL is set; the bucket must not be public): the only
 * way to a file is our signed link, which reads the object through the server.
 */
export function s3BlobStore(settings: S3Settings): BlobStore & { client: S3Client } {
  const client = new S3Client({
    ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
    region: settings.region,
    forcePathStyle: settings.forcePathStyle,
    credentials: {
      accessKeyId: settings.accessKeyId,
      secretAccessKey: settings.secretAccessKey,
    },
    maxAttempts: 3,
  });
  const Bucket = settings.bucket;
  return {
    kind: 's3',
    transactional: false,
    client,
    async put(key, blob) {
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: key,
          Body: blob.bytes,
          ContentType: blob.contentType,
          ContentLength: blob.bytes.byteLength,
        }),
      );
    },
    async get(key) {
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        if (!answer.Body) return undefined;
        return {
          contentType: answer.ContentType ?? 'application/octet-stream',
          bytes: await answer.Body.transformToByteArray(),
        };
      } catch (err) {
        if (err instanceof NoSuchKey) return undefined;
        throw err;
      }
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },
  };
}
