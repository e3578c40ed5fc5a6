import { randomBytes } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import { addBusinessDays, todayInBerlin } from '../../domain/index';
import { applications, contracts, paymentBatches, refunds } from '../db/schema/index';
import { formModelOf } from '../services/storedModel';
import { MoneyError } from './batches';
import { creditorOf, type MoneyDeps } from './deps';
import { refundPaid } from './imports';
import { currentMandate } from './mandates';
import { buildTransferFile, type TransferLine } from './painFiles';

/**
 * Refunds by credit transfer (issue 25 item 6, ADR 1223): every open refund goes into the day's
 * pain.001.001.09 draft, executed on the next business day, well within the 14 days promised.
 * The same four eyes and single release as the debit files (batches.ts).
 */
export async function draftRefundBatch(deps: MoneyDeps, now = deps.clock.now()) {
  const today = todayInBerlin(now);
  const executionOn = addBusinessDays(today, 1);
  return deps.db.transaction(async (tx) => {
    const open = await tx
      .select({ r: refunds, c: contracts, app: applications })
      .from(refunds)
      .innerJoin(contracts, eq(contracts.applicationId, refunds.applicationId))
      .innerJoin(applications, eq(applications.id, refunds.applicationId))
      .where(eq(refunds.status, 'open'))
      .orderBy(asc(refunds.dueOn), asc(refunds.endToEndId));
    const lines: Array<TransferLine & { id: string }> = [];
    for (const { r, c, app } of open) {
      const mandate = await currentMandate(tx, c, formModelOf(app));
      if (!mandate) continue; // no account known: stays open, the back office asks for one
      lines.push({
        id: r.id,
        endToEndId: r.endToEndId,
        amountCents: r.amountCents,
        creditorName: mandate.debtorName,
        creditorIban: mandate.iban,
        remittance: `Erstattung Beitraege Mietkautionsbuergschaft ${c.contractNumber}`,
      });
    }
    if (lines.length === 0) return undefined;
    const messageId = `MK-R-${today.replaceAll('-', '')}-${randomBytes(4).toString('hex').toUpperCase()}`;
    const file = buildTransferFile(messageId, now, executionOn, creditorOf(deps), lines);
    const batch = (
      await tx
        .insert(paymentBatches)
        .values({
          kind: 'refund',
          messageId,
          status: 'draft',
          xml: file.xml,
          sha256: file.sha256,
          count: file.count,
          controlSumCents: file.controlSumCents,
          executionOn,
          createdAt: now,
        })
        .returning({ id: paymentBatches.id })
    )[0]!;
    for (const l of lines)
      await tx
        .update(refunds)
        .set({ status: 'in_batch', batchId: batch.id })
        .where(and(eq(refunds.id, l.id), eq(refunds.status, 'open')));
    return batch.id;
  });
}

/** A supervisor marks a sent refund as paid (when no statement confirms it). */
export async function markRefundPaid(deps: MoneyDeps, refundId: string, staffId: string) {
  if (!staffId.trim()) throw new MoneyError(401, 'staff_required', 'staff required');
  const now = deps.clock.now();
  const r = (await deps.db.orm.select().from(refunds).where(eq(refunds.id, refundId)))[0];
  if (!r || r.status !== 'sent')
    throw new MoneyError(409, 'not_sent', 'Die Erstattung ist noch nicht überwiesen.');
  await deps.db.transaction((tx) => refundPaid(tx, r.id, todayInBerlin(now), now));
}
