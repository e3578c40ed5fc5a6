import { describe, expect, test } from 'vitest';
import { ui } from '../src/domain/messages/ui';
import type { AppPage } from './support/page';
import { runJourney, submitButton } from './support/scenario';
import { useBrowserApp } from './support/harness';
import { shoot } from './support/shots';
import {
  existingContract,
  newContractDigital,
  partnerLink,
  reservation,
  twoTenantsPostal,
} from './journeys';

// The journeys of issue 4, replayed in Chromium against the real server (processing, SMTP).
describe('journeys', () => {
  const harness = useBrowserApp();
  /** The outcome page offers exactly one such link, and it downloads a real PDF. */
  const expectPdfLink = async (app: AppPage, name: string) => {
    const link = app.page.getByRole('link', { name });
    expect(await link.count()).toBe(1);
    const response = await app.page.request.get((await link.getAttribute('href')) ?? '');
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toContain('application/pdf');
    expect((await response.body()).subarray(0, 5).toString()).toBe('%PDF-');
  };
  const open = () => harness.open();

  test(
    newContractDigital.name,
    async () => {
      const { context, app } = await open();
      await runJourney(app, newContractDigital);
      expect(app.query('is_accepted')).toBe('true');
      expect(app.query('version')).toBe('2');
      expect(app.query('digital')).toBe('true');
      expect(await app.heading()).toBe(ui.result.accepted);
      await expectPdfLink(app, ui.result.downloadCertificate);
      await app.expectNoCidInDom(app.query('cid')!);
      await shoot(app.page, 'result-accepted-digital');
      await context.close();
    },
    180_000,
  );

  test(
    twoTenantsPostal.name,
    async () => {
      const { context, app } = await open();
      await runJourney(app, twoTenantsPostal);
      expect(app.query('digital')).toBe('false');
      expect(app.query('vertragsnr')).not.toBe('');
      // Above 15,000 € would be pending; 8,000 € by persona Mustermann is accepted.
      expect(app.query('is_accepted')).toBe('true');
      await context.close();
    },
    180_000,
  );

  test(
    existingContract.name,
    async () => {
      const { context, app } = await open();
      await runJourney(app, existingContract);
      expect(app.query('is_accepted')).toBe('true');
      await context.close();
    },
    180_000,
  );

  test(`${reservation.name}, then continuing to the contract`, async () => {
    const { context, app } = await open();
    await runJourney(app, reservation);
    const cid = app.query('cid');
    expect(await app.heading()).toBe(ui.result.reservationAccepted);
    await expectPdfLink(app, ui.result.downloadReservation);
    await app.expectNoCidInDom(cid!);
    // Later, the tenant opens the application (e.g. from the e-mail) without reservation mode.
    await app.goto(`/tenant?cid=${cid}`);
    await app.waitForPath('/tenant');
    await expect
      .poll(() => app.page.locator('body').innerText())
      .toContain(ui.reservation.alreadyGivenHint);
    await app.expectAccessible();
    // On to the next open step (issue 27); back on /tenant the data given are there.
    await app.clickButton(ui.reservation.continueApplication);
    await app.waitForPath('/landlord');
    await app.clickButton('Zurück zum Mieter');
    await app.waitForPath('/tenant');
    expect(await app.value('firstTenant.lastName')).toBe('Reserviert');
    await context.close();

    // 'Persönliche Daten ändern' clears the session id and the tenant data and starts a new
    // reservation at /tenant?reservation=true (one tenant form, no top navigation).
    const other = await open();
    await other.app.goto(`/tenant?cid=${cid}`);
    await other.app.waitForPath('/tenant');
    await other.app.clickButton(ui.reservation.changePersonalData);
    await expect.poll(() => other.app.query('reservation')).toBe('true');
    expect(other.app.path()).toBe('/tenant');
    expect(other.app.query('cid')).toBeNull();
    expect(await other.app.value('firstTenant.lastName')).toBe('');
    expect(await other.app.value('firstTenant.email')).toBe('');
    expect(await other.app.page.locator('nav.steps-nav').count()).toBe(0);
    expect((await submitButton(other.app).innerText()).trim()).toBe('Reservierung absenden');
    await other.app.expectAccessible();
    await other.context.close();
  }, 180_000);

  test(
    partnerLink.name,
    async () => {
      const { context, app } = await open();
      await runJourney(app, partnerLink);
      // The partner code came with the link: its field is hidden.
      expect(await app.page.locator('#f-billing-partner_code').count()).toBe(0);
      await context.close();
    },
    60_000,
  );
});
