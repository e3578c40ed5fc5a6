import { readFile } from 'node:fs/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../clock';
import { documentRenderer, fallbackOperator, type DocumentIssuer } from '../documents/index';
import { closeRenderThread, renderRequests } from '../documents/renderThread';
import { pdfText } from '../documents/testing/pdfText';
import { testSealEnv } from '../testing/seal';
import { legalDocuments, legalVersion } from './legalDocuments';

const issuer: DocumentIssuer = {
  operator: fallbackOperator,
  sepaCreditorId: 'DE98ZZZ09999999999',
  siteUrl: 'https://antrag.example',
};
const testSeal = async () => ({
  p12: await readFile(testSealEnv.SEAL_P12_PATH),
  passphrase: testSealEnv.SEAL_P12_PASSWORD,
});

afterAll(() => closeRenderThread());

describe('the legal PDFs: rendered and sealed once per version (issue 30)', () => {
  it('a version is rendered once: later contracts get the same sealed bytes, whenever they ask', async () => {
    const seal = await testSeal();
    const clock = fixedClock('2026-03-02T09:00:00Z');
    const legal = legalDocuments({ issuer, sealIdentity: async () => seal, clock });
    const rendered = renderRequests('legalPdf');
    const first = await legal.all();
    clock.advance(3_600_000); // the seal's time is in the bytes: a new rendering would differ
    const again = await Promise.all([legal.all(), legal.all()]);
    expect(again[0].map((d) => d.content)).toEqual(first.map((d) => d.content));
    expect(again[1].map((d) => d.version)).toEqual(first.map((d) => d.version));
    expect(renderRequests('legalPdf') - rendered).toBe(3);
    expect(first.map((d) => d.filename)).toEqual([
      expect.stringMatching(/\.pdf$/),
      expect.stringMatching(/\.pdf$/),
      expect.stringMatching(/\.pdf$/),
    ]);
    expect(new Set(first.map((d) => d.version)).size).toBe(3);
  });

  it('other operator details are another version, rendered anew with them; the old one stays usable', async () => {
    const seal = await testSeal();
    const clock = fixedClock('2026-03-02T09:00:00Z');
    const renamed: DocumentIssuer = {
      ...issuer,
      operator: { ...issuer.operator, name: 'Kautionsschutz Nord AG' },
    };
    const before = await legalDocuments({ issuer, sealIdentity: async () => seal, clock }).one(
      'widerrufsbelehrung',
    );
    const rendered = renderRequests('legalPdf');
    const after = await legalDocuments({
      issuer: renamed,
      sealIdentity: async () => seal,
      clock,
    }).one('widerrufsbelehrung');
    expect(renderRequests('legalPdf') - rendered).toBe(1);
    expect(after.version).not.toBe(before.version);
    expect(await pdfText(after.content)).toContain('Kautionsschutz Nord AG');
    expect(await pdfText(before.content)).not.toContain('Kautionsschutz Nord AG');
    // Asked again under the old details: the same bytes as before, not a third rendering.
    const back = await legalDocuments({ issuer, sealIdentity: async () => seal, clock }).one(
      'widerrufsbelehrung',
    );
    expect(back.content).toEqual(before.content);
    expect(renderRequests('legalPdf') - rendered).toBe(1);
  });

  it('another seal is another version; the version names slug, text, issuer and seal', async () => {
    const seal = await testSeal();
    const other = await documentRenderer.generateSealIdentity(
      'Kautionsschutz Nord AG',
      new Date('2026-03-02T09:00:00Z'),
    );
    const v = legalVersion('widerrufsbelehrung', issuer, seal);
    expect(legalVersion('widerrufsbelehrung', issuer, seal)).toBe(v);
    expect(legalVersion('widerrufsbelehrung', issuer, other)).not.toBe(v);
    expect(legalVersion('verbraucherinformationen', issuer, seal)).not.toBe(v);
    expect(
      legalVersion('widerrufsbelehrung', { ...issuer, sepaCreditorId: 'DE02ZZZ01234567890' }, seal),
    ).not.toBe(v);
    expect(
      legalVersion('widerrufsbelehrung', { ...issuer, siteUrl: 'https://kaution.example' }, seal),
    ).not.toBe(v);
    const clock = fixedClock('2026-03-02T09:00:00Z');
    const rendered = renderRequests('legalPdf');
    const resealed = await legalDocuments({ issuer, sealIdentity: async () => other, clock }).one(
      'widerrufsbelehrung',
    );
    expect(renderRequests('legalPdf') - rendered).toBe(1);
    expect(resealed.version).toBe(legalVersion('widerrufsbelehrung', issuer, other));
  });
});
