import type { FastifyInstance } from 'fastify';
import * as z from 'zod/mini';
import { and, count, eq, inArray, ne } from 'drizzle-orm';
import { awaitsDecision, type ClaimItemKind } from '../../domain/claims/index';
import { PROPOSAL_MAX, readReviewDecision, staffDecisions } from '../../domain/claims/review';
import { claimTexts } from '../../domain/messages/claims';
import { claimReviewMessages } from '../../domain/messages/claimReview';
import { formatCents } from '../../domain/index';
import { claimItems, claimPayouts, claims, contracts, applications } from '../db/schema/index';
import { claimCounts, claimQueue, staffClaimView } from '../../domain/staff/claimAnswers';
import { answer, errorAnswer } from '../http/answers';
import { bodyText, edgeMeta, edgeObject, pathParam, type EdgeTypes } from '../http/edge';
import { HttpError, HttpErrors } from '../http/errors';
import { route } from '../http/route';
import { greeting, render } from '../mail/templates';
import { MoneyError } from '../money/batches';
import type { MoneyDeps } from '../money/deps';
import { approvePayout, draftPayoutBatch, markPayoutPaid, requestPayouts } from '../money/payouts';
import { factsOf } from '../processing/facts';
import { formModelOf } from '../services/storedModel';
import { claimReviewMailTexts as mt } from '../texts/claimReview';
import {
  ClaimStateError,
  closeItem,
  decideItem,
  loadClaim,
  type ClaimWithItems,
} from '../claims/store';
import { staffActor } from './audit';
import { auditOf, type StaffDeps } from './context';
import { currentCaller } from './guard';
import { pageQuery, pageSize } from './keyset';
import { keyset } from '../db/keyset';
import { evidenceLink, listEvidence } from '../evidence/index';
import type { EvidenceOwner } from '../../domain/evidence/rules';

/** Staff links to evidence expire soon (ADR 1250): long enough to open the files while reviewing. */
const STAFF_LINK_MINUTES = 15;

/** One owner's evidence files with short-lived staff links (the landlord's claim, an answer). */
async function staffFilesOf(deps: StaffDeps, owner: EvidenceOwner) {
  const ev = {
    db: deps.db,
    clock: deps.clock,
    serverSecret: deps.config.serverSecret,
    settings: deps.config.evidence,
  };
  return (await listEvidence(ev, owner)).map((f) => {
    const link = evidenceLink(ev, f.id, 'staff', { minutes: STAFF_LINK_MINUTES });
    return {
      id: f.id,
      fileName: f.fileName,
      mime: f.mime,
      size: f.size,
      url: link.url,
      expiresAt: link.expiresAt.toISOString(),
    };
  });
}

const unknownClaim = () => new HttpError(404, 'not_found', claimTexts.errors.unknownClaim);
/** A refusal of the money module (payouts) with its own code and German sentence. */
const moneyRefusal = (err: MoneyError) => new HttpError(err.status, err.code, err.message);

const claimParams = edgeObject({ id: pathParam({ description: 'Claim id' }) });
const itemParams = edgeObject({
  id: pathParam({ description: 'Claim id' }),
  itemId: pathParam({ description: 'Claim item id' }),
});
const payoutParams = edgeObject({ id: pathParam({ description: 'Payout id' }) });
const decisionBody = edgeObject({
  decision: bodyText({ description: staffDecisions.join(', ') }),
  amount: bodyText({ description: 'Euros paid for partly_granted, e.g. 450,00' }),
  reason: bodyText({ description: 'Reason both parties read' }),
});
const proposalBody = edgeObject({
  text: z
    .pipe(
      z.pipe(
        z.optional(z.string()),
        z.transform((v) => (v ?? '').trim()),
      ),
      z.string().check(z.minLength(1), z.maxLength(PROPOSAL_MAX)),
    )
    .register(edgeMeta, {
      description: `The settlement proposal both parties receive (at most ${PROPOSAL_MAX} characters)`,
      code: 'reason_required',
      message: claimReviewMessages.reason_required,
      field: 'text',
    }),
});
const ok = answer(z.object({ ok: z.literal(true) }), 'Done');
const notFound = errorAnswer('not_found: no such claim (or item)');
const payoutNotFound = errorAnswer('not_found: no such payout');

/** The tenant's facts for a claim's e-mails (salutation, address, contract number). */
async function partiesOf(deps: StaffDeps, applicationId: string) {
  const [row] = await deps.db.orm
    .select({ app: applications, c: contracts })
    .from(contracts)
    .innerJoin(applications, eq(applications.id, contracts.applicationId))
    .where(eq(contracts.applicationId, applicationId));
  const f = factsOf(formModelOf(row!.app));
  const t = f.tenants[0];
  return {
    contractNumber: row!.c.contractNumber,
    tenantEmail: f.email,
    salutation: { gender: t?.gender, firstName: t?.firstName, lastName: t?.lastName },
  };
}

