import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { fixedClock } from '../clock';
import { engines } from '../testing/database';
import { testNow } from '../testing/fixtures';
import { call } from '../testing/http';
import { startTestServer, type TestServer } from '../testing/server';
import { startSmtpPeer, type SmtpPeer } from '../mail/testing/smtp-peer';
import { dunningNotices, moneyTasks, sepaDebits, staffApprovals } from '../db/schema/index';
import { camt054 } from '../../domain/money/testing/bankFixtures';
import { formatCents, splitCents, summaryOf } from '../../domain/index';
import { staffWithSession } from '../staff/testing/staffSession';
import { acceptedContract, contractSession, EMAIL, mailTo } from './testing/contract';
import { xsdErrors } from './testing/xsd';
import { runCollection } from './collection';
import { approveBatch, downloadBatch, submitBatch } from './batches';
import { importBankFile } from './imports';
import { entriesOf } from './ledger';
import { owedOf } from './instalments';
import type { MoneyDeps } from './deps';

async function release(money: MoneyDeps, batchId: string) {
  await submitBatch(money, batchId, 'staff-a');
  await approveBatch(money, batchId, 'staff-b');
  return downloadBatch(money, batchId, 'staff-a');
}

/**
 * Issue 25 item 5 on both engines: after two reminders staff decide (instalments, hand-over to
 * collection as CSV, write-off with four eyes); a dispute pauses dunning; the tenant chooses
 * instalments in self-service. E-mails from the real SMTP peer.
 */
