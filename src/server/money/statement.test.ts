import { describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { engines } from '../testing/database';
import { testNow } from '../testing/fixtures';
import { call } from '../testing/http';
import { sepaDebits } from '../db/schema/index';
import { camt054 } from '../../domain/money/testing/bankFixtures';
import { formatCents } from '../../domain/index';
import { staffWithSession } from '../staff/testing/staffSession';
import { acceptedContract, contractSession } from './testing/contract';
import { runCollection } from './collection';
import { approveBatch, downloadBatch, submitBatch } from './batches';
import { importBankFile } from './imports';
import { useJourneyServer } from '../testing/journeyServer';

const pdfText = (pdf: Buffer, name: string) => {
  const dir = process.env.STATEMENT_PDF_DIR ?? mkdtempSync(join(tmpdir(), 'statement-'));
  const file = join(dir, name);
  writeFileSync(file, pdf);
  return execFileSync('pdftotext', ['-layout', file, '-']).toString('utf8');
};

/** "Beitragsbescheinigung {Jahr}" from the ledger (issue 25 item 7), for the tenant and staff. */
describe.each(engines)('yearly statement on %s', (engine) => {
  const journey = useJourneyServer(engine);

  it('collected minus returned in 2026, as a PDF for the tenant and for staff', async () => {
    const { s, smtp, clock } = journey;
    clock.set(testNow);
    const { number, id, contract } = await acceptedContract(s);
    const money = s.processing!.money;
    const rate = contract.ratePerPaymentCents;
    const release = async (batchId: string) => {
      await submitBatch(money, batchId, 'staff-a');
      await approveBatch(money, batchId, 'staff-b');
      await downloadBatch(money, batchId, 'staff-a');
    };
    // March: collected; April: collected, then returned (AM04); May collected again
    clock.set('2026-03-11T05:00:00Z');
    await runCollection(money);
    clock.set('2026-03-12T05:00:00Z');
    await release((await runCollection(money)).batchId!);
    clock.set('2026-03-16T05:00:00Z');
    await runCollection(money);
    for (const day of ['2026-04-11', '2026-04-12', '2026-04-13', '2026-04-14', '2026-04-15']) {
      clock.set(`${day}T05:00:00Z`);
      const r = await runCollection(money);
      if (r.batchId) await release(r.batchId);
    }
    clock.set('2026-04-21T05:00:00Z');
    await runCollection(money);
    const april = (await s.db.orm.select().from(sepaDebits).where(eq(sepaDebits.applicationId, id)))
      .filter((d) => d.status === 'collected')
      .sort((a, b) => (a.dueOn < b.dueOn ? 1 : -1))[0]!;
    await importBankFile(
      money,
      camt054([{ endToEndId: april.endToEndId, amount: (rate / 100).toFixed(2), reason: 'AM04' }]),
      'staff-a',
    );

    const session = await contractSession(s, smtp, number);
    const pay = await call(s.url, 'GET', '/api/contracts/me/payments', undefined, {
      headers: session,
    });
    expect(pay.body.statementYears).toEqual([2026]);
    const res = await fetch(`${s.url}/api/contracts/me/statements/2026`, { headers: session });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    const text = pdfText(Buffer.from(await res.arrayBuffer()), `tenant-${engine}.pdf`);
    const flat = text.replace(/\s+/g, ' ');
    expect(flat).toContain('Beitragsbescheinigung 2026');
    expect(flat).toContain(`Vertragsnummer ${number}`);
    expect(flat).toContain(`Eingezogen ${formatCents(2 * rate)}`);
    expect(flat).toContain(`Zurückgegeben − ${formatCents(rate)}`);
    expect(flat).toContain(`Erstattet − ${formatCents(0)}`);
    expect(flat).toContain(`Gezahlte Beiträge ${formatCents(rate)}`);
    expect(flat).toContain(`16.03.2026: Beitrag eingezogen, ${formatCents(rate)}`);
    expect(flat).toContain(`15.04.2026: Beitrag eingezogen, ${formatCents(rate)}`);
    expect(flat).toContain(`21.04.2026: Lastschrift zurückgegeben, ${formatCents(rate)}`);

    const bad = await call(s.url, 'GET', '/api/contracts/me/statements/zwanzig', undefined, {
      headers: session,
    });
    expect(bad.status).toBe(400);

    const anna = await staffWithSession(s.db, {
      role: 'staff',
      name: 'Anna Amt',
      now: clock.now(),
    });
    const staffRes = await fetch(`${s.url}/api/staff/money/statements/${number}/2026`, {
      headers: { cookie: anna.cookie },
    });
    expect(staffRes.status).toBe(200);
    const staffText = pdfText(Buffer.from(await staffRes.arrayBuffer()), `staff-${engine}.pdf`);
    expect(staffText.replace(/\s+/g, ' ')).toContain(`Gezahlte Beiträge ${formatCents(rate)}`);
    const audit = await s.db.executeSql(
      "SELECT details FROM staff_audit WHERE action = 'money.statement.read'",
    );
    expect(audit.rows).toHaveLength(1);
  }, 180_000);
});
