import { describe, expect, it } from 'vitest';
import { certificatePdf } from './certificate';
import { reservationConfirmationPdf } from './reservationConfirmation';
import { pdfText } from './testing/pdfText';

const issuedAt = new Date('2026-03-02T10:00:00Z');

describe('guarantee certificate', () => {
  it('names guarantor, tenants, landlord, object, amount, number and date as real text', async () => {
    const pdf = await certificatePdf({
      contractNumber: 'MK-2026-000042',
      tenants: ['Jürgen Weiß, Straße des 17. Juni 5, 10623 Berlin', 'Zoë Öztürk'],
      landlord: 'Hausverwaltung Größe & Söhne GmbH',
      landlordAddress: 'Am Anger 1, 04109 Leipzig',
      objectAddress: 'Kölner Straße 12, 50667 Köln',
      deposit: 2345.5,
      issuedAt,
    });
    expect(Buffer.from(pdf.slice(0, 5)).toString()).toBe('%PDF-');
    const text = await pdfText(pdf);
    for (const phrase of [
      'Bürgschaftsurkunde',
      'Mietkaution Online Versicherung AG',
      'Jürgen Weiß, Straße des 17. Juni 5, 10623 Berlin',
      'Zoë Öztürk',
      'Hausverwaltung Größe & Söhne GmbH',
      'Kölner Straße 12, 50667 Köln',
      '2.345,50 €',
      'MK-2026-000042',
      '02.03.2026',
    ]) {
      expect(text).toContain(phrase);
    }
  });

  it('draws names the standard font cannot encode instead of failing', async () => {
    const pdf = await certificatePdf({
      contractNumber: 'MK-2026-000043',
      tenants: ['Łukasz Wójcik', 'Ayşe Şahin'],
      landlord: 'Иван Петров',
      landlordAddress: '',
      objectAddress: 'Hauptstraße 1, 10115 Berlin',
      deposit: 900,
      issuedAt,
    });
    const text = await pdfText(pdf);
    expect(text).toContain('ukasz Wójcik');
    expect(text).toContain('Ayse Sahin');
    expect(text).toContain('900,00 €');
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
      '1.800,00 €',
      '01.04.2026',
    ]) {
      expect(text).toContain(phrase);
    }
  });
});
