import { describe, expect, test } from 'vitest';
import { engines } from '../src/server/testing/database';
import type { BrowserContext, Page } from 'playwright-core';
import { eq } from 'drizzle-orm';
import { systemClock } from '../src/server/clock';
import { evidenceDeps, storeEvidence } from '../src/server/evidence/index';
import { jpegWithGps, pdfOf } from '../src/server/evidence/testing/fixtures';
import { claimAnswersTable } from '../src/server/db/schema/index';
import { decideItem, insertClaim, moveItem } from '../src/server/claims/store';
import { staffWithSession } from '../src/server/staff/testing/staffSession';
import { STAFF_COOKIE } from '../src/server/staff/sessions';
import { axeViolations } from './support/axe';
import { acceptedContract } from './support/contracts';
import { shoot } from './support/shots';
import { useBrowserApp } from './support/harness';
import type { AppServer } from './support/server';

// Issue 26 item 4 in Chromium: the claims review in /intern. A claim of three items: the tenant
// accepted the first (decided by the system), objected to the second, proposed less for the
// third. Anna (staff) sees both sides, is told what a payout means for the tenant, decides the
// second in part (above the four-eyes limit) and grants the third; she may not approve the
// payout; Bert (supervisor) approves it and it goes into a payout file.

async function claimWithAnswers(server: AppServer) {
  const { applicationId } = await acceptedContract(server);
  const now = new Date();
  const ctx = { at: now, actor: 'landlord' as const };
  return server.db.transaction(async (tx) => {
    const c = await insertClaim(tx, ctx, {
      applicationId,
      via: 'release_code',
      filing: {
        items: [
          {
            kind: 'rent_arrears',
            claimedCents: 10_000,
            details: { months: [{ month: '2026-05', amountCents: 10_000 }] },
          },
          {
            kind: 'damage',
            claimedCents: 120_000,
            details: { description: 'Parkett im Wohnzimmer zerkratzt', handoverProtocol: true },
          },
          {
            kind: 'utility_costs',
            claimedCents: 15_000,
            details: { period: '2025', monthlyPrepaymentCents: 10_000, settlementPending: true },
          },
        ],
        totalCents: 145_000,
        iban: 'DE89370400440532013000',
        accountHolder: 'Erika Vermieterin',
        email: 'vermieterin@example.org',
        declaredDue: true,
      },
    });
    const [rent, damage, utility] = c.items;
    const tenant = { at: now, actor: 'tenant' as const };
    await moveItem(tx, tenant, { itemId: rent!.id, act: 'accept' });
    await moveItem(tx, tenant, { itemId: damage!.id, act: 'object' });
    await moveItem(tx, tenant, { itemId: utility!.id, act: 'counter' });
    await tx.insert(claimAnswersTable).values([
      { itemId: rent!.id, answer: 'accept', answeredAt: now },
      {
        itemId: damage!.id,
        answer: 'object',
        reason: 'Die Kratzer waren beim Einzug schon da (Foto im Übergabeprotokoll).',
        answeredAt: now,
      },
      { itemId: utility!.id, answer: 'counter', counterCents: 9_000, answeredAt: now },
    ]);
    await decideItem(
      tx,
      { at: now, actor: 'system' },
      {
        itemId: rent!.id,
        decision: 'accepted_by_tenant',
        decidedCents: 10_000,
        reason: null,
        decidedBy: 'system',
      },
    );
    return c.claim;
  });
}

/** Both sides' evidence: the landlord's protocol on the claim, the tenant's photo on an answer. */
async function evidenceOfBothSides(server: AppServer, claimId: string) {
  const ev = evidenceDeps({ db: server.db, clock: systemClock, config: server.config });
  const [answer] = await server.db.orm
    .select({ id: claimAnswersTable.id })
    .from(claimAnswersTable)
    .where(eq(claimAnswersTable.answer, 'object'));
  for (const [owner, fileName, bytes] of [
    [{ kind: 'claim', id: claimId }, 'Uebergabeprotokoll.pdf', pdfOf()],
    [{ kind: 'claim_answer', id: answer!.id }, 'Kratzer-Einzug.jpg', await jpegWithGps()],
  ] as const)
    expect((await storeEvidence(ev, { owner, fileName, bytes })).ok).toBe(true);
}

async function signedIn(context: BrowserContext, token: string) {
  await context.clearCookies();
  await context.addCookies([
    { name: STAFF_COOKIE, value: token, domain: '127.0.0.1', path: '/api/staff' },
  ]);
}

