import type { FastifyInstance, FastifyReply } from 'fastify';
import { and, asc, desc, eq, isNull } from 'drizzle-orm';
import * as z from 'zod/mini';
import { staffInstalmentCounts, todayInBerlin } from '../../domain/index';
import { instalmentTexts } from '../../domain/messages/payments';
import { contracts, moneyTasks, paymentDisputes } from '../db/schema/index';
import { edgeMeta, edgeObject, pathParam, bodyText, type EdgeTypes } from '../http/edge';
import type { MoneyDeps } from '../money/deps';
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

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const fail = (reply: FastifyReply, status: number, code: string, message: string) =>
  reply.code(status).send({ errors: [{ code, message }] });

const idParams = edgeObject({ id: pathParam({ description: 'Id (UUID)' }) });
const countBody = edgeObject({
  count: z.string().register(edgeMeta, {
    description: 'Number of monthly instalments, 2 to 12',
    code: 'count',
    message: 'Bitte wählen Sie 2 bis 12 Raten.',
  }),
});
const disputeBody = edgeObject({
  contractNumber: bodyText({ description: 'Contract number' }),
  reason: bodyText({ description: 'What the tenant disputes' }),
});
const statementParams = edgeObject({
  contractNumber: pathParam({ description: 'Contract number' }),
  year: pathParam({ description: 'Calendar year' }),
});
const closeBody = edgeObject({ note: bodyText({ description: 'How it was settled' }) });

/**
 * The dunning decision after the second reminder (ADR 1229) and disputes (ADR 1230) in the back
 * office: instalments, hand-over to collection (CSV), write-off (a four-eyes approval of kind
 * `write_off` through POST /api/staff/approvals). Every read of personal data and every change
 * is audited; a change to a contract is on its timeline.
 */
export function registerStaffMoneyDecisionRoutes(root: FastifyInstance, deps: StaffDeps): void {
  const app = root.withTypeProvider<EdgeTypes>();
  const money: MoneyDeps = deps.processing?.money ?? {
    db: deps.db,
    clock: deps.clock,
    log: deps.log,
    mailer: deps.mailer,
    config: deps.config,
  };
  const orm = deps.db.orm;

  /** The open task by id, with its contract (or undefined). */
  const openTask = async (id: string) =>
    UUID.test(id)
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

  app.get('/api/staff/money/decisions', { config: { staff: 'money.read' } }, async (req, reply) => {
    const tasks = await orm
      .select({ task: moneyTasks, number: contracts.contractNumber })
      .from(moneyTasks)
      .innerJoin(contracts, eq(contracts.applicationId, moneyTasks.applicationId))
      .where(and(eq(moneyTasks.kind, 'dunning_decision'), isNull(moneyTasks.doneAt)))
      .orderBy(asc(moneyTasks.createdAt))
      .limit(200);
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
    return reply.send({ items, counts: staffInstalmentCounts });
  });

  app.post(
    '/api/staff/money/decisions/:id/instalments',
    { config: { staff: 'money.work' }, schema: { params: idParams, body: countBody } },
    async (req, reply) => {
      const found = await openTask(req.params.id);
      if (!found) return fail(reply, 409, 'not_open', t.taskNotOpen);
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
          return fail(
            reply,
            409,
            err.code,
            err.code === 'count'
              ? 'Bitte wählen Sie 2 bis 12 Raten.'
              : instalmentTexts.errors[err.code],
          );
        throw err;
      }
      await sendPlanMail(money, plan);
      await auditOf(deps, req)('money.decision.instalments', {
        applicationId: found.task.applicationId,
        contractNumber: found.number,
        details: { count, totalCents: plan.totalCents },
      });
      return reply.send({ totalCents: plan.totalCents, schedule: plan.schedule });
    },
  );

  app.post(
    '/api/staff/money/decisions/:id/collection',
    { config: { staff: 'money.work' }, schema: { params: idParams } },
    async (req, reply) => {
      const found = await openTask(req.params.id);
      if (!found) return fail(reply, 409, 'not_open', t.taskNotOpen);
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
      if (cents <= 0) return fail(reply, 409, 'nothing_owed', t.nothingOwed);
      await auditOf(deps, req)('money.decision.collection', {
        applicationId: found.task.applicationId,
        contractNumber: found.number,
        details: { amountCents: cents },
      });
      return reply.send({ amountCents: cents });
    },
  );

  app.get(
    '/api/staff/money/collection.csv',
    { config: { staff: 'money.read' } },
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
    { config: { staff: 'money.read' }, schema: { params: statementParams } },
    async (req, reply) => {
      const c = (
        await orm
          .select()
          .from(contracts)
          .where(eq(contracts.contractNumber, req.params.contractNumber.trim().toUpperCase()))
      )[0];
      const year = Number(req.params.year);
      if (!c || !/^20\d\d$/.test(req.params.year))
        return fail(reply, 404, 'not_found', t.contractUnknown);
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
      if (!doc) return fail(reply, 404, 'not_found', t.contractUnknown);
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

  app.get('/api/staff/money/disputes', { config: { staff: 'money.read' } }, async (req, reply) => {
    const rows = await orm
      .select({ d: paymentDisputes, number: contracts.contractNumber })
      .from(paymentDisputes)
      .innerJoin(contracts, eq(contracts.applicationId, paymentDisputes.applicationId))
      .where(isNull(paymentDisputes.closedAt))
      .orderBy(desc(paymentDisputes.openedAt))
      .limit(200);
    await auditOf(deps, req)('money.disputes.read', { details: { count: rows.length } });
    return reply.send({
      items: rows.map(({ d, number }) => ({
        id: d.id,
        contractNumber: number,
        reason: d.reason,
        openedBy: d.openedBy === 'tenant' ? 'tenant' : 'staff',
        openedAt: d.openedAt.toISOString(),
      })),
    });
  });

  app.post(
    '/api/staff/money/disputes',
    { config: { staff: 'money.work' }, schema: { body: disputeBody } },
    async (req, reply) => {
      const reason = (req.body.reason ?? '').trim();
      if (!reason) return fail(reply, 400, 'reason_required', t.reasonRequired);
      const c = (
        await orm
          .select()
          .from(contracts)
          .where(eq(contracts.contractNumber, (req.body.contractNumber ?? '').trim().toUpperCase()))
      )[0];
      if (!c) return fail(reply, 404, 'not_found', t.contractUnknown);
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
    { config: { staff: 'money.work' }, schema: { params: idParams, body: closeBody } },
    async (req, reply) => {
      if (!UUID.test(req.params.id)) return fail(reply, 409, 'not_open', t.disputeNotOpen);
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
      if (!closed) return fail(reply, 409, 'not_open', t.disputeNotOpen);
      await auditOf(deps, req)('money.dispute.close', { applicationId: closed.applicationId });
      return reply.send({ ok: true });
    },
  );
}
