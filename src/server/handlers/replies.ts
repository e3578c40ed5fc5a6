import type { FastifyReply } from 'fastify';
import { apiError } from '../http/errors';
import { errorKeyMessage } from '../services/rulebook';
import { refusedValues, type SaveAnswer } from '../services/tenancies';
import { TenancyError, tenancyErrorStatus } from '../services/tenancyErrors';
import { apiMessages, partnerApiErrors } from '../texts/api';

/** A save's answer: 400 when values were refused (the rest is stored), otherwise 200. */
export function sendSaveAnswer(reply: FastifyReply, answer: SaveAnswer): FastifyReply {
  return reply.status(answer[refusedValues] ? 400 : 200).send(answer);
}

/** Error keys of spec §8 as API answers: `{errors: [{code, message}]}` with a fitting status. */
export function sendTenancyError(reply: FastifyReply, err: unknown): FastifyReply {
  if (!(err instanceof TenancyError)) throw err;
  const status = tenancyErrorStatus[err.code];
  const message =
    err.code === 'invalid_step'
      ? apiMessages.unknownStep
      : err.code === 'sandbox_mismatch' || err.code === 'foreign_application'
        ? partnerApiErrors[err.code]
        : err.code === 'not_submitted'
          ? apiMessages.notSubmitted
          : errorKeyMessage(err.code);
  return reply.status(status).send(apiError(status, err.code, message));
}
