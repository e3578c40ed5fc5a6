import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { eq } from 'drizzle-orm';
import type { BrowserContext, Page } from 'playwright-core';
import { addDays, todayInBerlin } from '../src/domain/dates';
import { contracts } from '../src/server/db/schema/index';
import { contractCredentials, landlordReleaseCode } from '../src/server/contracts/credentials';
import { completeNewApiApplication, securityFields } from '../src/server/testing/fixtures';
import { call } from '../src/server/testing/http';
import { pdfText } from '../src/server/documents/testing/pdfText';
import { createStaffMember, enrolmentUrl } from '../src/server/staff/directory';
import { axeViolations } from './support/axe';
import { launchBrowser, newPage } from './support/browser';
import { shoot as shootBoth } from './support/shots';
import { startAppServer, type AppServer, type Engine } from './support/server';
import type { Browser } from 'playwright-core';
import { engines } from '../src/server/testing/database';

// Issue 24: the staff back office at /intern in Chromium: passkey enrolment and sign-in with
// Chromium's virtual WebAuthn authenticator (CDP), a pending case decided, a declined case
// reviewed, the letter batch opened and marked posted, a reinstatement under four eyes.
// WebAuthn needs a domain as relying party (not an IP): the browser goes to localhost.

const isoIn = (n: number) => addDays(todayInBerlin(new Date()), n);

/** A persona submitted through the new API with dates around today; answers number and id. */
async function submitted(server: AppServer, lastName: string, expected: string) {
  const app = completeNewApiApplication() as {
    rentalObject: { rentalContract: Record<string, unknown> };
    tenant: Record<string, unknown>;
  } & Record<string, unknown>;
  app.rentalObject.rentalContract.signedAt = isoIn(-5);
  app.rentalObject.rentalContract.movedInAt = isoIn(10);
  app.policyStartDate = isoIn(10);
  // A long address: the case file's fact list must wrap it at 375 px
  const email = `${lastName.toLowerCase()}.maximiliane-alexandra@beispiel-hausverwaltungsgesellschaft.example.org`;
  app.tenant = { ...app.tenant, name: lastName, email, emailConfirmation: email };
  const body = { ...app, ...(await securityFields(server.url)) };
  const cid = (await call(server.url, 'POST', '/api/tenancies', body)).body.cid as string;
  let st = await call(server.url, 'GET', `/api/application/state/${cid}`);
  for (let i = 0; i < 270 && ['submitted', 'created'].includes(st.body.state); i++) {
    await new Promise((r) => setTimeout(r, 100));
    st = await call(server.url, 'GET', `/api/application/state/${cid}`);
  }
  expect(st.body.state).toBe(expected);
  return { number: st.body.orderId as string, cid };
}

async function withAuthenticator(context: BrowserContext, page: Page) {
  const cdp = await context.newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
}

/**
 * The whole journey on one engine; the two legs share the browser and run one after the other
 * (run at once on two cores, the decision processing of one leg starved the other's 15 s waits).
 * Screenshots are taken on the PGlite leg only.
 */
