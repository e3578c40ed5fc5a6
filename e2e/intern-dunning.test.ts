import { describe, expect, test } from 'vitest';
import { eq } from 'drizzle-orm';
import { contracts, moneyTasks, paymentDisputes } from '../src/server/db/schema/index';
import { staffWithSession } from '../src/server/staff/testing/staffSession';
import { STAFF_COOKIE } from '../src/server/staff/sessions';
import { dt } from '../src/web/intern/dunningTexts';
import { axeViolations } from './support/axe';
import { shoot } from './support/shots';
import { useBrowserApp } from './support/harness';
import { contractWithReturnedDebit } from './support/moneyContract';

// Issue 25 item 5 in Chromium: after the second reminder (the task is made here directly; the
// dunning steps are tested on both engines in src/server/money) staff agree instalments, or
// propose a write-off that another person approves; an open dispute is shown and closed.
describe('dunning decisions on Zahlungsverkehr', () => {
  const ui = useBrowserApp();

  test('instalments agreed, a write-off proposed, a dispute closed; axe clean', async () => {
    const server = ui.server;
    const one = await contractWithReturnedDebit(server);
    const two = await contractWithReturnedDebit(server);
    const idOf = async (n: string) =>
      (await server.db.orm.select().from(contracts).where(eq(contracts.contractNumber, n)))[0]!
        .applicationId;
    const now = new Date();
    for (const n of [one.number, two.number])
      await server.db.orm
        .insert(moneyTasks)
        .values({ applicationId: await idOf(n), kind: 'dunning_decision', createdAt: now });
    await server.db.orm.insert(paymentDisputes).values({
      applicationId: await idOf(two.number),
      openedBy: 'tenant',
      reason: 'Doppelt abgebucht',
      openedAt: now,
    });
    const anna = await staffWithSession(server.db, { role: 'staff', name: 'Anna Amt', now });
    const { context, page } = await ui.open();
    await context.addCookies([
      { name: STAFF_COOKIE, value: anna.token, domain: '127.0.0.1', path: '/api/staff' },
    ]);
    await page.goto(`${server.url}/intern/zahlungsverkehr`);
    await page.getByRole('heading', { name: dt.decisions.title }).waitFor();
    const row = (n: string) => page.locator(`tr[data-decision="${n}"]`);
    await row(one.number).waitFor();
    await row(two.number).getByText(dt.decisions.disputeOpen).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await shoot(page, 'intern-dunning', 2400);

    // one: three instalments
    await row(one.number).getByLabel(dt.decisions.count(one.number)).selectOption('3');
    await row(one.number).getByRole('button', { name: dt.decisions.instalments }).click();
    await expect
      .poll(() => page.getByRole('status').first().textContent())
      .toBe(dt.decisions.agreed(one.number, 3));
    await expect.poll(() => row(one.number).count()).toBe(0);

    // two: a write-off needs a reason, then goes to the approvals
    await row(two.number).getByRole('button', { name: dt.decisions.writeOff }).click();
    await row(two.number).getByText(dt.decisions.reasonRequired).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await row(two.number)
      .getByLabel(dt.decisions.reason(two.number))
      .fill('Kleinbetrag, Inkasso unwirtschaftlich');
    await row(two.number).getByRole('button', { name: dt.decisions.writeOff }).click();
    await expect
      .poll(() => page.getByRole('status').first().textContent())
      .toBe(dt.decisions.drafted(two.number));

    // the dispute is closed
    await page.getByLabel(dt.disputes.note(two.number)).fill('keine Doppelbuchung gefunden');
    await page.getByRole('button', { name: dt.disputes.close }).click();
    await expect
      .poll(() => page.getByRole('status').first().textContent())
      .toBe(dt.disputes.closed);
    expect(await axeViolations(page)).toEqual([]);
    await shoot(page, 'intern-dunning-decided', 2400);
    await context.close();
  });
});
