import { randomUUID } from 'node:crypto';
import exifr from 'exifr';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../clock';
import { engines } from '../testing/database';
import { startTestServer, type TestServer } from '../testing/server';
import type { EvidenceOwner } from '../../domain/evidence/rules';
import {
  evidenceDeps,
  evidenceLink,
  evidenceUploadLink,
  listEvidence,
  type EvidenceDeps,
} from './index';
import { blobOf, jpegWithGps, pdfOf, pngWithText, windowsExecutable } from './testing/fixtures';

/** Sends files as a browser's multipart form does. */
async function upload(base: string, path: string, files: { name: string; bytes: Uint8Array }[]) {
  const form = new FormData();
  for (const f of files) form.append('files', blobOf(f.bytes), f.name);
  const r = await fetch(`${base}${path}`, { method: 'POST', body: form });
  return { status: r.status, body: (await r.json()) as any }; // eslint-disable-line @typescript-eslint/no-explicit-any
}

async function download(base: string, url: string) {
  const r = await fetch(`${base}${url}`);
  return { status: r.status, headers: r.headers, bytes: new Uint8Array(await r.arrayBuffer()) };
}

describe.each(engines)('evidence files through the real server (%s)', (engine) => {
  const clock = fixedClock('2026-11-26T10:00:00Z');
  let s: TestServer;
  let deps: EvidenceDeps;
  const claim = (): EvidenceOwner => ({ kind: 'claim', id: randomUUID() });
  const grant = (owner: EvidenceOwner) => evidenceUploadLink(deps, owner, 'landlord').url;

  beforeAll(async () => {
    s = await startTestServer({
      engine,
      clock,
      // 60 KB and three files keep the limits cheap to reach.
      env: { EVIDENCE_MAX_FILE_MB: '0.06', EVIDENCE_MAX_FILES: '3' },
    });
    deps = evidenceDeps({ db: s.db, clock, config: s.config });
  });
  afterAll(async () => {
    await s?.close();
  });

  it('refuses a renamed executable by its content, whatever its name says', async () => {
    const owner = claim();
    const r = await upload(s.url, grant(owner), [
      { name: 'Rechnung.pdf', bytes: windowsExecutable() },
    ]);
    expect(r.status).toBe(415);
    expect(r.body.errors[0]).toEqual({
      code: 'evidence_type',
      fileName: 'Rechnung.pdf',
      message:
        'Die Datei „Rechnung.pdf“ ist keine PDF, JPEG oder PNG-Datei. Bitte laden Sie nur Dokumente als PDF und Fotos als JPEG oder PNG hoch.',
    });
    expect(await listEvidence(deps, owner)).toEqual([]);
  });

  it('refuses an oversized file while it arrives, naming the limit', async () => {
    const owner = claim();
    const r = await upload(s.url, grant(owner), [{ name: 'Protokoll.pdf', bytes: pdfOf(70_000) }]);
    expect(r.status).toBe(413);
    expect(r.body.errors[0]).toMatchObject({
      code: 'evidence_too_large',
      fileName: 'Protokoll.pdf',
    });
    expect(r.body.errors[0].message).toContain('höchstens 0,1 MB');
    expect(await listEvidence(deps, owner)).toEqual([]);
  });

  it('refuses more files than allowed, in one upload and across uploads, storing none of them', async () => {
    const owner = claim();
    const four = Array.from({ length: 4 }, (_, i) => ({ name: `${i}.pdf`, bytes: pdfOf() }));
    const r = await upload(s.url, grant(owner), four);
    expect(r.status).toBe(413);
    expect(r.body.errors[0]).toEqual({
      code: 'evidence_too_many',
      message: 'Es sind höchstens 3 Dateien möglich. Bitte wählen Sie weniger Dateien aus.',
    });
    expect(await listEvidence(deps, owner)).toEqual([]);
    const two = await upload(s.url, grant(owner), four.slice(0, 2));
    expect(two.status).toBe(201);
    const twoMore = await upload(s.url, grant(owner), four.slice(2));
    expect(twoMore.status).toBe(413);
    expect(twoMore.body.errors[0].code).toBe('evidence_too_many');
    expect((await listEvidence(deps, owner)).map((f) => f.fileName)).toEqual(['0.pdf', '1.pdf']);
  });

  it('removes GPS, camera EXIF, XMP and the comment from a JPEG', async () => {
    const owner = claim();
    const photo = await jpegWithGps();
    expect(await exifr.gps(photo)).toMatchObject({ latitude: expect.closeTo(52.52, 2) });
    const r = await upload(s.url, grant(owner), [{ name: 'Schaden Küche.jpg', bytes: photo }]);
    expect(r.status).toBe(201);
    expect(r.body.files[0]).toMatchObject({ fileName: 'Schaden Küche.jpg', mime: 'image/jpeg' });
    const link = evidenceLink(deps, r.body.files[0].id, 'tenant');
    const d = await download(s.url, link.url);
    expect(d.status).toBe(200);
    expect(d.headers.get('content-type')).toBe('image/jpeg');
    expect(await exifr.gps(d.bytes)).toBeUndefined();
    expect(await exifr.parse(d.bytes, { xmp: true, iptc: true, icc: true })).toBeUndefined();
    const text = Buffer.from(d.bytes).toString('latin1');
    for (const leak of ['Musterstra', 'Testkamera', '4711', 'Erika', 'xmpmeta'])
      expect(text).not.toContain(leak);
    const meta = await sharp(d.bytes).metadata();
    expect([meta.format, meta.width, meta.height, meta.exif, meta.xmp]).toEqual([
      'jpeg',
      16,
      8,
      undefined,
      undefined,
    ]);
  });

  it('removes the text chunks of a PNG', async () => {
    const owner = claim();
    const png = await pngWithText();
    const r = await upload(s.url, grant(owner), [{ name: 'grundriss', bytes: png }]);
    expect(r.status).toBe(201);
    expect(r.body.files[0]).toMatchObject({ fileName: 'grundriss.png', mime: 'image/png' });
    const d = await download(s.url, evidenceLink(deps, r.body.files[0].id, 'staff').url);
    expect(d.status).toBe(200);
    const meta = await sharp(d.bytes).metadata();
    expect(meta.comments).toBeUndefined();
    expect(Buffer.from(d.bytes).toString('latin1')).not.toMatch(/tEXt|iTXt|zTXt|Erika|GPS/);
    expect([meta.width, meta.height]).toEqual([4, 4]);
  });

  it('serves a file only through its signed link: attachment, stored type, nosniff; tampered 403, expired 410', async () => {
    const owner = claim();
    const pdf = pdfOf();
    const r = await upload(s.url, grant(owner), [{ name: 'Übergabeprotokoll.pdf', bytes: pdf }]);
    expect(r.status).toBe(201);
    const id = r.body.files[0].id as string;
    const link = evidenceLink(deps, id, 'landlord');
    expect(link.expiresAt.getTime() - clock.now().getTime()).toBe(15 * 60_000);
    const d = await download(s.url, link.url);
    expect(d.status).toBe(200);
    expect(Buffer.from(d.bytes).equals(pdf)).toBe(true);
    expect(d.headers.get('content-type')).toBe('application/pdf');
    expect(d.headers.get('x-content-type-options')).toBe('nosniff');
    expect(d.headers.get('cache-control')).toBe('private, no-store');
    expect(d.headers.get('content-disposition')).toBe(
      `attachment; filename="Ubergabeprotokoll.pdf"; filename*=UTF-8''%C3%9Cbergabeprotokoll.pdf`,
    );

    // Another file's id, another audience, a changed signature, a later expiry: all forged.
    const [, , expires] = link.url.split('/').pop()!.split('.');
    const forged = [
      link.url.replace(id, randomUUID()),
      link.url.replace('.landlord.', '.tenant.'),
      link.url.replace(`.${expires}.`, `.${Number(expires) + 3600}.`),
      `${link.url.slice(0, -2)}${link.url.endsWith('AA') ? 'AB' : 'AA'}`,
      '/api/evidence/kaputt',
    ];
    for (const url of forged) {
      const f = await fetch(`${s.url}${url}`);
      expect(f.status, url).toBe(403);
      expect(((await f.json()) as { errors: { code: string }[] }).errors[0]!.code).toBe(
        'link_invalid',
      );
    }
    // An upload grant is no download link, and the other way round.
    const upToken = grant(owner).split('/').pop()!;
    expect((await fetch(`${s.url}/api/evidence/${upToken}`)).status).toBe(403);

    clock.advance(15 * 60_000 - 1000);
    expect((await download(s.url, link.url)).status).toBe(200);
    clock.advance(1000);
    const expired = await fetch(`${s.url}${link.url}`);
    expect(expired.status).toBe(410);
    expect(await expired.json()).toEqual({
      errors: [{ code: 'link_expired', message: expect.stringContaining('abgelaufen') }],
    });
  });

  it('refuses an expired or forged upload grant and a request that is not multipart', async () => {
    const owner = claim();
    const path = grant(owner);
    expect((await upload(s.url, `${path}x`, [{ name: 'a.pdf', bytes: pdfOf() }])).status).toBe(403);
    const json = await fetch(`${s.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(json.status).toBe(415);
    clock.advance(61 * 60_000);
    const late = await upload(s.url, path, [{ name: 'a.pdf', bytes: pdfOf() }]);
    expect(late.status).toBe(410);
    expect(late.body.errors[0].code).toBe('upload_expired');
  });
});