/** The decision e-mail to both parties; the tenant's says what a payout means for them. */
async function mailDecision(deps: StaffDeps, c: ClaimWithItems, itemId: string) {
  const p = await partiesOf(deps, c.claim.applicationId);
  const item = c.items.find((i) => i.id === itemId)!;
  const d = mt.decision;
  const cents = item.decidedCents ?? 0;
  const body = [
    { p: d.intro(c.claim.reference, p.contractNumber) },
    {
      list: [
        d.line(
          item.position,
          claimTexts.kindLabels[item.kind as ClaimItemKind],
          formatCents(item.claimedCents),
          formatCents(cents),
          d.labels[item.decision!],
        ),
      ],
    },
    { p: d.reason(item.position, item.decisionReason ?? '') },
    { p: cents > 0 ? d.paidToLandlord(formatCents(cents)) : d.nothingPaid },
  ];
  const key = `claim-decision.${item.id}`;
  if (p.tenantEmail)
    await deps.mailer.send({
      to: p.tenantEmail,
      key: `${key}.tenant`,
      ...render(d.subject(c.claim.reference), [
        { p: greeting(p.salutation) },
        ...body,
        ...(cents > 0
          ? [
              { p: mt.tenantMeaning.firstDemand },
              { p: mt.tenantMeaning.owe },
              { p: mt.tenantMeaning.reclaim },
            ]
          : []),
      ]),
    });
  await deps.mailer.send({
    to: c.claim.landlordEmail,
    key: `${key}.landlord`,
    ...render(d.subject(c.claim.reference), [
      { p: greeting({}) },
      ...body,
      { p: mt.landlord.next },
    ]),
  });
}

/** What the back office shows of one claim: items, answers, decisions and payouts. */
async function claimView(deps: StaffDeps, c: ClaimWithItems) {
  const p = await partiesOf(deps, c.claim.applicationId);
  const payouts = await deps.db.orm
    .select()
    .from(claimPayouts)
    .where(eq(claimPayouts.claimId, c.claim.id));
  const answerFiles = new Map<string, Awaited<ReturnType<typeof staffFilesOf>>>();
  for (const i of c.items)
    if (i.answer)
      answerFiles.set(i.id, await staffFilesOf(deps, { kind: 'claim_answer', id: i.answer.id }));
  return {
    id: c.claim.id,
    reference: c.claim.reference,
    contractNumber: p.contractNumber,
    state: c.claim.state,
    filedAt: c.claim.filedAt.toISOString(),
    answerDueOn: c.claim.answerDueOn,
    totalClaimedCents: c.claim.totalClaimedCents,
    landlord: { email: c.claim.landlordEmail, accountHolder: c.claim.landlordAccountHolder },
    /** The landlord's evidence (the claim's files). */
    files: await staffFilesOf(deps, { kind: 'claim', id: c.claim.id }),
    items: c.items.map((i) => ({
      id: i.id,
      position: i.position,
      kind: i.kind,
      state: i.state,
      claimedCents: i.claimedCents,
      details: i.details,
      answer: i.answer
        ? {
            answer: i.answer.answer,
            reason: i.answer.reason,
            counterCents: i.answer.counterCents,
            /** The tenant's evidence for this answer. */
            files: answerFiles.get(i.id) ?? [],
          }
        : null,
      decision: i.decision,
      decidedCents: i.decidedCents,
      decisionReason: i.decisionReason,
      awaitsDecision: awaitsDecision(i.state),
      payout:
        payouts
          .filter((x) => x.itemId === i.id)
          .map((x) => ({ id: x.id, status: x.status, amountCents: x.amountCents }))[0] ?? null,
    })),
  };
}

/**
 * The claims review in the back office (issue 26 item 4, ADR 1257): the queue with counts, one
 * claim with both sides' answers, a decision per item with a reason (decided items are paid at
 * once through the payout files), a settlement proposal to both parties, and the payouts' four
 * eyes. Every read of a claim and every change is audited.
 */
