import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as z from 'zod/mini';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { applications, contractEvents, contractLetters, decisions } from '../db/schema/index';
import { staffDecision, StaffDecisionError } from '../processing/staff';
import { sendApplicationMail } from '../processing/notify';
import { formModelOf } from '../services/storedModel';
import { factsOf } from '../processing/facts';
import { greeting, render } from '../mail/templates';
import { formatDate } from '../../domain/messages/format';
import { uuidPattern } from '../../domain/rules/patterns';
import {
  approvalPage,
  caseCounts,
  caseFile,
  caseVerdicts,
  decisionPage,
  endingPage,
  letterPage,
  searchPage,
} from '../../domain/staff/caseAnswers';
import { approvalKinds, approvalStates } from '../../domain/staff/approvals';
import { answer, described, emptyAnswer, fileAnswer } from '../http/answers';
import { edgeMeta, edgeObject, pathParam, type EdgeTypes } from '../http/edge';
import { route } from '../http/route';
import { reviewMailTexts, staffApiErrors } from '../texts/staff';
import { auditOf, type StaffDeps } from './context';
import { currentCaller, staffRefusal } from './guard';
import { recordStaffEvent, staffActor } from './audit';
import {
  applicationIdByNumber,
  caseFile as loadCaseFile,
  counts,
  decisionsByOutcome,
  recentEndings,
  unpostedLetters,
} from './cases';
import { searchCases } from './search';
import { cursorParam, lenientQuery, limitParam, pageQuery, pageSize } from './keyset';
import { decideApproval, draftApproval, openApprovals } from './approvals';
import { formMatching, formOneOf, formText, refusals, requiredFormText } from './routeParts';

/** Letters per printed batch (one PDF); the rest follow in the next. */
const LETTER_BATCH = 500;
/** Rows per page of the contract search, and the most a caller may ask for. */
const SEARCH_PAGE = 20;
const SEARCH_MAX = 50;

const numberParams = edgeObject({
  number: pathParam({ description: 'Contract or reservation number, e.g. MK-2026-000042' }),
});
const idParams = edgeObject({ id: pathParam({ description: 'Approval id (uuid)' }) });
const caseParams = edgeObject({
  id: pathParam({ description: 'Application id (uuid), or its contract or reservation number' }),
});
const searchQuery = edgeObject({
  q: lenientQuery({
    description:
      'Free text (first 100 characters): a contract or reservation number, a name or its beginning, an e-mail address, a postcode or the last four digits of the IBAN',
  }),
  after: cursorParam,
  limit: limitParam(SEARCH_PAGE, SEARCH_MAX),
});
const reasonText = (description: string) => requiredFormText(description, 'reason_required');
const decisionBody = edgeObject({
  verdict: formOneOf(caseVerdicts, 'accept or decline', 'invalid_input'),
  reason: reasonText('Why (audited)'),
});
const reviewBody = edgeObject({ reason: reasonText('Why the application is reviewed (audited)') });
const postedBody = edgeObject({
  ids: z
    .array(z.string().check(z.regex(uuidPattern)))
    .check(z.minLength(1))
    .register(edgeMeta, {
      description: 'The letter ids of the printed batch (its X-Letter-Ids header)',
      code: 'invalid_input',
      message: staffApiErrors.invalid_input,
    }),
});
const draftBody = edgeObject({
  kind: formText(`The kind of action: ${Object.keys(approvalKinds).join(', ')}`),
  subject: formMatching(
    'What it concerns (uuid; a contract: its application id)',
    uuidPattern,
    'invalid_input',
  ),
  reason: formText('Why (required)'),
});
const decideBody = edgeObject({ note: formText('A note to the decision (optional)') });

const processed = z.object({ number: z.string(), outcome: z.enum(['accepted', 'declined']) });

