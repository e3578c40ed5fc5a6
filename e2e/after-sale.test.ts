import { describe, expect, test } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { contractTexts } from '../src/domain/messages/contracts';
import { contracts } from '../src/server/db/schema/index';
import { contractCredentials } from '../src/server/contracts/credentials';
import { completeNewApiApplication, securityFields } from '../src/server/testing/fixtures';
import { call } from '../src/server/testing/http';
import { pdfText } from '../src/server/documents/testing/pdfText';
import { poppler } from '../src/server/documents/testing/pdfTools';
import { leaves, parseMime, type MimePart } from '../src/server/mail/testing/mime';
import type { SmtpPeer } from '../src/server/mail/testing/smtp-peer';
import { addDays, todayInBerlin } from '../src/domain/dates';
import { inDays } from './support/dates';
import { shoot as shootPage } from './support/shots';
import { useBrowserApp } from './support/harness';
import type { AppServer } from './support/server';

// Issue 12 (items 2-5): the withdrawal button, the tenant's contract page and the landlord's
// verification page in a real browser, with mail through a real SMTP peer, on both engines.
const EMAIL = 'max.mustermann@example.org';
const DATE_TIME = /\d{2}\.\d{2}\.\d{4} um \d{2}:\d{2}:\d{2} Uhr/;

/** Persona Mustermann (accepted, digital) submitted through the new API; waits for the decision. */
async function acceptedContract(server: AppServer) {
  // The fixture's dates are for the API tests' pinned clock; this server runs on today.
  const app = completeNewApiApplication() as {
    rentalObject: { rentalContract: Record<string, unknown> };
  } & Record<string, unknown>;
  app.rentalObject.rentalContract.signedAt = isoIn(-5);
  app.rentalObject.rentalContract.movedInAt = isoIn(10);
  app.policyStartDate = isoIn(10);
  const body = { ...app, ...(await securityFields(server.url)) };
  const cid = (await call(server.url, 'POST', '/api/tenancies', body)).body.cid as string;
  let st = await call(server.url, 'GET', `/api/application/state/${cid}`);
  for (let i = 0; i < 90 && ['submitted', 'created'].includes(st.body.state); i++) {
    await new Promise((r) => setTimeout(r, 300));
    st = await call(server.url, 'GET', `/api/application/state/${cid}`);
  }
  expect(st.body.state).toBe('accepted');
  const number = st.body.orderId as string;
  const row = (
    await server.db.orm.select().from(contracts).where(eq(contracts.contractNumber, number))
  )[0]!;
  return { number, ...contractCredentials(server.config.serverSecret, row.applicationId) };
}

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

const isoIn = (n: number) => addDays(todayInBerlin(new Date()), n);

