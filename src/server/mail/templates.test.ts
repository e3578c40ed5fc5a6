import { describe, expect, it } from 'vitest';
import {
  acceptedMail,
  declinedMail,
  pendingMail,
  reservationMail,
  saveProgressMail,
  type RenderedMail,
} from './templates';

const contract = {
  salutation: { gender: 'f' as const, firstName: 'Erika', lastName: 'Müller' },
  contractNumber: 'MK-2026-000042',
  deposit: 1500,
  ratePerPayment: 5.51,
  ratePerYear: 66.15,
  paymentAdverb: 'monatlich',
  objectAddress: 'Hauptstraße 5, 10115 Berlin',
};

const cases: Array<[string, RenderedMail, string[]]> = [
  [
    'save progress',
    saveProgressMail({ resumeUrl: 'https://x.example/tenant?cid=c1', deleteAfterDays: 30 }),
    ['https://x.example/tenant?cid=c1', 'Tage nach der letzten Änderung'],
  ],
  [
    'reservation',
    reservationMail({
      salutation: { gender: 'm', lastName: 'Groß' },
      reservationNumber: 'MR-2026-000007',
      deposit: 2400,
      validUntil: new Date('2026-04-01T10:00:00Z'),
      continueUrl: 'https://x.example/tenant?cid=c2',
    }),
    ['Sehr geehrter Herr Groß,', 'MR-2026-000007', '2.400,00 €', '01.04.2026', 'Sofortzusage'],
  ],
  [
    'accepted, digital',
    acceptedMail({ ...contract, digital: true }),
    ['Sehr geehrte Frau Müller,', 'MK-2026-000042', '1.500,00 €', '5,51 € monatlich', 'im Anhang'],
  ],
  [
    'accepted, by post',
    acceptedMail({ ...contract, digital: false, postedOn: new Date('2026-03-03T08:00:00Z') }),
    ['per Post', '03.03.2026'],
  ],
  [
    'accepted, with documents, links, first debit and the withdrawal button',
    acceptedMail({
      ...contract,
      digital: true,
      documents: [
        {
          title: 'Versicherungsschein',
          filename: 'Versicherungsschein-MK-2026-000042.pdf',
          url: 'https://x.example/api/documents/a/policy.pdf?expires=1&signature=s',
          expiresAt: new Date('2026-04-01T09:00:00Z'),
        },
        {
          title: 'Widerrufsbelehrung',
          filename: 'Widerrufsbelehrung.pdf',
          url: 'https://x.example/api/legal/widerrufsbelehrung.pdf',
        },
      ],
      links: {
        withdrawUrl: 'https://x.example/widerruf?link=abc',
        contractPageUrl: 'https://x.example/vertrag',
      },
      firstDebit: {
        on: new Date('2026-03-16T09:00:00Z'),
        amount: 5.51,
        mandateReference: 'MK-2026-000042-M1',
      },
    }),
    [
      'Ihre Vertragsunterlagen',
      'Versicherungsschein (Versicherungsschein-MK-2026-000042.pdf)',
      'Widerrufsbelehrung (Widerrufsbelehrung.pdf)',
      'gelten bis zum 01.04.2026',
      'https://x.example/api/legal/widerrufsbelehrung.pdf',
      'Den ersten Beitrag von 5,51 € buchen wir am 16.03.2026',
      'Mandatsreferenz MK-2026-000042-M1',
      'Schaltfläche „Vertrag widerrufen“',
      'https://x.example/widerruf?link=abc',
    ],
  ],
  ['pending', pendingMail(contract), ['persönlich', 'MK-2026-000042']],
  [
    'declined automatically',
    declinedMail({ ...contract, automated: true }),
    ['Art. 22 Abs. 3 DSGVO', 'Überprüfung', 'MK-2026-000042'],
  ],
  ['declined by staff', declinedMail({ ...contract, automated: false }), ['persönlich geprüft']],
];

describe('e-mail templates', () => {
  it.each(cases)('%s says what it must in text and HTML', (_name, mail, phrases) => {
    for (const phrase of phrases) {
      expect(mail.text).toContain(phrase);
      expect(mail.html).toContain(phrase.replace(/&/g, '&amp;'));
    }
    expect(mail.html).toMatch(/^<!doctype html>\n<html lang="de">/);
  });

  it('escapes what the tenant typed in the HTML part', () => {
    const mail = pendingMail({ ...contract, objectAddress: '<script>x</script>' });
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('&lt;script&gt;');
  });
});

describe('names in e-mails (issue 15 item 13)', () => {
  it('carry no line breaks or bidi-override characters, whatever was stored', () => {
    const mail = pendingMail({
      ...contract,
      salutation: {
        gender: 'f',
        firstName: 'Eve',
        lastName: 'Mül\u202Eler\r\nBcc: x@evil.example',
      },
    });
    expect(mail.text).toContain('Sehr geehrte Frau Müller Bcc: x@evil.example,');
    expect(mail.text + mail.html + mail.subject).not.toMatch(/[\u202A-\u202E\u2066-\u2069\r]/);
  });
});
