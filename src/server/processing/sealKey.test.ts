import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLayout } from '../documents/layout';
import { sealPdf } from '../documents/seal';
import { checkSealIdentity } from '../documents/sealCheck';
import { poppler } from '../documents/testing/pdfTools';
import { createTestDatabase, engines, type TestDatabase } from '../testing/database';
import { storedSealIdentity } from './sealKey';

describe.each(engines)('the self-made seal on %s', (engine) => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase(engine);
  });
  afterAll(async () => {
    await db?.close();
  });

  it('is made once, kept in the database and seals valid PDFs', async () => {
    const now = new Date('2026-03-02T10:00:00Z');
    // two callers at once (two instances) end up with the same stored seal
    const [a, b] = await Promise.all([
      storedSealIdentity(db, 'Müller & Söhne Kaution AG', now),
      storedSealIdentity(db, 'Müller & Söhne Kaution AG', now),
    ]);
    const again = await storedSealIdentity(db, 'anything', now);
    expect(again.p12.equals(a.p12)).toBe(true);
    expect(b.p12.equals(a.p12)).toBe(true);
    const { subject, notAfter } = checkSealIdentity(again);
    expect(subject).toContain('CN=Müller & Söhne Kaution AG – elektronisches Siegel');
    expect(notAfter.getUTCFullYear()).toBe(2036);

    const l = createLayout({ title: 'Test', subject: 'Test', author: 'Test', createdAt: now });
    l.paragraph('Gesiegelt');
    const sealed = await sealPdf(await l.end(), again, {
      name: 'Müller & Söhne Kaution AG',
      reason: 'Test',
      location: 'Berlin',
      contact: 'x@example.org',
      at: now,
    });
    const report = await poppler('pdfsig', sealed);
    expect(report).toContain('Signature Validation: Signature is Valid.');
    expect(report).toContain('Müller & Söhne Kaution AG – elektronisches Siegel');
  });
});
