import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { contractTexts } from '../src/domain/messages/contracts';
import { cancellationRule } from '../src/domain/messages/cancellationRule';
import { call } from '../src/server/testing/http';
import { pdfText } from '../src/server/documents/testing/pdfText';
import { poppler } from '../src/server/documents/testing/pdfTools';
import { leaves, parseMime, type MimePart } from '../src/server/mail/testing/mime';
import type { SmtpPeer } from '../src/server/mail/testing/smtp-peer';
import { inDays } from './support/dates';
import { shoot as shootPage } from './support/shots';
import { acceptedContract } from './support/contracts';
import { useBrowserApp } from './support/harness';

// Issue 12 (items 2-5): the withdrawal button, the tenant's contract page and the landlord's
// verification page in a real browser, with mail through a real SMTP peer, on both engines.
const EMAIL = 'max.mustermann@example.org';
const DATE_TIME = /\d{2}\.\d{2}\.\d{4} um \d{2}:\d{2}:\d{2} Uhr/;

/** The last mail the SMTP peer received whose subject contains `subject`, parsed. */
async function mail(smtp: SmtpPeer, subject: string): Promise<MimePart> {
  for (let i = 0; i < 150; i++) {
    const hit = [...smtp.received]
      .reverse()
      .map((r) => parseMime(r.raw))
      .find((p) => (p.headers.get('subject') ?? '').includes(subject));
    if (hit) return hit;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no mail with subject "${subject}"`);
}

async function mailText(smtp: SmtpPeer, subject: string): Promise<string> {
  return leaves(await mail(smtp, subject))
    .find((l) => l.contentType === 'text/plain')!
    .body.toString('utf8')
    .replace(/\r\n/g, '\n');
}

/**
 * The acceptance e-mail's PDF attachments, each read with poppler as a reader would: the text
 * (pdftotext), the seal (pdfsig) and the tags (pdfinfo). Answers the text by file name.
 */
async function checkedAttachments(smtp: SmtpPeer, number: string) {
  const pdfs = leaves(
    await mail(smtp, `Ihre Mietkautionsbürgschaft ist angenommen – Vertrag ${number}`),
  ).filter((p) => p.contentType === 'application/pdf');
  const texts = new Map<string, string>();
  for (const p of pdfs) {
    const name = p.filename ?? '';
    const pdf = new Uint8Array(p.body);
    expect(await poppler('pdfsig', pdf), name).toContain(
      'Signature Validation: Signature is Valid.',
    );
    expect(await poppler('pdfinfo', pdf), name).toMatch(/Tagged:\s+yes/);
    texts.set(name, await pdfText(pdf));
  }
  return texts;
}

/** Screenshots at 375 and 1280 px (support/shots: only with SHOTS_DIR), on one engine. */
async function shoot(page: Page, name: string, engine: string) {
  if (engine === 'pglite') await shootPage(page, `i12b-${name}`, 900);
}

/** Mail text wraps lines; the sentences are compared without the breaks. */
const oneLine = (s: string) => s.replace(/\s+/g, ' ');

describe.each(['pglite', 'postgres'] as const)('after the sale on %s', (engine) => {
  const h = useBrowserApp({ engine });

  test('acceptance e-mail with all documents (read, seal, tags checked); withdrawal from the footer without login; confirmation e-mail with date and time; verification shows "widerrufen"', async () => {
    const { number, mandateReference, verificationToken, releaseCode, landlordCode } =
      await acceptedContract(h.server);

    // The five documents the acceptance e-mail carries, each sealed and tagged.
    const docs = await checkedAttachments(h.server.smtp, number);
    expect([...docs.keys()].sort()).toEqual(
      [
        `Buergschaftsurkunde-${number}.pdf`,
        `Versicherungsschein-${number}.pdf`,
        'Versicherungsbedingungen.pdf',
        'Verbraucherinformationen.pdf',
        'Widerrufsbelehrung.pdf',
      ].sort(),
    );
    const certificate = docs.get(`Buergschaftsurkunde-${number}.pdf`)!;
    for (const phrase of [number, 'Max Mustermann', '1.500,00 €'])
      expect(certificate).toContain(phrase);
    // The tenant's certificate carries no release code: the landlord gets it by letter (ADR 1119).
    expect(certificate).not.toContain(releaseCode);
    expect(certificate).not.toContain(landlordCode);
    expect(certificate.replace(/\s/g, '')).toContain(`/pruefen/${verificationToken}`);
    const policy = docs.get(`Versicherungsschein-${number}.pdf`)!;
    for (const phrase of [
      number,
      'Max Mustermann',
      'Bürgschaftssumme 1.500,00 €',
      `Mandatsreferenz ${mandateReference}`,
      h.server.config.sepaCreditorId,
      `ziehen wir am ${inDays(14)}`, // pre-notification: 14 days after the application
    ])
      expect(policy).toContain(phrase);
    expect(docs.get('Versicherungsbedingungen.pdf')).toContain(cancellationRule.tenant);
    expect(docs.get('Verbraucherinformationen.pdf')).toContain('Produktinformationsblatt');
    expect(docs.get('Widerrufsbelehrung.pdf')).toContain(
      'Klicken Sie auf die Schaltfläche „Vertrag widerrufen“',
    );

    const { context, page, app } = await h.open();
    await app.goto('/start');
    await page.getByRole('link', { name: contractTexts.footerWithdraw }).click();
    await app.waitForPath('/widerruf');
    expect(await app.heading()).toBe(contractTexts.withdrawal.title);
    await app.expectAccessible();

    // Step 1: nothing entered -> messages on the fields and in the summary.
    await app.clickButton(contractTexts.withdrawal.next);
    expect(await app.fieldError('c.contractNumber')).toBe(
      contractTexts.errors.contractNumberRequired,
    );
    expect(await app.fieldError('c.email')).toBe(contractTexts.errors.emailRequired);
    await app.expectAccessible();
    await shoot(page, 'widerruf-errors', engine);

    await app.fill('c.contractNumber', number);
    await app.fill('c.email', EMAIL);
    await shoot(page, 'widerruf-step1', engine);
    await app.clickButton(contractTexts.withdrawal.next);
    await page.getByRole('heading', { name: contractTexts.withdrawal.step2 }).waitFor();
    await app.expectAccessible();
    await shoot(page, 'widerruf-step2', engine);

    // Step 2: the statement; then its time of receipt on screen and what happens next.
    await app.clickButton(contractTexts.withdrawal.confirm);
    await page.getByRole('heading', { name: contractTexts.withdrawal.doneTitle }).waitFor();
    const status = await page.getByRole('status').innerText();
    expect(status).toMatch(DATE_TIME);
    expect(status).not.toContain(EMAIL); // the page never says whether the pair matched
    const receivedAt = DATE_TIME.exec(status)![0];
    expect(await page.locator('main').innerText()).toContain(contractTexts.withdrawal.declaredNext);
    await app.expectAccessible();
    await shoot(page, 'widerruf-done', engine);

    // The link to the stored address makes it take effect (ADR 1116); opening it changes nothing.
    const ask = await mailText(
      h.server.smtp,
      `Bitte bestätigen Sie Ihren Widerruf – Vertrag ${number}`,
    );
    const confirmLink = /\/widerruf\?confirm=[\w-]+/.exec(ask)![0];
    await app.goto(confirmLink);
    await page.getByRole('button', { name: contractTexts.withdrawal.confirmLinked }).waitFor();
    expect(await page.locator('main').innerText()).toContain(number);
    await app.expectAccessible();
    await shoot(page, 'widerruf-bestaetigen', engine);
    await app.clickButton(contractTexts.withdrawal.confirmLinked);
    await page.getByRole('heading', { name: contractTexts.withdrawal.withdrawnTitle }).waitFor();
    expect(await page.getByRole('status').innerText()).toContain(receivedAt);
    await app.expectAccessible();
    await shoot(page, 'widerruf-widerrufen', engine);

    const mail = await mailText(h.server.smtp, `Bestätigung Ihres Widerrufs – Vertrag ${number}`);
    expect(mail).toContain(`Eingang Ihres Widerrufs am ${receivedAt}`);
    expect(mail).toContain('Ihr Vertrag ist damit widerrufen');

    await app.goto(`/pruefen/${verificationToken}`);
    await page.getByTestId('verification-status').waitFor();
    expect(await page.getByTestId('verification-status').innerText()).toMatch(/^widerrufen am /);
    await app.expectAccessible();
    await shoot(page, 'pruefen-widerrufen', engine);
    await context.close();
  });

  test('magic link -> IBAN change -> cancellation: documents, e-mails, /vertrag and /pruefen all say it takes effect only with the landlord (ADR 0925)', async () => {
    const { number, verificationToken, landlordCode } = await acceptedContract(h.server);
    // The documents the tenant and the landlord hold: one wording of the rule.
    const docs = await checkedAttachments(h.server.smtp, number);
    expect(docs.get(`Buergschaftsurkunde-${number}.pdf`)).toContain(cancellationRule.landlord);
    expect(docs.get('Versicherungsbedingungen.pdf')).toContain(cancellationRule.landlord);
    expect(docs.get('Versicherungsbedingungen.pdf')).toContain(cancellationRule.tenant);
    expect(docs.get('Verbraucherinformationen.pdf')).toContain(cancellationRule.tenant);
    const { context, page, app } = await h.open();
    await app.goto('/vertrag');
    await page.getByRole('button', { name: contractTexts.access.submit }).waitFor();
    await app.expectAccessible();
    await shoot(page, 'vertrag-zugang', engine);
    await app.fill('c.contractNumber', number);
    await app.fill('c.email', EMAIL);
    await app.clickButton(contractTexts.access.submit);
    await page.getByText(contractTexts.access.sent).waitFor();
    await app.expectAccessible();

    const access = await mailText(h.server.smtp, `Ihr Zugang zu Vertrag ${number}`);
    const link = /\/vertrag\?token=[\w-]+/.exec(access)![0];
    await app.goto(link);
    await page.getByRole('heading', { name: contractTexts.contract.title(number) }).waitFor();
    expect(app.query('token')).toBeNull(); // the used token leaves the address bar
    expect(await page.getByTestId('contract-status').innerText()).toBe('gültig');
    await app.expectAccessible();
    await shoot(page, 'vertrag', engine);

    // A wrong IBAN: the domain's message on the field; a good one: new mandate reference.
    await app.fill('c.iban', 'DE00 1234 5678');
    await app.clickButton(contractTexts.contract.saveIban);
    await page.locator('#f-c-iban-error').waitFor();
    expect(await app.fieldError('c.iban')).toBeTruthy();
    await app.expectAccessible();
    await app.fill('c.iban', 'DE02 1203 0000 0000 2020 51');
    await app.clickButton(contractTexts.contract.saveIban);
    await page.getByText(contractTexts.contract.ibanSaved(`${number}-02`)).waitFor();
    expect(await mailText(h.server.smtp, `Neue Bankverbindung für Vertrag ${number}`)).toContain(
      `Neue Mandatsreferenz: ${number}-02`,
    );

    // Cancellation: the rule first, then a binding confirmation (never one tap); no date to pick.
    expect(await page.locator('main').innerText()).toContain(cancellationRule.tenant);
    await app.clickButton(contractTexts.contract.cancel);
    await shoot(page, 'vertrag-kuendigung', engine);
    await app.clickButton(contractTexts.contract.cancelConfirm);
    await page.getByText(/Ihre Kündigung ist am .* eingegangen/).waitFor();
    await page
      .getByTestId('contract-status')
      .filter({ hasText: contractTexts.contract.statusText('cancellation_requested') })
      .waitFor();
    expect(await page.getByTestId('cancellation-pending').innerText()).toContain(
      cancellationRule.effect,
    );
    await app.expectAccessible();
    await shoot(page, 'vertrag-gekuendigt', engine);
    const received = oneLine(
      await mailText(h.server.smtp, `Bestätigung Ihrer Kündigung – Vertrag ${number}`),
    );
    expect(received).toContain(cancellationRule.effect);
    expect(received).not.toMatch(/endet mit Ablauf|gekündigt zum/);

    // The landlord's page: still valid, the tenant's cancellation named, the release possible.
    const api = await call(h.server.url, 'GET', `/api/contracts/verification/${verificationToken}`);
    expect(api.body).toMatchObject({ status: 'cancellation_requested' });
    expect(api.body.endedOn).toBeUndefined();
    await app.goto(`/pruefen/${verificationToken}`);
    await page.getByTestId('verification-status').waitFor();
    expect(await page.getByTestId('verification-status').innerText()).toBe(
      'gültig, vom Mieter gekündigt',
    );
    expect(await page.getByTestId('cancellation-pending').innerText()).toContain(
      cancellationRule.landlord,
    );
    await app.expectAccessible();
    await shoot(page, 'pruefen-gekuendigt', engine);

    // The release arrives today: the cancellation takes effect today, on every surface.
    const today = inDays(0);
    await app.fill('c.code', landlordCode);
    await app.clickButton(contractTexts.verify.release);
    const ended = contractTexts.verify.statusText('cancelled', today);
    await page.getByTestId('verification-status').filter({ hasText: ended }).waitFor();
    await app.expectAccessible();
    await shoot(page, 'pruefen-gekuendigt-freigegeben', engine);
    const effective = oneLine(
      await mailText(h.server.smtp, `Ihre Kündigung ist wirksam – Vertrag ${number}`),
    );
    expect(effective).toContain(`Ihre Kündigung ist damit am ${today} wirksam geworden`);
    expect(effective).toContain(`Die Beiträge sind bis zum ${today} geschuldet.`);
    const after = await call(
      h.server.url,
      'GET',
      `/api/contracts/verification/${verificationToken}`,
    );
    expect(after.body).toMatchObject({ status: 'cancelled', endedOn: today });
    await context.close();
  });

  test('the landlord opens the verification link and releases with the code of our letter; the tenant is told', async () => {
    const { number, verificationToken, releaseCode, landlordCode } = await acceptedContract(
      h.server,
    );
    const { context, page, app } = await h.open();
    await app.goto(`/pruefen/${verificationToken}`);
    await page.getByTestId('verification-status').waitFor();
    expect(await page.getByTestId('verification-status').innerText()).toBe('gültig');
    expect(await page.locator('main').innerText()).toContain(number);
    await app.expectAccessible();
    await shoot(page, 'pruefen', engine);

    // the code a tenant could know (the old certificate's) is refused like any wrong one
    await app.fill('c.code', releaseCode);
    await app.clickButton(contractTexts.verify.release);
    await page.locator('#f-c-code-error').waitFor();
    expect(await app.fieldError('c.code')).toBe(contractTexts.errors.releaseCodeWrong);
    await app.expectAccessible();
    await app.fill('c.code', landlordCode.toLowerCase());
    await app.clickButton(contractTexts.verify.release);
    await page.getByText(/ist seit dem .* freigegeben/).waitFor();
    expect(await page.getByText(/ist seit dem .* freigegeben/).innerText()).toContain('per Brief');
    expect(await page.getByTestId('verification-status').innerText()).toMatch(/^freigegeben am /);
    await app.expectAccessible();
    await shoot(page, 'pruefen-freigegeben', engine);
    const mail = await mailText(h.server.smtp, 'Ihr Vermieter hat die Bürgschaft freigegeben');
    expect(mail).toContain(number);
    expect(mail).toMatch(DATE_TIME);
    expect(mail).toContain('Stammt die Freigabe nicht von Ihrem Vermieter'); // ADR 0924

    await app.goto('/pruefen/AAAAAAAAAAAAAAAAAAAAAA');
    await page.getByText(contractTexts.errors.unknownToken).waitFor();
    await app.expectAccessible();
    await context.close();
  });

  test('on /vertrag the withdrawal asks before it withdraws; "Abmelden" ends the session; /widerruf takes a sandbox number', async () => {
    const { number } = await acceptedContract(h.server);
    const { context, page, app } = await h.open();
    await app.goto('/vertrag');
    await app.fill('c.contractNumber', number);
    await app.fill('c.email', EMAIL);
    await app.clickButton(contractTexts.access.submit);
    await page.getByText(contractTexts.access.sent).waitFor();
    const access = await mailText(h.server.smtp, `Ihr Zugang zu Vertrag ${number}`);
    await app.goto(/\/vertrag\?token=[\w-]+/.exec(access)![0]);
    await page.getByRole('heading', { name: contractTexts.contract.title(number) }).waitFor();

    // One tap only opens the question; "Nicht widerrufen" closes it and nothing happened.
    await app.clickButton(contractTexts.contract.withdrawStart);
    await page.getByTestId('withdraw-question').waitFor();
    expect(await page.getByTestId('contract-status').innerText()).toBe('gültig');
    // The question takes the focus once rendered (polled: the focus may follow the paint).
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.textContent))
      .toBe(contractTexts.contract.withdrawQuestion);
    await app.expectAccessible();
    await shoot(page, 'vertrag-widerruf-frage', engine);
    await app.clickButton(contractTexts.contract.withdrawKeep);
    await page.getByTestId('withdraw-question').waitFor({ state: 'detached' });
    expect(await page.getByTestId('contract-status').innerText()).toBe('gültig');
    // The second tap withdraws.
    await app.clickButton(contractTexts.contract.withdrawStart);
    await app.clickButton(contractTexts.contract.withdrawConfirm);
    await page
      .getByTestId('contract-status')
      .filter({ hasText: /^widerrufen am / })
      .waitFor();
    await app.expectAccessible();

    // "Abmelden": the page says so, and the session is gone on the server too.
    await app.clickButton(contractTexts.contract.logout);
    await page.getByText(contractTexts.access.loggedOut).waitFor();
    await app.expectAccessible();
    await shoot(page, 'vertrag-abgemeldet', engine);
    await app.goto('/vertrag');
    await page.getByRole('button', { name: contractTexts.access.submit }).waitFor();

    // A partner sandbox's number is a contract number at /widerruf.
    await app.goto('/widerruf');
    await app.fill('c.contractNumber', 'TEST-MK-2026-000001');
    await app.fill('c.email', EMAIL);
    await app.clickButton(contractTexts.withdrawal.next);
    await page.getByRole('heading', { name: contractTexts.withdrawal.step2 }).waitFor();
    expect(await page.locator('main').innerText()).toContain('TEST-MK-2026-000001');
    await context.close();
  });
});
