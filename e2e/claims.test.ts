import { describe, expect, test } from 'vitest';
import { claimTexts } from '../src/domain/messages/claims';
import { contractTexts } from '../src/domain/messages/contracts';
import { addDays, todayInBerlin } from '../src/domain/dates';
import { formatIsoDate } from '../src/domain/messages/format';
import { leaves, parseMime } from '../src/server/mail/testing/mime';
import type { SmtpPeer } from '../src/server/mail/testing/smtp-peer';
import { jpegWithGps, pdfOf } from '../src/server/evidence/testing/fixtures';
import { shoot } from './support/shots';
import { acceptedContract } from './support/contracts';
import { useBrowserApp } from './support/harness';

// Issue 26: the landlord files three items from the certificate's verification page, the tenant
// accepts one, objects to one with a photo and proposes a lower amount for the third, in a real
// browser with mail through a real SMTP peer, on both engines.
const EMAIL = 'max.mustermann@example.org';
const LANDLORD = 'vermieterin@example.org';
const L = claimTexts.landlord;
const T = claimTexts.tenant;

async function mailText(smtp: SmtpPeer, subject: string): Promise<string> {
  for (let i = 0; i < 150; i++) {
    const hit = [...smtp.received]
      .reverse()
      .map((r) => parseMime(r.raw))
      .find((p) => (p.headers.get('subject') ?? '').includes(subject));
    if (hit)
      return leaves(hit)
        .find((l) => l.contentType === 'text/plain')!
        .body.toString('utf8')
        .replace(/\r\n/g, '\n');
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no mail with subject "${subject}"`);
}

/** 'MM.JJJJ' of the month `back` months before this one (Berlin). */
function monthBefore(back: number): string {
  const [y, m] = todayInBerlin(new Date()).split('-').map(Number) as [number, number];
  const d = new Date(Date.UTC(y, m - 1 - back, 1));
  return `${String(d.getUTCMonth() + 1).padStart(2, '0')}.${d.getUTCFullYear()}`;
}

describe.each(['pglite', 'postgres'] as const)('claims on %s', (engine) => {
  const h = useBrowserApp({ engine });

  test('landlord files three items on /pruefen; the tenant accepts one, objects to one with a photo, proposes a lower amount for the third', async () => {
    const { number, verificationToken, landlordCode } = await acceptedContract(h.server);
    const { page, app } = await h.open();
    const shots = engine === 'pglite';

    // The verification page shows the remaining amount and the claim form.
    await app.goto(`/pruefen/${verificationToken}`);
    await page.getByRole('heading', { name: L.heading }).waitFor();
    expect(await page.getByTestId('guarantee-remaining').innerText()).toBe('1.500,00 €');
    await app.expectAccessible();

    // Sent empty: the messages on the fields and in the summary, from the domain's rules.
    await app.clickButton(L.submit);
    await page.locator('.error-summary').waitFor();
    expect(await app.fieldError('claim.code')).toBe(contractTexts.errors.releaseCodeRequired);
    expect(await app.fieldError('claim.items.0.months.0.month')).toBe(
      'Bitte geben Sie den Monat an (MM.JJJJ).',
    );
    expect(await app.fieldError('claim.iban')).toBe(
      'Bitte geben Sie die IBAN an, auf die wir zahlen sollen.',
    );
    expect(await app.fieldError('claim.declaration')).toBe(
      'Bitte bestätigen Sie, dass die Forderung fällig ist.',
    );
    await app.expectAccessible();
    if (shots) await shoot(page, 'i26-pruefen-fehler', 900);

    // Item 1: rent arrears for two months.
    await app.fill('claim.code', landlordCode);
    await app.fill('claim.items.0.months.0.month', monthBefore(2));
    await app.fill('claim.items.0.months.0.amount', '300,00');
    await app.clickButton(L.addMonth);
    await app.fill('claim.items.0.months.1.month', monthBefore(1));
    await app.fill('claim.items.0.months.1.amount', '300,00');
    // Item 2: utility costs above three prepayments first (the cap's message), then within.
    await app.clickButton(L.addItem);
    await app.select('claim.items.1.kind', 'utility_costs');
    await app.fill('claim.items.1.period', '2025');
    await app.fill('claim.items.1.monthlyPrepayment', '60,00');
    await app.fill('claim.items.1.amount', '200,00');
    // Item 3: damage with the handover protocol.
    await app.clickButton(L.addItem);
    await app.select('claim.items.2.kind', 'damage');
    await app.fill('claim.items.2.description', 'Tür zum Bad gesprungen');
    await app.fill('claim.items.2.amount', '250,00');
    await app.check('claim.items.2.handoverProtocol');
    await page.locator('#f-claim-files').setInputFiles({
      name: 'Übergabeprotokoll.pdf',
      mimeType: 'application/pdf',
      buffer: pdfOf(),
    });
    await app.fill('claim.iban', 'DE89 3704 0044 0532 0130 00');
    await app.fill('claim.accountHolder', 'Erika Vermieterin');
    await app.fill('claim.email', LANDLORD);
    await app.check('claim.declaration');
    await app.clickButton(L.submit);
    await page.locator('#f-claim-items-1-amount-error').waitFor();
    expect(await app.fieldError('claim.items.1.amount')).toBe(
      'Solange die Nebenkostenabrechnung aussteht, sind höchstens drei monatliche Vorauszahlungen gesichert: 180,00 €.',
    );
    await app.fill('claim.items.1.amount', '150,00');
    expect(await page.getByTestId('claim-total').innerText()).toBe('1.000,00 €');
    await app.expectAccessible();
    if (shots) await shoot(page, 'i26-pruefen-forderung', 900);
    await app.clickButton(L.submit);
    await page.getByRole('heading', { name: L.submitted }).waitFor();
    expect(await page.getByTestId('claim-reference').innerText()).toBe(`${number}-F1`);
    await page.getByText(L.evidenceUploaded(1)).waitFor();
    // The page reloads the landlord's view after filing: wait for the new remaining amount.
    await expect.poll(() => page.getByTestId('guarantee-remaining').innerText()).toBe('500,00 €');
    await app.expectAccessible();
    if (shots) await shoot(page, 'i26-pruefen-eingereicht', 900);

    // The landlord's confirmation and the tenant's notice, read from the SMTP peer.
    const dueOn = formatIsoDate(addDays(todayInBerlin(new Date()), 14));
    const landlordMail = await mailText(
      h.server.smtp,
      `Ihre Forderung ist eingegangen (${number}-F1)`,
    );
    expect(landlordMail).toContain(`bis zum ${dueOn}`);
    const notice = await mailText(
      h.server.smtp,
      `Ihr Vermieter macht eine Forderung geltend (${number}-F1)`,
    );
    expect(notice).toContain('Summe: 1.000,00 €');
    expect(notice).toContain('gilt das nicht als Anerkenntnis');

    // The tenant signs in on /vertrag and answers each item.
    await app.goto('/vertrag');
    await app.fill('c.contractNumber', number);
    await app.fill('c.email', EMAIL);
    await app.clickButton(contractTexts.access.submit);
    await page.getByText(contractTexts.access.sent).waitFor();
    const access = await mailText(h.server.smtp, `Ihr Zugang zu Vertrag ${number}`);
    await app.goto(/\/vertrag\?token=[\w-]+/.exec(access)![0]);
    await page.getByRole('heading', { name: T.heading }).waitFor();
    expect(await page.getByTestId('claim-countdown').innerText()).toBe(T.countdown(14, dueOn));
    await page.getByRole('link', { name: 'Übergabeprotokoll.pdf' }).waitFor();
    await app.expectAccessible();
    if (shots) await shoot(page, 'i26-vertrag-forderung', 900);

    const item = (n: number) => page.getByTestId(`claim-item-${n}`);
    // 1: accept.
    await app.choose('answer-1.answer', 'accept');
    await item(1).getByRole('button', { name: T.send }).click();
    await item(1).getByText(T.answered(claimTexts.answerLabels.accept)).waitFor();
    // 2: object: without a reason first, then with one and a photo.
    await app.choose('answer-2.answer', 'object');
    await item(2).getByRole('button', { name: T.send }).click();
    await page.locator('#f-answer-2-reason-error').waitFor();
    expect(await app.fieldError('answer-2.reason')).toBe('Bitte begründen Sie Ihren Widerspruch.');
    await app.expectAccessible();
    await app.fill('answer-2.reason', 'Die Abrechnung 2025 ergab ein Guthaben.');
    await page
      .locator('#f-answer-2-files')
      .setInputFiles({ name: 'zaehler.jpg', mimeType: 'image/jpeg', buffer: await jpegWithGps() });
    await item(2).getByRole('button', { name: T.send }).click();
    await item(2).getByText(T.answered(claimTexts.answerLabels.object)).waitFor();
    await item(2).getByRole('link', { name: 'zaehler.jpg' }).waitFor();
    // 3: a lower amount.
    await app.choose('answer-3.answer', 'counter');
    await app.fill('answer-3.counterAmount', '100,00');
    await item(3).getByRole('button', { name: T.send }).click();
    await item(3).getByText(T.counterProposed('100,00 €')).waitFor();
    expect(await item(1).innerText()).toContain(claimTexts.itemStateLabels.decided);
    expect(await item(2).innerText()).toContain(claimTexts.itemStateLabels.objected);
    // Everything answered: no prompt, no countdown any more, but the claim's state.
    await page.getByTestId('claim-status').getByText(T.status.answered).waitFor();
    expect(await page.getByTestId('claim-countdown').count()).toBe(0);
    expect(await page.getByText(T.silence).count()).toBe(0);
    await item(1).getByText(T.decided('600,00 €')).waitFor();
    await app.expectAccessible();
    if (shots) await shoot(page, 'i26-vertrag-beantwortet', 900);
  });
});
