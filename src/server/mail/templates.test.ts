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
