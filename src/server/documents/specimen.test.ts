import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { certificatePdf } from './certificate';
import { fallbackOperator, type DocumentIssuer } from './operator';
import { policyPdf } from './policy';
import { reservationConfirmationPdf } from './reservationConfirmation';
import { sealPdf } from './seal';
import { pdfPageTexts, pdfText } from './testing/pdfText';
import { poppler, popplerComplaints } from './testing/pdfTools';
import { testSealEnv } from '../testing/seal';
import { sandboxTexts } from '../texts/sandbox';

const issuedAt = new Date('2026-03-02T10:00:00Z');
const issuer: DocumentIssuer = {
  operator: fallbackOperator,
  sepaCreditorId: 'DE98ZZZ09999999999',
  siteUrl: 'https://antrag.example',
};
const parties = {
  contractNumber: 'TEST-MK-2026-000001',
  tenants: ['Max Mustermann, Altbauweg 3, 80331 München'],
  landlord: 'Erika Vermieterin',
  landlordAddress: 'Hauptstraße 1, 10117 Berlin',
  objectAddress: 'Kölner Straße 12, 50667 Köln',
  deposit: 2400,
};
const sepa = {
  mandateReference: 'TEST-MK-2026-000001-1',
  accountHolder: 'Max Mustermann',
  account: 'IBAN DE89 XXXX XXXX XXXX XX30 00',
  bankName: 'Commerzbank',
  firstDebitOn: issuedAt,
  firstDebitAmount: 8.4,
};

/** The three documents a decision issues, as specimen or not. */
const documents = (specimen: boolean) => ({
  certificate: () =>
    certificatePdf({
      ...parties,
      issuedAt,
      specimen,
      verification: { url: 'https://antrag.example/pruefen/q3J9xV0bW1s8kZ4tY7uR2A' },
    }),
  policy: () =>
    policyPdf(
      {
        ...parties,
        specimen,
        ratePerPayment: 8.4,
        ratePerYear: 100.8,
        paymentAdverb: 'monatlich',
        startsOn: issuedAt,
        issuedAt,
        extras: [],
        sepa,
      },
      issuer,
    ),
  reservation: () =>
    reservationConfirmationPdf({
      reservationNumber: 'TEST-MK-2026-000002',
      tenant: 'Herr Max Mustermann',
      tenantAddress: 'Altbauweg 3, 80331 München',
      deposit: 2400,
      issuedAt,
      validUntil: new Date('2026-04-01T10:00:00Z'),
      specimen,
    }),
});

describe('sandbox specimens (ADR 1130)', () => {
  it.each(Object.keys(documents(true)))(
    'the %s carries "MUSTER – keine Bürgschaft" on every page and no "ohne Unterschrift gültig"',
    async (name) => {
      const pdf = await documents(true)[name as keyof ReturnType<typeof documents>]();
      const pages = await pdfPageTexts(pdf);
      expect(pages.length).toBeGreaterThanOrEqual(1);
      for (const [i, page] of pages.entries())
        expect(page, `page ${i + 1}`).toContain(sandboxTexts.mark);
      const text = pages.join(' ');
      expect(text).toContain('Es ist keine Bürgschaft, kein Versicherungsschein und keine Zusage');
      expect(text).not.toContain('ohne Unterschrift gültig');
      expect(await poppler('pdfinfo', pdf)).toMatch(/Tagged:\s+yes/);
    },
  );

  it('the policy runs over more than one page and each of them is marked', async () => {
    const pages = await pdfPageTexts(await documents(true).policy());
    expect(pages.length).toBeGreaterThan(1);
    expect(pages.every((p) => p.includes(sandboxTexts.mark))).toBe(true);
  });

  it.each(Object.keys(documents(false)))('the real %s carries no mark', async (name) => {
    const pdf = await documents(false)[name as keyof ReturnType<typeof documents>]();
    const text = await pdfText(pdf);
    expect(text).not.toContain('MUSTER');
  });
});

describe('the seal writes a PDF poppler reads without a syntax error (issue 27)', () => {
  it('pdfinfo, pdfsig and pdftotext print nothing on stderr for a sealed certificate', async () => {
    const sealed = await sealPdf(
      await documents(false).certificate(),
      {
        p12: await readFile(testSealEnv.SEAL_P12_PATH),
        passphrase: testSealEnv.SEAL_P12_PASSWORD,
      },
      // A name with spaces and umlauts: the one that made "/Name /Mietkaution Online ..." invalid.
      {
        name: 'Müller & Söhne Kaution AG',
        reason: 'Bürgschaftsurkunde',
        location: '10115 Berlin',
        contact: 'service@example.org',
        at: issuedAt,
      },
    );
    expect(await poppler('pdfsig', sealed)).toContain('Signature Validation: Signature is Valid.');
    for (const tool of ['pdfinfo', 'pdfsig', 'pdftotext'] as const)
      expect(await popplerComplaints(tool, sealed), tool).toBe('');
  });
});