/** Work queues, the case file, decisions and reviews, letters, four-eyes approvals (ADR 1204). */
export function registerStaffCaseRoutes(scope: FastifyInstance, deps: StaffDeps): void {
  const api = scope.withTypeProvider<EdgeTypes>();
  const now = () => deps.clock.now();

  api.get(
    '/api/staff/overview',
    route({
      summary: "The start page's counts",
      staff: 'cases.read',
      answers: { 200: answer(caseCounts, 'Counts of the work queues') },
    }),
    async () => counts(deps.db, now()),
  );

  // Every queue pages by key (ADR 1271): `?after=<next of the previous page>&limit=`.
  const queueRoute = <S extends z.ZodMiniType>(summary: string, schema: S) =>
    route({
      summary,
      staff: 'cases.read',
      querystring: pageQuery,
      answers: { 200: answer(schema, 'One page of the queue') },
    });
  /** Audits the read of one page of a queue and answers it. */
  const listed = async <T extends { items: readonly unknown[] }>(
    req: FastifyRequest,
    queue: string,
    found: T,
  ) => {
    await auditOf(deps, req)('queue.read', { details: { queue, count: found.items.length } });
    return found;
  };
  api.get(
    '/api/staff/queues/pending',
    queueRoute('Pending decisions, oldest first', decisionPage),
    async (req) =>
      listed(
        req,
        'pending',
        await decisionsByOutcome(deps.db, 'pending', req.query.after, pageSize(req.query.limit)),
      ),
  );
  api.get(
    '/api/staff/queues/declined',
    queueRoute('Declined applications, newest first', decisionPage),
    async (req) =>
      listed(
        req,
        'declined',
        await decisionsByOutcome(deps.db, 'declined', req.query.after, pageSize(req.query.limit)),
      ),
  );
  api.get(
    '/api/staff/queues/letters',
    queueRoute('Letters to landlords not yet posted, oldest first', letterPage),
    async (req) =>
      listed(
        req,
        'letters',
        await unpostedLetters(deps.db, now(), req.query.after, pageSize(req.query.limit)),
      ),
  );
  api.get(
    '/api/staff/queues/endings',
    queueRoute(
      'Withdrawals, cancellations and releases of the last two weeks, newest first',
      endingPage,
    ),
    async (req) =>
      listed(
        req,
        'endings',
        await recentEndings(deps.db, now(), req.query.after, pageSize(req.query.limit)),
      ),
  );
  api.get(
    '/api/staff/queues/approvals',
    queueRoute('Four-eyes requests, newest first', approvalPage),
    async (req) =>
      listed(
        req,
        'approvals',
        await openApprovals(deps.db, req.query.after, pageSize(req.query.limit)),
      ),
  );

  api.get(
    '/api/staff/search',
    route({
      summary: 'Contract search by number, name, e-mail, postcode or IBAN digits',
      description:
        'Newest first, 20 at a time (limit up to 50), continued after the last row (keyset, ADR 1271).',
      staff: 'cases.read',
      querystring: searchQuery,
      answers: { 200: answer(searchPage, 'One page of matches') },
    }),
    async (req) => {
      const q = (req.query.q ?? '').slice(0, 100);
      const limit = pageSize(req.query.limit, SEARCH_PAGE, SEARCH_MAX);
      const found = await searchCases(deps.db, q, req.query.after, limit);
      await auditOf(deps, req)('search.read', { details: { count: found.items.length } });
      return found;
    },
  );

  api.get(
    '/api/staff/cases/:id',
    route({
      summary: 'One case file: application, decisions, contract, documents, timeline',
      staff: 'cases.read',
      params: caseParams,
      answers: {
        200: answer(caseFile, 'The case file (audited)'),
        404: refusals(['not_found'], 'no live application with this id or number'),
      },
    }),
    async (req) => {
      const id = uuidPattern.test(req.params.id)
        ? req.params.id
        : await applicationIdByNumber(deps.db, req.params.id);
      const file = id ? await loadCaseFile(deps.db, id) : undefined;
      if (!file || file.sandbox) throw staffRefusal(404, 'not_found');
      await auditOf(deps, req)('contract.read', {
        applicationId: file.applicationId,
        contractNumber: file.contract?.contractNumber ?? file.decisions[0]?.number ?? null,
      });
      return file;
    },
  );

  api.post(
    '/api/staff/cases/:number/decision',
    route({
      summary: 'Decide a pending application (accept or decline) with a reason',
      staff: 'cases.decide',
      params: numberParams,
      body: decisionBody,
      answers: {
        200: answer(processed, 'Decided; the tenant has the e-mail'),
        400: refusals(['invalid_input', 'reason_required'], 'no verdict, or no reason'),
        409: refusals(['not_pending'], 'the application is not pending'),
        503: emptyAnswer('The decision processing does not run on this instance'),
      },
    }),
    async (req, reply) => {
      const { verdict, reason } = req.body;
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
        if (err instanceof StaffDecisionError) throw staffRefusal(409, 'not_pending');
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
      return { number, outcome: result.outcome };
    },
  );

  /** Art. 22 DSGVO: a declined application goes back to "pending" for a person to decide. */
  api.post(
    '/api/staff/cases/:number/review',
    route({
      summary: 'Reopen a declined application for a human decision (Art. 22 DSGVO)',
      staff: 'cases.decide',
      params: numberParams,
      body: reviewBody,
      answers: {
        200: answer(
          z.object({ number: z.string(), outcome: z.literal('pending') }),
          'Pending again; it is in the queue of pending decisions',
        ),
        400: refusals(['reason_required'], 'no reason'),
        409: refusals(['not_declined'], 'the application is not declined'),
      },
    }),
    async (req) => {
      const { reason } = req.body;
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
      if (!moved) throw staffRefusal(409, 'not_declined');
      await auditOf(deps, req)('review.reopen', {
        applicationId: moved,
        contractNumber: req.params.number,
        details: { reason },
      });
      return { number: req.params.number, outcome: 'pending' as const };
    },
  );

  api.get(
    '/api/staff/letters.pdf',
    route({
      summary: 'The next batch of letters to landlords as one print-ready PDF',
      description: `The oldest ${LETTER_BATCH} letters not yet posted, one per page.`,
      staff: 'letters.post',
      answers: {
        200: {
          ...fileAnswer('The letters (inline)'),
          headers: {
            'X-Letter-Ids': {
              description:
                'The ids of the letters in this PDF, comma-separated: what POST /api/staff/letters/posted takes',
            },
          },
        },
      },
    }),
    async (req, reply) => {
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
    },
  );

  api.post(
    '/api/staff/letters/posted',
    route({
      summary: 'Mark the printed letters as posted',
      staff: 'letters.post',
      body: postedBody,
      answers: {
        200: answer(
          z.object({ posted: described(z.number(), 'Letters marked now') }),
          'Marked (letters posted before are left alone)',
        ),
        400: refusals(['invalid_input'], 'no list of letter ids'),
      },
    }),
    async (req) => {
      const posted = await deps.db.orm
        .update(contractLetters)
        .set({ postedAt: now() })
        .where(and(inArray(contractLetters.id, req.body.ids), isNull(contractLetters.postedAt)))
        .returning({ id: contractLetters.id });
      await auditOf(deps, req)('letters.posted', { details: { count: posted.length } });
      return { posted: posted.length };
    },
  );

  api.post(
    '/api/staff/approvals',
    route({
      summary: 'Draft a four-eyes action (another person approves it)',
      staff: 'approvals.draft',
      body: draftBody,
      answers: {
        201: answer(
          z.object({ id: z.string(), state: z.literal('draft') }),
          'Drafted; it waits for a second person',
        ),
        400: refusals(
          ['invalid_input', 'not_found', 'reason_required'],
          'the subject is no id, the kind is unknown, or no reason',
        ),
        404: refusals(['not_found'], 'no such subject'),
        409: refusals(
          ['not_reinstatable', 'nothing_owed'],
          'the subject cannot be drafted for this kind now',
        ),
      },
    }),
    async (req, reply) => {
      const id = await draftApproval(deps.db, currentCaller(req), {
        kind: req.body.kind ?? '',
        subject: req.body.subject,
        reason: req.body.reason ?? '',
        requestId: req.id,
        now: now(),
      });
      return reply.code(201).send({ id, state: 'draft' });
    },
  );

  for (const move of ['approve', 'refuse'] as const) {
    api.post(
      `/api/staff/approvals/:id/${move}`,
      route({
        summary:
          move === 'approve'
            ? "Approve another person's draft; the action is carried out at once"
            : "Refuse another person's draft",
        staff: 'approvals.decide',
        params: idParams,
        body: decideBody,
        answers: {
          200: answer(
            z.object({ id: z.string(), state: z.enum(approvalStates) }),
            'done (approved and carried out) or refused',
          ),
          403: refusals(
            ['own_draft', 'forbidden_role', 'forbidden_origin'],
            'the drafter cannot decide their own draft (four eyes); or the guard refused',
          ),
          404: refusals(['not_found'], 'no such draft'),
          409: refusals(
            ['not_draft', 'not_reinstatable', 'nothing_owed', 'not_found'],
            'no longer open, or the action cannot be carried out any more',
          ),
        },
      }),
      async (req) => {
        if (!uuidPattern.test(req.params.id)) throw staffRefusal(404, 'not_found');
        const state = await decideApproval(deps.db, currentCaller(req), {
          id: req.params.id,
          move,
          note: req.body.note ?? '',
          requestId: req.id,
          now: now(),
        });
        return { id: req.params.id, state };
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