describe.each(engines)('dunning decisions on %s', (engine) => {
  let s: TestServer;
  let smtp: SmtpPeer;
  const clock = fixedClock(testNow);
  type Member = Awaited<ReturnType<typeof staffWithSession>>;
  let anna: Member;
  let bert: Member;
  beforeAll(async () => {
    smtp = await startSmtpPeer();
    s = await startTestServer({
      engine,
      clock,
      processing: true,
      env: { SMTP_URL: smtp.url, PUBLIC_URL: 'https://antrag.example' },
    });
  }, 60_000);
  afterAll(async () => {
    await s?.close();
    await smtp?.close();
  });
  const staff = (m: Member, method: 'GET' | 'POST', path: string, body?: object) =>
    call(s.url, method, path, method === 'POST' ? (body ?? {}) : undefined, {
      headers: { cookie: m.cookie, origin: s.url },
    });
  const signIn = async () => {
    const now = clock.now();
    anna = await staffWithSession(s.db, { role: 'staff', name: `Anna ${now.getTime()}`, now });
    bert = await staffWithSession(s.db, { role: 'supervisor', name: `Bert ${now.getTime()}`, now });
  };

  it('instalments, hand-over, write-off with four eyes; a dispute pauses; self-service', async () => {
    clock.set(testNow);
    const a = await acceptedContract(s); // staff agree instalments
    const b = await acceptedContract(s); // written off (four eyes)
    const c = await acceptedContract(s); // handed over to collection
    const d = await acceptedContract(s); // disputes, then instalments in self-service
    const all = [a, b, c, d];
    const money = s.processing!.money;
    const rate = a.contract.ratePerPaymentCents;

    // first debits presented and refused by the tenants' banks (MS02: no new attempt)
    clock.set('2026-03-11T05:00:00Z');
    await runCollection(money);
    clock.set('2026-03-12T05:00:00Z');
    await release(money, (await runCollection(money)).batchId!);
    clock.set('2026-03-16T05:00:00Z');
    await runCollection(money);
    clock.set('2026-03-20T05:00:00Z');
    const debits = await s.db.orm.select().from(sepaDebits);
    await importBankFile(
      money,
      camt054(
        all.map((x) => ({
          endToEndId: debits.find((t) => t.applicationId === x.id)!.endToEndId,
          amount: (rate / 100).toFixed(2),
          reason: 'MS02',
        })),
      ),
      'staff-a',
    );

    // d disputes on the contract page: no reminder for d while it is open
    const dSession = await contractSession(s, smtp, d.number);
    const disputed = await call(
      s.url,
      'POST',
      '/api/contracts/me/disputes',
      { reason: 'Ich habe am 10.03. überwiesen.' },
      { headers: dSession },
    );
    expect(disputed.status).toBe(200);
    const empty = await call(
      s.url,
      'POST',
      '/api/contracts/me/disputes',
      { reason: ' ' },
      {
        headers: dSession,
      },
    );
    expect(empty.status).toBe(400);
    expect(empty.body.errors[0]).toMatchObject({
      code: 'reason_required',
      message: 'Bitte beschreiben Sie kurz, was aus Ihrer Sicht falsch ist.',
    });
    expect(await runCollection(money)).toMatchObject({ reminders: 3 });
    clock.set('2026-04-04T05:00:00Z');
    expect(await runCollection(money)).toMatchObject({ reminders: 3 });
    clock.set('2026-04-19T05:00:00Z');
    expect(await runCollection(money)).toMatchObject({ decisions: 3 });
    const notices = await s.db.orm
      .select()
      .from(dunningNotices)
      .where(eq(dunningNotices.applicationId, d.id));
    expect(notices).toEqual([]);

    await signIn();
    const list = await staff(anna, 'GET', '/api/staff/money/decisions');
    expect(list.status).toBe(200);
    const items = list.body.items as Array<{
      id: string;
      contractNumber: string;
      owedCents: number;
    }>;
    expect(items.map((i) => i.contractNumber).sort()).toEqual(
      [a.number, b.number, c.number].sort(),
    );
    expect(items.every((i) => i.owedCents === rate)).toBe(true);
    const task = (n: string) => items.find((i) => i.contractNumber === n)!.id;

    // (a) instalments: three monthly debits on the mandate, the schedule e-mailed
    const agreed = await staff(
      anna,
      'POST',
      `/api/staff/money/decisions/${task(a.number)}/instalments`,
      {
        count: '3',
      },
    );
    expect(agreed.status).toBe(200);
    const parts = splitCents(rate, 3);
    expect(agreed.body.schedule).toEqual([
      { n: 1, amountCents: parts[0], dueOn: '2026-04-27' },
      { n: 2, amountCents: parts[1], dueOn: '2026-05-27' },
      { n: 3, amountCents: parts[2], dueOn: '2026-06-29' }, // 27 June is a Saturday
    ]);
    const planMail = await mailTo(smtp, EMAIL, `Ihre Ratenzahlung – Vertrag ${a.number}`);
    expect(planMail.text).toContain(`1. Rate: ${formatCents(parts[0]!)} am 27.04.2026`);
    expect(planMail.text).toContain(`3. Rate: ${formatCents(parts[2]!)} am 29.06.2026`);
    expect(
      (
        await staff(anna, 'POST', `/api/staff/money/decisions/${task(a.number)}/instalments`, {
          count: '3',
        })
      ).status,
    ).toBe(409);

    // (b) write-off: drafted by Anna, Anna may not approve (role), Bert drafts another's? no:
    // Bert cannot approve his own draft either (database CHECK); Anna drafts, Bert approves
    const draft = await staff(anna, 'POST', '/api/staff/approvals', {
      kind: 'write_off',
      subject: b.id,
      reason: 'Kleinbetrag, Inkasso unwirtschaftlich',
    });
    expect(draft.status).toBe(201);
    const own = await staff(bert, 'POST', '/api/staff/approvals', {
      kind: 'write_off',
      subject: b.id,
      reason: 'zweiter Entwurf',
    });
    expect((await staff(bert, 'POST', `/api/staff/approvals/${own.body.id}/approve`)).status).toBe(
      403,
    );
    await expect(
      s.db.executeSql('UPDATE staff_approvals SET approved_by = drafted_by WHERE id = $1', [
        own.body.id,
      ]),
    ).rejects.toThrow();
    expect(
      (await staff(anna, 'POST', `/api/staff/approvals/${draft.body.id}/approve`)).status,
    ).toBe(403);
    const approved = await staff(bert, 'POST', `/api/staff/approvals/${draft.body.id}/approve`);
    expect(approved.status).toBe(200);
    expect(summaryOf(await entriesOf(s.db.orm, b.id))).toMatchObject({ writtenOffCents: rate });
    // what remains open is April's premium, which its debit is collecting
    expect(await owedOf(s.db.orm, b.id)).toMatchObject({ owedCents: 0, pendingDebitCents: rate });
    const [approval] = await s.db.orm
      .select()
      .from(staffApprovals)
      .where(eq(staffApprovals.id, draft.body.id));
    expect(approval).toMatchObject({ state: 'done', draftedBy: anna.id, approvedBy: bert.id });

    // (c) hand-over to collection, exported as CSV
    const handed = await staff(
      anna,
      'POST',
      `/api/staff/money/decisions/${task(c.number)}/collection`,
    );
    expect(handed.body).toEqual({ amountCents: rate });
    const csv = await fetch(`${s.url}/api/staff/money/collection.csv`, {
      headers: { cookie: anna.cookie },
    });
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const lines = (await csv.text()).split('\r\n');
    expect(lines[0]).toBe(
      'Vertragsnummer;Vorname;Nachname;Straße und Hausnummer;PLZ;Ort;E-Mail;Betrag (EUR);1. Mahnung;2. Mahnung;Übergeben am',
    );
    expect(lines[1]).toBe(
      `${c.number};Max;Mustermann;Altbauweg 3;80331;München;${EMAIL};${formatCents(rate).replace(' €', '')};20.03.2026;04.04.2026;19.04.2026`,
    );

    // all three decided; nothing more happens for them
    const open = await s.db.orm.select().from(moneyTasks);
    expect(open.filter((t) => !t.doneAt)).toEqual([]);
    expect(open.map((t) => t.decision).sort()).toEqual(['collection', 'instalments', 'write_off']);
    expect(await runCollection(money)).toMatchObject({ reminders: 0, decisions: 0 });

    // the first instalment: announced, drawn up, presented with its own end-to-end id
    clock.set('2026-04-20T05:00:00Z');
    await runCollection(money);
    const notice = await mailTo(
      smtp,
      EMAIL,
      `Ankündigung einer SEPA-Lastschrift – Vertrag ${a.number}`,
    );
    expect(notice.text).toContain(
      'wir buchen die nächste Rate Ihrer vereinbarten Ratenzahlung ab.',
    );
    expect(notice.text).toContain(`Betrag: ${formatCents(parts[0]!)}`);
    expect(notice.text).toContain('Fälligkeitstag (Abbuchung): 27.04.2026');
    clock.set('2026-04-23T05:00:00Z');
    const withInstalment = await runCollection(money);
    const file = await release(money, withInstalment.batchId!);
    expect(xsdErrors(file.xml, 'pain.008.001.08')).toEqual([]);
    expect(file.xml).toContain(`<EndToEndId>${a.number}-P1-01-1</EndToEndId>`);
    clock.set('2026-04-27T05:00:00Z');
    await runCollection(money);
    const ledgerA = summaryOf(await entriesOf(s.db.orm, a.id));
    // the April premium and the first instalment collected; what is left is the plan's
    expect(ledgerA.openCents).toBe(parts[1]! + parts[2]!);

    // d: staff close the dispute; the tenant chooses 3 instalments with a new IBAN
    await signIn();
    const disputes = await staff(anna, 'GET', '/api/staff/money/disputes');
    expect(disputes.body.items).toMatchObject([
      { contractNumber: d.number, reason: 'Ich habe am 10.03. überwiesen.', openedBy: 'tenant' },
    ]);
    expect(
      (
        await staff(anna, 'POST', `/api/staff/money/disputes/${disputes.body.items[0].id}/close`, {
          note: 'keine Überweisung gefunden',
        })
      ).status,
    ).toBe(200);
    const session = await contractSession(s, smtp, d.number);
    const offer = await call(s.url, 'GET', '/api/contracts/me/instalments', undefined, {
      headers: session,
    });
    expect(offer.body).toMatchObject({
      owedCents: rate,
      choices: [{ count: 3, amountCents: parts[0] }],
      ibanRequired: false,
    });
    const tooMany = await call(
      s.url,
      'POST',
      '/api/contracts/me/instalments',
      { count: '6' },
      {
        headers: session,
      },
    );
    expect(tooMany.status).toBe(409);
    expect(tooMany.body.errors[0].code).toBe('too_small');
    const wrong = await call(
      s.url,
      'POST',
      '/api/contracts/me/instalments',
      { count: '4' },
      {
        headers: session,
      },
    );
    expect(wrong.status).toBe(400);
    const chosen = await call(
      s.url,
      'POST',
      '/api/contracts/me/instalments',
      { count: '3', iban: 'DE02 1203 0000 0000 2020 51' },
      { headers: session },
    );
    expect(chosen.status).toBe(200);
    expect(chosen.body).toMatchObject({
      count: 3,
      totalCents: rate,
      mandateReference: `${d.number}-02`,
    });
    await mailTo(smtp, EMAIL, `Neue Bankverbindung für Vertrag ${d.number}`);
    const dMail = await mailTo(smtp, EMAIL, `Ihre Ratenzahlung – Vertrag ${d.number}`);
    expect(dMail.text).toContain(`Mandatsreferenz: ${d.number}-02`);
    // "Zahlungen": the instalments collect it all; nothing to transfer, no GiroCode
    const dPayments = await call(s.url, 'GET', '/api/contracts/me/payments', undefined, {
      headers: session,
    });
    expect(dPayments.body).toMatchObject({ openCents: rate, owedNowCents: 0, byDebitCents: rate });
    expect(dPayments.body.transfer).toBeUndefined();

    // c: handed over, then a new IBAN; the run does not present March again (the agency has
    // it). MS02 is never presented again anyway: c's bank is taken to have said AC04 (account
    // closed), which a new mandate would present again.
    const cBefore = await s.db.orm
      .select()
      .from(sepaDebits)
      .where(eq(sepaDebits.applicationId, c.id));
    const refused = cBefore.find((x) => x.status === 'returned')!;
    await s.db.executeSql("UPDATE sepa_debits SET return_reason = 'AC04' WHERE id = $1", [
      refused.id,
    ]);
    const cSession = await contractSession(s, smtp, c.number);
    const newIban = await call(
      s.url,
      'PUT',
      '/api/contracts/me/iban',
      { iban: 'DE02 1203 0000 0000 2020 51' },
      { headers: cSession },
    );
    expect(newIban.body).toEqual({ mandateReference: `${c.number}-02` });
    await runCollection(money);
    const cDebits = await s.db.orm
      .select()
      .from(sepaDebits)
      .where(eq(sepaDebits.applicationId, c.id));
    expect(cDebits.filter((x) => x.period === refused.period).map((x) => x.attempt)).toEqual([1]);
  }, 240_000);
});
