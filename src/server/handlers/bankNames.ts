import type { FastifyReply } from 'fastify';
import { apiMessages } from '../texts/api';
import { HttpError } from '../http/errors';
import type { Services } from '../services/index';
import { bankCodePattern } from '../../domain/rules/patterns';

/** A bank's name and BIC by its 8-digit Bankleitzahl; 400 for a malformed, 404 for an unknown one. */
export async function bankNameAnswer(
  services: Services,
  raw: string | undefined,
  reply: FastifyReply,
) {
  const code = (raw ?? '').replace(/\s+/g, '');
  if (!bankCodePattern.test(code))
    throw new HttpError(400, 'invalid_bank_code', apiMessages.invalidBankCode);
  const bank = await services.banks.nameFor(code);
  if (!bank) throw new HttpError(404, 'unknown_bank_code', apiMessages.unknownBankCode);
  return reply.send({
    bankCode: bank.bankCode,
    bankName: bank.name,
    name: bank.name,
    bic: bank.bic,
  });
}