const clean = async (page: Page) => expect(await axeViolations(page)).toEqual([]);

describe.each(engines)('the claims review in /intern on %s', (engine) => {
  const ui = useBrowserApp({ engine });

  test('both sides per item, decisions with reasons, four eyes on the large payout', async () => {
    const server = ui.server;
    const claim = await claimWithAnswers(server);
    await evidenceOfBothSides(server, claim.id);
    const now = new Date();
    const anna = await staffWithSession(server.db, { role: 'staff', name: 'Anna Amt', now });
    const bert = await staffWithSession(server.db, { role: 'supervisor', name: 'Bert Boss', now });
    const { context, page } = await ui.open();
    await signedIn(context, anna.token);

    await page.goto(`${server.url}/intern`);
    await page.getByRole('heading', { name: 'Übersicht' }).waitFor();
    await expect
      .poll(() => page.locator('[data-count="claims-itemsToDecide"]').textContent())
      .toBe('2');
    await page.getByRole('link', { name: /Forderungspositionen zu entscheiden/ }).click();
    await page.getByRole('heading', { level: 1, name: 'Forderungen der Vermieter' }).waitFor();
    await page.getByRole('cell', { name: claim.reference }).waitFor();
    await clean(page);
    await shoot(page, 'intern-claims-queue');

    await page.getByRole('link', { name: new RegExp(claim.reference) }).click();
    await page.getByRole('heading', { level: 1, name: `Forderung ${claim.reference}` }).waitFor();
    await page.getByText('Die Kratzer waren beim Einzug schon da').waitFor();
    await page.getByText('Vorschlag: 90,00 €').waitFor();
    await page.getByText(/auf erstes Anfordern, auch gegen seinen Widerspruch/).waitFor();
    // Both sides' evidence as short-lived links that open the file.
    const protocol = page.getByRole('link', { name: 'Uebergabeprotokoll.pdf' });
    const photo = page
      .getByRole('region', { name: /Position 2/ })
      .getByRole('link', { name: 'Kratzer-Einzug.jpg' });
    await photo.waitFor();
    const href = await protocol.getAttribute('href');
    expect(href).toMatch(/^\/api\/evidence\//);
    const pdf = await fetch(`${server.url}${href}`);
    expect(pdf.headers.get('content-type')).toContain('application/pdf');
    await clean(page);
    await shoot(page, 'intern-claim-detail', 1400);

    // Position 2: nothing chosen -> the summary names the missing decision and reason.
    const damage = page.getByRole('region', { name: /Position 2/ });
    await damage.getByRole('button', { name: 'Entscheidung speichern' }).click();
    await expect
      .poll(() => damage.locator('.error-summary').textContent())
      .toContain('Bitte wählen Sie eine Entscheidung.');
    await expect.poll(() => damage.locator('.error-summary').textContent()).toContain('begründen');
    await clean(page);
    await damage.getByLabel('teilweise auszahlen').check();
    await damage.getByLabel(/Auszuzahlender Betrag/).fill('1.100,00');
    await damage.getByLabel(/Begründung/).fill('Kratzer belegt; Abzug für die Abnutzung.');
    await damage.getByRole('button', { name: 'Entscheidung speichern' }).click();
    await page.locator('[data-payout="awaiting_approval"]').waitFor();
    expect(await page.locator('main [role="status"]').first().textContent()).toContain(
      'Entscheidung gespeichert; beide Seiten sind per E-Mail informiert.',
    );
    // Anna decided it: she has no approval button, and the API refuses her (four eyes).
    expect(await page.getByRole('button', { name: 'Auszahlung freigeben' }).count()).toBe(0);

    const utility = page.getByRole('region', { name: /Position 3/ });
    await utility.getByLabel('in voller Höhe auszahlen').check();
    await utility.getByLabel(/Begründung/).fill('Vorauszahlungen 2025 nicht gezahlt, belegt.');
    await utility.getByRole('button', { name: 'Entscheidung speichern' }).click();
    await page.locator('[data-decision="granted"]').waitFor();
    await clean(page);
    await shoot(page, 'intern-claim-decided', 1400);

    // Bert (supervisor) approves the payout above the limit; a file takes it.
    await signedIn(context, bert.token);
    await page.reload();
    await page.getByRole('button', { name: 'Auszahlung freigeben' }).click();
    await expect
      .poll(() => page.getByRole('status').first().textContent())
      .toBe('Auszahlung freigegeben.');
    await page.locator('[data-payout="in_batch"]').first().waitFor();
    await clean(page);
  });
});
