import { and, eq, gte, inArray, isNull, sql } from 'drizzle-orm';
import {
  guaranteeRequests,
  applications,
  contractEvents,
  contractLetters,
  contracts,
  decisions,
  documents,
  staffApprovals,
  type ApplicationRow,
} from '../db/schema/index';
import type { Database } from '../db/client';
import { formModelOf } from '../services/storedModel';
import { factsOf } from '../processing/facts';
import { todayInBerlin } from '../../domain/dates';
import { letterOverdue } from '../../domain/staff/workdays';
import { keyset, QUEUE_PAGE } from '../db/keyset';

/**
 * The back office's reads (ADR 1204): work queues, counts, one application or contract. Sandbox
 * applications (ADR 0712) never appear here. Each route that returns personal data from these
 * writes an audit row (routes.ts).
 */

/** What a list shows of an application: names, e-mail, deposit; from the stored model. */
export function summaryOf(app: ApplicationRow) {
  const facts = factsOf(formModelOf(app));
  return {
    applicationId: app.id,
    tenants: facts.tenants.map((t) => `${t.firstName} ${t.lastName}`.trim()),
    email: facts.email ?? '',
    depositCents: Math.round(facts.deposit * 100),
    objectAddress: facts.objectAddress,
    landlord: facts.landlord,
    submittedAt: app.submittedAt?.toISOString() ?? null,
    partnerCode: app.partnerCode,
  };
}

const live = eq(applications.sandbox, false);
const DAY = 86_400_000;
/** How far back the list of withdrawals, cancellations and releases reaches. */
const RECENT_ENDINGS_DAYS = 14;

/** Pending decisions oldest first (the queue), declined ones newest first; a page at a time. */
export async function decisionsByOutcome(
  db: Database,
  outcome: 'pending' | 'declined',
  after?: string,
  size = QUEUE_PAGE,
) {
  const k = keyset(
    decisions.decidedAt,
    decisions.id,
    outcome === 'pending' ? 'asc' : 'desc',
    after,
    size,
  );
  const rows = await db.orm
    .select({ d: decisions, app: applications })
    .from(decisions)
    .innerJoin(applications, eq(applications.id, decisions.applicationId))
    .where(and(eq(decisions.outcome, outcome), live, k.after))
    .orderBy(...k.orderBy)
    .limit(k.limit);
  const { page, next } = k.page(rows, (r) => ({ at: r.d.decidedAt, id: r.d.id }));
  return {
    next,
    items: page.map(({ d, app }) => ({
      number: d.number,
      kind: d.kind,
      reasons: d.reasons,
      autoOutcome: d.autoOutcome,
      decidedBy: d.decidedBy,
      decidedAt: d.decidedAt.toISOString(),
      ...summaryOf(app),
    })),
  };
}

/** Letters not yet posted, oldest first, a page at a time (the print batch is one page). */
export async function unpostedLetters(db: Database, now: Date, after?: string, size = QUEUE_PAGE) {
  const k = keyset(contractLetters.createdAt, contractLetters.id, 'asc', after, size);
  const rows = await db.orm
    .select({ l: contractLetters, c: contracts, app: applications })
    .from(contractLetters)
    .innerJoin(contracts, eq(contracts.applicationId, contractLetters.applicationId))
    .innerJoin(applications, eq(applications.id, contractLetters.applicationId))
    .where(and(isNull(contractLetters.postedAt), live, k.after))
    .orderBy(...k.orderBy)
    .limit(k.limit);
  const today = todayInBerlin(now);
  const { page, next } = k.page(rows, (r) => ({ at: r.l.createdAt, id: r.l.id }));
  return {
    next,
    items: page.map(({ l, c, app }) => {
      const s = summaryOf(app);
      return {
        id: l.id,
        applicationId: l.applicationId,
        contractNumber: c.contractNumber,
        kind: l.kind,
        recipient: l.recipient,
        landlord: s.landlord,
        objectAddress: s.objectAddress,
        createdAt: l.createdAt.toISOString(),
        overdue: letterOverdue(todayInBerlin(l.createdAt), today),
      };
    }),
  };
}

/** Withdrawals, cancellations and releases of the last two weeks, newest first, paged. */
export async function recentEndings(db: Database, now: Date, after?: string, size = QUEUE_PAGE) {
  const since = new Date(now.getTime() - RECENT_ENDINGS_DAYS * DAY);
  const k = keyset(contracts.endedAt, contracts.applicationId, 'desc', after, size);
  const rows = await db.orm
    .select({ c: contracts, app: applications })
    .from(contracts)
    .innerJoin(applications, eq(applications.id, contracts.applicationId))
    .where(
      and(
        inArray(contracts.status, ['withdrawn', 'cancelled', 'released']),
        gte(contracts.endedAt, since),
        live,
        k.after,
      ),
    )
    .orderBy(...k.orderBy)
    .limit(k.limit);
  const { page, next } = k.page(rows, (r) => ({
    at: r.c.endedAt!,
    id: r.c.applicationId,
  }));
  const open =
    page.length === 0
      ? []
      : await db.orm
          .select({ subject: staffApprovals.subject, id: staffApprovals.id })
          .from(staffApprovals)
          .where(
            and(
              eq(staffApprovals.kind, 'reinstate_release'),
              eq(staffApprovals.state, 'draft'),
              inArray(
                staffApprovals.subject,
                page.map((r) => r.c.applicationId),
              ),
            ),
          );
  return {
    next,
    items: page.map(({ c, app }) => ({
      contractNumber: c.contractNumber,
      status: c.status,
      endedAt: c.endedAt?.toISOString() ?? null,
      endOn: c.endOn,
      openApprovalId: open.find((o) => o.subject === c.applicationId)?.id ?? null,
      ...summaryOf(app),
    })),
  };
}

