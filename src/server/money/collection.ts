import { randomBytes } from 'node:crypto';
import { and, asc, eq, inArray, lte } from 'drizzle-orm';
import {
  addBusinessDays,
  debitEndToEndId,
  formatIsoDate,
  openByPeriod,
  planCollection,
  todayInBerlin,
  type FormModel,
} from '../../domain/index';
import type { Tx } from '../db/client';
import {
  applications,
  contracts,
  paymentBatches,
  sepaDebits,
  sepaMandates,
  type ContractRow,
} from '../db/schema/index';
import { formModelOf } from '../services/storedModel';
import { book, entriesOf, ledgerPeriodOf } from './ledger';
import { instalmentsToCollect } from './instalments';
import { currentMandate, isFirstMandate } from './mandates';
import { creditorOf, type MoneyDeps } from './deps';
import { preNoticeMail } from './mails';
import { buildDirectDebitFile, type DebitLine } from './painFiles';
import { endOf, planOf, settleAndBook } from './settle';
import { salutationOf } from './people';
import { draftRefundBatch } from './refunds';
import { draftPayoutBatch, requestUndisputedPayouts } from './payouts';
import { runDunning } from './dunning';

export interface CollectionReport {
  collected: number;
  duesBooked: number;
  notices: number;
  batchId: string | undefined;
  refundBatchId: string | undefined;
  /** Claim payouts left open (e.g. from a discarded file) go into a new file (ADR 1256). */
  payoutBatchId: string | undefined;
  reminders: number;
  decisions: number;
}

/** Debits presented and due by today are booked as collected; a return reverses them later. */
async function bookCollected(deps: MoneyDeps, today: string, now: Date): Promise<number> {
  const due = await deps.db.orm
    .select({ id: sepaDebits.id })
    .from(sepaDebits)
    .where(and(eq(sepaDebits.status, 'presented'), lte(sepaDebits.dueOn, today)));
  for (const { id } of due)
    await deps.db.transaction(async (tx) => {
      const d = (
        await tx
          .update(sepaDebits)
          .set({ status: 'collected' })
          .where(and(eq(sepaDebits.id, id), eq(sepaDebits.status, 'presented')))
          .returning()
      )[0];
      if (!d) return;
      await book(
        tx,
        d.applicationId,
        [{ kind: 'collected', amountCents: d.amountCents, period: ledgerPeriodOf(d) }],
        { source: `debit:${d.id}`, bookedOn: d.dueOn, now },
      );
      // Money that arrives after the contract ended is settled again (a refund may follow).
      const c = (
        await tx.select().from(contracts).where(eq(contracts.applicationId, d.applicationId))
      )[0];
      const end = c && endOf(c);
      if (c && end) await settleAndBook(tx, c, end, now, `resettle:debit:${d.id}`);
    });
  return due.length;
}

interface Planned {
  debitId: string;
  contract: ContractRow;
  model: FormModel;
  notice: NonNullable<Parameters<typeof preNoticeMail>[0]['reason']>;
}

/** Books the premiums falling due and plans the debits of one contract. */
async function planContract(
  deps: MoneyDeps,
  tx: Tx,
  c: ContractRow,
  model: FormModel,
  today: string,
  now: Date,
): Promise<{ dues: number; planned: Planned[] }> {
  const mandate = await currentMandate(tx, c, model);
  if (!mandate) return { dues: 0, planned: [] };
  const entries = await entriesOf(tx, c.applicationId);
  // Planned debits that no longer fit (a settlement changed the amount, a new mandate) go;
  // they are planned again below.
  const open = openByPeriod(entries);
  const mine = await tx
    .select()
    .from(sepaDebits)
    .where(eq(sepaDebits.applicationId, c.applicationId));
  const stale = mine.filter(
    (d) =>
      d.status === 'planned' &&
      (d.mandateReference !== mandate.reference ||
        mandate.stoppedAt !== null ||
        c.status === 'withdrawn' ||
        (!d.instalmentId && open.get(d.period) !== d.amountCents)),
  );
  if (stale.length > 0)
    await tx.delete(sepaDebits).where(
      inArray(
        sepaDebits.id,
        stale.map((d) => d.id),
      ),
    );
  const debits = mine.filter((d) => !stale.includes(d));
  const plan = planCollection({
    today,
    leadBusinessDays: deps.config.sepa.leadBusinessDays,
    noticeDays: deps.config.sepa.prenoticeDays,
    plan: planOf(c),
    endOn: c.status === 'active' ? null : c.endOn,
    entries,
    debits,
    mandate: {
      reference: mandate.reference,
      stopped: mandate.stoppedAt !== null,
      first: isFirstMandate(mandate.reference),
    },
    collect: c.status !== 'withdrawn',
    ...(await instalmentsToCollect(tx, c.applicationId)),
  });
  for (const e of plan.dues)
    await book(tx, c.applicationId, [e], { source: 'due', bookedOn: today, now });
  const planned: Planned[] = [];
  for (const d of plan.debits) {
    const row = (
      await tx
        .insert(sepaDebits)
        .values({
          applicationId: c.applicationId,
          period: d.period,
          attempt: d.attempt,
          amountCents: d.amountCents,
          dueOn: d.dueOn,
          mandateReference: mandate.reference,
          sequence: d.sequence,
          endToEndId: debitEndToEndId(c.contractNumber, d),
          instalmentId: d.instalment?.id ?? null,
          status: 'planned',
          createdAt: now,
        })
        .returning({ id: sepaDebits.id })
    )[0]!;
    if (d.notice) planned.push({ debitId: row.id, contract: c, model, notice: d.notice });
  }
  return { dues: plan.dues.length, planned };
}

