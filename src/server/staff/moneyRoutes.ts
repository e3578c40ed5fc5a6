import type { FastifyInstance, FastifyRequest } from 'fastify';
import { and, count, eq, inArray } from 'drizzle-orm';
import * as z from 'zod/mini';
import {
  importResult,
  itemsOf,
  moneyOverview,
  sentRefund,
  shownBatchStatuses,
  staffBatch,
  unmatchedItem,
} from '../../domain/money/staffViews';
import { bankImportItems, contracts, paymentBatches, refunds, staff } from '../db/schema/index';
import { answer, errorAnswer, fileAnswer } from '../http/answers';
import { edgeObject, pathParam, queryText, type EdgeTypes } from '../http/edge';
import { HttpError } from '../http/errors';
import { route } from '../http/route';
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
import { idParams, isRowId, moneyDepsOf, ok, okAnswer, rowId } from './moneyRouteParts';
import { pageQuery, pageSize } from './keyset';
import { keyset } from '../db/keyset';
import { listPage } from '../../domain/staff/listPage';

/** Bank statements of a busy month are larger than the API's default body limit. */
const BANK_FILE_LIMIT = 20 * 1024 * 1024;
const bankFileMedia = ['application/xml', 'text/xml', 'application/octet-stream'] as const;

const unknownEntry = () => new HttpError(404, 'not_found', t.invalidId);
const notFound = errorAnswer('not_found: no such entry');

const borderoParams = edgeObject({
  month: pathParam({
    description: 'The month as YYYY-MM; with .csv (the default) or .pdf for the format',
  }),
});
const borderoQuery = edgeObject({
  insurer: queryText({
    description: "The insurer's id (GET /api/staff/money/insurers); default: the first",
  }),
});

type BatchStep = (deps: MoneyDeps, id: string, staffId: string) => Promise<void>;

/**
 * The money side in the back office (ADR 1226): bank files through four eyes, bank file
 * import, the unmatched items, refunds marked paid, the Bordero. The services in
 * src/server/money do the work with the signed-in member's id and refuse with a MoneyError (an
 * HttpError: the error handler answers it); the database's CHECK keeps the approver another
 * person. Every change and every read of personal data is audited.
 */
