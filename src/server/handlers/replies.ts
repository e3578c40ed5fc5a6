import type { FastifyReply } from 'fastify';
import { HttpError } from '../http/errors';
import { errorKeyMessage } from '../services/rulebook';
import { refusedValues, type SaveAnswer } from '../services/tenancies';
import { TenancyError, tenancyErrorStatus } from '../services/tenancyErrors';
import { apiMessages, partnerApiErrors } from '../texts/api';

/** A save's answer: 400 when values were refused (the rest is stored), otherwise 200. */
export function sendSaveAnswer(reply: FastifyReply, answer: SaveAnswer): FastifyReply {
  return reply.status(answer[refusedValues] ? 400 : 200).send(answer);
}

/**
 * Error keys of spec §8 as the refusal to throw (`throw tenancyRefusal(err)`): the error handler
 * answers `{errors: [{code, message}]}` with a fitting status. Any other error is rethrown as is.
 */
export function tenancyRefusal(err: unknown): HttpError {
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
  return new HttpError(status, err.code, message);
}
