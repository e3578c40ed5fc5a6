import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, gte, lt } from 'drizzle-orm';
import { fixedClock } from '../clock';
import { engines } from '../testing/database';
import { testNow } from '../testing/fixtures';
import { startTestServer, type TestServer } from '../testing/server';
import { contractInsurers, ledgerEntries } from '../db/schema/index';
import { formatCents } from '../../domain/index';
import { staffWithSession } from '../staff/testing/staffSession';
import { acceptedContract } from './testing/contract';
import { runCollection } from './collection';
import { approveBatch, downloadBatch, submitBatch } from './batches';
import { borderoExport } from './bordero';

/** Issue 25 item 8: a Bordero per insurer, CSV and PDF, whose sums reconcile with the ledger. */
describe.each(engines)('Bordero per insurer on %s', (engine) => {
  let s: TestServer;
  const clock = fixedClock(testNow);
  beforeAll(async () => {
    s = await startTestServer({
      engine,
      clock,
      processing: true,
      env: { INSURERS: 'main=Beispiel Versicherung AG,zwei=Zweite Versicherung SE' },
    });
  }, 60_000);
  afterAll(async () => {
    await s?.close();
  });

  it('two insurers: each gets its contracts; together they are the ledger of the month', async () => {
    clock.set(testNow);
    const one = await acceptedContract(s);
    const two = await acceptedContract(s);
    await s.db.orm.insert(contractInsurers).values({ applicationId: two.id, insurerId: 'zwei' });
    const money = s.processing!.money;
    clock.set('2026-03-11T05:00:00Z');
    await runCollection(money);
    clock.set('2026-03-12T05:00:00Z');
    const { batchId } = await runCollection(money);
    await submitBatch(money, batchId!, 'staff-a');
    await approveBatch(money, batchId!, 'staff-b');
    await downloadBatch(money, batchId!, 'staff-a');
    clock.set('2026-03-16T05:00:00Z');
    await runCollection(money);

    const main = await borderoExport(money, '2026-03', 'staff-a');
    const zwei = await borderoExport(money, '2026-03', 'staff-a', 'zwei');
    expect(main.rows.map((r) => r.contractNumber)).toEqual([one.number]);
    expect(zwei.rows.map((r) => r.contractNumber)).toEqual([two.number]);
    expect(main.filename).toBe('bordero-2026-03-main.csv');
    // reconcile: the two Borderos together are every collected minus returned of March
    const ledger = await s.db.orm
      .select()
      .from(ledgerEntries)
      .where(
        and(gte(ledgerEntries.bookedOn, '2026-03-01'), lt(ledgerEntries.bookedOn, '2026-04-01')),
      );
    const sum = (k: string) =>
      ledger.filter((e) => e.kind === k).reduce((a, e) => a + e.amountCents, 0);
    expect(main.totals.collectedCents + zwei.totals.collectedCents).toBe(
      sum('collected') - sum('returned'),
    );
    expect(main.totals.refundedCents + zwei.totals.refundedCents).toBe(sum('refund_paid'));
    expect(main.totals.collectedCents).toBe(one.contract.ratePerPaymentCents);
    await expect(borderoExport(money, '2026-03', 'staff-a', 'drei')).rejects.toMatchObject({
      code: 'unknown_insurer',
    });

    const anna = await staffWithSession(s.db, {
      role: 'staff',
      name: 'Anna Amt',
      now: clock.now(),
    });
    const list = await fetch(`${s.url}/api/staff/money/insurers`, {
      headers: { cookie: anna.cookie },
    });
    expect(((await list.json()) as { items: unknown[] }).items).toHaveLength(2);
    const res = await fetch(`${s.url}/api/staff/money/bordero/2026-03.pdf?insurer=zwei`, {
      headers: { cookie: anna.cookie },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    const dir = process.env.STATEMENT_PDF_DIR ?? mkdtempSync(join(tmpdir(), 'bordero-'));
    const file = join(dir, `bordero-${engine}.pdf`);
    writeFileSync(file, Buffer.from(await res.arrayBuffer()));
    const text = execFileSync('pdftotext', ['-layout', file, '-'])
      .toString('utf8')
      .replace(/\s+/g, ' ');
    expect(text).toContain('Bordero 2026-03');
    expect(text).toContain('Versicherer Zweite Versicherung SE');
    expect(text).toContain(`Eingezogen ${formatCents(zwei.totals.collectedCents)}`);
    expect(text).toContain(`Versicherungsteuer ${formatCents(zwei.totals.taxCents)}`);
    expect(text).toContain(
      `${two.number}: eingezogen ${formatCents(zwei.rows[0]!.collectedCents)}`,
    );
    expect(text).not.toContain(one.number);
    const csv = await fetch(`${s.url}/api/staff/money/bordero/2026-03.csv?insurer=zwei`, {
      headers: { cookie: anna.cookie },
    });
    expect(await csv.text()).toBe(zwei.csv);
  }, 180_000);
});
