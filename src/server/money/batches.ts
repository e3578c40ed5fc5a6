import { and, eq, getTableColumns, inArray, isNull, ne } from 'drizzle-orm';
import { addBusinessDays, todayInBerlin } from '../../domain/index';
import {
  claimPayouts,
  paymentBatches,
  refunds,
  sepaDebits,
  type PaymentBatchRow,
} from '../db/schema/index';
import { HttpError } from '../http/errors';
import { moneyApiTexts as t } from '../texts/money';
import type { MoneyDeps } from './deps';
import { keyset, QUEUE_PAGE } from '../db/keyset';

/**
 * Staff actions on a bank file (ADR 1222): a staff member puts the job's draft forward, another
 * approves it, then it is downloaded once for the bank's portal. The acting staff member's id is
 * passed in; the back office (its own branch) authenticates them. Four eyes are a CHECK
 * constraint (approved_by <> drafted_by), so they hold whatever calls the database.
 */
export class MoneyError extends HttpError {
  /** A refusal of the money services: the one error handler answers it (http/errors.ts). */
  constructor(
    readonly status: number,
    code: string,
    message: string,
  ) {
    super(status, code, message);
  }
}

function staff(id: string): string {
  const s = id.trim();
  if (!s) throw new MoneyError(401, 'staff_required', t.staffRequired);
  return s;
}

async function load(deps: MoneyDeps, id: string): Promise<PaymentBatchRow> {
  const row = /^[0-9a-f-]{36}$/.test(id)
    ? (await deps.db.orm.select().from(paymentBatches).where(eq(paymentBatches.id, id)))[0]
    : undefined;
  if (!row) throw new MoneyError(404, 'not_found', t.batchNotFound);
  return row;
}

const isFourEyesViolation = (err: unknown) =>
  /payment_batches_four_eyes/.test(
    `${(err as { constraint?: string }).constraint ?? ''} ${(err as Error).message ?? ''} ${(err as { cause?: Error }).cause?.message ?? ''}`,
  );

/**
 * One page of the file list for the back office, newest first, without the XML (a collection
 * file of 100,000 debits is ~57 MB) and without discarded files; keyset on (created, id).
 */
export async function listBatches(deps: MoneyDeps, after?: string, size = QUEUE_PAGE) {
  const { xml: _xml, ...columns } = getTableColumns(paymentBatches);
  const k = keyset(paymentBatches.createdAt, paymentBatches.id, 'desc', after, size);
  const rows = await deps.db.orm
    .select(columns)
    .from(paymentBatches)
    .where(and(ne(paymentBatches.status, 'discarded'), k.after))
    .orderBy(...k.orderBy)
    .limit(k.limit);
  const { page, next } = k.page(rows, (r) => ({ at: r.createdAt, id: r.id }));
  return { items: page, next };
}

/** A staff member checked the draft and puts it forward for approval. */
export async function submitBatch(deps: MoneyDeps, batchId: string, staffId: string) {
  const by = staff(staffId);
  const b = await load(deps, batchId);
  if (b.status !== 'draft' || b.draftedBy) throw new MoneyError(409, 'not_draft', t.notDraft);
  await deps.db.orm
    .update(paymentBatches)
    .set({ draftedBy: by, draftedAt: deps.clock.now() })
    .where(and(eq(paymentBatches.id, b.id), isNull(paymentBatches.draftedBy)));
}

/** A second person approves; the database refuses the one who put it forward. */
export async function approveBatch(deps: MoneyDeps, batchId: string, staffId: string) {
  const by = staff(staffId);
  const b = await load(deps, batchId);
  if (b.status !== 'draft') throw new MoneyError(409, 'not_draft', t.notDraft);
  if (!b.draftedBy) throw new MoneyError(409, 'not_submitted', t.notSubmitted);
  const today = todayInBerlin(deps.clock.now());
  if (b.kind === 'debit' && b.executionOn < addBusinessDays(today, 1))
    throw new MoneyError(409, 'too_late', t.tooLate(b.executionOn));
  try {
    await deps.db.orm
      .update(paymentBatches)
      .set({ status: 'approved', approvedBy: by, approvedAt: deps.clock.now() })
      .where(and(eq(paymentBatches.id, b.id), eq(paymentBatches.status, 'draft')));
  } catch (err) {
    if (isFourEyesViolation(err)) throw new MoneyError(403, 'four_eyes', t.fourEyes);
    throw err;
  }
}

/**
 * The approved file, released once: the status moves to 'released' in the same statement that
 * checks it was 'approved', so two clicks cannot both get it. Debits become 'presented',
 * refunds 'sent'.
 */
export async function downloadBatch(deps: MoneyDeps, batchId: string, staffId: string) {
  const by = staff(staffId);
  const b = await load(deps, batchId);
  if (b.status === 'released') throw new MoneyError(409, 'already_released', t.alreadyReleased);
  if (b.status !== 'approved') throw new MoneyError(409, 'not_approved', t.notApproved);
  const now = deps.clock.now();
  const released = await deps.db.transaction(async (tx) => {
    const r = await tx
      .update(paymentBatches)
      .set({ status: 'released', releasedBy: by, releasedAt: now })
      .where(and(eq(paymentBatches.id, b.id), eq(paymentBatches.status, 'approved')))
      .returning({ id: paymentBatches.id });
    if (r.length === 0) return false;
    if (b.kind === 'debit')
      await tx
        .update(sepaDebits)
        .set({ status: 'presented' })
        .where(and(eq(sepaDebits.batchId, b.id), eq(sepaDebits.status, 'in_batch')));
    else if (b.kind === 'refund')
      await tx
        .update(refunds)
        .set({ status: 'sent' })
        .where(and(eq(refunds.batchId, b.id), eq(refunds.status, 'in_batch')));
    else
      await tx
        .update(claimPayouts)
        .set({ status: 'sent' })
        .where(and(eq(claimPayouts.batchId, b.id), eq(claimPayouts.status, 'in_batch')));
    return true;
  });
  if (!released) throw new MoneyError(409, 'already_released', t.alreadyReleased);
  const kind = b.kind === 'debit' ? 'pain.008.001.08' : 'pain.001.001.09';
  return {
    filename: `${b.messageId}.${kind}.xml`,
    xml: b.xml,
    sha256: b.sha256,
    messageId: b.messageId,
  };
}

/** A draft or approved file not released is discarded; its items wait for the next run. */
export async function discardBatch(deps: MoneyDeps, batchId: string, staffId: string) {
  staff(staffId);
  const b = await load(deps, batchId);
  if (b.status === 'released' || b.status === 'discarded')
    throw new MoneyError(409, 'not_draft', t.notDraft);
  await deps.db.transaction(async (tx) => {
    await tx
      .update(paymentBatches)
      .set({ status: 'discarded' })
      .where(
        and(eq(paymentBatches.id, b.id), inArray(paymentBatches.status, ['draft', 'approved'])),
      );
    await tx
      .update(sepaDebits)
      .set({ status: 'planned', batchId: null })
      .where(eq(sepaDebits.batchId, b.id));
    await tx
      .update(refunds)
      .set({ status: 'open', batchId: null })
      .where(eq(refunds.batchId, b.id));
    await tx
      .update(claimPayouts)
      .set({ status: 'open', batchId: null })
      .where(eq(claimPayouts.batchId, b.id));
  });
}