/** The start page's counts: counted by the database, whatever the lists' page size. */
export async function counts(db: Database, now: Date) {
  const n = sql<number>`count(*)::int`;
  const since = new Date(now.getTime() - RECENT_ENDINGS_DAYS * DAY);
  const byOutcome = (outcome: 'pending' | 'declined') =>
    db.orm
      .select({ n })
      .from(decisions)
      .innerJoin(applications, eq(applications.id, decisions.applicationId))
      .where(and(eq(decisions.outcome, outcome), live));
  const [pending, declined, letters, endings, approvals, requests] = await Promise.all([
    byOutcome('pending'),
    byOutcome('declined'),
    db.orm
      .select({ n, at: contractLetters.createdAt })
      .from(contractLetters)
      .innerJoin(applications, eq(applications.id, contractLetters.applicationId))
      .where(and(isNull(contractLetters.postedAt), live))
      .groupBy(contractLetters.createdAt),
    db.orm
      .select({ n })
      .from(contracts)
      .innerJoin(applications, eq(applications.id, contracts.applicationId))
      .where(
        and(
          inArray(contracts.status, ['withdrawn', 'cancelled', 'released']),
          gte(contracts.endedAt, since),
          live,
        ),
      ),
    db.orm.select({ n }).from(staffApprovals).where(eq(staffApprovals.state, 'draft')),
    db.orm.select({ n }).from(guaranteeRequests).where(eq(guaranteeRequests.state, 'open')),
  ]);
  const today = todayInBerlin(now);
  return {
    pending: pending[0]?.n ?? 0,
    declined: declined[0]?.n ?? 0,
    letters: letters.reduce((a, l) => a + l.n, 0),
    lettersOverdue: letters
      .filter((l) => letterOverdue(todayInBerlin(l.at), today))
      .reduce((a, l) => a + l.n, 0),
    endings: endings[0]?.n ?? 0,
    approvals: approvals[0]?.n ?? 0,
    requests: requests[0]?.n ?? 0,
  };
}

/** One application with its decision, contract, documents and the whole timeline. */
export async function caseFile(db: Database, applicationId: string) {
  const app = (
    await db.orm.select().from(applications).where(eq(applications.id, applicationId))
  )[0];
  if (!app) return undefined;
  const [ds, contract, docs, events] = await Promise.all([
    db.orm.select().from(decisions).where(eq(decisions.applicationId, app.id)),
    db.orm.select().from(contracts).where(eq(contracts.applicationId, app.id)),
    db.orm
      .select({
        kind: documents.kind,
        filename: documents.filename,
        createdAt: documents.createdAt,
      })
      .from(documents)
      .where(eq(documents.applicationId, app.id)),
    db.orm
      .select()
      .from(contractEvents)
      .where(eq(contractEvents.applicationId, app.id))
      .orderBy(contractEvents.at),
  ]);
  const model = formModelOf(app);
  const c = contract[0];
  return {
    ...summaryOf(app),
    sandbox: app.sandbox,
    kind: app.kind,
    orderState: app.orderState,
    phone: model.firstTenant.phone ?? '',
    ibanLast4: (model.bankAccount.iban ?? '').replace(/\s/g, '').slice(-4),
    decisions: ds.map((d) => ({
      number: d.number,
      kind: d.kind,
      outcome: d.outcome,
      autoOutcome: d.autoOutcome,
      reasons: d.reasons,
      decidedBy: d.decidedBy,
      decidedAt: d.decidedAt.toISOString(),
    })),
    contract: c
      ? {
          contractNumber: c.contractNumber,
          status: c.status,
          startOn: c.startOn,
          endOn: c.endOn,
          withdrawalDeadline: c.withdrawalDeadline,
          ratePerPaymentCents: c.ratePerPaymentCents,
          paymentsPerYear: c.paymentsPerYear,
        }
      : null,
    documents: docs.map((d) => ({ ...d, createdAt: d.createdAt.toISOString() })),
    timeline: events.map((e) => ({
      type: e.type,
      actor: e.actor,
      at: e.at.toISOString(),
      details: e.details,
    })),
  };
}

/** The application a decision or contract number names (live applications only). */
export async function applicationIdByNumber(db: Database, number: string) {
  const rows = await db.orm
    .select({ id: decisions.applicationId })
    .from(decisions)
    .innerJoin(applications, eq(applications.id, decisions.applicationId))
    .where(and(eq(decisions.number, number), live));
  return rows[0]?.id;
}
