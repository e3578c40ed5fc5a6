import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import * as z from 'zod/mini';
import { answer, emptyAnswer, errorAnswer, fileAnswer } from '../http/answers';
import { cookieOf, setCookie } from '../http/cookies';
import { route } from '../http/route';
import {
  cancellation,
  contractView,
  disputeRecorded,
  fieldErrors,
  instalmentOffer,
  instalmentPlan,
  linkExpired,
  ok,
  payments,
  received as receivedAnswer,
  sessionExpired,
  tooManyRequests,
  verification,
} from './answers';
import { readWithdrawalLinkToken } from './credentials';
import { ContractSessions } from './sessions';
import {
  checkIdentification,
  ContractError,
  ContractService,
  type ContractServiceDeps,
} from './service';
import { AfterReply } from './afterReply';
import { ContractRequests } from './requests';
import { Guard } from './guard';
import {
  contractTexts,
  formatDateTime,
  statementYearPattern,
  type WithdrawalMoney,
} from '../../domain/index';
import { withdrawalMoneySentences } from '../../domain/messages/withdrawalMoney';
import { apiMessages } from '../texts/api';
import { HttpErrors } from '../http/errors';
import { bodyText, edgeMeta, edgeObject, pathParam, queryText, type EdgeTypes } from '../http/edge';
import type { TenantMoney } from '../money/selfService';
import { instalmentTexts } from '../../domain/messages/payments';

