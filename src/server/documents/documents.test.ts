import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { cancellationRule } from '../../domain/index';
import { certificatePdf } from './certificate';
import { legalPdf } from './legalDocuments';
import { fillPlaceholders } from './legalText';
import { pdfLegalSlugs, legalSource } from './legalFiles';
import { fallbackOperator, type DocumentIssuer } from './operator';
import { policyPdf } from './policy';
import { reservationConfirmationPdf } from './reservationConfirmation';
import { sealPdf } from './seal';
import { pdfText } from './testing/pdfText';
import { poppler } from './testing/pdfTools';
import { testSealEnv } from '../testing/seal';

const issuedAt = new Date('2026-03-02T10:00:00Z');
const issuer: DocumentIssuer = {
  operator: fallbackOperator,
  sepaCreditorId: 'DE98ZZZ09999999999',
  siteUrl: 'https://antrag.example',
};
const seal = async () => ({
  p12: await readFile(testSealEnv.SEAL_P12_PATH),
  passphrase: testSealEnv.SEAL_P12_PASSWORD,
});

const certificate = (tenants: string[], landlord = 'Hausverwaltung Größe & Söhne GmbH') =>
  certificatePdf({
    contractNumber: 'MK-2026-000042',
    tenants,
    landlord,
    landlordAddress: 'Am Anger 1, 04109 Leipzig',
    objectAddress: 'Kölner Straße 12, 50667 Köln',
    deposit: 2345.5,
    issuedAt,
    verification: {
      url: 'https://antrag.example/pruefen/q3J9xV0bW1s8kZ4tY7uR2A',
    },
  });

async function expectTagged(pdf: Uint8Array, title: string) {
  const info = await poppler('pdfinfo', pdf);
  expect(info).toMatch(/Tagged:\s+yes/);
  expect(info).toContain(`Title:           ${title}`);
  expect(info).toMatch(/PDF version:\s+1\.7/);
  return poppler('pdfinfo', pdf, ['-struct']);
}

describe('guarantee certificate', () => {
  it('names guarantor, tenants, landlord, object, amount, number, date, release wording and link (no code)', async () => {
    const pdf = await certificate([
      'Jürgen Weiß, Straße des 17. Juni 5, 10623 Berlin',
      'Zoë Öztürk',
    ]);
    const text = await pdfText(pdf);
    for (const phrase of [
      'Bürgschaftsurkunde',
      fallbackOperator.name,
      'Jürgen Weiß, Straße des 17. Juni 5, 10623 Berlin',
      'Zoë Öztürk',
      'Hausverwaltung Größe & Söhne GmbH',
      'Kölner Straße 12, 50667 Köln',
      '2.345,50 €',
      'MK-2026-000042',
      '02.03.2026',
      'Der Vermieter gibt sie frei online',
      cancellationRule.landlord,
      'Der Freigabecode steht nicht auf dieser Urkunde.',
      'mit dem Freigabecode aus dem Brief des Bürgen',
    ]) {
      expect(text).toContain(phrase);
    }
    // a long PUBLIC_URL may wrap after a slash
    expect(text.replace(/\s/g, '')).toContain(
      'https://antrag.example/pruefen/q3J9xV0bW1s8kZ4tY7uR2A',
    );
    expect(text).not.toContain('zurückgibt');
  });

  it('is a tagged PDF in German with headings, a table of the parties and the QR code as a figure with alternative text', async () => {
    const pdf = await certificate(['Max Mustermann']);
    const struct = await expectTagged(pdf, 'Bürgschaftsurkunde MK-2026-000042');
    for (const tag of ['Document', 'H1', 'P', 'Table', 'TR', 'TH', 'TD', 'H2', 'Figure']) {
      expect(struct).toContain(tag);
    }
    const raw = Buffer.from(pdf).toString('latin1');
    expect(raw).toMatch(/\/Lang \(de-DE\)/);
    expect(raw).toMatch(/\/DisplayDocTitle true/);
    // the figure's /Alt is written as a UTF-16 string; its ASCII part shows the link
    expect(raw).toMatch(/\/S \/Figure[\s\S]*?\/Alt/);
  });

  it('draws names in Latin Extended, Greek and Cyrillic as typed (embedded DejaVu Sans)', async () => {
    const pdf = await certificate(
      ['Łukasz Wałęsa, Hauptstraße 1, 10115 Berlin', 'Ιωάννης Παπαδόπουλος'],
      'Иван Петров',
    );
    const text = await pdfText(pdf);
    expect(text).toContain('Łukasz Wałęsa');
    expect(text).toContain('Ιωάννης Παπαδόπουλος');
    expect(text).toContain('Иван Петров');
    expect(text).not.toContain('?');
    const fonts = Buffer.from(pdf).toString('latin1');
    expect(fonts).toMatch(/\/FontFile2/);
    expect(fonts).toMatch(/DejaVuSans/);
  });
});

