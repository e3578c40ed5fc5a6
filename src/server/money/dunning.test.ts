import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { engines } from '../testing/database';
import { leaves, parseMime } from '../mail/testing/mime';
import { dunningNotices, moneyTasks, sepaDebits } from '../db/schema/index';
import { camt054 } from '../../domain/money/testing/bankFixtures';
import { formatCents } from '../../domain/index';
import { acceptedContract, EMAIL, mailTo } from './testing/contract';
import { runCollection } from './collection';
import { approveBatch, downloadBatch, submitBatch } from './batches';
import { importBankFile } from './imports';
import { useJourneyServer } from '../testing/journeyServer';

/** Item 5 of issue 25 (part): reminder, second reminder with the consequence, staff decision. */
describe.each(engines)('dunning on %s', (engine) => {
  const journey = useJourneyServer(engine);

  it('MS02: no new attempt; reminder with GiroCode, a second with the consequence, then staff', async () => {
    const { s, smtp, clock } = journey;
    const { number, id, contract } = await acceptedContract(s);
    const money = s.processing!.money;
    const rate = contract.ratePerPaymentCents;
    clock.set('2026-03-11T05:00:00Z');
    await runCollection(money);
    clock.set('2026-03-12T05:00:00Z');
    const { batchId } = await runCollection(money);
    await submitBatch(money, batchId!, 'staff-a');
    await approveBatch(money, batchId!, 'staff-b');
    await downloadBatch(money, batchId!, 'staff-a');
    clock.set('2026-03-16T05:00:00Z');
    await runCollection(money);
    const [debit] = await s.db.orm
      .select()
      .from(sepaDebits)
      .where(eq(sepaDebits.applicationId, id));
    clock.set('2026-03-20T05:00:00Z');
    await importBankFile(
      money,
      camt054([{ endToEndId: debit!.endToEndId, amount: (rate / 100).toFixed(2), reason: 'MS02' }]),
      'staff-a',
    );
    const r1 = await runCollection(money);
    expect(r1).toMatchObject({ reminders: 1, decisions: 0 });
    const m1 = await mailTo(smtp, EMAIL, `Zahlungserinnerung – Vertrag ${number}`);
    expect(m1.text).toContain(`ist ein Betrag von ${formatCents(rate)} offen`);
    expect(m1.text).toContain('bis zum 03.04.2026');
    expect(m1.text).toContain('IBAN: DE02 1203 0000 0000 2020 51');
    expect(m1.text).toContain(`Verwendungszweck: ${number}`);
    // the GiroCode is attached as a picture
    const raw = [...smtp.received]
      .reverse()
      .find((m) => m.raw.toString().includes('girocode.png'))!;
    const png = leaves(parseMime(raw.raw)).find((l) => l.contentType === 'image/png')!;
    expect(png.body.subarray(1, 4).toString()).toBe('PNG');
    // nothing more until the deadline has passed
    clock.set('2026-04-03T05:00:00Z');
    expect(await runCollection(money)).toMatchObject({ reminders: 0 });
    clock.set('2026-04-04T05:00:00Z');
    expect(await runCollection(money)).toMatchObject({ reminders: 1 });
    const m2 = await mailTo(smtp, EMAIL, `Zweite Mahnung mit Fristsetzung – Vertrag ${number}`);
    expect(m2.text).toContain('bis zum 18.04.2026');
    expect(m2.text).toContain('ohne Einhaltung einer Frist kündigen (§ 38 VVG');
    clock.set('2026-04-19T05:00:00Z');
    const r3 = await runCollection(money);
    expect(r3.decisions).toBe(1);
    expect(await runCollection(money)).toMatchObject({ decisions: 0, reminders: 0 });
    const tasks = await s.db.orm.select().from(moneyTasks).where(eq(moneyTasks.applicationId, id));
    expect(tasks.map((t) => t.kind)).toEqual(['dunning_decision']);
    const sent = await s.db.orm
      .select()
      .from(dunningNotices)
      .where(eq(dunningNotices.applicationId, id));
    expect(sent.map((n) => `${n.level}:${n.amountCents}:${n.deadline}`).sort()).toEqual([
      `1:${rate}:2026-04-03`,
      `2:${rate}:2026-04-18`,
    ]);
  });
});
