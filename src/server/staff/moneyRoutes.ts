import type { FastifyInstance, FastifyReply } from 'fastify';
import { and, count, eq, inArray } from 'drizzle-orm';
import { bankImportItems, contracts, paymentBatches, refunds, staff } from '../db/schema/index';
import {
  approveBatch,
  discardBatch,
  downloadBatch,
  listBatches,
  MoneyError,
  submitBatch,
} from '../money/batches';
import { borderoExport, borderoPdfExport } from '../money/bordero';
import type { MoneyDeps } from '../money/deps';
import { importBankFile, resolveItem, unmatchedItems } from '../money/imports';
import { markRefundPaid } from '../money/refunds';
import { moneyOpsTexts as t } from '../texts/moneyOps';
import { auditOf, type StaffDeps } from './context';
import { currentCaller } from './guard';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** Bank statements of a busy month are larger than the API's default body limit. */
const BANK_FILE_LIMIT = 20 * 1024 * 1024;

const fail = (reply: FastifyReply, status: number, code: string, message: string) =>
  reply.code(status).send({ errors: [{ code, message }] });

/** A service's refusal as the staff API's error shape; anything else is a real error. */
function moneyFailure(reply: FastifyReply, err: unknown) {
  if (err instanceof MoneyError) return fail(reply, err.status, err.code, err.message);
  throw err;
}

/**
 * The money side in the back office (ADR 1226): bank files through four eyes, bank file
 * import, the unmatched items, refunds marked paid, the Bordero. The services in
 * src/server/money do the work with the signed-in member's id; the database's CHECK keeps the
 * approver another person. Every change and every read of personal data is audited.
 */
