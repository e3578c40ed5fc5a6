import { plainAddPlaceholder } from '@signpdf/placeholder-plain';
import { SUBFILTER_ETSI_CADES_DETACHED } from '@signpdf/utils';
import { describe, expect, it } from 'vitest';
import { certificatePdf } from './certificate';
import { fallbackOperator, type DocumentIssuer } from './operator';
import { policyPdf } from './policy';
import { addSealPlaceholder, type PlaceholderOptions } from './sealPlaceholder';

// The real documents of three contracts: the placeholder must be @signpdf's, byte for byte
// (issue 30 made it faster, not different).
const issuedAt = new Date('2026-03-02T10:00:00Z');
const issuer: DocumentIssuer = {
  operator: fallbackOperator,
  sepaCreditorId: 'DE98ZZZ09999999999',
  siteUrl: 'https://antrag.example',
};
const parties = (i: number) => ({
  contractNumber: `MK-2026-00004${i}`,
  tenants: [`Zoë Øster-Wałęsa ${i}, Straße des 17. Juni ${i}, 10623 Berlin`],
  landlord: 'Hausverwaltung Größe & Söhne GmbH',
  landlordAddress: 'Am Anger 1, 04109 Leipzig',
  objectAddress: 'Kölner Straße 12, 50667 Köln',
  deposit: 2345.5 + i,
});
const options = (pdfBuffer: Buffer, reason: string): PlaceholderOptions => ({
  pdfBuffer,
  reason,
  contactInfo: fallbackOperator.email,
  name: fallbackOperator.name,
  location: 'Berlin',
  signingTime: issuedAt,
  subFilter: SUBFILTER_ETSI_CADES_DETACHED,
  signatureLength: 8192,
});

describe('seal placeholder', () => {
  it('is the same bytes as plainAddPlaceholder for certificates and policies', async () => {
    for (let i = 1; i <= 3; i++) {
      const certificate = await certificatePdf({
        ...parties(i),
        issuedAt,
        verification: { url: `https://antrag.example/pruefen/q3J9xV0bW1s8kZ4tY7u${i}A` },
      });
      const policy = await policyPdf(
        {
          ...parties(i),
          ratePerPayment: 9.5,
          ratePerYear: 114,
          paymentAdverb: 'monatlich',
          startsOn: issuedAt,
          issuedAt,
          extras: [],
          sepa: {
            mandateReference: `MK-2026-00004${i}-01`,
            accountHolder: 'Zoë Øster-Wałęsa',
            account: 'IBAN DE89 XXXX XXXX XXXX XX30 00',
            bankName: 'Commerzbank',
            firstDebitOn: issuedAt,
            firstDebitAmount: 9.5,
          },
        },
        issuer,
      );
      for (const [pdf, reason] of [
        [certificate, 'Bürgschaftsurkunde'],
        [policy, 'Versicherungsschein'],
      ] as const) {
        const ours = addSealPlaceholder(options(pdf, reason));
        expect(ours.equals(plainAddPlaceholder(options(pdf, reason)))).toBe(true);
      }
    }
  });

  it('a PDF or a reason naming an AcroForm gets the package placeholder', async () => {
    const pdf = await certificatePdf({ ...parties(1), issuedAt });
    const reason = 'Siegel /AcroForm 7 0 R';
    expect(
      addSealPlaceholder(options(pdf, reason)).equals(plainAddPlaceholder(options(pdf, reason))),
    ).toBe(true);
  });
});