describe.each(['pglite', 'postgres'] as const)('after the sale on %s', (engine) => {
  const h = useBrowserApp({ engine });

  test('acceptance e-mail with all documents (read, seal, tags checked); withdrawal from the footer without login; confirmation e-mail with date and time; verification shows "widerrufen"', async () => {
    const { number, verificationToken, releaseCode } = await acceptedContract(h.server);

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
    for (const phrase of [number, 'Max Mustermann', '1.500,00 €', `Freigabecode: ${releaseCode}`])
      expect(certificate).toContain(phrase);
    expect(certificate.replace(/\s/g, '')).toContain(`/pruefen/${verificationToken}`);
    const policy = docs.get(`Versicherungsschein-${number}.pdf`)!;
    for (const phrase of [
      number,
      'Max Mustermann',
      'Bürgschaftssumme 1.500,00 €',
      `Mandatsreferenz ${number}-01`,
      h.server.config.sepaCreditorId,
      `ziehen wir am ${inDays(14)}`, // pre-notification: 14 days after the application
    ])
      expect(policy).toContain(phrase);
    expect(docs.get('Versicherungsbedingungen.pdf')).toContain('sobald Ihr Vermieter sie freigibt');
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

    // Step 2: the confirm button; then the time of receipt on screen.
    await app.clickButton(contractTexts.withdrawal.confirm);
    await page.getByRole('heading', { name: contractTexts.withdrawal.doneTitle }).waitFor();
    const status = await page.getByRole('status').innerText();
    expect(status).toMatch(DATE_TIME);
    expect(status).toContain(EMAIL);
    await app.expectAccessible();
    await shoot(page, 'widerruf-done', engine);

    const mail = await mailText(h.server.smtp, `Bestätigung Ihres Widerrufs – Vertrag ${number}`);
    expect(mail).toMatch(new RegExp(`Eingang Ihres Widerrufs am ${DATE_TIME.source}`));
    expect(mail).toContain('Ihr Vertrag ist damit widerrufen');

    await app.goto(`/pruefen/${verificationToken}`);
    await page.getByTestId('verification-status').waitFor();
    expect(await page.getByTestId('verification-status').innerText()).toMatch(/^widerrufen am /);
    await app.expectAccessible();
    await shoot(page, 'pruefen-widerrufen', engine);
    await context.close();
  });

  test('magic link -> IBAN change -> cancellation with a date; the refund figure is shown and e-mailed', async () => {
    const { number } = await acceptedContract(h.server);
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

    // Cancellation: a date in the past is refused; a future one shows the refund before confirming.
    await app.fill('c.date', inDays(-1));
    await app.clickButton(contractTexts.contract.quote);
    await page.locator('#f-c-date-error').waitFor();
    expect(await app.fieldError('c.date')).toBe(contractTexts.errors.datePast);
    // Mid-period: cover starts in 10 days, the first premium would be debited in 14, so nothing
    // has been collected: nothing comes back (issue 25), the 16 days of cover are shown as owed.
    const lastDay = inDays(25);
    await app.fill('c.date', lastDay);
    await app.clickButton(contractTexts.contract.quote);
    const figure = await page.getByTestId('refund-figure').innerText();
    expect(figure).toContain(`Die Bürgschaft endet mit Ablauf des ${lastDay}.`);
    expect(figure).not.toContain('erstatten');
    const amount = /noch (\d+,\d{2} €) Beitrag offen/.exec(figure)![1]!;
    expect(amount).not.toBe('0,00 €');
    await app.expectAccessible();
    await shoot(page, 'vertrag-kuendigung', engine);
    await app.clickButton(contractTexts.contract.cancelConfirm);
    await page.getByText(`Ihre Kündigung zum ${lastDay} ist eingegangen`).waitFor();
    // The confirmation shows at once; the status follows when the page has reloaded the contract.
    await page
      .getByTestId('contract-status')
      .filter({ hasText: `gekündigt zum ${lastDay}` })
      .waitFor();
    await app.expectAccessible();
    await shoot(page, 'vertrag-gekuendigt', engine);
    const mail = await mailText(h.server.smtp, `Bestätigung Ihrer Kündigung – Vertrag ${number}`);
    expect(mail).toContain(`Ablauf des ${lastDay}`);
    expect(mail).toContain(`noch ${amount} Beitrag offen, die noch nicht bei uns eingegangen sind`);
    await context.close();
  });

  test('the landlord opens the verification link and releases with the code; the tenant is told', async () => {
    const { number, verificationToken, releaseCode } = await acceptedContract(h.server);
    const { context, page, app } = await h.open();
    await app.goto(`/pruefen/${verificationToken}`);
    await page.getByTestId('verification-status').waitFor();
    expect(await page.getByTestId('verification-status').innerText()).toBe('gültig');
    expect(await page.locator('main').innerText()).toContain(number);
    await app.expectAccessible();
    await shoot(page, 'pruefen', engine);

    await app.fill('c.code', 'ABCDEFGH');
    await app.clickButton(contractTexts.verify.release);
    await page.locator('#f-c-code-error').waitFor();
    expect(await app.fieldError('c.code')).toBe(contractTexts.errors.releaseCodeWrong);
    await app.expectAccessible();
    await app.fill('c.code', releaseCode.toLowerCase());
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
});
