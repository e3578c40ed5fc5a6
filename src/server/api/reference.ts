import type { FastifyInstance, FastifyReply } from 'fastify';
import { apiError } from '../http/errors';
import { apiMessages, attributions } from '../texts/api';
import type { Services } from '../services/index';
import { readSidebarText, sidebarHtml } from '../services/sidebar';
import { queryString } from './replies';

export async function bankNameAnswer(services: Services, raw: unknown, reply: FastifyReply) {
  const code = (queryString(raw) ?? '').replace(/\s+/g, '');
  if (!/^\d{8}$/.test(code)) {
    return reply.status(400).send(apiError(400, 'invalid_bank_code', apiMessages.invalidBankCode));
  }
  const bank = await services.banks.nameFor(code);
  if (!bank) {
    return reply.status(404).send(apiError(404, 'unknown_bank_code', apiMessages.unknownBankCode));
  }
  return reply.send({
    bankCode: bank.bankCode,
    bankName: bank.name,
    name: bank.name,
    bic: bank.bic,
  });
}

/** Bank names, address help and the help sidebar. */
export function registerReferenceRoutes(app: FastifyInstance, services: Services): void {
  app.get('/api/banknames', async (request, reply) => {
    const q = request.query as Record<string, unknown>;
    return bankNameAnswer(services, q.bankCode ?? q.bank_code ?? q.blz, reply);
  });

  app.get('/api/addresses/cities', async (request) => {
    const zip = queryString((request.query as Record<string, unknown>).zip) ?? '';
    const cities = await services.addresses.cities(zip.trim());
    return {
      data: cities.map((city) => ({ zip: zip.trim(), city })),
      attribution: attributions.places,
    };
  });

  app.get('/api/addresses/streets', async (request) => {
    const q = request.query as Record<string, unknown>;
    const data = await services.addresses.streets(queryString(q.q) ?? '', {
      zip: queryString(q.zip)?.trim() || undefined,
      city: queryString(q.city)?.trim() || undefined,
    });
    return {
      data,
      attribution: attributions.streets,
    };
  });

  app.get('/onlineantrag-sidebar/:name', async (request, reply) => {
    const text = await readSidebarText((request.params as { name: string }).name);
    if (!text) {
      return reply.status(404).send(apiError(404, 'unknown_help', apiMessages.unknownHelp));
    }
    reply.header('cache-control', 'public, max-age=300');
    const q = request.query as Record<string, unknown>;
    if (queryString(q.format) === 'html')
      return reply.type('text/html; charset=utf-8').send(sidebarHtml(text));
    return reply.send(text);
  });
}
