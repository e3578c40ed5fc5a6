import type { FastifyInstance } from 'fastify';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { applications, contractEvents, contractLetters, decisions } from '../db/schema/index';
import { staffDecision, StaffDecisionError } from '../processing/staff';
import { sendApplicationMail } from '../processing/notify';
import { formModelOf } from '../services/storedModel';
import { factsOf } from '../processing/facts';
import { greeting, render } from '../mail/templates';
import { formatDate } from '../../domain/messages/format';
import { reviewMailTexts } from '../texts/staff';
import { auditOf, type StaffDeps } from './context';
import { currentCaller, staffError } from './guard';
import { recordStaffEvent, staffActor } from './audit';
import {
  applicationIdByNumber,
  caseFile,
  counts,
  decisionsByOutcome,
  recentEndings,
  unpostedLetters,
} from './cases';
import { searchCases } from './search';
import { pageSize } from './keyset';
import { ApprovalError, decideApproval, draftApproval, openApprovals } from './approvals';

/** Letters per printed batch (one PDF); the rest follow in the next. */
const LETTER_BATCH = 500;

type Body = Record<string, unknown>;
const field = (b: unknown, k: string) => {
  const v = (b as Body | undefined)?.[k];
  return typeof v === 'string' ? v.trim() : '';
};
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Work queues, the case file, decisions and reviews, letters, four-eyes approvals (ADR 1204). */
export function registerStaffCaseRoutes(app: FastifyInstance, deps: StaffDeps): void {
  const now = () => deps.clock.now();

  app.get('/api/staff/overview', { config: { staff: 'cases.read' } }, async (_req, reply) =>
    reply.send(await counts(deps.db, now())),
  );

  // Every queue pages by key (ADR 1271): `?after=<next of the previous page>&limit=`.
  type Page = { q?: string; after?: string; limit?: string };
  const queues = {
    pending: (p: Page) => decisionsByOutcome(deps.db, 'pending', p.after, pageSize(p.limit)),
    declined: (p: Page) => decisionsByOutcome(deps.db, 'declined', p.after, pageSize(p.limit)),
    letters: (p: Page) => unpostedLetters(deps.db, now(), p.after, pageSize(p.limit)),
    endings: (p: Page) => recentEndings(deps.db, now(), p.after, pageSize(p.limit)),
    approvals: (p: Page) => openApprovals(deps.db, p.after, pageSize(p.limit)),
  } as const;
  for (const [name, load] of Object.entries(queues)) {
    app.get<{ Querystring: Page }>(
      `/api/staff/queues/${name}`,
      { config: { staff: 'cases.read' } },
      async (req, reply) => {
        const found = await load(req.query);
        await auditOf(deps, req)('queue.read', {
          details: { queue: name, count: found.items.length },
        });
        return reply.send(found);
      },
    );
  }

  app.get<{ Querystring: { q?: string; after?: string; limit?: string } }>(
    '/api/staff/search',
    { config: { staff: 'cases.read' } },
    async (req, reply) => {
      const q = typeof req.query.q === 'string' ? req.query.q.slice(0, 100) : '';
      const after = typeof req.query.after === 'string' ? req.query.after : undefined;
      const limit = Math.min(50, Math.max(1, Number(req.query.limit) || 20));
      const found = await searchCases(deps.db, q, after, limit);
      await auditOf(deps, req)('search.read', { details: { count: found.items.length } });
      return reply.send(found);
    },
  );

  app.get<{ Params: { id: string } }>(
    '/api/staff/cases/:id',
    { config: { staff: 'cases.read' } },
    async (req, reply) => {
      const id = UUID.test(req.params.id)
        ? req.params.id
        : await applicationIdByNumber(deps.db, req.params.id);
      const file = id ? await caseFile(deps.db, id) : undefined;
      if (!file || file.sandbox) return staffError(reply, 404, 'not_found');
      await auditOf(deps, req)('contract.read', {
        applicationId: file.applicationId,
        contractNumber: file.contract?.contractNumber ?? file.decisions[0]?.number ?? null,
      });
      return reply.send(file);
    },
  );

  app.post<{ Params: { number: string } }>(
    '/api/staff/cases/:number/decision',
    { config: { staff: 'cases.decide' } },
    async (req, reply) => {
      const verdict = field(req.body, 'verdict');
      const reason = field(req.body, 'reason');
      if (verdict !== 'accept' && verdict !== 'decline')
        return staffError(reply, 400, 'invalid_input');
      if (!reason) return staffError(reply, 400, 'reason_required');
      const processing = deps.processing;
      if (!processing) return reply.code(503).send();
      const me = currentCaller(req);
      const number = req.params.number;
      let result;
      try {
        result = await staffDecision(
          processing.context,
          number,
          verdict,
          staffActor(me.displayName),
        );
      } catch (err) {
        if (err instanceof StaffDecisionError) return staffError(reply, 409, 'not_pending');
        throw err;
      }
      await auditOf(deps, req)(verdict === 'accept' ? 'decision.accept' : 'decision.decline', {
        applicationId: result.applicationId,
        contractNumber: number,
        details: { reason },
      });
      const reviewed = await deps.db.orm
        .select({ at: contractEvents.at })
        .from(contractEvents)
        .where(
          and(
            eq(contractEvents.applicationId, result.applicationId),
            eq(contractEvents.type, 'review_reopened'),
          ),
        );
      if (reviewed.length > 0 && result.outcome === 'declined')
        await sendReviewDeclinedMail(deps, result.applicationId, number, reviewed.length);
      else
        await sendApplicationMail(
          processing.context,
          result.applicationId,
          `${result.kind}-${result.outcome}`,
        );
      return reply.send({ number, outcome: result.outcome });
    },
  );

  /** Art. 22 DSGVO: a declined application goes back to "pending" for a person to decide. */
  app.post<{ Params: { number: string } }>(
    '/api/staff/cases/:number/review',
    { config: { staff: 'cases.decide' } },
    async (req, reply) => {
      const reason = field(req.body, 'reason');
      if (!reason) return staffError(reply, 400, 'reason_required');
      const me = currentCaller(req);
      const at = now();
      const moved = await deps.db.transaction(async (tx) => {
        const rows = await tx
          .update(decisions)
          .set({ outcome: 'pending', decidedAt: at })
          .where(and(eq(decisions.number, req.params.number), eq(decisions.outcome, 'declined')))
          .returning({ applicationId: decisions.applicationId });
        const row = rows[0];
        if (!row) return undefined;
        await tx
          .update(applications)
          .set({ orderState: 'pending' })
          .where(eq(applications.id, row.applicationId));
        await recordStaffEvent(tx, {
          applicationId: row.applicationId,
          type: 'review_reopened',
          staffName: me.displayName,
          at,
        });
        return row.applicationId;
      });
      if (!moved) return staffError(reply, 409, 'not_declined');
      await auditOf(deps, req)('review.reopen', {
        applicationId: moved,
        contractNumber: req.params.number,
        details: { reason },
      });
      return reply.send({ number: req.params.number, outcome: 'pending' });
    },
  );

  app.get('/api/staff/letters.pdf', { config: { staff: 'letters.post' } }, async (req, reply) => {
    // One batch is the oldest LETTER_BATCH letters; the header names exactly those.
    const letters = (await unpostedLetters(deps.db, now(), undefined, LETTER_BATCH)).items;
    // The PDF libraries (pdfkit, fontkit, qrcode) load at the first batch, not at the start (ADR 1335).
    const { letterBatchPdf } = await import('./letterBatch');
    const pdf = await letterBatchPdf(letters, deps.config.operator, deps.config, now());
    await auditOf(deps, req)('letters.print', { details: { count: letters.length } });
    return reply
      .header('content-type', 'application/pdf')
      .header(
        'content-disposition',
        `inline; filename="Briefe-${now().toISOString().slice(0, 10)}.pdf"`,
      )
      .header('x-letter-ids', letters.map((l) => l.id).join(','))
      .send(pdf);
  });

  app.post(
    '/api/staff/letters/posted',
    { config: { staff: 'letters.post' } },
    async (req, reply) => {
      const ids = (req.body as Body | undefined)?.ids;
      if (
        !Array.isArray(ids) ||
        ids.length === 0 ||
        !ids.every((i) => typeof i === 'string' && UUID.test(i))
      )
        return staffError(reply, 400, 'invalid_input');
      const posted = await deps.db.orm
        .update(contractLetters)
        .set({ postedAt: now() })
        .where(and(inArray(contractLetters.id, ids as string[]), isNull(contractLetters.postedAt)))
        .returning({ id: contractLetters.id });
      await auditOf(deps, req)('letters.posted', { details: { count: posted.length } });
      return reply.send({ posted: posted.length });
    },
  );

  const approvalFailed = (reply: Parameters<typeof staffError>[0], err: unknown) => {
    if (!(err instanceof ApprovalError)) throw err;
    return staffError(reply, err.status, err.code);
  };

  app.post('/api/staff/approvals', { config: { staff: 'approvals.draft' } }, async (req, reply) => {
    const subject = field(req.body, 'subject');
    if (!UUID.test(subject)) return staffError(reply, 400, 'invalid_input');
    try {
      const id = await draftApproval(deps.db, currentCaller(req), {
        kind: field(req.body, 'kind'),
        subject,
        reason: field(req.body, 'reason'),
        requestId: req.id,
        now: now(),
      });
      return await reply.code(201).send({ id, state: 'draft' });
    } catch (err) {
      return approvalFailed(reply, err);
    }
  });

  for (const move of ['approve', 'refuse'] as const) {
    app.post<{ Params: { id: string } }>(
      `/api/staff/approvals/:id/${move}`,
      { config: { staff: 'approvals.decide' } },
      async (req, reply) => {
        if (!UUID.test(req.params.id)) return staffError(reply, 404, 'not_found');
        try {
          const state = await decideApproval(deps.db, currentCaller(req), {
            id: req.params.id,
            move,
            note: field(req.body, 'note'),
            requestId: req.id,
            now: now(),
          });
          return await reply.send({ id: req.params.id, state });
        } catch (err) {
          return approvalFailed(reply, err);
        }
      },
    );
  }
}

/** After a human review the decline stands: the tenant is told so (a mail of its own key). */
async function sendReviewDeclinedMail(
  deps: StaffDeps,
  applicationId: string,
  number: string,
  review: number,
): Promise<void> {
  const app = (
    await deps.db.orm.select().from(applications).where(eq(applications.id, applicationId))
  )[0];
  if (!app) return;
  const facts = factsOf(formModelOf(app));
  if (!facts.email) return;
  const first = facts.tenants[0];
  const t = reviewMailTexts;
  const deleteOn = new Date(
    deps.clock.now().getTime() + deps.config.declinedRetentionDays * 86_400_000,
  );
  const mail = render(t.subject(number), [
    {
      p: greeting({
        gender: first?.gender,
        firstName: first?.firstName,
        lastName: first?.lastName,
      }),
    },
    { p: t.reviewed(number) },
    { p: t.result },
    { p: t.deletion(formatDate(deleteOn)) },
  ]);
  await deps.mailer.send({
    to: [facts.email],
    ...mail,
    key: `review-declined.${applicationId}.${review}`,
  });
}
