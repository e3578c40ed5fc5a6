import { describe, expect, test } from 'vitest';
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
});
