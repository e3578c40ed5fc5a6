import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../clock';
import { loadConfig } from '../config';
import { createTestDatabase, engines, type TestDatabase } from '../testing/database';
import type { EvidenceOwner } from '../../domain/evidence/rules';
import {
  deleteEvidenceFile,
  evidenceDeps,
  listEvidence,
  storeEvidence,
  storeEvidenceFiles,
  type EvidenceDeps,
} from './index';
import { jpegWithGps, pdfOf, portraitJpeg } from './testing/fixtures';

describe.each(engines)('storing evidence (%s)', (engine) => {
  let db: TestDatabase;
  let deps: EvidenceDeps;
  const clock = fixedClock('2026-11-26T10:00:00Z');
  const owner = (): EvidenceOwner => ({ kind: 'claim', id: randomUUID() });
  beforeAll(async () => {
    db = await createTestDatabase(engine);
    const config = loadConfig({
      SERVER_SECRET: 'test-secret-0123456789abcdef',
      EVIDENCE_MAX_FILES: '3',
    });
    deps = evidenceDeps({ db, clock, config });
  });
  afterAll(async () => {
    await db?.close();
  });

  it('lets two uploads at once not pass the count together', async () => {
    const o = owner();
    const two = () =>
      storeEvidenceFiles(deps, o, [
        { fileName: 'a.pdf', bytes: pdfOf() },
        { fileName: 'b.pdf', bytes: pdfOf() },
      ]);
    const results = await Promise.all([two(), two()]);
    expect(results.map((r) => r.ok).sort()).toEqual([false, true]);
    expect(results.find((r) => !r.ok)).toMatchObject({ error: { code: 'evidence_too_many' } });
    expect(await listEvidence(deps, o)).toHaveLength(2);
    // The refused upload's bytes were removed from the store again.
    const blobs = await db.executeSql('SELECT count(*)::int AS n FROM evidence_blobs');
    expect(blobs.rows[0]!.n).toBe(2);
  });

  it('turns a portrait photo upright before its EXIF orientation is removed', async () => {
    const r = await storeEvidence(deps, {
      owner: owner(),
      fileName: 'hoch.jpg',
      bytes: await portraitJpeg(),
    });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const stored = await deps.store.get(
      (await db.executeSql('SELECT storage_key FROM evidence_files WHERE id = $1', [r.file.id]))
        .rows[0]!.storage_key as string,
    );
    const meta = await sharp(stored!.bytes).metadata();
    expect([meta.width, meta.height, meta.orientation]).toEqual([8, 16, undefined]);
  });

  it('refuses a file that only starts like a JPEG as damaged, and an empty file as of the wrong type', async () => {
    const photo = await jpegWithGps();
    const cut = Buffer.concat([photo.subarray(0, 120), Buffer.alloc(40)]);
    const damaged = await storeEvidence(deps, {
      owner: owner(),
      fileName: 'kaputt.jpg',
      bytes: cut,
    });
    expect(damaged).toEqual({
      ok: false,
      error: {
        code: 'evidence_damaged',
        fileName: 'kaputt.jpg',
        message:
          'Die Datei „kaputt.jpg“ lässt sich nicht lesen. Bitte prüfen Sie die Datei und laden Sie sie erneut hoch.',
      },
    });
    const empty = await storeEvidence(deps, {
      owner: owner(),
      fileName: 'leer.pdf',
      bytes: new Uint8Array(),
    });
    expect(empty).toMatchObject({ ok: false, error: { code: 'evidence_type' } });
  });

  it('refuses a file over the size limit before looking at it', async () => {
    const big = await storeEvidence(deps, {
      owner: owner(),
      fileName: 'scan.pdf',
      bytes: pdfOf(10 * 1024 * 1024 + 1),
    });
    expect(big).toMatchObject({
      ok: false,
      error: { code: 'evidence_too_large', fileName: 'scan.pdf' },
    });
  });

  it('names a file by its detected type and deletes one file of its owner only', async () => {
    const o = owner();
    const r = await storeEvidence(deps, {
      owner: o,
      fileName: 'C:\\Users\\E\\scan.exe',
      bytes: pdfOf(),
    });
    expect(r).toMatchObject({
      ok: true,
      file: { fileName: 'scan.exe.pdf', mime: 'application/pdf' },
    });
    if (!r.ok) return;
    expect(await deleteEvidenceFile(deps, owner(), r.file.id)).toBe(false);
    expect(await deleteEvidenceFile(deps, o, r.file.id)).toBe(true);
    expect(await listEvidence(deps, o)).toEqual([]);
  });
});
