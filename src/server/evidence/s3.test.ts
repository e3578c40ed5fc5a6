import { randomUUID } from 'node:crypto';
import exifr from 'exifr';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../clock';
import { loadConfig } from '../config';
import { evidenceBlobs, evidenceFiles } from '../db/schema/index';
import { engines } from '../testing/database';
import { startTestServer, type TestServer } from '../testing/server';
import type { EvidenceOwner } from '../../domain/evidence/rules';
import {
  deleteEvidenceOf,
  evidenceDeps,
  evidenceLink,
  evidenceUploadLink,
  listEvidence,
  storeEvidence,
} from './index';
import { s3BlobStore } from './s3BlobStore';
import { blobOf, jpegWithGps, pdfOf } from './testing/fixtures';
import { startLocalS3, type LocalS3 } from './testing/s3Server';

const s3Of = (env: Record<string, string>) => loadConfig(env).evidence.s3!;

describe('the S3 blob store against a real S3-compatible server on 127.0.0.1', () => {
  let s3: LocalS3;
  beforeAll(async () => {
    s3 = await startLocalS3();
  });
  afterAll(async () => {
    await s3?.close();
  });

  it('puts, gets and deletes an object with its content type; a missing key is undefined', async () => {
    const store = s3BlobStore(s3Of(s3.env));
    const bytes = new Uint8Array(pdfOf(5000));
    await store.put('evidence/one', { contentType: 'application/pdf', bytes });
    const back = await store.get('evidence/one');
    expect(back?.contentType).toBe('application/pdf');
    expect(Buffer.from(back!.bytes).equals(Buffer.from(bytes))).toBe(true);
    await store.delete('evidence/one');
    expect(await store.get('evidence/one')).toBeUndefined();
    await store.delete('evidence/one'); // twice is no error (a retried deletion)
    expect(await store.get('evidence/never')).toBeUndefined();
  });

  it('fails loudly with an unknown access key (the server knows its keys)', async () => {
    const store = s3BlobStore(s3Of({ ...s3.env, S3_ACCESS_KEY_ID: 'UNBEKANNT' }));
    await expect(
      store.put('evidence/x', { contentType: 'image/png', bytes: new Uint8Array([1]) }),
    ).rejects.toMatchObject({ name: 'InvalidAccessKeyId' });
  });
});

describe.each(engines)('evidence in S3 through the real server (%s)', (engine) => {
  let s3: LocalS3;
  let s: TestServer;
  beforeAll(async () => {
    s3 = await startLocalS3();
    s = await startTestServer({ engine, env: s3.env });
  });
  afterAll(async () => {
    await s?.close();
    await s3?.close();
  });

  it('stores an upload in the bucket (not the database), serves it by link, deletes it with its owner', async () => {
    const deps = evidenceDeps({ db: s.db, clock: systemClock, config: s.config });
    expect(deps.store.kind).toBe('s3');
    const owner: EvidenceOwner = { kind: 'claim_answer', id: randomUUID() };
    const form = new FormData();
    form.append('files', blobOf(await jpegWithGps()), 'Wasserschaden.jpg');
    form.append('files', blobOf(pdfOf()), 'Protokoll.pdf');
    const grant = evidenceUploadLink(deps, owner, 'tenant').url;
    const r = await fetch(`${s.url}${grant}`, { method: 'POST', body: form });
    expect(r.status).toBe(201);
    const { files } = (await r.json()) as { files: { id: string; mime: string }[] };
    expect(files.map((f) => f.mime)).toEqual(['image/jpeg', 'application/pdf']);

    const rows = await s.db.orm.select().from(evidenceFiles);
    expect(rows.filter((row) => row.ownerId === owner.id).map((row) => row.store)).toEqual([
      's3',
      's3',
    ]);
    expect(await s.db.orm.select().from(evidenceBlobs)).toEqual([]);
    // The object in the bucket, read with a client of its own, has no GPS either.
    const photoRow = rows.find((row) => row.id === files[0]!.id)!;
    const object = await s3BlobStore(s3Of(s3.env)).get(photoRow.storageKey);
    expect(object?.contentType).toBe('image/jpeg');
    expect(await exifr.gps(object!.bytes)).toBeUndefined();

    const d = await fetch(`${s.url}${evidenceLink(deps, files[1]!.id, 'landlord').url}`);
    expect(d.status).toBe(200);
    expect(d.headers.get('content-type')).toBe('application/pdf');
    expect(Buffer.from(await d.arrayBuffer()).equals(pdfOf())).toBe(true);

    expect(await deleteEvidenceOf(deps, owner)).toBe(2);
    expect(await listEvidence(deps, owner)).toEqual([]);
    expect(await s3BlobStore(s3Of(s3.env)).get(photoRow.storageKey)).toBeUndefined();
    const gone = await fetch(`${s.url}${evidenceLink(deps, files[1]!.id, 'landlord').url}`);
    expect(gone.status).toBe(410);
  });

  it('takes a 9 MB scan with the default limits (BODY_LIMIT is for JSON bodies, not for files)', async () => {
    const deps = evidenceDeps({ db: s.db, clock: systemClock, config: s.config });
    const owner: EvidenceOwner = { kind: 'claim', id: randomUUID() };
    const scan = pdfOf(9 * 1024 * 1024);
    const form = new FormData();
    form.append('files', blobOf(scan), 'Scan.pdf');
    const r = await fetch(`${s.url}${evidenceUploadLink(deps, owner, 'landlord').url}`, {
      method: 'POST',
      body: form,
    });
    expect(r.status).toBe(201);
    const { files } = (await r.json()) as { files: { id: string; size: number }[] };
    expect(files[0]!.size).toBe(scan.byteLength);
    const d = await fetch(`${s.url}${evidenceLink(deps, files[0]!.id, 'staff').url}`);
    expect(Buffer.from(await d.arrayBuffer()).equals(scan)).toBe(true);
    await deleteEvidenceOf(deps, owner);
  });

  it('keeps files stored in the database readable after the operator switches to S3', async () => {
    const withoutS3 = { ...s.config, evidence: { ...s.config.evidence, s3: undefined } };
    const before = evidenceDeps({ db: s.db, clock: systemClock, config: withoutS3 });
    const owner: EvidenceOwner = { kind: 'claim', id: randomUUID() };
    const stored = await storeEvidence(before, { owner, fileName: 'alt.pdf', bytes: pdfOf() });
    expect(stored.ok).toBe(true);
    if (!stored.ok) return;
    const after = evidenceDeps({ db: s.db, clock: systemClock, config: s.config });
    const d = await fetch(`${s.url}${evidenceLink(after, stored.file.id, 'staff').url}`);
    expect(d.status).toBe(200);
    expect(Buffer.from(await d.arrayBuffer()).equals(pdfOf())).toBe(true);
    await deleteEvidenceOf(after, owner);
    expect(await s.db.orm.select().from(evidenceBlobs)).toEqual([]);
  });
});