describe('electronic seal (PAdES)', () => {
  it('a sealed PDF carries a valid ETSI.CAdES.detached signature of the configured seal', async () => {
    const pdf = await certificate(['Max Mustermann']);
    const sealed = await sealPdf(pdf, await seal(), {
      name: fallbackOperator.name,
      reason: 'Bürgschaftsurkunde',
      location: 'Berlin',
      contact: fallbackOperator.email,
      at: issuedAt,
    });
    const report = await poppler('pdfsig', sealed);
    expect(report).toContain('Signature Validation: Signature is Valid.');
    expect(report).toContain('Signature Type: ETSI.CAdES.detached');
    expect(report).toContain('Signing Hash Algorithm: SHA-256');
    expect(report).toContain('Mietkaution Online Versicherung AG (TEST) – elektronisches Siegel');
    expect(report).toContain('Total document signed');
    // still tagged after sealing
    expect(await poppler('pdfinfo', sealed)).toMatch(/Tagged:\s+yes/);

    // one changed byte inside the signed range breaks it
    const tampered = Buffer.from(sealed);
    const at = tampered.indexOf('MK-2026-000042');
    tampered[at + 13] = '3'.charCodeAt(0);
    expect(await poppler('pdfsig', tampered)).not.toContain('Signature is Valid.');
  });
});

describe('policy (Versicherungsschein)', () => {
  it('names number, parties, amount, premium, frequency, start, mandate, creditor id and the first debit', async () => {
    const pdf = await policyPdf(
      {
        contractNumber: 'MK-2026-000042',
        tenants: ['Łukasz Wałęsa, Hauptstraße 1, 10115 Berlin'],
        landlord: 'Frau Anna Vermieterin',
        landlordAddress: 'Am Anger 1, 04109 Leipzig',
        objectAddress: 'Kölner Straße 12, 50667 Köln',
        deposit: 1500,
        ratePerPayment: 5.51,
        ratePerYear: 66.15,
        paymentAdverb: 'monatlich',
        startsOn: new Date('2026-04-01T12:00:00Z'),
        issuedAt,
        extras: [{ label: 'Nachsendeservice (6 Monate)', price: 19.9 }],
        sepa: {
          mandateReference: 'MK-2026-000042-M1',
          accountHolder: 'Łukasz Wałęsa',
          account: 'IBAN DE89 XXXX XXXX XXXX XX30 00',
          bankName: 'Commerzbank',
          firstDebitOn: new Date('2026-03-16T10:00:00Z'),
          firstDebitAmount: 25.41,
        },
      },
      issuer,
    );
    const text = await pdfText(pdf);
    for (const phrase of [
      'Versicherungsschein',
      'MK-2026-000042',
      'Versicherungsnehmer Łukasz Wałęsa, Hauptstraße 1, 10115 Berlin',
      'Frau Anna Vermieterin',
      'Kölner Straße 12, 50667 Köln',
      'Bürgschaftssumme 1.500,00 €',
      '5,51 € monatlich (66,15 € im Jahr; Endpreis)',
      'Nachsendeservice (6 Monate) 19,90 € einmalig',
      'Versicherungsbeginn 01.04.2026',
      'Identifikationsnummer',
      'DE98ZZZ09999999999',
      'Mandatsreferenz MK-2026-000042-M1',
      'IBAN DE89 XXXX XXXX XXXX XX30 00',
      'Den ersten Beitrag von 25,41 € ziehen wir am 16.03.2026',
      '„Vertrag widerrufen“',
      'https://antrag.example/widerruf',
    ]) {
      expect(text).toContain(phrase);
    }
    const struct = await expectTagged(pdf, 'Versicherungsschein MK-2026-000042');
    expect(struct).toContain('L (block)');
  });
});

