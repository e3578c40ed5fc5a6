import { and, eq } from 'drizzle-orm';
import type { Database, Tx } from '../db/client';
import { contractLetters, contracts, staff, staffApprovals } from '../db/schema/index';
import {
  approvalRefusal,
  isApprovalKind,
  nextApprovalState,
  type ApprovalKind,
} from '../../domain/staff/approvals';
import { uuidPattern } from '../../domain/rules/patterns';
import { HttpError } from '../http/errors';
import { staffApiErrors } from '../texts/staff';
import type { StaffCaller } from './sessions';
import { recordStaffEvent, writeAudit } from './audit';
import { owedOf } from '../money/instalments';
import { writeOffOwed } from '../money/writeOff';
import { keyset, QUEUE_PAGE } from '../db/keyset';

/**
 * A refused draft or decision, answered by the one error handler with its staff sentence
 * (texts/staff.ts); thrown inside the approval's transaction, it also rolls the transaction back.
 */
class ApprovalError extends HttpError {
  constructor(
    status: number,
    override readonly code:
      | 'own_draft'
      | 'not_draft'
      | 'not_found'
      | 'not_reinstatable'
      | 'reason_required'
      | 'nothing_owed',
  ) {
    super(status, code, staffApiErrors[code]);
  }
}

interface Executor {
  /** Can this subject be drafted now? Throws an ApprovalError when not. */
  check(db: Database, subject: string): Promise<void>;
  /** Carries the approved action out, in the approval's transaction. */
  execute(
    tx: Tx,
    a: { subject: string; draftedByName: string; approvedByName: string; now: Date },
  ): Promise<void>;
}

/**
 * What each kind does once approved (ADR 1202). A new kind in domain/staff/approvals.ts does not
 * compile until it has its executor here.
 */
const executors: Record<ApprovalKind, Executor> = {
  /** ADR 1229: what the tenant owes now, written off in the ledger; the dunning task is done. */
  write_off: {
    async check(db, subject) {
      if (!uuidPattern.test(subject)) throw new ApprovalError(404, 'not_found');
      if ((await owedOf(db.orm, subject)).owedCents <= 0)
        throw new ApprovalError(409, 'nothing_owed');
    },
    async execute(tx, a) {
      const cents = await writeOffOwed(tx, a.subject, a.approvedByName, a.now);
      if (cents <= 0) throw new ApprovalError(409, 'nothing_owed');
      await recordStaffEvent(tx, {
        applicationId: a.subject,
        type: 'written_off',
        staffName: a.approvedByName,
        at: a.now,
        details: { amountCents: cents, draftedBy: a.draftedByName, approvedBy: a.approvedByName },
      });
    },
  },
  /** ADR 0924 left this to a manual database correction: the release is undone. */
  reinstate_release: {
    async check(db, subject) {
      const c = await db.orm
        .select({ status: contracts.status })
        .from(contracts)
        .where(eq(contracts.applicationId, subject));
      if (c[0]?.status !== 'released') throw new ApprovalError(409, 'not_reinstatable');
    },
    async execute(tx, a) {
      const moved = await tx
        .update(contracts)
        .set({
          status: 'active',
          endOn: null,
          endedAt: null,
          refundCents: null,
          outstandingCents: null,
          retainUntil: null,
          releaseFailures: 0,
        })
        .where(and(eq(contracts.applicationId, a.subject), eq(contracts.status, 'released')))
        .returning({ n: contracts.contractNumber });
      if (moved.length === 0) throw new ApprovalError(409, 'not_reinstatable');
      await recordStaffEvent(tx, {
        applicationId: a.subject,
        type: 'reinstated',
        staffName: a.approvedByName,
        at: a.now,
        details: { draftedBy: a.draftedByName, approvedBy: a.approvedByName },
      });
      // The landlord learns it the way they learnt of the release: by letter.
      await tx.insert(contractLetters).values({
        applicationId: a.subject,
        recipient: 'landlord',
        kind: 'reinstated',
        createdAt: a.now,
      });
    },
  },
};

/** Kinds whose subject is a contract (its application id): audited with it. */
const aboutContract = (kind: string) => kind === 'reinstate_release' || kind === 'write_off';

