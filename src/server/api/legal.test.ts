import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { legalSlugs, legalTitles, parseLegalText } from '../../domain/legal/index';
import { loadConfig } from '../config';
import { call } from '../testing/http';
import { startTestServer, type TestServer } from '../testing/server';
import { legalContentDir } from '../documents/legalFiles';

const textOf = (doc: {
  blocks: { content?: { text: string }[]; items?: { text: string }[][] }[];
}) =>
  doc.blocks
    .flatMap((b) => [...(b.content ?? []), ...(b.items ?? []).flat()])
    .map((r) => r.text)
    .join(' ');

describe('legal texts', () => {
  it('every text in content/legal parses, with its exact # title and every placeholder known', () => {
    const { operator } = loadConfig({});
    for (const slug of legalSlugs) {
      const md = readFileSync(join(legalContentDir, `${slug}.md`), 'utf8');
      const doc = parseLegalText(md, operator);
      expect(doc.title, slug).toBe(legalTitles[slug]);
      expect(textOf(doc), slug).not.toContain('{{');
    }
  });

  it('operator details default to clearly marked placeholders naming their variable', () => {
    const { operator } = loadConfig({ OPERATOR_PHONE: '  ' });
    expect(operator.name).toBe('[Firmenname – bitte OPERATOR_NAME setzen]');
    expect(operator.phone).toBe('[Telefonnummer – bitte OPERATOR_PHONE setzen]');
    expect(operator.sepaCreditorId).toBe('DE98ZZZ09999999999');
  });
});

describe('GET /api/legal/{slug} (pglite)', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({
      engine: 'pglite',
      env: {
        OPERATOR_NAME: 'Kautionsschutz Muster GmbH',
        OPERATOR_STREET: 'Musterweg 5',
        OPERATOR_ZIP_CITY: '10115 Berlin',
        OPERATOR_EMAIL: 'service@kautionsschutz.example',
      },
    });
  });
  afterAll(async () => {
    await s?.close();
  });

  it('answers the Impressum as blocks with the configured operator filled in', async () => {
    const r = await call(s.url, 'GET', '/api/legal/impressum');
    expect(r.status).toBe(200);
    expect(r.body.slug).toBe('impressum');
    expect(r.body.title).toBe('Impressum');
    expect(r.body.blocks[0]).toEqual({
      kind: 'heading',
      level: 2,
      content: [{ text: 'Anbieter' }],
    });
    const text = textOf(r.body);
    expect(text).toContain('Kautionsschutz Muster GmbH');
    expect(text).toContain('Musterweg 5\n10115 Berlin');
    // Not configured: the placeholder says which variable to set.
    expect(text).toContain('[Telefonnummer – bitte OPERATOR_PHONE setzen]');
  });

  it('serves every slug of the footer, and 404 for anything else', async () => {
    for (const slug of legalSlugs) {
      const r = await call(s.url, 'GET', `/api/legal/${slug}`);
      expect(r.status, slug).toBe(200);
      expect(r.body.title).toBe(legalTitles[slug]);
    }
    for (const bad of ['agb', '..%2Fpackage', 'impressum.md', '__proto__'])
      expect((await call(s.url, 'GET', `/api/legal/${bad}`)).status, bad).toBe(404);
  });
});