describe('legal texts', () => {
  it.each(pdfLegalSlugs)(
    '%s: placeholders filled, marked as a template, tagged, withdrawal in the footer',
    async (slug) => {
      const filled = fillPlaceholders(legalSource(slug), issuer);
      expect(filled).not.toContain('{{');
      const pdf = await legalPdf(slug, issuer, issuedAt);
      const text = await pdfText(pdf);
      expect(text).toContain('Vorlage – vor Verwendung durch einen Rechtsanwalt prüfen lassen.');
      expect(text).toContain(fallbackOperator.name);
      // every page's footer names the withdrawal button and the page
      const pages = Number(/Pages:\s+(\d+)/.exec(await poppler('pdfinfo', pdf))![1]);
      expect(
        text.split('Schaltfläche „Vertrag widerrufen“ unten auf jeder Seite').length - 1,
      ).toBeGreaterThanOrEqual(pages);
      expect(text).toContain('https://antrag.example/widerruf');
      const struct = await expectTagged(pdf, filled.split('\n')[0]!.replace(/^# /, ''));
      expect(struct).toContain('H2');
    },
  );

  it('the contents say what they must', async () => {
    const text = async (slug: (typeof pdfLegalSlugs)[number]) =>
      pdfText(await legalPdf(slug, issuer, issuedAt));
    const conditions = await text('versicherungsbedingungen');
    expect(conditions).toContain(cancellationRule.landlord);
    expect(conditions).toContain(cancellationRule.tenant);
    const consumer = await text('verbraucherinformationen');
    expect(consumer).toContain('Produktinformationsblatt');
    expect(consumer).toContain('DE98ZZZ09999999999');
    expect(consumer).toContain('[Aufsichtsbehörde – bitte OPERATOR_SUPERVISOR setzen');
    const withdrawal = await text('widerrufsbelehrung');
    expect(withdrawal).toContain('innerhalb von 14 Tagen ohne Angabe von Gründen');
    expect(withdrawal).toContain('Klicken Sie auf die Schaltfläche „Vertrag widerrufen“');
    expect(withdrawal).toContain('/widerruf');
    expect(withdrawal).toContain('„Widerruf bestätigen“');
  });
});

describe('reservation confirmation', () => {
  it('is a Sofortzusage with number, tenant, amount and validity', async () => {
    const pdf = await reservationConfirmationPdf({
      reservationNumber: 'MR-2026-000007',
      tenant: 'Frau Märta Müller',
      tenantAddress: 'Lindenstraße 3, 20095 Hamburg',
      deposit: 1800,
      issuedAt,
      validUntil: new Date('2026-04-01T10:00:00Z'),
    });
    const text = await pdfText(pdf);
    for (const phrase of [
      'Sofortzusage',
      'MR-2026-000007',
      'Frau Märta Müller',
      'für Frau Märta Müller eine Mietkautionsbürgschaft',
      '1.800,00 €',
      '01.04.2026',
    ]) {
      expect(text).toContain(phrase);
    }
    await expectTagged(pdf, 'Sofortzusage MR-2026-000007');
  });
});