export function registerStaffMoneyRoutes(app: FastifyInstance, deps: StaffDeps): void {
  const money: MoneyDeps = deps.processing?.money ?? {
    db: deps.db,
    clock: deps.clock,
    log: deps.log,
    mailer: deps.mailer,
    config: deps.config,
  };
  const orm = deps.db.orm;

  app.get('/api/staff/money/overview', { config: { staff: 'money.read' } }, async (_req, reply) => {
    const byStatus = await orm
      .select({ status: paymentBatches.status, n: count() })
      .from(paymentBatches)
      .where(inArray(paymentBatches.status, ['draft', 'approved']))
      .groupBy(paymentBatches.status);
    const [unmatched] = await orm
      .select({ n: count() })
      .from(bankImportItems)
      .where(eq(bankImportItems.status, 'unmatched'));
    const n = (s: string) => Number(byStatus.find((r) => r.status === s)?.n ?? 0);
    return reply.send({
      drafts: n('draft'),
      approved: n('approved'),
      unmatched: Number(unmatched?.n ?? 0),
    });
  });

  app.get('/api/staff/money/batches', { config: { staff: 'money.read' } }, async (req, reply) => {
    const rows = (await listBatches(money)).filter((b) => b.status !== 'discarded');
    const names = new Map(
      (await orm.select({ id: staff.id, name: staff.displayName }).from(staff)).map((m) => [
        m.id,
        m.name,
      ]),
    );
    const name = (id: string | null) => (id ? (names.get(id) ?? id) : null);
    const items = rows.map((b) => ({
      id: b.id,
      kind: b.kind,
      status: b.status,
      messageId: b.messageId,
      count: b.count,
      controlSumCents: b.controlSumCents,
      executionOn: b.executionOn,
      createdAt: b.createdAt,
      submittedBy: name(b.draftedBy),
      approvedBy: name(b.approvedBy),
      releasedBy: name(b.releasedBy),
      releasedAt: b.releasedAt,
    }));
    await auditOf(deps, req)('money.batches.read', { details: { count: items.length } });
    return reply.send({ items });
  });

  const batchAction = (
    path: string,
    permission: 'money.work' | 'money.approve',
    action: 'money.batch.submit' | 'money.batch.approve' | 'money.batch.discard',
    run: (deps: MoneyDeps, id: string, staffId: string) => Promise<void>,
  ) =>
    app.post<{ Params: { id: string } }>(
      `/api/staff/money/batches/:id/${path}`,
      { config: { staff: permission } },
      async (req, reply) => {
        const id = req.params.id;
        if (!UUID.test(id)) return fail(reply, 404, 'not_found', t.invalidId);
        try {
          await run(money, id, currentCaller(req).id);
        } catch (err) {
          if (err instanceof MoneyError && err.code === 'four_eyes')
            await auditOf(deps, req)('money.batch.approve_refused', { details: { batch: id } });
          return moneyFailure(reply, err);
        }
        await auditOf(deps, req)(action, { details: { batch: id } });
        return reply.send({ ok: true });
      },
    );
  batchAction('submit', 'money.work', 'money.batch.submit', submitBatch);
  batchAction('approve', 'money.approve', 'money.batch.approve', approveBatch);
  batchAction('discard', 'money.work', 'money.batch.discard', discardBatch);

  // A POST: the download releases the file (once); a GET could be repeated by a prefetch.
  app.post<{ Params: { id: string } }>(
    '/api/staff/money/batches/:id/download',
    { config: { staff: 'money.work' } },
    async (req, reply) => {
      const id = req.params.id;
      if (!UUID.test(id)) return fail(reply, 404, 'not_found', t.invalidId);
      let file;
      try {
        file = await downloadBatch(money, id, currentCaller(req).id);
      } catch (err) {
        return moneyFailure(reply, err);
      }
      await auditOf(deps, req)('money.batch.download', {
        details: { batch: id, messageId: file.messageId, sha256: file.sha256 },
      });
      return reply
        .header('content-type', 'application/xml; charset=utf-8')
        .header('content-disposition', `attachment; filename="${file.filename}"`)
        .header('x-sha256', file.sha256)
        .send(file.xml);
    },
  );

  // The bank file is the request body (XML), in a scope of its own with a larger limit.
  app.register(async (upload) => {
    upload.addContentTypeParser(
      ['application/xml', 'text/xml', 'application/octet-stream'],
      { parseAs: 'string', bodyLimit: BANK_FILE_LIMIT },
      (_req, body, done) => done(null, body),
    );
    upload.post(
      '/api/staff/money/imports',
      { config: { staff: 'money.work' }, bodyLimit: BANK_FILE_LIMIT },
      async (req, reply) => {
        const xml = typeof req.body === 'string' ? req.body : '';
        if (!xml.trim()) return fail(reply, 400, 'empty_file', t.emptyFile);
        let report;
        try {
          report = await importBankFile(money, xml, currentCaller(req).id);
        } catch (err) {
          return moneyFailure(reply, err);
        }
        await auditOf(deps, req)('money.import', {
          details: {
            format: report.format ?? null,
            duplicate: report.duplicate,
            matched: report.matched,
            unmatched: report.unmatched,
          },
        });
        return reply.send({ ...report, message: t.importResult(report) });
      },
    );
  });

  app.get('/api/staff/money/unmatched', { config: { staff: 'money.read' } }, async (req, reply) => {
    const items = await unmatchedItems(money);
    await auditOf(deps, req)('money.unmatched.read', { details: { count: items.length } });
    return reply.send({ items });
  });

  app.post<{ Params: { id: string } }>(
    '/api/staff/money/unmatched/:id/resolve',
    { config: { staff: 'money.work' } },
    async (req, reply) => {
      const id = req.params.id;
      const open =
        UUID.test(id) &&
        (
          await orm
            .select({ id: bankImportItems.id })
            .from(bankImportItems)
            .where(and(eq(bankImportItems.id, id), eq(bankImportItems.status, 'unmatched')))
        ).length > 0;
      if (!open) return fail(reply, 409, 'not_open', t.itemNotOpen);
      await resolveItem(money, id, currentCaller(req).id);
      await auditOf(deps, req)('money.item.resolve', { details: { item: id } });
      return reply.send({ ok: true });
    },
  );

  app.get('/api/staff/money/refunds', { config: { staff: 'money.read' } }, async (req, reply) => {
    const items = await orm
      .select({
        id: refunds.id,
        contractNumber: contracts.contractNumber,
        amountCents: refunds.amountCents,
        dueOn: refunds.dueOn,
        status: refunds.status,
      })
      .from(refunds)
      .innerJoin(contracts, eq(contracts.applicationId, refunds.applicationId))
      .where(eq(refunds.status, 'sent'));
    await auditOf(deps, req)('money.refunds.read', { details: { count: items.length } });
    return reply.send({ items });
  });

  app.post<{ Params: { id: string } }>(
    '/api/staff/money/refunds/:id/paid',
    { config: { staff: 'money.approve' } },
    async (req, reply) => {
      const id = req.params.id;
      if (!UUID.test(id)) return fail(reply, 404, 'not_found', t.invalidId);
      try {
        await markRefundPaid(money, id, currentCaller(req).id);
      } catch (err) {
        return moneyFailure(reply, err);
      }
      await auditOf(deps, req)('money.refund.paid', { details: { refund: id } });
      return reply.send({ ok: true });
    },
  );

  // The insurers a Bordero can be made for (ADR 1232): the first is every contract's default.
  app.get('/api/staff/money/insurers', { config: { staff: 'money.read' } }, async (_req, reply) =>
    reply.send({ items: deps.config.sepa.insurers }),
  );

  app.get<{ Params: { month: string }; Querystring: { insurer?: string } }>(
    '/api/staff/money/bordero/:month',
    { config: { staff: 'money.read' } },
    async (req, reply) => {
      const pdf = req.params.month.endsWith('.pdf');
      const month = req.params.month.replace(/\.(csv|pdf)$/, '');
      const insurer = typeof req.query.insurer === 'string' ? req.query.insurer : undefined;
      const staffId = currentCaller(req).id;
      try {
        if (pdf) {
          const out = await borderoPdfExport(
            money,
            {
              operator: deps.config.operator,
              sepaCreditorId: deps.config.sepaCreditorId,
              siteUrl: deps.config.publicUrl,
            },
            month,
            staffId,
            insurer,
          );
          await auditOf(deps, req)('money.bordero.read', { details: { month, format: 'pdf' } });
          return await reply
            .header('content-type', 'application/pdf')
            .header('content-disposition', `attachment; filename="${out.filename}"`)
            .send(out.pdf);
        }
        const out = await borderoExport(money, month, staffId, insurer);
        await auditOf(deps, req)('money.bordero.read', { details: { month, format: 'csv' } });
        return await reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${out.filename}"`)
          .send(out.csv);
      } catch (err) {
        return moneyFailure(reply, err);
      }
    },
  );
}
