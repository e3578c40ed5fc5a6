import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { readWithdrawalLinkToken } from './credentials';
import { ContractSessions } from './sessions';
import {
  checkIdentification,
  ContractError,
  ContractFieldErrors,
  ContractService,
  type ContractServiceDeps,
} from './service';
import { AfterReply } from './afterReply';
import { ContractRequests } from './requests';
import { Guard } from './guard';
import { contractTexts, formatDateTime, type WithdrawalMoney } from '../../domain/index';
import { withdrawalMoneySentences } from '../../domain/messages/withdrawalMoney';
import { apiMessages } from '../texts/api';
import * as z from 'zod/mini';
import { bodyText, edgeMeta, edgeObject, pathParam, queryText, type EdgeTypes } from '../http/edge';
import type { TenantMoney } from '../money/selfService';
import { instalmentTexts } from '../../domain/messages/payments';

const yearParams = edgeObject({
  year: z
    .string()
    .check(z.regex(/^20\d\d$/))
    .register(edgeMeta, {
      description: 'Calendar year, e.g. 2026',
      code: 'invalid_year',
      message: 'Bitte geben Sie ein Kalenderjahr an, zum Beispiel 2026.',
    }),
});
const instalmentBody = edgeObject({
  count: z.enum(['3', '6', '12']).register(edgeMeta, {
    description: 'Number of monthly instalments: 3, 6 or 12',
    code: 'count',
    message: instalmentTexts.errors.count,
  }),
  iban: bodyText({ description: 'A new IBAN (a new mandate); empty: the current mandate' }),
});
const disputeBody = edgeObject({
  reason: bodyText({ description: 'What the tenant considers wrong (at most 1,000 characters)' }),
});

/** Withdrawn: whether it applied and, when it did, what happens to the money (one catalogue). */
const appliedAnswer = (r: { applied: boolean; money?: WithdrawalMoney | undefined }) =>
  r.money
    ? { applied: r.applied, money: withdrawalMoneySentences(r.money) }
    : { applied: r.applied };

const SESSION_COOKIE = 'mk_contract';

type Body = Record<string, unknown>;

// The values of the after-sale calls (ADR 0309): their form here, their German field errors in the
// contract service (a wrong number or address is a field error, not a bad request).
const link = bodyText({ description: 'Withdrawal link token from the e-mail' });
const identification = {
  contractNumber: bodyText({ description: 'Contract number MK-JJJJ-NNNNNN' }),
  email: bodyText({ description: "The tenant's e-mail address" }),
  confirmationEmail: bodyText({
    description: 'Ignored (ADR 1116): confirmations go to the address stored with the contract',
  }),
};
const withdrawalLinkQuery = edgeObject({
  link: queryText({ description: 'Withdrawal link token' }),
});
const withdrawalBody = edgeObject({ link, ...identification });
const accessBody = edgeObject(identification);
const sessionBody = edgeObject({ token: bodyText({ description: 'Token of the magic link' }) });
const confirmBody = edgeObject({
  token: bodyText({ description: 'Token of the confirmation link sent to the stored address' }),
});
const confirmQuery = edgeObject({
  token: queryText({ description: 'Token of the confirmation link' }),
});
const documentParams = edgeObject({ kind: pathParam({ description: 'Document kind' }) });
const ibanBody = edgeObject({ iban: bodyText({ description: 'New IBAN' }) });
const addressBody = edgeObject({
  street: bodyText({ description: 'Straße' }),
  number: bodyText({ description: 'Hausnummer' }),
  zip: bodyText({ description: 'PLZ' }),
  city: bodyText({ description: 'Ort' }),
});
const tokenParams = edgeObject({ token: pathParam({ description: 'Verification token' }) });
const releaseBody = edgeObject({
  code: bodyText({ description: 'Release code of the certificate' }),
});

function sendErrors(reply: FastifyReply, errors: ContractError[]) {
  const status = errors[0]?.status ?? 400;
  return reply.code(status).send({
    errors: errors.map((e) => ({
      code: e.code,
      message: e.message,
      ...(e.field ? { field: e.field } : {}),
    })),
  });
}

