import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';

export interface LocalS3 {
  /** The S3_* variables that point the server at this store. */
  env: Record<string, string>;
  close(): Promise<void>;
}

/**
 * A real S3-compatible server (s3rver: the S3 REST API over HTTP, objects in a temporary
 * directory) on 127.0.0.1 and a random port, with the bucket made. No mock: the AWS SDK's
 * requests go over the wire and are answered in S3's XML. s3rver knows its access key id but does
 * not recompute SigV4 signatures (ADR 1250).
 */
export async function startLocalS3(bucket = 'mietkaution-evidence'): Promise<LocalS3> {
  const directory = mkdtempSync(join(tmpdir(), 'mk-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  return {
    env: {
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_BUCKET: bucket,
      // s3rver's fixed credentials.
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_REGION: 'eu-central-1',
      S3_FORCE_PATH_STYLE: '1',
    },
    async close() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