async function journey(browser: Browser, engine: Engine) {
  const clean = async (page: Page) => expect(await axeViolations(page)).toEqual([]);
  const shoot = (page: Page, name: string) =>
    engine === 'pglite' ? shootBoth(page, name) : Promise.resolve();
  const server = await startAppServer({ engine });
  try {
    const base = server.url.replace('127.0.0.1', 'localhost');
    server.config.publicUrl = base;
    await steps(server, base);
  } finally {
    await server.close();
  }

  async function steps(server: AppServer, base: string) {
    const { member, token } = await createStaffMember(server.db, {
      email: 'clara@firma.example',
      displayName: 'Clara Chef',
      role: 'admin',
      now: new Date(),
    });
    expect(member.role).toBe('admin');
    const { context, page } = await newPage(browser, base, { width: 1280, height: 800 });
    await withAuthenticator(context, page);

    // Enrolment with the one-time link, then signed in
    await page.goto(enrolmentUrl(base, token));
    await page.getByRole('button', { name: 'Passkey einrichten' }).click();
    // Playwright's wait, not expect.poll's 1 s: the first ceremony loads the WebAuthn library.
    await page.getByRole('heading', { level: 1, name: 'Übersicht' }).waitFor();
    await expect
      .poll(() => page.getByText('Angemeldet als Clara Chef (Administration).').count())
      .toBe(1);
    await clean(page);
    // The link is used up
    const again = await call(
      base,
      'POST',
      '/api/staff/enrolment',
      { token },
      { headers: { origin: base } },
    );
    expect(again.status).toBe(410);

    // Sign out, then sign in with the passkey alone
    await page.getByRole('button', { name: 'Abmelden' }).click();
    await page.getByRole('button', { name: 'Mit Passkey anmelden' }).waitFor();
    await clean(page);
    await shoot(page, 'intern-sign-in');
    await page.getByRole('button', { name: 'Mit Passkey anmelden' }).click();
    await page.getByRole('heading', { name: 'Übersicht' }).waitFor();

    // A pending case decided in the UI
    const pending = await submitted(server, 'Prüfung', 'pending');
    await page.goto(`${base}/intern`);
    await page.getByRole('heading', { name: 'Übersicht' }).waitFor();
    await expect.poll(() => page.locator('[data-count="pending"]').textContent()).toBe('1');
    await shoot(page, 'intern-start');
    await page.getByRole('link', { name: 'Offene Entscheidungen' }).first().click();
    await page.getByRole('link', { name: pending.number }).waitFor();
    await clean(page);
    await page.getByRole('link', { name: pending.number }).click();
    await page.getByRole('heading', { name: `Vorgang ${pending.number}` }).waitFor();
    // The rule's reason in German, not its code
    await page
      .locator('.facts')
      .getByText('Die Bonitätsprüfung verlangt eine Prüfung durch eine Person.')
      .waitFor();
    expect(await page.locator('.facts').textContent()).not.toContain('credit_review');
    // Nothing chosen: the summary names both fields and gets the focus
    await page.getByRole('button', { name: 'Entscheidung speichern' }).click();
    const summary = page.getByRole('alert').filter({ hasText: 'Bitte korrigieren Sie' });
    await summary.waitFor();
    expect(await summary.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await summary.textContent()).toContain('Bitte geben Sie eine Begründung an.');
    await clean(page);
    await shoot(page, 'intern-case-errors');
    await page.getByLabel('Annehmen').check();
    await page.getByLabel('Begründung').fill('Vorschaden ist behoben (Foto liegt vor).');
    await page.getByRole('button', { name: 'Entscheidung speichern' }).click();
    // Accepting issues and seals the documents: slow on a busy machine
    await page.getByText('Gespeichert: angenommen.').waitFor({ timeout: 45_000 });
    await expect
      .poll(
        async () =>
          (await call(server.url, 'GET', `/api/application/state/${pending.cid}`)).body.state,
      )
      .toBe('accepted');
    await expect.poll(() => page.locator('[data-state]').getAttribute('data-state')).toBe('active');
    expect(await page.locator('.timeline').textContent()).toContain('staff:Clara Chef');
    // Its documents download through the staff API (audited)
    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Bürgschaftsurkunde herunterladen' }).click();
    expect((await download).suggestedFilename()).toBe(`Buergschaftsurkunde-${pending.number}.pdf`);

    // A declined application reviewed by a person and accepted
    const declined = await submitted(server, 'Abgelehnt', 'declined');
    await page.getByRole('link', { name: 'Abgelehnte Anträge' }).click();
    await page.getByRole('link', { name: declined.number }).waitFor();
    await clean(page);
    await page.getByRole('link', { name: declined.number }).click();
    await page
      .getByLabel('Anlass der Überprüfung')
      .fill('Mieterin bittet um Überprüfung (Art. 22)');
    await page.getByRole('button', { name: 'Zur Überprüfung öffnen' }).click();
    await page.getByLabel('Annehmen').check();
    await page.getByLabel('Begründung').fill('Bürgschaft trotz Regel vertretbar');
    await page.getByRole('button', { name: 'Entscheidung speichern' }).click();
    // Accepting issues and seals the documents: slow on a busy machine
    await page.getByText('Gespeichert: angenommen.').waitFor({ timeout: 45_000 });
    await clean(page);

    // Contract search from the start page (by the IBAN's last four digits), to the case file
    await page.getByRole('link', { name: 'Übersicht' }).click();
    await page.getByLabel('Vertragsnummer, Reservierungsnummer, Name').fill('3000');
    await page.getByRole('button', { name: 'Suchen' }).click();
    await page.getByRole('link', { name: declined.number }).waitFor();
    await clean(page);
    await shoot(page, 'intern-search');
    await page.getByRole('link', { name: declined.number }).click();
    await page.getByRole('heading', { name: `Vorgang ${declined.number}` }).waitFor();

    // A release: the landlord letter printed as one PDF and marked posted
    const row = (
      await server.db.orm
        .select()
        .from(contracts)
        .where(eq(contracts.contractNumber, pending.number))
    )[0]!;
    const { verificationToken } = contractCredentials(
      server.config.serverSecret,
      row.applicationId,
    );
    const releaseCode = landlordReleaseCode(server.config.serverSecret, row.applicationId);
    expect(
      (
        await call(server.url, 'POST', `/api/contracts/verification/${verificationToken}/release`, {
          code: releaseCode,
        })
      ).status,
    ).toBe(200);
    await page.getByRole('link', { name: 'Briefe' }).click();
    // (its release code letter from the acceptance and the confirmation of the release)
    await page.getByRole('cell', { name: pending.number }).first().waitFor();
    await clean(page);
    await shoot(page, 'intern-letters');
    const popup = context.waitForEvent('page');
    await page.getByRole('button', { name: 'Alle als PDF öffnen (Druckstapel)' }).click();
    await (await popup).close();
    const pdf = await context.request.get(`${base}/api/staff/letters.pdf`);
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    const text = await pdfText(new Uint8Array(await pdf.body()));
    expect(text).toContain(`Bürgschaft ${pending.number}`);
    expect(text).toContain(
      `Freigabecode für die Mietkautionsbürgschaft ${pending.number}: ${releaseCode}`,
    );
    const printed = pdf.headers()['x-letter-ids']!.split(',').length;
    await page.getByRole('button', { name: 'Als versendet markieren' }).click();
    await page.getByText(`${printed} Brief(e) als versendet markiert.`).waitFor();

    // Reinstatement: drafted by Clara, refused for her own approval, approved by Bert
    await page.getByRole('link', { name: 'Beendigungen' }).click();
    await page
      .getByLabel('Begründung der Wiederherstellung')
      .fill('Mieter meldet: Vermieter hat nicht freigegeben');
    await page.getByRole('button', { name: 'Wiederherstellung beantragen' }).click();
    await page.getByText('Entwurf gespeichert.').waitFor();
    await page.getByRole('button', { name: 'Freigeben' }).click();
    await page.getByText('Einen eigenen Entwurf kann nur eine andere Person freigeben').waitFor();
    await clean(page);
    await shoot(page, 'intern-endings');

    // Clara invites Bert in the UI; Bert enrols his own passkey and approves with the keyboard only
    await page.getByRole('link', { name: 'Mitarbeiter' }).click();
    await page.getByLabel('E-Mail-Adresse').fill('bert@firma.example');
    await page.getByLabel('Name').fill('Bert Boss');
    await page.getByLabel('Rolle', { exact: true }).selectOption('supervisor');
    await page.getByRole('button', { name: 'Einladen' }).click();
    const invitation = (await page.locator('code.link').textContent())!;
    expect(invitation).toMatch(/\/intern\/einladung#[A-Za-z0-9_-]{43}$/);
    await clean(page);
    await shoot(page, 'intern-members');
    const second = await newPage(browser, base, { width: 375, height: 800 });
    await withAuthenticator(second.context, second.page);
    await second.page.goto(invitation);
    await second.page.getByRole('button', { name: 'Passkey einrichten' }).click();
    await second.page.getByRole('heading', { name: 'Übersicht' }).waitFor();
    await second.page.goto(`${base}/intern/beendet`);
    await second.page.getByRole('button', { name: 'Freigeben' }).waitFor();
    for (let i = 0; i < 40; i++) {
      await second.page.keyboard.press('Tab');
      const focused = await second.page.evaluate(() => document.activeElement?.textContent ?? '');
      if (focused === 'Freigeben') break;
    }
    expect(await second.page.evaluate(() => document.activeElement?.textContent)).toBe('Freigeben');
    await second.page.keyboard.press('Enter');
    await second.page.getByText('Freigegeben und ausgeführt.').waitFor();
    await expect
      .poll(
        async () =>
          (
            await server.db.orm
              .select()
              .from(contracts)
              .where(eq(contracts.contractNumber, pending.number))
          )[0]!.status,
      )
      .toBe('active');
    await second.page.goto(`${base}/intern/vorgang/${pending.number}`);
    await second.page.getByText('wiederhergestellt (staff:Bert Boss)', { exact: false }).waitFor();
    await clean(second.page);
    // At 375 px nothing sticks out of the page (long addresses wrap in the fact list)
    expect(
      await second.page.evaluate(() => document.documentElement.scrollWidth),
    ).toBeLessThanOrEqual(375);
    await shoot(second.page, 'intern-case');

    // Clara disables Bert with the keyboard (two steps): his open page is signed out at once
    await page.getByRole('link', { name: 'Mitarbeiter' }).click();
    // A page change focuses the new page's content in the next frame (InternApp's go()): wait
    // for that before focusing the button, or the focus moves away from it (CI at 7a90775).
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('intern-main');
    await page.getByRole('button', { name: 'Sperren (Bert Boss)' }).focus();
    await page.keyboard.press('Enter');
    // The confirmation takes the focus (once React has rendered it)
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.textContent))
      .toBe('Ja, sperren');
    await clean(page);
    await page.keyboard.press('Enter');
    await page.getByText('Bert Boss ist gesperrt; alle Sitzungen sind beendet.').waitFor();
    await expect
      .poll(() => page.locator('tr[data-member="bert@firma.example"]').textContent())
      .toContain('Gesperrt');
    await second.page.goto(`${base}/intern`);
    await second.page.getByRole('button', { name: 'Mit Passkey anmelden' }).click();
    await second.page
      .getByText('Dieser Passkey ist nicht bekannt oder das Konto ist gesperrt.')
      .waitFor();
    // ... and Clara, the last active admin, cannot demote herself
    await page.getByLabel('Rolle von Clara Chef').selectOption('staff');
    await page.getByRole('button', { name: 'Rolle ändern (Clara Chef)' }).click();
    await page.getByRole('alert').filter({ hasText: 'letzte aktive Administration' }).waitFor();
    await clean(page);
    await shoot(page, 'intern-members-managed');
    await second.context.close();
    await context.close();
  }
}

describe('the staff back office at /intern', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  test.each(engines)(
    'on %s: passkey enrolment, sign-out, sign-in; decisions, review, letters, four eyes, staff',
    (engine) => journey(browser, engine),
    240_000,
  );
});