export async function draftApproval(
  db: Database,
  by: StaffCaller,
  input: { kind: string; subject: string; reason: string; requestId: string; now: Date },
): Promise<string> {
  if (!isApprovalKind(input.kind)) throw new ApprovalError(400, 'not_found');
  const reason = input.reason.trim();
  if (!reason) throw new ApprovalError(400, 'reason_required');
  await executors[input.kind].check(db, input.subject);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(staffApprovals)
      .values({
        kind: input.kind,
        subject: input.subject,
        payload: {},
        reason,
        state: 'draft',
        draftedBy: by.id,
        draftedAt: input.now,
      })
      .returning({ id: staffApprovals.id });
    await writeAudit(tx, {
      staff: by,
      action: 'approval.draft',
      requestId: input.requestId,
      at: input.now,
      applicationId: aboutContract(input.kind) ? input.subject : null,
      details: { approvalId: row!.id, kind: input.kind },
    });
    return row!.id;
  });
}

/**
 * Approve (and then carry out) or refuse another person's draft. The domain says who may; the
 * database's CHECK (approved_by <> drafted_by) holds even if this code were wrong.
 */
export async function decideApproval(
  db: Database,
  by: StaffCaller,
  input: { id: string; move: 'approve' | 'refuse'; note: string; requestId: string; now: Date },
): Promise<'done' | 'refused'> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .select({ a: staffApprovals, drafter: staff.displayName })
      .from(staffApprovals)
      .innerJoin(staff, eq(staff.id, staffApprovals.draftedBy))
      .where(eq(staffApprovals.id, input.id))
      .for('update');
    const row = rows[0];
    if (!row) throw new ApprovalError(404, 'not_found');
    const { a } = row;
    const refusal = approvalRefusal({ state: a.state, draftedBy: a.draftedBy }, by.id);
    if (refusal) throw new ApprovalError(refusal === 'own_draft' ? 403 : 409, refusal);
    const next = nextApprovalState(a.state, input.move)!;
    await tx
      .update(staffApprovals)
      .set({
        state: next,
        approvedBy: by.id,
        decidedAt: input.now,
        decisionNote: input.note || null,
      })
      .where(and(eq(staffApprovals.id, a.id), eq(staffApprovals.state, 'draft')));
    const audit = (action: 'approval.approve' | 'approval.refuse' | 'approval.done') =>
      writeAudit(tx, {
        staff: by,
        action,
        requestId: input.requestId,
        at: input.now,
        applicationId: aboutContract(a.kind) ? a.subject : null,
        details: { approvalId: a.id, kind: a.kind },
      });
    if (next === 'refused') {
      await audit('approval.refuse');
      return 'refused';
    }
    await audit('approval.approve');
    if (!isApprovalKind(a.kind)) throw new ApprovalError(409, 'not_found');
    await executors[a.kind].execute(tx, {
      subject: a.subject,
      draftedByName: row.drafter,
      approvedByName: by.displayName,
      now: input.now,
    });
    await tx
      .update(staffApprovals)
      .set({ state: nextApprovalState('approved', 'execute')!, doneAt: input.now })
      .where(eq(staffApprovals.id, a.id));
    await audit('approval.done');
    return 'done';
  });
}

/** Four-eyes requests, newest first, a page at a time. */
export async function openApprovals(db: Database, after?: string, size = QUEUE_PAGE) {
  const k = keyset(staffApprovals.draftedAt, staffApprovals.id, 'desc', after, size);
  const rows = await db.orm
    .select({ a: staffApprovals, drafter: staff.displayName })
    .from(staffApprovals)
    .innerJoin(staff, eq(staff.id, staffApprovals.draftedBy))
    .where(k.after)
    .orderBy(...k.orderBy)
    .limit(k.limit);
  const { page, next } = k.page(rows, (r) => ({ at: r.a.draftedAt, id: r.a.id }));
  return {
    next,
    items: page.map(({ a, drafter }) => ({
      id: a.id,
      kind: a.kind,
      subject: a.subject,
      reason: a.reason,
      state: a.state,
      draftedBy: drafter,
      draftedById: a.draftedBy,
      draftedAt: a.draftedAt.toISOString(),
    })),
  };
}
