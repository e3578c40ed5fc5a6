import { describe, expect, test } from 'vitest';
import { engines } from '../src/server/testing/database';
import type { Page } from 'playwright-core';
import { axeViolations } from './support/axe';
import { acceptedContract } from './support/contracts';
import { shoot } from './support/shots';
import { useBrowserApp } from './support/harness';

// Issue 26 item 5 in Chromium: the landlord opens /pruefen, sees what the guarantee still covers,
// gets German field errors, then releases all but 450 € with the code of our letter; the page
// shows the amount kept and what is still covered.

const clean = async (page: Page) => expect(await axeViolations(page)).toEqual([]);

describe.each(engines)('partial release on /pruefen on %s', (engine) => {
  const ui = useBrowserApp({ engine });

  test('all but the retained amount, with the code of the letter', async () => {
    const server = ui.server;
    const { verificationToken, landlordCode } = await acceptedContract(server);
    const { page } = await ui.open();
    await page.goto(`${server.url}/pruefen/${verificationToken}`);
    await page.getByTestId('guarantee-remaining').filter({ hasText: '1.500,00 €' }).waitFor();
    const section = page.getByRole('region', { name: 'Bürgschaft teilweise freigeben' });
    await section.getByRole('button', { name: 'Bis auf diesen Betrag freigeben' }).click();
    await section
      .getByText('Bitte geben Sie den Betrag an, den Sie behalten möchten.')
      .first()
      .waitFor();
    await clean(page);
    await section.getByLabel(/Betrag, den Sie behalten/).fill('1.600,00');
    await section.getByLabel('Freigabecode', { exact: true }).fill(landlordCode);
    await section.getByRole('button', { name: 'Bis auf diesen Betrag freigeben' }).click();
    await section
      .getByText(/kleiner sein als der noch gesicherte Betrag/)
      .first()
      .waitFor();
    await shoot(page, 'pruefen-teilfreigabe-fehler');
    await section.getByLabel(/Betrag, den Sie behalten/).fill('450,00');
    await section.getByRole('button', { name: 'Bis auf diesen Betrag freigeben' }).click();
    await page
      .getByText(/Die Bürgschaft ist teilweise freigegeben; sie sichert noch 450,00 €/)
      .waitFor();
    await page
      .getByTestId('partial-release')
      .filter({ hasText: 'behalten für die Nebenkostenabrechnung: 450,00 €' })
      .waitFor();
    await page.getByTestId('guarantee-remaining').filter({ hasText: '450,00 €' }).waitFor();
    await clean(page);
    await shoot(page, 'pruefen-teilfreigabe', 1200);
  });
});