export function registerStaffClaimRoutes(root: FastifyInstance, deps: StaffDeps): void {
  const app = root.withTypeProvider<EdgeTypes>();
  const money: MoneyDeps = deps.processing?.money ?? {
    db: deps.db,
    clock: deps.clock,
    log: deps.log,
    mailer: deps.mailer,
    config: deps.config,
  };
  const orm = deps.db.orm;

  app.get(
    '/api/staff/claims/overview',
    route({
      summary: "The claims review's counts",
      staff: 'claims.read',
      answers: { 200: answer(claimCounts, 'Counts') },
    }),
    async () => {
      const [decide] = await orm
        .select({ n: count() })
        .from(claimItems)
        .where(inArray(claimItems.state, ['accepted', 'objected', 'countered', 'expired']));
      const [approve] = await orm
        .select({ n: count() })
        .from(claimPayouts)
        .where(eq(claimPayouts.status, 'awaiting_approval'));
      const [open] = await orm
        .select({ n: count() })
        .from(claims)
        .where(ne(claims.state, 'closed'));
      return {
        itemsToDecide: Number(decide?.n ?? 0),
        payoutsToApprove: Number(approve?.n ?? 0),
        openClaims: Number(open?.n ?? 0),
      };
    },
  );

  app.get(
    '/api/staff/claims',
    route({
      summary:
        'Open claims, oldest first, a page at a time, with the count of items to decide (audited)',
      staff: 'claims.read',
      querystring: pageQuery,
      answers: { 200: answer(claimQueue, 'One page of the queue') },
    }),
    async (req) => {
      // Oldest first (keyset, ADR 1271): a claim's deadlines run from its filing.
      const size = pageSize(req.query.limit);
      const k = keyset(claims.filedAt, claims.id, 'asc', req.query.after, size);
      const found = await orm
        .select({ claim: claims, number: contracts.contractNumber })
        .from(claims)
        .innerJoin(contracts, eq(contracts.applicationId, claims.applicationId))
        .where(and(ne(claims.state, 'closed'), k.after))
        .orderBy(...k.orderBy)
        .limit(k.limit);
      const { page: rows, next } = k.page(found, (r) => ({
        at: r.claim.filedAt,
        id: r.claim.id,
      }));
      const items = await orm
        .select()
        .from(claimItems)
        .where(
          inArray(
            claimItems.claimId,
            rows.length ? rows.map((r) => r.claim.id) : ['00000000-0000-0000-0000-000000000000'],
          ),
        );
      const list = rows.map(({ claim, number }) => ({
        id: claim.id,
        reference: claim.reference,
        contractNumber: number,
        state: claim.state,
        filedAt: claim.filedAt,
        totalClaimedCents: claim.totalClaimedCents,
        toDecide: items.filter((i) => i.claimId === claim.id && awaitsDecision(i.state)).length,
      }));
      await auditOf(deps, req)('claims.queue.read', { details: { count: list.length } });
      return { items: list.map((r) => ({ ...r, filedAt: r.filedAt.toISOString() })), next };
    },
  );

  app.get(
    '/api/staff/claims/:id',
    route({
      summary:
        "One claim with both sides' answers, evidence links, decisions and payouts (audited)",
      staff: 'claims.read',
      params: claimParams,
      answers: {
        200: answer(staffClaimView, 'The claim; evidence links expire after 15 minutes'),
        404: notFound,
      },
    }),
    async (req) => {
      const c = await loadClaim(orm, req.params.id);
      if (!c) throw unknownClaim();
      const view = await claimView(deps, c);
      await auditOf(deps, req)('claims.read', {
        applicationId: c.claim.applicationId,
        contractNumber: view.contractNumber,
        // The links handed out are part of the read (ADR 1250: staff audit their evidence links).
        details: {
          claimId: c.claim.id,
          evidenceLinks:
            view.files.length + view.items.reduce((n, i) => n + (i.answer?.files.length ?? 0), 0),
        },
      });
      return view;
    },
  );

  app.post(
    '/api/staff/claims/:id/items/:itemId/decision',
    route({
      summary: 'Decide one item with a reason; a decided amount is paid at once',
      staff: 'claims.decide',
      params: itemParams,
      body: decisionBody,
      answers: {
        200: answer(staffClaimView, 'Decided; both parties have the e-mail'),
        400: errorAnswer(
          'decision_required, amount_required, amount_invalid, amount_not_partial, reason_required, reason_too_long: field errors (each names its field: decision, amount, reason)',
        ),
        404: notFound,
        409: errorAnswer(
          "not_awaiting_decision and the store's codes (not_possible, above_guarantee …): the item awaits no decision (field: item)",
        ),
      },
    }),
    async (req) => {
      const c = await loadClaim(orm, req.params.id);
      const item = c?.items.find((i) => i.id === req.params.itemId);
      if (!c || !item) throw unknownClaim();
      const read = readReviewDecision(item, req.body);
      if (read.errors) {
        const status = read.errors.item ? 409 : 400;
        throw new HttpErrors(
          Object.entries(read.errors).map(
            ([field, code]) => new HttpError(status, code, claimReviewMessages[code], field),
          ),
        );
      }
      const caller = currentCaller(req);
      const now = deps.clock.now();
      try {
        await deps.db.transaction(async (tx) => {
          await decideItem(
            tx,
            { at: now, actor: staffActor(caller.displayName) },
            {
              itemId: item.id,
              decision: read.decision,
              decidedCents: read.decidedCents,
              reason: read.reason,
              decidedBy: caller.id,
            },
          );
          // A decision of 0 € pays nothing: the item is closed at once, so the claim can reach
          // 'paid' and dunning, paused while the claim is open, resumes (ADR 1280).
          if (read.decidedCents === 0)
            await closeItem(
              tx,
              { at: now, actor: staffActor(caller.displayName) },
              { itemId: item.id },
            );
          // Decided items are paid at once; above the limit a second person approves first.
          await requestPayouts(
            tx,
            deps.config.sepa.claimPayoutFourEyesCents,
            (await loadClaim(tx, c.claim.id))!,
            caller.id,
            now,
          );
        });
      } catch (err) {
        if (err instanceof ClaimStateError)
          throw new HttpError(409, err.code, claimReviewMessages.not_awaiting_decision, 'item');
        throw err;
      }
      await draftPayoutBatch(money, now);
      await auditOf(deps, req)('claims.item.decide', {
        applicationId: c.claim.applicationId,
        details: {
          claimId: c.claim.id,
          itemId: item.id,
          decision: read.decision,
          cents: read.decidedCents,
        },
      });
      const fresh = (await loadClaim(orm, c.claim.id))!;
      await mailDecision(deps, fresh, item.id);
      return claimView(deps, fresh);
    },
  );

  app.post(
    '/api/staff/claims/:id/proposal',
    route({
      summary: 'Send a settlement proposal to both parties by e-mail',
      staff: 'claims.decide',
      params: claimParams,
      body: proposalBody,
      answers: {
        200: ok,
        400: errorAnswer(
          `reason_required: no text, or more than ${PROPOSAL_MAX} characters (field: text)`,
        ),
        404: notFound,
      },
    }),
    async (req) => {
      const c = await loadClaim(orm, req.params.id);
      if (!c) throw unknownClaim();
      const text = req.body.text;
      const p = await partiesOf(deps, c.claim.applicationId);
      const now = deps.clock.now();
      const blocks = (hello: ReturnType<typeof greeting>) => [
        { p: hello },
        { p: mt.proposal.intro(c.claim.reference) },
        { p: text },
        { p: mt.proposal.answer },
      ];
      const key = `claim-proposal.${c.claim.id}.${now.getTime()}`;
      if (p.tenantEmail)
        await deps.mailer.send({
          to: p.tenantEmail,
          key: `${key}.tenant`,
          ...render(mt.proposal.subject(c.claim.reference), blocks(greeting(p.salutation))),
        });
      await deps.mailer.send({
        to: c.claim.landlordEmail,
        key: `${key}.landlord`,
        ...render(mt.proposal.subject(c.claim.reference), blocks(greeting({}))),
      });
      await auditOf(deps, req)('claims.proposal', {
        applicationId: c.claim.applicationId,
        details: { claimId: c.claim.id, length: text.length },
      });
      return { ok: true as const };
    },
  );

  app.post(
    '/api/staff/claims/payouts/:id/approve',
    route({
      summary: 'Approve a payout above the four-eyes limit (never the one who asked for it)',
      staff: 'money.approve',
      params: payoutParams,
      answers: {
        200: ok,
        403: errorAnswer(
          "four_eyes: the one who asked for the payout cannot approve it; or the guard's forbidden_role, forbidden_origin",
        ),
        404: payoutNotFound,
        409: errorAnswer('not_awaiting: the payout awaits no approval'),
      },
    }),
    async (req) => {
      const id = req.params.id;
      try {
        const p = await approvePayout(money, id, currentCaller(req).id);
        await auditOf(deps, req)('claims.payout.approve', {
          applicationId: p.applicationId,
          details: { payoutId: id, cents: p.amountCents },
        });
      } catch (err) {
        if (!(err instanceof MoneyError)) throw err;
        if (err.code === 'four_eyes')
          await auditOf(deps, req)('claims.payout.approve_refused', { details: { payoutId: id } });
        throw moneyRefusal(err);
      }
      await draftPayoutBatch(money);
      return { ok: true as const };
    },
  );

  app.post(
    '/api/staff/claims/payouts/:id/paid',
    route({
      summary: 'Record that a sent payout was paid (seen on the bank statement)',
      staff: 'money.approve',
      params: payoutParams,
      answers: {
        200: ok,
        404: payoutNotFound,
        409: errorAnswer('not_sent: the payout has not been sent'),
      },
    }),
    async (req) => {
      const caller = currentCaller(req);
      try {
        await markPayoutPaid(money, req.params.id, { id: caller.id, name: caller.displayName });
      } catch (err) {
        if (!(err instanceof MoneyError)) throw err;
        throw moneyRefusal(err);
      }
      await auditOf(deps, req)('claims.payout.paid', { details: { payoutId: req.params.id } });
      return { ok: true as const };
    },
  );
}
