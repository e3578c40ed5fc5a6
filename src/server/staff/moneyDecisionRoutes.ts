import type { FastifyInstance } from 'fastify';
import { and, eq, isNull } from 'drizzle-orm';
import * as z from 'zod/mini';
import { staffInstalmentCounts, statementYearPattern, todayInBerlin } from '../../domain/index';
import { dunningDecisionTask, openDispute } from '../../domain/money/staffViews';
import { listPage } from '../../domain/staff/listPage';
import { instalmentTexts } from '../../domain/messages/payments';
import { contracts, moneyTasks, paymentDisputes } from '../db/schema/index';
import { answer, errorAnswer, fileAnswer } from '../http/answers';
import { edgeMeta, edgeObject, pathParam, bodyText, type EdgeTypes } from '../http/edge';
import { HttpError } from '../http/errors';
import { route } from '../http/route';
import { handoverCsv, handOver } from '../money/handover';
import {
  agreeInstalments,
  InstalmentError,
  owedOf,
  plansOf,
  sendPlanMail,
} from '../money/instalments';
import { disputeOpen } from '../money/pauses';
import { premiumStatementPdfOf } from '../money/statement';
import { moneyOpsTexts as t } from '../texts/moneyOps';
import { recordStaffEvent } from './audit';
import { auditOf, type StaffDeps } from './context';
import { currentCaller } from './guard';
import { idParams, isRowId, moneyDepsOf, ok, okAnswer } from './moneyRouteParts';
import { pageQuery, pageSize } from './keyset';
import { keyset } from '../db/keyset';

const countBody = edgeObject({
  count: z.string().register(edgeMeta, {
    description: 'Number of monthly instalments, 2 to 12',
    code: 'count',
    message: t.instalmentCount,
  }),
});
const disputeBody = edgeObject({
  contractNumber: bodyText({ description: 'Contract number' }),
  // Not blank: the same 400 the handler answered before the edge checked it.
  reason: z.string().check(z.regex(/\S/)).register(edgeMeta, {
    description: 'What the tenant disputes (at most 1,000 characters are kept)',
    code: 'reason_required',
    message: t.reasonRequired,
  }),
});
const statementParams = edgeObject({
  contractNumber: pathParam({ description: 'Contract number' }),
  year: pathParam({ description: 'Calendar year, e.g. 2026' }),
});
const closeBody = edgeObject({ note: bodyText({ description: 'How it was settled' }) });

const taskNotOpen = () => new HttpError(409, 'not_open', t.taskNotOpen);
const contractUnknown = () => new HttpError(404, 'not_found', t.contractUnknown);
const disputeNotOpen = () => new HttpError(409, 'not_open', t.disputeNotOpen);

/** The plan agreed, as the route answers it (the page announces it with its own sentence). */
const agreedPlan = z.object({
  totalCents: z.number(),
  schedule: z.array(z.object({ n: z.number(), amountCents: z.number(), dueOn: z.string() })),
});

/**
 * The dunning decision after the second reminder (ADR 1229) and disputes (ADR 1230) in the back
 * office: instalments, hand-over to collection (CSV), write-off (a four-eyes approval of kind
 * `write_off` through POST /api/staff/approvals). Every read of personal data and every change
 * is audited; a change to a contract is on its timeline.
 */