export function registerStaffMoneyRoutes(root: FastifyInstance, deps: StaffDeps): void {
  const app = root.withTypeProvider<EdgeTypes>();
  const money = moneyDepsOf(deps);
  const orm = deps.db.orm;

  app.get(
    '/api/staff/money/overview',
    route({
      summary: 'Counts for the overview: bank files waiting, unmatched bank items',
      staff: 'money.read',
      answers: { 200: answer(moneyOverview, 'The counts') },
    }),
    async () => {
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
      return { drafts: n('draft'), approved: n('approved'), unmatched: Number(unmatched?.n ?? 0) };
    },
  );

  app.get(
    '/api/staff/money/batches',
    route({
      summary:
        'The bank files (not discarded), newest first, with who put forward, approved and downloaded them',
      staff: 'money.read',
      querystring: pageQuery,
      answers: { 200: answer(listPage(staffBatch), 'One page of the bank files') },
    }),
    async (req) => {
      const shown = (s: string): s is (typeof shownBatchStatuses)[number] =>
        (shownBatchStatuses as readonly string[]).includes(s);
      const names = new Map(
        (await orm.select({ id: staff.id, name: staff.displayName }).from(staff)).map((m) => [
          m.id,
          m.name,
        ]),
      );
      const name = (id: string | null) => (id ? (names.get(id) ?? id) : null);
      const found = await listBatches(money, req.query.after, pageSize(req.query.limit));
      const items = found.items.flatMap((b) => {
        const status = b.status;
        return shown(status)
          ? [
              {
                id: b.id,
                kind: b.kind,
                status,
                messageId: b.messageId,
                count: b.count,
                controlSumCents: b.controlSumCents,
                executionOn: b.executionOn,
                createdAt: b.createdAt.toISOString(),
                submittedBy: name(b.draftedBy),
                approvedBy: name(b.approvedBy),
                releasedBy: name(b.releasedBy),
                releasedAt: b.releasedAt?.toISOString() ?? null,
              },
            ]
          : [];
      });
      await auditOf(deps, req)('money.batches.read', { details: { count: items.length } });
      return { items, next: found.next };
    },
  );

  /** A step of a bank file's way; a refused approval of one's own file is audited as well. */
  const batchStep = async (
    req: FastifyRequest,
    id: string,
    action: 'money.batch.submit' | 'money.batch.approve' | 'money.batch.discard',
    run: BatchStep,
  ) => {
    rowId(id, unknownEntry);
    try {
      await run(money, id, currentCaller(req).id);
    } catch (err) {
      if (err instanceof MoneyError && err.code === 'four_eyes')
        await auditOf(deps, req)('money.batch.approve_refused', { details: { batch: id } });
      throw err;
    }
    await auditOf(deps, req)(action, { details: { batch: id } });
    return ok;
  };

  app.post(
    '/api/staff/money/batches/:id/submit',
    route({
      summary: "Puts the job's draft forward for approval by another person",
      staff: 'money.work',
      params: idParams,
      answers: {
        200: okAnswer,
        404: notFound,
        409: errorAnswer('not_draft: put forward already, or no longer a draft'),
      },
    }),
    (req) => batchStep(req, req.params.id, 'money.batch.submit', submitBatch),
  );

  app.post(
    '/api/staff/money/batches/:id/approve',
    route({
      summary: 'Approves a bank file put forward by another person (four eyes)',
      staff: 'money.approve',
      params: idParams,
      answers: {
        200: okAnswer,
        403: errorAnswer('four_eyes: the one who put it forward cannot approve it'),
        404: notFound,
        409: errorAnswer(
          'not_draft, not_submitted: not waiting for approval; too_late: its execution day is too near',
        ),
      },
    }),
    (req) => batchStep(req, req.params.id, 'money.batch.approve', approveBatch),
  );

  app.post(
    '/api/staff/money/batches/:id/discard',
    route({
      summary: 'Discards a bank file not yet downloaded; its items wait for the next run',
      staff: 'money.work',
      params: idParams,
      answers: {
        200: okAnswer,
        404: notFound,
        409: errorAnswer('not_draft: downloaded or discarded already'),
      },
    }),
    (req) => batchStep(req, req.params.id, 'money.batch.discard', discardBatch),
  );

  // A POST: the download releases the file (once); a GET could be repeated by a prefetch.
  app.post(
    '/api/staff/money/batches/:id/download',
    route({
      summary: "Downloads an approved bank file for the bank's portal, exactly once",
      staff: 'money.work',
      params: idParams,
      answers: {
        200: {
          description: 'The SEPA file (pain.008.001.08 or pain.001.001.09) as an attachment',
          media: 'application/xml',
          headers: { 'X-SHA256': { description: "The file's SHA-256 (hex), as audited" } },
        },
        404: notFound,
        409: errorAnswer('not_approved: not approved yet; already_released: downloaded already'),
      },
    }),
    async (req, reply) => {
      const id = rowId(req.params.id, unknownEntry);
      const file = await downloadBatch(money, id, currentCaller(req).id);
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
  app.register(async (scope) => {
    scope.addContentTypeParser(
      [...bankFileMedia],
      { parseAs: 'string', bodyLimit: BANK_FILE_LIMIT },
      (_req, body, done) => done(null, body),
    );
    scope.withTypeProvider<EdgeTypes>().post(
      '/api/staff/money/imports',
      {
        ...route({
          summary:
            'Reads a bank statement: returns and reversals of debits, refunds and payouts are matched to their end-to-end ids; the rest waits in the unmatched list',
          staff: 'money.work',
          documentedBody: {
            file: 'The bank file (camt.053, camt.054 or pain.002) as the request body, up to 20 MB',
            media: bankFileMedia,
          },
          answers: {
            200: answer(importResult, 'What was matched, with the German result sentence'),
            400: errorAnswer('empty_file: no file; invalid_file: not a readable bank file'),
          },
        }),
        bodyLimit: BANK_FILE_LIMIT,
      },
      async (req) => {
        const xml = typeof req.body === 'string' ? req.body : '';
        if (!xml.trim()) throw new HttpError(400, 'empty_file', t.emptyFile);
        const report = await importBankFile(money, xml, currentCaller(req).id);
        await auditOf(deps, req)('money.import', {
          details: {
            format: report.format ?? null,
            duplicate: report.duplicate,
            matched: report.matched,
            unmatched: report.unmatched,
          },
        });
        return { ...report, message: t.importResult(report) };
      },
    );
  });

  app.get(
    '/api/staff/money/unmatched',
    route({
      summary: 'Bank items no debit, refund or payout of ours matched, oldest import first',
      staff: 'money.read',
      querystring: pageQuery,
      answers: { 200: answer(listPage(unmatchedItem), 'One page of the unmatched items') },
    }),
    async (req) => {
      const found = await unmatchedItems(money, req.query.after, pageSize(req.query.limit));
      await auditOf(deps, req)('money.unmatched.read', { details: { count: found.items.length } });
      return found;
    },
  );

  app.post(
    '/api/staff/money/unmatched/:id/resolve',
    route({
      summary: 'Marks an unmatched bank item as dealt with (booked by hand, sent back)',
      staff: 'money.work',
      params: idParams,
      answers: { 200: okAnswer, 409: errorAnswer('not_open: no such open item') },
    }),
    async (req) => {
      const id = req.params.id;
      const open =
        isRowId(id) &&
        (
          await orm
            .select({ id: bankImportItems.id })
            .from(bankImportItems)
            .where(and(eq(bankImportItems.id, id), eq(bankImportItems.status, 'unmatched')))
        ).length > 0;
      if (!open) throw new HttpError(409, 'not_open', t.itemNotOpen);
      await resolveItem(money, id, currentCaller(req).id);
      await auditOf(deps, req)('money.item.resolve', { details: { item: id } });
      return ok;
    },
  );

  app.get(
    '/api/staff/money/refunds',
    route({
      summary: 'Refunds transferred and not yet confirmed by a bank statement',
      staff: 'money.read',
      querystring: pageQuery,
      answers: { 200: answer(listPage(sentRefund), 'One page of the sent refunds, oldest first') },
    }),
    async (req) => {
      const size = pageSize(req.query.limit);
      const k = keyset(refunds.createdAt, refunds.id, 'asc', req.query.after, size);
      const rows = await orm
        .select({
          id: refunds.id,
          contractNumber: contracts.contractNumber,
          amountCents: refunds.amountCents,
          dueOn: refunds.dueOn,
          createdAt: refunds.createdAt,
        })
        .from(refunds)
        .innerJoin(contracts, eq(contracts.applicationId, refunds.applicationId))
        .where(and(eq(refunds.status, 'sent'), k.after))
        .orderBy(...k.orderBy)
        .limit(k.limit);
      const { page, next } = k.page(rows, (r) => ({ at: r.createdAt, id: r.id }));
      await auditOf(deps, req)('money.refunds.read', { details: { count: page.length } });
      return {
        items: page.map(({ createdAt: _at, ...r }) => ({ ...r, status: 'sent' as const })),
        next,
      };
    },
  );

  app.post(
    '/api/staff/money/refunds/:id/paid',
    route({
      summary: 'Books a sent refund as paid when no bank statement confirms it',
      staff: 'money.approve',
      params: idParams,
      answers: {
        200: okAnswer,
        404: notFound,
        409: errorAnswer('not_sent: no such refund transferred'),
      },
    }),
    async (req) => {
      const id = rowId(req.params.id, unknownEntry);
      await markRefundPaid(money, id, currentCaller(req).id);
      await auditOf(deps, req)('money.refund.paid', { details: { refund: id } });
      return ok;
    },
  );

  // The insurers a Bordero can be made for (ADR 1232): the first is every contract's default.
  app.get(
    '/api/staff/money/insurers',
    route({
      summary: 'The insurers a Bordero is made for; the first is the default',
      staff: 'money.read',
      answers: {
        200: answer(itemsOf(z.object({ id: z.string(), name: z.string() })), 'The insurers'),
      },
    }),
    async () => ({ items: deps.config.sepa.insurers }),
  );

  app.get(
    '/api/staff/money/bordero/:month',
    route({
      summary: "The month's Bordero of one insurer, as CSV or PDF",
      staff: 'money.read',
      params: borderoParams,
      querystring: borderoQuery,
      answers: {
        200: fileAnswer('The Bordero as an attachment', ['text/csv', 'application/pdf']),
        400: errorAnswer('invalid_month: not YYYY-MM'),
        404: errorAnswer('unknown_insurer'),
      },
    }),
    async (req, reply) => {
      const pdf = req.params.month.endsWith('.pdf');
      const month = req.params.month.replace(/\.(csv|pdf)$/, '');
      const insurer = req.query.insurer;
      const staffId = currentCaller(req).id;
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
        return reply
          .header('content-type', 'application/pdf')
          .header('content-disposition', `attachment; filename="${out.filename}"`)
          .send(out.pdf);
      }
      const out = await borderoExport(money, month, staffId, insurer);
      await auditOf(deps, req)('money.bordero.read', { details: { month, format: 'csv' } });
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${out.filename}"`)
        .send(out.csv);
    },
  );
}
