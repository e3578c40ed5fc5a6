import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config';

describe('evidence settings', () => {
  it('defaults to 10 MB, 10 files, 15-minute links and the database', () => {
    expect(loadConfig({}).evidence).toEqual({
      limits: { maxFileBytes: 10 * 1024 * 1024, maxFiles: 10 },
      linkMinutes: 15,
      s3: undefined,
    });
  });

  it('takes an S3-compatible store with path-style addressing by default', () => {
    const s3 = loadConfig({
      S3_ENDPOINT: 'https://s3.example.de/',
      S3_BUCKET: 'nachweise',
      S3_ACCESS_KEY_ID: 'id',
      S3_SECRET_ACCESS_KEY: 'secret',
    }).evidence.s3;
    expect(s3).toEqual({
      endpoint: 'https://s3.example.de',
      bucket: 'nachweise',
      accessKeyId: 'id',
      secretAccessKey: 'secret',
      region: 'eu-central-1',
      forcePathStyle: true,
    });
  });

  it('stops the start on a half-configured store or a wrong limit, naming the variable', () => {
    expect(() => loadConfig({ S3_BUCKET: 'nachweise', S3_ACCESS_KEY_ID: 'id' })).toThrow(
      /S3_SECRET_ACCESS_KEY: required when S3_BUCKET is set/,
    );
    expect(() => loadConfig({ S3_ENDPOINT: 'https://s3.example.de' })).toThrow(
      /S3_BUCKET: required when S3_ENDPOINT is set/,
    );
    expect(() => loadConfig({ EVIDENCE_MAX_FILES: '0' })).toThrow(ConfigError);
    expect(() => loadConfig({ EVIDENCE_MAX_FILE_MB: 'zehn' })).toThrow(/EVIDENCE_MAX_FILE_MB/);
  });
});
