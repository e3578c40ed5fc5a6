import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import * as z from 'zod/mini';
import { contractTexts } from '../../domain/index';
import { bodyText, edgeMeta, edgeObject, pathParam, queryText, type EdgeTypes } from '../http/edge';
import { ContractError } from '../contracts/contractError';
import { sessionExpired, tooManyRequests } from '../contracts/answers';
import { ContractSessions } from '../contracts/sessions';
import { errorAnswer } from '../http/answers';
import { cookieOf } from '../http/cookies';
import { route } from '../http/route';
import {
  answered,
  claimFieldErrors,
  claimsView,
  filed,
  landlordView,
  linkSent,
  lockedOrTooMany,
  unknownToken,
} from './answers';
import { ClaimService, type ClaimServiceDeps } from './service';

// The contract page's session cookie (src/server/contracts/routes.ts; Path=/api/contracts, so the
// tenant's claim routes live under /api/contracts/me/claims).
const SESSION_COOKIE = 'mk_contract';

const tokenParams = edgeObject({ token: pathParam({ description: 'Verification token' }) });
const linkQuery = edgeObject({
  link: queryText({ description: "The landlord's link from our e-mail (optional)" }),
});
const filingBody = edgeObject({
  code: bodyText({ description: 'Release code of our letter to the landlord' }),
  link: bodyText({ description: "The landlord's link from our e-mail (instead of the code)" }),
  items: z.optional(z.array(z.unknown())).register(edgeMeta, {
    description:
      'Claim items: {kind: rent_arrears, months: [{month, amount}]} | {kind: utility_costs, period, monthlyPrepayment, amount, settlementPending} | {kind: damage, description, amount, handoverProtocol}',
  }),
  iban: bodyText({ description: "The landlord's IBAN for the payout" }),
  accountHolder: bodyText({ description: 'Account holder' }),
  email: bodyText({ description: "The landlord's e-mail address" }),
  declaration: z.optional(z.boolean()).register(edgeMeta, {
    description: 'The landlord declares the claim due',
  }),
});
const linkBody = edgeObject({
  email: bodyText({ description: 'The address given with an earlier claim' }),
});
const claimParams = edgeObject({ claimId: pathParam({ description: 'Claim id' }) });
const answerBody = edgeObject({
  itemId: bodyText({ description: 'The item answered' }),
  answer: bodyText({ description: 'accept, object or counter' }),
  reason: bodyText({ description: 'Required with object; optional with counter' }),
  counterAmount: bodyText({ description: 'The lower amount proposed, e.g. 300,00 (counter)' }),
});

/**
 * Claims (issue 26): the landlord's part on the verification page (no account; the release code
 * or our link) and the tenant's answers on the contract page (its session). Refusals are thrown
 * (ContractError, HttpErrors) and answered by the one error handler (http/errors.ts).
 */
export function registerClaimRoutes(
  root: FastifyInstance,
  deps: ClaimServiceDeps,
  opts: { writeLimit: object },
): ClaimService {
  const service = new ClaimService(deps);
  const app = root.withTypeProvider<EdgeTypes>();
  const rateLimit = opts.writeLimit;
  const noStore = (reply: FastifyReply) => reply.header('cache-control', 'no-store');
  const sessions = new ContractSessions(deps.db, deps.clock, deps.serverSecret);
  /** The contract of the page's session; 401 session_expired without one. */
  const session = async (req: FastifyRequest): Promise<string> => {
    const id = await sessions.contractOf(cookieOf(req, SESSION_COOKIE));
    if (!id) throw new ContractError(401, 'session_expired', contractTexts.errors.sessionExpired);
    return id;
  };

  app.get(
    '/api/claims/verification/:token',
    route({
      summary: "The guarantee's remaining amount for the landlord's verification page",
      params: tokenParams,
      querystring: linkQuery,
      answers: { 200: landlordView, 404: unknownToken },
    }),
    async (req, reply) => {
      noStore(reply);
      const v = await service.landlordView(req.params.token, req.query.link);
      if (!v) throw new ContractError(404, 'unknown', contractTexts.errors.unknownToken);
      return reply.send(v);
    },
  );

  app.post(
    '/api/claims/verification/:token',
    route({
      summary:
        'The landlord files a claim (rent arrears, utility costs, damage) with the release code of our letter or our link; the tenant is told at once and has 14 days to answer each item',
      rateLimit,
      params: tokenParams,
      body: filingBody,
      answers: {
        201: filed,
        400: claimFieldErrors,
        404: unknownToken,
        409: errorAnswer('not_in_force: the guarantee has ended'),
        429: lockedOrTooMany,
      },
    }),
    async (req, reply) => {
      noStore(reply);
      return reply.code(201).send(await service.file(req.params.token, req.body, req.ip));
    },
  );

  app.post(
    '/api/claims/verification/:token/link',
    route({
      summary:
        "Sends the landlord's link to the address of an earlier claim (same answer for any address)",
      rateLimit,
      params: tokenParams,
      body: linkBody,
      answers: {
        202: linkSent,
        400: errorAnswer('required: email'),
        404: unknownToken,
        429: tooManyRequests,
      },
    }),
    async (req, reply) => {
      noStore(reply);
      return reply.code(202).send(await service.requestLink(req.params.token, req.body.email));
    },
  );

  app.get(
    '/api/contracts/me/claims',
    route({
      summary: "The contract's claims with items, answers and the days left to answer",
      contractSession: true,
      answers: { 200: claimsView, 401: sessionExpired },
    }),
    async (req, reply) => {
      noStore(reply);
      return reply.send(await service.tenantView(await session(req)));
    },
  );

  app.post(
    '/api/contracts/me/claims/:claimId/answers',
    route({
      summary:
        "The tenant's answer to one item within 14 days: accept, object (reason) or counter (lower amount); free of charge",
      contractSession: true,
      rateLimit,
      params: claimParams,
      body: answerBody,
      answers: {
        200: answered,
        400: errorAnswer('Field errors (items.N.answer, items.N.reason, items.N.counterAmount)'),
        401: sessionExpired,
        404: errorAnswer('unknown_claim'),
        409: errorAnswer('period_over, already_answered'),
        429: tooManyRequests,
      },
    }),
    async (req, reply) => {
      noStore(reply);
      const id = await session(req);
      return reply.send(await service.answer(id, req.params.claimId, req.body));
    },
  );
  return service;
}
