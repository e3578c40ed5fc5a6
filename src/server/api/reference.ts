import type { FastifyInstance } from 'fastify';
import { apiMessages, attributions } from '../texts/api';
import { apiError } from '../http/errors';
import { bankNameAnswer } from '../handlers/bankNames';
import { queryString } from '../handlers/replies';
import type { Services } from '../services/index';
import { readSidebarText, sidebarHtml } from '../services/sidebar';

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