/** The pre-notification of one planned debit, once (the key makes a retry the same e-mail). */
async function sendNotice(deps: MoneyDeps, p: Planned, now: Date): Promise<boolean> {
  const d = (await deps.db.orm.select().from(sepaDebits).where(eq(sepaDebits.id, p.debitId)))[0];
  const to = p.model.firstTenant.email;
  if (!d || d.noticeSentAt || !to) return false;
  await deps.mailer.send({
    to,
    key: `money-notice.${d.id}`,
    ...preNoticeMail({
      salutation: salutationOf(p.model),
      contractNumber: p.contract.contractNumber,
      reason: p.notice,
      amountCents: d.amountCents,
      dueOn: d.dueOn,
      period: ledgerPeriodOf(d),
      mandateReference: d.mandateReference,
      creditorId: deps.config.sepaCreditorId,
    }),
  });
  await deps.db.orm.update(sepaDebits).set({ noticeSentAt: now }).where(eq(sepaDebits.id, d.id));
  return true;
}

const messageId = (prefix: 'D' | 'R', today: string) =>
  `MK-${prefix}-${today.replaceAll('-', '')}-${randomBytes(4).toString('hex').toUpperCase()}`;

/**
 * Draws up today's file: every planned debit due by the earliest day a file made today may ask
 * for. The draft waits for a staff member to put it forward and another to approve it.
 */
async function draftDebitBatch(deps: MoneyDeps, today: string, now: Date) {
  const earliest = addBusinessDays(today, deps.config.sepa.leadBusinessDays);
  return deps.db.transaction(async (tx) => {
    const rows = await tx
      .select({ d: sepaDebits, m: sepaMandates })
      .from(sepaDebits)
      .innerJoin(sepaMandates, eq(sepaMandates.reference, sepaDebits.mandateReference))
      .where(and(eq(sepaDebits.status, 'planned'), lte(sepaDebits.dueOn, earliest)))
      .orderBy(asc(sepaDebits.dueOn), asc(sepaDebits.endToEndId));
    const usable = rows.filter((r) => r.m.stoppedAt === null);
    if (usable.length === 0) return undefined;
    const lines: DebitLine[] = usable.map(({ d, m }) => ({
      endToEndId: d.endToEndId,
      amountCents: d.amountCents,
      // A debit left over from a discarded file is asked for on the earliest possible day.
      dueOn: d.dueOn < earliest ? earliest : d.dueOn,
      sequence: d.sequence,
      mandateReference: m.reference,
      mandateSignedOn: m.signedOn,
      debtorName: m.debtorName,
      debtorIban: m.iban,
      remittance: d.instalmentId
        ? `Rate Mietkautionsbuergschaft ${d.endToEndId}`
        : `Beitrag Mietkautionsbuergschaft ${d.endToEndId.slice(0, 14)} ab ${formatIsoDate(d.period)}`,
    }));
    const id = messageId('D', today);
    const file = buildDirectDebitFile(id, now, creditorOf(deps), lines);
    const batch = (
      await tx
        .insert(paymentBatches)
        .values({
          kind: 'debit',
          messageId: id,
          status: 'draft',
          xml: file.xml,
          sha256: file.sha256,
          count: file.count,
          controlSumCents: file.controlSumCents,
          executionOn: lines.reduce((a, l) => (l.dueOn < a ? l.dueOn : a), lines[0]!.dueOn),
          createdAt: now,
        })
        .returning({ id: paymentBatches.id })
    )[0]!;
    for (const [i, { d }] of usable.entries())
      await tx
        .update(sepaDebits)
        .set({ status: 'in_batch', batchId: batch.id, dueOn: lines[i]!.dueOn })
        .where(eq(sepaDebits.id, d.id));
    return batch.id;
  });
}

/**
 * The daily collection run (pg-boss job `collection`): book what was collected, book premiums
 * falling due, plan debits and send their pre-notifications, draft the day's file. Safe to run
 * twice a day: every step looks at what is already there.
 */
export async function runCollection(
  deps: MoneyDeps,
  now = deps.clock.now(),
): Promise<CollectionReport> {
  const today = todayInBerlin(now);
  const collected = await bookCollected(deps, today, now);
  const all = await deps.db.orm
    .select({ contract: contracts, app: applications })
    .from(contracts)
    .innerJoin(applications, eq(applications.id, contracts.applicationId));
  let duesBooked = 0;
  const toNotify: Planned[] = [];
  for (const { contract, app } of all) {
    const r = await deps.db.transaction((tx) =>
      planContract(deps, tx, contract, formModelOf(app), today, now),
    );
    duesBooked += r.dues;
    toNotify.push(...r.planned);
  }
  let notices = 0;
  for (const p of toNotify) if (await sendNotice(deps, p, now)) notices++;
  const batchId = await draftDebitBatch(deps, today, now);
  const refundBatchId = await draftRefundBatch(deps, now);
  await requestUndisputedPayouts(deps, now);
  const payoutBatchId = await draftPayoutBatch(deps, now);
  const dunning = await runDunning(deps, now);
  const report = {
    collected,
    duesBooked,
    notices,
    batchId,
    refundBatchId,
    payoutBatchId,
    ...dunning,
  };
  deps.log.info({ report }, 'collection run');
  return report;
}