function handle(reply: FastifyReply, err: unknown) {
  if (err instanceof ContractFieldErrors) return sendErrors(reply, err.errors);
  if (err instanceof ContractError) return sendErrors(reply, [err]);
  throw err;
}

function cookieOf(req: FastifyRequest, name: string): string | undefined {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const i = part.indexOf('=');
    if (i > 0 && part.slice(0, i).trim() === name)
      return decodeURIComponent(part.slice(i + 1).trim());
  }
  return undefined;
}

/**
 * The after-sale API under /api/contracts (issue 12): withdrawal without login, the magic link
 * and the contract page's session, the landlord's verification and release.
 */
export function registerContractRoutes(
  root: FastifyInstance,
  deps: ContractServiceDeps,
  opts: {
    writeLimit: object;
    requestsPerClient: number;
    mailsPerAddress: number;
    /** The session's payments (src/server/money, issue 25). */
    payments?: (applicationId: string) => Promise<unknown>;
    /** Instalments and disputes in self-service (src/server/money/selfService.ts, ADR 1228). */
    money?: TenantMoney;
    /** "Beitragsbescheinigung {Jahr}" of the session's contract (ADR 1231). */
    statement?: (
      applicationId: string,
      year: number,
    ) => Promise<{ filename: string; pdf: Buffer } | undefined>;
  },
): void {
  const afterReply = new AfterReply(deps.log);
  root.addHook('onClose', () => afterReply.idle());
  const service = new ContractService(deps);
  const requests = new ContractRequests({
    ...deps,
    guard: new Guard(deps.db, deps.clock, deps.serverSecret),
    requestsPerClient: opts.requestsPerClient,
    mailsPerAddress: opts.mailsPerAddress,
  });
  const { serverSecret } = deps;
  const received = (at: Date) => ({
    receivedAt: at.toISOString(),
    receivedAtText: formatDateTime(at),
  });
  const app = root.withTypeProvider<EdgeTypes>();
  const write = { config: { rateLimit: opts.writeLimit } };
  const noStore = (reply: FastifyReply) => reply.header('cache-control', 'no-store');

  const sessions = new ContractSessions(deps.db, deps.clock, serverSecret);
  const session = async (req: FastifyRequest, reply: FastifyReply) => {
    const id = await sessions.contractOf(cookieOf(req, SESSION_COOKIE));
    if (!id) {
      void sendErrors(reply, [
        new ContractError(401, 'session_expired', contractTexts.errors.sessionExpired),
      ]);
    }
    return id;
  };

  // Withdrawal function (no login)
  app.get(
    '/api/contracts/withdrawal-link',
    { schema: { querystring: withdrawalLinkQuery } },
    async (req, reply) => {
      noStore(reply);
      const token = req.query.link ?? '';
      const found = await service.withdrawalLink(token);
      if (!found)
        return sendErrors(reply, [
          new ContractError(404, 'invalid_link', contractTexts.errors.withdrawalLinkInvalid),
        ]);
      return reply.send(found);
    },
  );

  // Number and address alone change nothing: the statement is recorded with its time of receipt
  // and a link to confirm it goes to the stored address (ADR 1116). The signed link of a contract
  // e-mail identifies the tenant and withdraws at once.
  app.post(
    '/api/contracts/withdrawal',
    { ...write, schema: { body: withdrawalBody } },
    async (req, reply) => {
      noStore(reply);
      const body = req.body;
      try {
        if (body.link) {
          const applicationId = readWithdrawalLinkToken(serverSecret, body.link);
          if (!applicationId || !(await service.withdrawalLink(body.link)))
            throw new ContractError(
              404,
              'invalid_link',
              contractTexts.errors.withdrawalLinkInvalid,
            );
          const r = await service.withdraw({ applicationId, actor: 'tenant' });
          return reply.send({ ...received(r.receivedAt), next: 'done', ...appliedAnswer(r) });
        }
        const id = checkIdentification(body);
        if (id.errors.length) return sendErrors(reply, id.errors);
        const r = await requests.declareWithdrawal(
          id.number,
          id.email,
          req.ip,
          afterReply.after(reply.raw),
        );
        return reply.send({ ...received(r.receivedAt), next: 'confirm_by_email' });
      } catch (err) {
        return handle(reply, err);
      }
    },
  );

  app.get(
    '/api/contracts/withdrawal/statement',
    { schema: { querystring: confirmQuery } },
    async (req, reply) => {
      noStore(reply);
      const st = await requests.withdrawalStatement(req.query.token ?? '');
      if (!st)
        return sendErrors(reply, [
          new ContractError(404, 'link_expired', contractTexts.errors.confirmLinkExpired),
        ]);
      return reply.send({ contractNumber: st.contractNumber, ...received(st.receivedAt) });
    },
  );

  app.post(
    '/api/contracts/withdrawal/confirm',
    { ...write, schema: { body: confirmBody } },
    async (req, reply) => {
      noStore(reply);
      const st = await requests.redeemWithdrawal(req.body.token ?? '');
      if (!st)
        return sendErrors(reply, [
          new ContractError(404, 'link_expired', contractTexts.errors.confirmLinkExpired),
        ]);
      const r = await service.withdraw({ ...st, actor: 'tenant' });
      return reply.send({ ...received(r.receivedAt), next: 'done', ...appliedAnswer(r) });
    },
  );

  // Magic link and session
  app.post(
    '/api/contracts/access',
    { ...write, schema: { body: accessBody } },
    async (req, reply) => {
      noStore(reply);
      const id = checkIdentification(req.body);
      if (id.errors.length) return sendErrors(reply, id.errors);
      try {
        await requests.requestAccess(id.number, id.email, req.ip, afterReply.after(reply.raw));
      } catch (err) {
        return handle(reply, err);
      }
      return reply.code(202).send({ sent: true });
    },
  );

  app.post(
    '/api/contracts/session',
    { ...write, schema: { body: sessionBody } },
    async (req, reply) => {
      noStore(reply);
      const token = req.body.token ?? '';
      try {
        const id = await requests.redeemAccess(token);
        if (!id) throw new ContractError(401, 'link_expired', contractTexts.errors.linkExpired);
        const s = service.sessionFor(id);
        const secure = req.protocol === 'https' ? '; Secure' : '';
        reply.header(
          'set-cookie',
          `${SESSION_COOKIE}=${encodeURIComponent(s.value)}; Max-Age=${s.maxAgeSeconds}; Path=/api/contracts; HttpOnly; SameSite=Strict${secure}`,
        );
        return reply.send({ ok: true, expiresInSeconds: s.maxAgeSeconds });
      } catch (err) {
        return handle(reply, err);
      }
    },
  );

  // "Abmelden": the session ends on the server too (ADR 1120), not only the cookie in the browser.
  app.delete('/api/contracts/session', async (req, reply) => {
    await sessions.revoke(cookieOf(req, SESSION_COOKIE));
    reply.header(
      'set-cookie',
      `${SESSION_COOKIE}=; Max-Age=0; Path=/api/contracts; HttpOnly; SameSite=Strict`,
    );
    return reply.code(204).send();
  });

  // The contract page
  app.get('/api/contracts/me', async (req, reply) => {
    noStore(reply);
    const id = await session(req, reply);
    if (!id) return reply;
    try {
      return reply.send(await service.view(id));
    } catch (err) {
      return handle(reply, err);
    }
  });

  app.get('/api/contracts/me/payments', async (req, reply) => {
    noStore(reply);
    const id = await session(req, reply);
    if (!id) return reply;
    if (!opts.payments) return reply.code(404).send();
    return reply.send(await opts.payments(id));
  });

  app.get(
    '/api/contracts/me/documents/:kind',
    { schema: { params: documentParams } },
    async (req, reply) => {
      const id = await session(req, reply);
      if (!id) return reply;
      const doc = await service.document(id, req.params.kind);
      if (!doc)
        return reply
          .code(404)
          .send({ errors: [{ code: 'not_found', message: apiMessages.contractDocumentMissing }] });
      reply.header('content-type', 'application/pdf');
      reply.header('content-disposition', `attachment; filename="${doc.filename}"`);
      reply.header('cache-control', 'private, no-store');
      return reply.send(Buffer.from(doc.content));
    },
  );

  /** A change on the contract page: the session's contract, the body as its schema parsed it. */
  const action = <B extends Body>(
    body: z.ZodMiniType<B>,
    fn: (id: string, body: B) => Promise<unknown>,
  ) =>
    ({
      ...write,
      schema: { body },
      handler: async (req: FastifyRequest, reply: FastifyReply) => {
        noStore(reply);
        const id = await session(req, reply);
        if (!id) return reply;
        try {
          return reply.send((await fn(id, (req.body ?? {}) as B)) ?? { ok: true });
        } catch (err) {
          return handle(reply, err);
        }
      },
    }) as const;

  app.put(
    '/api/contracts/me/iban',
    action(ibanBody, (id, b) => service.changeIban(id, b.iban)),
  );
  app.put(
    '/api/contracts/me/address',
    action(addressBody, (id, b) => service.changeAddress(id, b)),
  );
  app.post(
    '/api/contracts/me/cancellation',
    action(edgeObject({}), (id) => service.cancel(id)),
  );
  const statement = opts.statement;
  if (statement)
    app.get(
      '/api/contracts/me/statements/:year',
      { schema: { params: yearParams } },
      async (req, reply) => {
        const id = await session(req, reply);
        if (!id) return reply;
        const year = Number(req.params.year);
        const doc = await statement(id, year);
        if (!doc)
          return reply.code(404).send({
            errors: [{ code: 'not_found', message: apiMessages.contractDocumentMissing }],
          });
        reply.header('content-type', 'application/pdf');
        reply.header('content-disposition', `attachment; filename="${doc.filename}"`);
        reply.header('cache-control', 'private, no-store');
        return reply.send(doc.pdf);
      },
    );

  // Instalments over what is owed (3, 6 or 12) and disputing a debit (ADRs 1228, 1230).
  const money = opts.money;
  if (money) {
    app.get('/api/contracts/me/instalments', async (req, reply) => {
      noStore(reply);
      const id = await session(req, reply);
      if (!id) return reply;
      return reply.send(await money.offer(id));
    });
    app.post(
      '/api/contracts/me/instalments',
      action(instalmentBody, async (id, b) => {
        // A new IBAN makes a new mandate first, exactly as the IBAN change of this page does.
        if (b.iban?.trim()) await service.changeIban(id, b.iban);
        return money.agree(id, Number(b.count));
      }),
    );
    app.post(
      '/api/contracts/me/disputes',
      action(disputeBody, (id, b) => money.dispute(id, b.reason ?? '')),
    );
  }
  app.post(
    '/api/contracts/me/withdrawal',
    action(edgeObject({}), async (id) => {
      const r = await service.withdraw({ applicationId: id, actor: 'tenant' });
      return { ...received(r.receivedAt), next: 'done', ...appliedAnswer(r) };
    }),
  );

  // The landlord's verification page
  app.get(
    '/api/contracts/verification/:token',
    { schema: { params: tokenParams } },
    async (req, reply) => {
      noStore(reply);
      const v = await service.verification(req.params.token);
      if (!v)
        return sendErrors(reply, [
          new ContractError(404, 'unknown', contractTexts.errors.unknownToken),
        ]);
      return reply.send(v);
    },
  );

  app.post(
    '/api/contracts/verification/:token/release',
    { ...write, schema: { params: tokenParams, body: releaseBody } },
    async (req, reply) => {
      noStore(reply);
      try {
        const v = await service.release(req.params.token, req.body.code, req.ip);
        return reply.send(v);
      } catch (err) {
        return handle(reply, err);
      }
    },
  );
}