const yearParams = edgeObject({
  year: z.string().check(z.regex(statementYearPattern)).register(edgeMeta, {
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
const SESSION_PATH = '/api/contracts';

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
    payments?: (applicationId: string) => Promise<z.input<typeof payments.schema>>;
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
  const rateLimit = opts.writeLimit;
  const noStore = (reply: FastifyReply) => reply.header('cache-control', 'no-store');

  const sessions = new ContractSessions(deps.db, deps.clock, serverSecret);
  /** The contract of the page's session; 401 session_expired without one. */
  const session = async (req: FastifyRequest): Promise<string> => {
    const id = await sessions.contractOf(cookieOf(req, SESSION_COOKIE));
    if (!id) throw new ContractError(401, 'session_expired', contractTexts.errors.sessionExpired);
    return id;
  };

  // Withdrawal function (no login)
  app.get(
    '/api/contracts/withdrawal-link',
    route({
      summary: 'The contract number a signed withdrawal link stands for',
      querystring: withdrawalLinkQuery,
      answers: {
        200: answer(z.object({ contractNumber: z.string() }), 'ok'),
        404: errorAnswer('invalid_link'),
      },
    }),
    async (req, reply) => {
      noStore(reply);
      const found = await service.withdrawalLink(req.query.link ?? '');
      if (!found)
        throw new ContractError(404, 'invalid_link', contractTexts.errors.withdrawalLinkInvalid);
      return reply.send(found);
    },
  );

  // Number and address alone change nothing: the statement is recorded with its time of receipt
  // and a link to confirm it goes to the stored address (ADR 1116). The signed link of a contract
  // e-mail identifies the tenant and withdraws at once.
  app.post(
    '/api/contracts/withdrawal',
    route({
      summary: 'Withdrawal declaration without login (the withdrawal button, § 356a BGB)',
      description:
        "With the signed `link` of a contract e-mail the contract is withdrawn at once (`next: done`). With contractNumber + email the statement is recorded with its time of receipt and a single-use link to confirm it is e-mailed to the address stored with the contract (`next: confirm_by_email`); it takes effect when confirmed (`/api/contracts/withdrawal/confirm`), the time of receipt staying the statement's. The answer is the same whether or not number and address match. `confirmationEmail` is ignored (ADR 1116).",
      rateLimit,
      body: withdrawalBody,
      answers: {
        200: receivedAnswer,
        400: fieldErrors,
        404: errorAnswer('invalid_link'),
        429: tooManyRequests,
      },
    }),
    async (req, reply) => {
      noStore(reply);
      const body = req.body;
      if (body.link) {
        const applicationId = readWithdrawalLinkToken(serverSecret, body.link);
        if (!applicationId || !(await service.withdrawalLink(body.link)))
          throw new ContractError(404, 'invalid_link', contractTexts.errors.withdrawalLinkInvalid);
        const r = await service.withdraw({ applicationId, actor: 'tenant' });
        return reply.send({ ...received(r.receivedAt), next: 'done', ...appliedAnswer(r) });
      }
      const id = checkIdentification(body);
      if (id.errors.length) throw new HttpErrors(id.errors);
      const r = await requests.declareWithdrawal(
        id.number,
        id.email,
        req.ip,
        afterReply.after(reply.raw),
      );
      return reply.send({ ...received(r.receivedAt), next: 'confirm_by_email' });
    },
  );

  app.get(
    '/api/contracts/withdrawal/statement',
    route({
      summary: 'The contract number and time of receipt a confirmation link stands for',
      querystring: confirmQuery,
      answers: { 200: receivedAnswer, 404: linkExpired },
    }),
    async (req, reply) => {
      noStore(reply);
      const st = await requests.withdrawalStatement(req.query.token ?? '');
      if (!st)
        throw new ContractError(404, 'link_expired', contractTexts.errors.confirmLinkExpired);
      return reply.send({ contractNumber: st.contractNumber, ...received(st.receivedAt) });
    },
  );

  app.post(
    '/api/contracts/withdrawal/confirm',
    route({
      summary: 'Confirm a withdrawal statement with the link sent to the stored address',
      rateLimit,
      body: confirmBody,
      answers: { 200: receivedAnswer, 404: linkExpired },
    }),
    async (req, reply) => {
      noStore(reply);
      const st = await requests.redeemWithdrawal(req.body.token ?? '');
      if (!st)
        throw new ContractError(404, 'link_expired', contractTexts.errors.confirmLinkExpired);
      const r = await service.withdraw({ ...st, actor: 'tenant' });
      return reply.send({ ...received(r.receivedAt), next: 'done', ...appliedAnswer(r) });
    },
  );

  // Magic link and session
  app.post(
    '/api/contracts/access',
    route({
      summary: 'Request a magic link to the contract page (sent only if number and e-mail match)',
      rateLimit,
      body: accessBody,
      answers: {
        202: answer(
          z.object({ sent: z.literal(true) }),
          'Accepted (the same answer whether or not it matched)',
        ),
        400: fieldErrors,
        429: tooManyRequests,
      },
    }),
    async (req, reply) => {
      noStore(reply);
      const id = checkIdentification(req.body);
      if (id.errors.length) throw new HttpErrors(id.errors);
      await requests.requestAccess(id.number, id.email, req.ip, afterReply.after(reply.raw));
      return reply.code(202).send({ sent: true });
    },
  );

  app.post(
    '/api/contracts/session',
    route({
      summary: 'Redeem a magic-link token (single use, 30 minutes): sets the session cookie',
      rateLimit,
      body: sessionBody,
      answers: {
        200: answer(
          z.object({ ok: z.literal(true), expiresInSeconds: z.number() }),
          'Cookie mk_contract set (HttpOnly, SameSite=Strict)',
        ),
        401: linkExpired,
      },
    }),
    async (req, reply) => {
      noStore(reply);
      const id = await requests.redeemAccess(req.body.token ?? '');
      if (!id) throw new ContractError(401, 'link_expired', contractTexts.errors.linkExpired);
      const s = service.sessionFor(id);
      setCookie(req, reply, {
        name: SESSION_COOKIE,
        value: s.value,
        path: SESSION_PATH,
        maxAgeSeconds: s.maxAgeSeconds,
      });
      return reply.send({ ok: true, expiresInSeconds: s.maxAgeSeconds });
    },
  );

  // "Abmelden": the session ends on the server too (ADR 1120), not only the cookie in the browser.
  app.delete(
    '/api/contracts/session',
    route({ summary: 'End the session', answers: { 204: emptyAnswer('Ended') } }),
    async (req, reply) => {
      await sessions.revoke(cookieOf(req, SESSION_COOKIE));
      setCookie(req, reply, {
        name: SESSION_COOKIE,
        value: '',
        path: SESSION_PATH,
        maxAgeSeconds: 0,
      });
      return reply.code(204).send();
    },
  );

  // The contract page
  app.get(
    '/api/contracts/me',
    route({
      summary: 'The contract of the session: status, premium, mandate, address, documents',
      contractSession: true,
      answers: { 200: contractView, 401: sessionExpired },
    }),
    async (req, reply) => {
      noStore(reply);
      return reply.send(await service.view(await session(req)));
    },
  );

  app.get(
    '/api/contracts/me/payments',
    route({
      summary:
        "Payments of the session's contract: debits with date and state, fees, open amount with a GiroCode (SVG), refunds",
      contractSession: true,
      answers: { 200: payments, 401: sessionExpired, 404: emptyAnswer('No payments here') },
    }),
    async (req, reply) => {
      noStore(reply);
      const id = await session(req);
      if (!opts.payments) return reply.code(404).send();
      return reply.send(await opts.payments(id));
    },
  );

  app.get(
    '/api/contracts/me/documents/:kind',
    route({
      summary: 'Download a document of the contract (PDF)',
      contractSession: true,
      params: documentParams,
      answers: { 200: fileAnswer('PDF'), 401: sessionExpired, 404: errorAnswer('not_found') },
    }),
    async (req, reply) => {
      const id = await session(req);
      const doc = await service.document(id, req.params.kind);
      if (!doc) throw new ContractError(404, 'not_found', apiMessages.contractDocumentMissing);
      reply.header('content-type', 'application/pdf');
      reply.header('content-disposition', `attachment; filename="${doc.filename}"`);
      reply.header('cache-control', 'private, no-store');
      return reply.send(Buffer.from(doc.content));
    },
  );

  /** A change on the contract page: the session's contract, the body as its schema parsed it. */
  const action =
    <B extends Body>(fn: (id: string, body: B) => Promise<unknown>) =>
    async (req: FastifyRequest, reply: FastifyReply) => {
      noStore(reply);
      const id = await session(req);
      return reply.send((await fn(id, (req.body ?? {}) as B)) ?? { ok: true });
    };
  const changeAnswers = {
    401: sessionExpired,
    409: errorAnswer('not_possible: the contract has ended'),
  } as const;

  app.put(
    '/api/contracts/me/iban',
    route({
      summary: 'Change the bank account: new SEPA mandate reference, confirmation e-mail',
      contractSession: true,
      rateLimit,
      body: ibanBody,
      answers: {
        200: answer(z.object({ mandateReference: z.string() }), 'Saved'),
        400: errorAnswer('invalid, notAllowedCountry, required'),
        ...changeAnswers,
      },
    }),
    action<{ iban?: string }>((id, b) => service.changeIban(id, b.iban)),
  );
  app.put(
    '/api/contracts/me/address',
    route({
      summary: 'Change the postal address of the tenant',
      contractSession: true,
      rateLimit,
      body: addressBody,
      answers: { 200: answer(ok, 'Saved'), 400: fieldErrors, ...changeAnswers },
    }),
    action((id, b) => service.changeAddress(id, b)),
  );
  app.post(
    '/api/contracts/me/cancellation',
    route({
      summary:
        'Cancel (Kündigung): marks the contract; it ends on the day the landlord releases the guarantee or the original certificate arrives',
      contractSession: true,
      rateLimit,
      body: edgeObject({}),
      answers: { 200: cancellation, ...changeAnswers },
    }),
    action((id) => service.cancel(id)),
  );
  const statement = opts.statement;
  if (statement)
    app.get(
      '/api/contracts/me/statements/:year',
      route({
        summary:
          'Beitragsbescheinigung {year} (PDF): premiums collected minus returned minus refunds paid in that calendar year, from the ledger',
        contractSession: true,
        params: yearParams,
        answers: {
          200: fileAnswer('PDF'),
          400: errorAnswer('invalid_year'),
          401: sessionExpired,
          404: errorAnswer('not_found'),
        },
      }),
      async (req, reply) => {
        const id = await session(req);
        const doc = await statement(id, Number(req.params.year));
        if (!doc) throw new ContractError(404, 'not_found', apiMessages.contractDocumentMissing);
        reply.header('content-type', 'application/pdf');
        reply.header('content-disposition', `attachment; filename="${doc.filename}"`);
        reply.header('cache-control', 'private, no-store');
        return reply.send(doc.pdf);
      },
    );

  // Instalments over what is owed (3, 6 or 12) and disputing a debit (ADRs 1228, 1230).
  const money = opts.money;
  if (money) {
    app.get(
      '/api/contracts/me/instalments',
      route({
        summary:
          'What the tenant owes now and the instalment choices (3, 6, 12 monthly parts), the agreed plans and an open dispute (ADR 1228)',
        contractSession: true,
        answers: { 200: instalmentOffer, 401: sessionExpired },
      }),
      async (req, reply) => {
        noStore(reply);
        return reply.send(await money.offer(await session(req)));
      },
    );
    app.post(
      '/api/contracts/me/instalments',
      route({
        summary:
          'Agree an instalment plan over what is owed; a new IBAN first makes a new mandate (as PUT iban); the schedule is e-mailed',
        contractSession: true,
        rateLimit,
        body: instalmentBody,
        answers: {
          200: instalmentPlan,
          400: errorAnswer('count, invalid, notAllowedCountry'),
          401: sessionExpired,
          409: errorAnswer(
            'nothing_owed, too_small, mandate_stopped (give a new IBAN), not_possible',
          ),
        },
      }),
      action<{ count: string; iban?: string | undefined }>(async (id, b) => {
        // A new IBAN makes a new mandate first, exactly as the IBAN change of this page does.
        if (b.iban?.trim()) await service.changeIban(id, b.iban);
        return money.agree(id, Number(b.count));
      }),
    );
    app.post(
      '/api/contracts/me/disputes',
      route({
        summary:
          'Dispute a debit or an open amount: dunning pauses until staff close it (ADR 1230)',
        contractSession: true,
        rateLimit,
        body: disputeBody,
        answers: {
          200: disputeRecorded,
          400: errorAnswer('reason_required, too_long'),
          401: sessionExpired,
        },
      }),
      action<{ reason?: string | undefined }>((id, b) => money.dispute(id, b.reason ?? '')),
    );
  }
  app.post(
    '/api/contracts/me/withdrawal',
    route({
      summary: 'Withdraw from the contract page (while the withdrawal period runs)',
      contractSession: true,
      rateLimit,
      body: edgeObject({}),
      answers: { 200: receivedAnswer, 401: sessionExpired },
    }),
    action(async (id) => {
      const r = await service.withdraw({ applicationId: id, actor: 'tenant' });
      return { ...received(r.receivedAt), next: 'done', ...appliedAnswer(r) };
    }),
  );

  // The landlord's verification page
  app.get(
    '/api/contracts/verification/:token',
    route({
      summary: "The landlord's verification (token from the certificate's QR code)",
      params: tokenParams,
      answers: { 200: answer(verification, 'Status'), 404: errorAnswer('unknown') },
    }),
    async (req, reply) => {
      noStore(reply);
      const v = await service.verification(req.params.token);
      if (!v) throw new ContractError(404, 'unknown', contractTexts.errors.unknownToken);
      return reply.send(v);
    },
  );

  app.post(
    '/api/contracts/verification/:token/release',
    route({
      summary:
        'Release (Freigabe) by the landlord with the code of our letter to the landlord (never on the certificate, ADR 1119)',
      rateLimit,
      params: tokenParams,
      body: releaseBody,
      answers: {
        200: answer(verification, 'Released'),
        400: errorAnswer('required, wrong_code'),
        404: errorAnswer('unknown'),
        409: errorAnswer('not_possible: already ended'),
        429: errorAnswer('locked: ten wrong codes'),
      },
    }),
    async (req, reply) => {
      noStore(reply);
      const v = await service.release(req.params.token, req.body.code, req.ip);
      if (!v) throw new ContractError(404, 'unknown', contractTexts.errors.unknownToken);
      return reply.send(v);
    },
  );
}
