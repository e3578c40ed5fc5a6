// The contracts bench/documents.ts renders: every one with its own number, names, addresses and
// verification link, so words that differ between contracts are laid out anew as in production.
import type { CertificateData } from '../../src/server/documents/certificate';
import type { PolicyData } from '../../src/server/documents/policy';
import { fallbackOperator, type DocumentIssuer } from '../../src/server/documents/operator';

export const issuer: DocumentIssuer = {
  operator: fallbackOperator,
  sepaCreditorId: 'DE98ZZZ09999999999',
  siteUrl: 'https://antrag.example',
};

const issuedAt = new Date('2026-03-02T10:00:00Z');
const firstNames = ['Jürgen', 'Zoë', 'Łukasz', 'Anna', 'Mehmet', 'Sofía', 'Ines', 'Pjotr'];
const lastNames = ['Weiß', 'Öztürk', 'Wałęsa', 'Schmidt', 'Yılmaz', 'García', 'Krüger', 'Iwanow'];

export function contractOf(i: number): { certificate: CertificateData; policy: PolicyData } {
  const name = `${firstNames[i % 8]} ${lastNames[(i * 3) % 8]}${i}`;
  const number = `MK-2026-${String(100_000 + i).padStart(6, '0')}`;
  const parties = {
    contractNumber: number,
    tenants: [`${name}, Straße des 17. Juni ${i + 1}, 10623 Berlin`],
    landlord: `Hausverwaltung Größe & Söhne ${i} GmbH`,
    landlordAddress: `Am Anger ${i + 1}, 04109 Leipzig`,
    objectAddress: `Kölner Straße ${i + 12}, 50667 Köln`,
    deposit: 1500 + i * 7.5,
  };
  return {
    certificate: {
      ...parties,
      issuedAt,
      operator: fallbackOperator,
      verification: { url: `https://antrag.example/pruefen/q3J9xV0bW1s8kZ4tY7u${i}A` },
    },
    policy: {
      ...parties,
      ratePerPayment: 9.5 + (i % 10),
      ratePerYear: 114 + i,
      paymentAdverb: 'monatlich',
      startsOn: issuedAt,
      issuedAt,
      extras: i % 3 === 0 ? [{ label: 'Nachsendeservice', price: 19.9 }] : [],
      sepa: {
        mandateReference: `${number}-01`,
        accountHolder: name,
        account: `IBAN DE89 XXXX XXXX XXXX XX${String(i % 100).padStart(2, '0')} 00`,
        bankName: 'Commerzbank',
        firstDebitOn: new Date('2026-03-16T12:00:00Z'),
        firstDebitAmount: 9.5 + (i % 10),
      },
    },
  };
}

export const sealInfo = (reason: string) => ({
  name: fallbackOperator.name,
  reason,
  location: fallbackOperator.zipCity,
  contact: fallbackOperator.email,
  at: issuedAt,
});
