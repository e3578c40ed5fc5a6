import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import * as z from 'zod/mini';
import { contractTexts } from '../../domain/index';
import { bodyText, edgeMeta, edgeObject, pathParam, queryText, type EdgeTypes } from '../http/edge';
import { ContractError } from '../contracts/contractError';
import { ContractSessions } from '../contracts/sessions';
import { ClaimFieldErrors, ClaimService, type ClaimServiceDeps } from './service';

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

function cookieOf(req: FastifyRequest, name: string): string | undefined {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const i = part.indexOf('=');
    if (i > 0 && part.slice(0, i).trim() === name)
      return decodeURIComponent(part.slice(i + 1).trim());
  }
  return undefined;
}

function sendErrors(reply: FastifyReply, errors: ContractError[]) {
  return reply.code(errors[0]?.status ?? 400).send({
    errors: errors.map((e) => ({
      code: e.code,
      message: e.message,
      ...(e.field ? { field: e.field } : {}),
    })),
  });
}

function handle(reply: FastifyReply, err: unknown) {
  if (err instanceof ClaimFieldErrors) return sendErrors(reply, err.errors);
  if (err instanceof ContractError) return sendErrors(reply, [err]);
  throw err;
}

/**
 * Claims (issue 26): the landlord's part on the verification page (no account; the release code
 * or our link) and the tenant's answers on the contract page (its session).
 */
export function registerClaimRoutes(
  root: FastifyInstance,
  deps: ClaimServiceDeps,
  opts: { writeLimit: object },
): ClaimService {
  const service = new ClaimService(deps);
  const app = root.withTypeProvider<EdgeTypes>();
  const write = { config: { rateLimit: opts.writeLimit } };
  const noStore = (reply: FastifyReply) => reply.header('cache-control', 'no-store');
  const sessions = new ContractSessions(deps.db, deps.clock, deps.serverSecret);
  const session = async (req: FastifyRequest, reply: FastifyReply) => {
    const id = await sessions.contractOf(cookieOf(req, SESSION_COOKIE));
    if (!id)
      void sendErrors(reply, [
        new ContractError(401, 'session_expired', contractTexts.errors.sessionExpired),
      ]);
    return id;
  };

  app.get(
    '/api/claims/verification/:token',
    { schema: { params: tokenParams, querystring: linkQuery } },
    async (req, reply) => {
      noStore(reply);
      const v = await service.landlordView(req.params.token, req.query.link);
      if (!v)
        return sendErrors(reply, [
          new ContractError(404, 'unknown', contractTexts.errors.unknownToken),
        ]);
      return reply.send(v);
    },
  );

  app.post(
    '/api/claims/verification/:token',
    { ...write, schema: { params: tokenParams, body: filingBody } },
    async (req, reply) => {
      noStore(reply);
      try {
        return reply.code(201).send(await service.file(req.params.token, req.body, req.ip));
      } catch (err) {
        return handle(reply, err);
      }
    },
  );

  app.post(
    '/api/claims/verification/:token/link',
    { ...write, schema: { params: tokenParams, body: linkBody } },
    async (req, reply) => {
      noStore(reply);
      try {
        return reply.code(202).send(await service.requestLink(req.params.token, req.body.email));
      } catch (err) {
        return handle(reply, err);
      }
    },
  );

  app.get('/api/contracts/me/claims', async (req, reply) => {
    noStore(reply);
    const id = await session(req, reply);
    if (!id) return reply;
    return reply.send(await service.tenantView(id));
  });

  app.post(
    '/api/contracts/me/claims/:claimId/answers',
    { ...write, schema: { params: claimParams, body: answerBody } },
    async (req, reply) => {
      noStore(reply);
      const id = await session(req, reply);
      if (!id) return reply;
      try {
        return reply.send(await service.answer(id, req.params.claimId, req.body));
      } catch (err) {
        return handle(reply, err);
      }
    },
  );
  return service;
}
