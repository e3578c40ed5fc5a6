import { describe, expect, test } from 'vitest';
import { eq } from 'drizzle-orm';
import { applications } from '../src/server/db/schema/index';
import { hashCid } from '../src/server/services/cid';
import { completeNewApiApplication } from '../src/server/testing/fixtures';
import { call } from '../src/server/testing/http';
import { fieldErrorMessages } from '../src/domain/messages/errors';
import { useBrowserApp } from './support/harness';
import { shoot } from './support/shots';
import type { AppServer } from './support/server';

// The specification's last rows (issue 31) as journeys driven by the visible labels.

/** Deposit, target and first tenant saved through the new API: the tenant stands at /landlord. */
async function draftUpToTenant(server: AppServer): Promise<string> {
  const app = completeNewApiApplication() as Record<string, unknown> & {
    rentalObject: { rentalContract: Record<string, unknown> };
  };
  const r = await call(server.url, 'POST', '/api/tenancies?step=tenant', {
    rentalObject: {
      rentalContract: { deposit: '1500', isExisting: 'false' },
    },
    digitalGuarantee: 'true',
    tenant: app.tenant,
    hasCoTenant: 'false',
  });
  return r.body.cid as string;
}

describe('spec rows in the browser', () => {
  const harness = useBrowserApp();

  test('spec §3 landlordName: asked for a company landlord, with its required message', async () => {
    const cid = await draftUpToTenant(harness.server);
    const { context, page, app } = await harness.open();
    await page.goto(`/landlord?cid=${cid}`);
    const name = page.getByLabel('Name des Vermieters (Ansprechpartner)');
    await page.getByLabel('Frau').check();
    expect(await name.count()).toBe(0);
    await page.getByLabel('Firma', { exact: true }).check();
    await page.getByLabel('Firmenname').fill('Wohnbau GmbH');
    await page.getByLabel('Straße', { exact: true }).fill('Schlossallee');
    await page.getByLabel('Hausnummer', { exact: true }).fill('1');
    await page.getByLabel('PLZ', { exact: true }).fill('80331');
    await page.getByLabel('Ort', { exact: true }).fill('München');
    await page.getByRole('button', { name: 'Weiter zum Mietobjekt' }).click();
    const message = fieldErrorMessages['landlord.landlordName']!.required!;
    expect(message).toBe('Bitte geben Sie den Namen des Vermieters an.');
    expect(await app.fieldError('landlord.landlordName')).toBe(message);
    await app.expectAccessible();
    await shoot(page, 'spec-landlord-company', 1000);
    await name.fill('Petra Verwalterin');
    await page.getByRole('button', { name: 'Weiter zum Mietobjekt' }).click();
    await app.waitForPath('/object');
    const loaded = await call(harness.server.url, 'GET', `/api/tenancies?cid=${cid}`);
    expect(loaded.body.data.landlord).toMatchObject({
      gender: 'company',
      companyName: 'Wohnbau GmbH',
      fullName: 'Petra Verwalterin',
    });
    await context.close();
  });

  test('spec §2 /uce: entered when a partner lookup returns data and no cid is stored; Weiter zum Start', async () => {
    const { context, page, app } = await harness.open();
    const calls: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'fetch') calls.push(`${r.method()} ${new URL(r.url()).pathname}`);
    });
    await page.goto('/start?vm_id=IMMO1');
    // The lookup answers the partner's sub-partners: the tenant is sent to /uce to choose one.
    await app.waitForPath('/uce');
    expect(await app.heading()).toBe('Vermittler');
    for (const name of [
      'Filiale Berlin-Mitte',
      'Filiale Hamburg-Altona',
      'Filiale München-Schwabing',
    ])
      await expect.poll(() => page.getByLabel(name).count()).toBe(1);
    const forward = page.getByRole('button', { name: 'Weiter zum Start' });
    expect(await forward.count()).toBe(1);
    await app.expectAccessible();
    await page.getByLabel('Filiale Hamburg-Altona').check();
    await shoot(page, 'spec-uce-choice', 800);
    await forward.click();
    // The deposit is still asked: nothing skipped.
    await app.waitForPath('/start');
    expect(await page.getByLabel('Kautionshöhe in €').inputValue()).toBe('');
    await page.getByLabel('Kautionshöhe in €').fill('1500');
    await page.getByLabel('Neuer Mietvertrag').check();
    await page.getByRole('button', { name: 'Weiter', exact: true }).click();
    await app.waitForPath('/tenant');
    // The attribution works as before: both codes on the application, checked and kept.
    const cid = app.query('cid')!;
    const row = (
      await harness.server.db.orm
        .select()
        .from(applications)
        .where(eq(applications.cidHash, hashCid(cid)))
    )[0];
    expect(row).toMatchObject({ partnerCode: 'IMMO1', subPartnerCode: 'B-HAMBURG' });
    expect(calls).toContain('GET /api/partners/IMMO1');
    await context.close();
  });

  test('spec §2: a partner that hides its codes is not sent to /uce early (nothing to choose)', async () => {
    const { context, page, app } = await harness.open();
    await page.goto('/start?vm_id=WOHNBAU');
    await app.waitForPath('/start');
    await page.getByLabel('Kautionshöhe in €').fill('1500');
    await page.getByLabel('Neuer Mietvertrag').check();
    expect(app.path()).toBe('/start');
    await page.getByRole('button', { name: 'Weiter', exact: true }).click();
    await app.waitForPath('/uce');
    expect(await app.heading()).toBe('Vermittler');
    expect(await page.getByRole('radio', { name: 'Verwaltung Nord' }).count()).toBe(0);
    await context.close();
  });

  test('spec §2 /start: digital-guarantee support above the maximum deposit, not a dead end', async () => {
    const { context, page, app } = await harness.open();
    await page.goto('/start');
    await page.getByLabel('Kautionshöhe in €').fill('60.000');
    await page.getByLabel('Kautionshöhe in €').blur();
    expect(await app.fieldError('objective.deposit')).toContain('Maximalhöhe: 50.000 €.');
    const support = page.getByRole('region', {
      name: 'Kaution über dem Höchstbetrag? Wir helfen Ihnen.',
    });
    await support.waitFor();
    await support
      .getByRole('button', { name: 'Individuelle digitale Bürgschaft anfragen' })
      .click();
    const amount = page.getByLabel('Gewünschte Bürgschaftshöhe in €');
    expect(await amount.inputValue()).toBe('60000');
    // Incomplete: the messages stand at the fields, nothing is sent.
    await page.getByRole('button', { name: 'Anfrage senden' }).click();
    expect(await app.fieldError('guaranteeRequest.name')).toBe('Bitte füllen Sie dieses Feld aus.');
    await app.expectAccessible();
    await page.getByLabel('Ihr Vor- und Nachname').fill('Max Mustermann');
    await page.getByLabel('Ihre E-Mail-Adresse').fill('max.gross@example.org');
    await page.getByLabel('Telefon für Rückfragen (optional)').fill('+493012345');
    await shoot(page, 'spec-start-above-maximum', 1100);
    await page.getByRole('button', { name: 'Anfrage senden' }).click();
    const status = support.getByRole('status');
    await expect
      .poll(() => status.innerText())
      .toMatch(/^Vielen Dank! Ihre Anfrage AN-[0-9A-F]{12} ist bei uns eingegangen/);
    const reference = /AN-[0-9A-F]{12}/.exec(await status.innerText())![0];
    expect(await status.innerText()).toContain('max.gross@example.org');
    await app.expectAccessible();
    await shoot(page, 'spec-start-request-sent', 1100);
    const rows = await harness.server.db.executeSql(
      'SELECT amount_cents, name, email, phone, state FROM guarantee_requests WHERE reference = $1',
      [reference],
    );
    expect(rows.rows).toEqual([
      {
        amount_cents: 6_000_000,
        name: 'Max Mustermann',
        email: 'max.gross@example.org',
        phone: '+493012345',
        state: 'open',
      },
    ]);
    await expect
      .poll(() => harness.server.smtp.received.some((m) => m.raw.toString().includes(reference)))
      .toBe(true);
    // The flow itself stays where it was: the deposit may still be lowered and the tenant goes on.
    expect(app.path()).toBe('/start');
    await context.close();
  });
});