export function registerStaffMoneyDecisionRoutes(root: FastifyInstance, deps: StaffDeps): void {
  const app = root.withTypeProvider<EdgeTypes>();
  const money = moneyDepsOf(deps);
  const orm = deps.db.orm;

  /** The open task by id, with its contract; else 409 not_open. */
  const openTask = async (id: string) => {
    const found = isRowId(id)
      ? (
          await orm
            .select({ task: moneyTasks, number: contracts.contractNumber })
            .from(moneyTasks)
            .innerJoin(contracts, eq(contracts.applicationId, moneyTasks.applicationId))
            .where(
              and(
                eq(moneyTasks.id, id),
                eq(moneyTasks.kind, 'dunning_decision'),
                isNull(moneyTasks.doneAt),
              ),
            )
        )[0]
      : undefined;
    if (!found) throw taskNotOpen();
    return found;
  };

  app.get(
    '/api/staff/money/decisions',
    route({
      summary:
        'The dunning decisions waiting after the second reminder, oldest first, a page at a time',
      staff: 'money.read',
      querystring: pageQuery,
      answers: {
        200: answer(
          z.object({
            items: z.array(dunningDecisionTask),
            next: z.nullable(z.string()),
            counts: z.array(z.number()),
          }),
          'One page of the open decisions and the instalment counts staff may agree',
        ),
      },
    }),
    async (req) => {
      const size = pageSize(req.query.limit);
      const k = keyset(moneyTasks.createdAt, moneyTasks.id, 'asc', req.query.after, size);
      const rows = await orm
        .select({ task: moneyTasks, number: contracts.contractNumber })
        .from(moneyTasks)
        .innerJoin(contracts, eq(contracts.applicationId, moneyTasks.applicationId))
        .where(and(eq(moneyTasks.kind, 'dunning_decision'), isNull(moneyTasks.doneAt), k.after))
        .orderBy(...k.orderBy)
        .limit(k.limit);
      const { page: tasks, next } = k.page(rows, (r) => ({
        at: r.task.createdAt,
        id: r.task.id,
      }));
      const items = [];
      for (const { task, number } of tasks) {
        const owed = await owedOf(orm, task.applicationId);
        items.push({
          id: task.id,
          applicationId: task.applicationId,
          contractNumber: number,
          owedCents: owed.owedCents,
          since: task.createdAt.toISOString(),
          disputeOpen: await disputeOpen(orm, task.applicationId),
          plans: (await plansOf(orm, task.applicationId)).length,
        });
      }
      await auditOf(deps, req)('money.decisions.read', { details: { count: items.length } });
      return { items, next, counts: [...staffInstalmentCounts] };
    },
  );

  app.post(
    '/api/staff/money/decisions/:id/instalments',
    route({
      summary:
        'Agrees monthly instalments over what is owed (the dunning decision); mails the plan',
      staff: 'money.work',
      params: idParams,
      body: countBody,
      answers: {
        200: answer(agreedPlan, 'The plan agreed'),
        400: errorAnswer('count: no count given'),
        409: errorAnswer(
          'not_open: decided already; count, too_small, nothing_owed, mandate_stopped, no_contract: no plan possible',
        ),
      },
    }),
    async (req) => {
      const found = await openTask(req.params.id);
      const by = currentCaller(req);
      const now = deps.clock.now();
      const count = Number(req.body.count);
      let plan;
      try {
        plan = await deps.db.transaction(async (tx) => {
          const p = await agreeInstalments(money, tx, {
            applicationId: found.task.applicationId,
            count,
            allowed: staffInstalmentCounts,
            agreedBy: `staff:${by.id}`,
            now,
          });
          await recordStaffEvent(tx, {
            applicationId: found.task.applicationId,
            type: 'instalments_agreed',
            staffName: by.displayName,
            at: now,
            details: { count, totalCents: p.totalCents },
          });
          return p;
        });
      } catch (err) {
        if (err instanceof InstalmentError)
          throw new HttpError(
            409,
            err.code,
            err.code === 'count' ? t.instalmentCount : instalmentTexts.errors[err.code],
          );
        throw err;
      }
      await sendPlanMail(money, plan);
      await auditOf(deps, req)('money.decision.instalments', {
        applicationId: found.task.applicationId,
        contractNumber: found.number,
        details: { count, totalCents: plan.totalCents },
      });
      return { totalCents: plan.totalCents, schedule: plan.schedule };
    },
  );

  app.post(
    '/api/staff/money/decisions/:id/collection',
    route({
      summary: 'Hands what is owed over to the collection agency (the dunning decision)',
      staff: 'money.work',
      params: idParams,
      answers: {
        200: answer(z.object({ amountCents: z.number() }), 'The amount handed over'),
        409: errorAnswer('not_open: decided already; nothing_owed: nothing to hand over'),
      },
    }),
    async (req) => {
      const found = await openTask(req.params.id);
      const by = currentCaller(req);
      const now = deps.clock.now();
      const cents = await deps.db.transaction(async (tx) => {
        const c = await handOver(tx, found.task.applicationId, by.id, now);
        if (c > 0)
          await recordStaffEvent(tx, {
            applicationId: found.task.applicationId,
            type: 'handed_over_to_collection',
            staffName: by.displayName,
            at: now,
            details: { amountCents: c },
          });
        return c;
      });
      if (cents <= 0) throw new HttpError(409, 'nothing_owed', t.nothingOwed);
      await auditOf(deps, req)('money.decision.collection', {
        applicationId: found.task.applicationId,
        contractNumber: found.number,
        details: { amountCents: cents },
      });
      return { amountCents: cents };
    },
  );

  app.get(
    '/api/staff/money/collection.csv',
    route({
      summary: 'The hand-overs to the collection agency as CSV (semicolons, for the agency)',
      staff: 'money.read',
      answers: { 200: fileAnswer('The CSV as an attachment', 'text/csv') },
    }),
    async (req, reply) => {
      await auditOf(deps, req)('money.collection.export');
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="${t.handoverCsv.filename(todayInBerlin(deps.clock.now()))}"`,
        )
        .header('cache-control', 'private, no-store')
        .send(handoverCsv(orm));
    },
  );

  // "Beitragsbescheinigung {Jahr}" of a contract for staff (ADR 1231), as the tenant gets it.
  app.get(
    '/api/staff/money/statements/:contractNumber/:year',
    route({
      summary: "A contract's Beitragsbescheinigung of a year (PDF), as the tenant gets it",
      staff: 'money.read',
      params: statementParams,
      answers: {
        200: fileAnswer('The PDF as an attachment'),
        404: errorAnswer('not_found: no such contract or year'),
      },
    }),
    async (req, reply) => {
      const c = (
        await orm
          .select()
          .from(contracts)
          .where(eq(contracts.contractNumber, req.params.contractNumber.trim().toUpperCase()))
      )[0];
      if (!c || !statementYearPattern.test(req.params.year)) throw contractUnknown();
      const year = Number(req.params.year);
      const doc = await premiumStatementPdfOf(
        orm,
        {
          operator: deps.config.operator,
          sepaCreditorId: deps.config.sepaCreditorId,
          siteUrl: deps.config.publicUrl,
        },
        c.applicationId,
        year,
        deps.clock.now(),
      );
      if (!doc) throw contractUnknown();
      await auditOf(deps, req)('money.statement.read', {
        applicationId: c.applicationId,
        contractNumber: c.contractNumber,
        details: { year },
      });
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${doc.filename}"`)
        .header('cache-control', 'private, no-store')
        .send(doc.pdf);
    },
  );

  app.get(
    '/api/staff/money/disputes',
    route({
      summary: 'Open disputes of debits, newest first, a page at a time',
      staff: 'money.read',
      querystring: pageQuery,
      answers: { 200: answer(listPage(openDispute), 'One page of the open disputes') },
    }),
    async (req) => {
      const size = pageSize(req.query.limit);
      const k = keyset(paymentDisputes.openedAt, paymentDisputes.id, 'desc', req.query.after, size);
      const found = await orm
        .select({ d: paymentDisputes, number: contracts.contractNumber })
        .from(paymentDisputes)
        .innerJoin(contracts, eq(contracts.applicationId, paymentDisputes.applicationId))
        .where(and(isNull(paymentDisputes.closedAt), k.after))
        .orderBy(...k.orderBy)
        .limit(k.limit);
      const { page: rows, next } = k.page(found, (r) => ({ at: r.d.openedAt, id: r.d.id }));
      await auditOf(deps, req)('money.disputes.read', { details: { count: rows.length } });
      return {
        next,
        items: rows.map(({ d, number }) => ({
          id: d.id,
          contractNumber: number,
          reason: d.reason,
          openedBy: d.openedBy === 'tenant' ? ('tenant' as const) : ('staff' as const),
          openedAt: d.openedAt.toISOString(),
        })),
      };
    },
  );

  app.post(
    '/api/staff/money/disputes',
    route({
      summary:
        'Records a dispute of a debit that the tenant raised by phone or letter; dunning pauses',
      staff: 'money.work',
      body: disputeBody,
      answers: {
        201: answer(z.object({ id: z.string() }), 'The dispute recorded'),
        400: errorAnswer('reason_required'),
        404: errorAnswer('not_found: no contract with this number'),
      },
    }),
    async (req, reply) => {
      const reason = req.body.reason.trim();
      const c = (
        await orm
          .select()
          .from(contracts)
          .where(eq(contracts.contractNumber, (req.body.contractNumber ?? '').trim().toUpperCase()))
      )[0];
      if (!c) throw contractUnknown();
      const by = currentCaller(req);
      const now = deps.clock.now();
      const id = await deps.db.transaction(async (tx) => {
        const [row] = await tx
          .insert(paymentDisputes)
          .values({
            applicationId: c.applicationId,
            openedBy: `staff:${by.id}`,
            reason: reason.slice(0, 1000),
            openedAt: now,
          })
          .returning({ id: paymentDisputes.id });
        await recordStaffEvent(tx, {
          applicationId: c.applicationId,
          type: 'payment_disputed',
          staffName: by.displayName,
          at: now,
        });
        return row!.id;
      });
      await auditOf(deps, req)('money.dispute.open', {
        applicationId: c.applicationId,
        contractNumber: c.contractNumber,
      });
      return reply.code(201).send({ id });
    },
  );

  app.post(
    '/api/staff/money/disputes/:id/close',
    route({
      summary: 'Closes a dispute with a note on how it was settled; dunning goes on',
      staff: 'money.work',
      params: idParams,
      body: closeBody,
      answers: { 200: okAnswer, 409: errorAnswer('not_open: no such open dispute') },
    }),
    async (req) => {
      if (!isRowId(req.params.id)) throw disputeNotOpen();
      const by = currentCaller(req);
      const now = deps.clock.now();
      const closed = await deps.db.transaction(async (tx) => {
        const [row] = await tx
          .update(paymentDisputes)
          .set({ closedAt: now, closedBy: by.id, closingNote: req.body.note?.trim() || null })
          .where(and(eq(paymentDisputes.id, req.params.id), isNull(paymentDisputes.closedAt)))
          .returning({ applicationId: paymentDisputes.applicationId });
        if (row)
          await recordStaffEvent(tx, {
            applicationId: row.applicationId,
            type: 'payment_dispute_closed',
            staffName: by.displayName,
            at: now,
          });
        return row;
      });
      if (!closed) throw disputeNotOpen();
      await auditOf(deps, req)('money.dispute.close', { applicationId: closed.applicationId });
      return ok;
    },
  );
}
