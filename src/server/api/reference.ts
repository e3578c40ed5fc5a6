import type { FastifyInstance } from 'fastify';
import { apiMessages, attributions } from '../texts/api';
import { edgeObject, pathParam, queryOneOf, queryText, type EdgeTypes } from '../http/edge';
import { bankCodeOf, bankCodeQuery } from '../http/edgeParams';
import { apiError } from '../http/errors';
import { bankNameAnswer } from '../handlers/bankNames';
import type { Services } from '../services/index';
import { readSidebarText, sidebarHtml } from '../services/sidebar';

const zip = queryText({ description: 'Postleitzahl (5 digits)' });
const streetsQuery = edgeObject({
  q: queryText({ description: 'Beginning of the street name' }),
  zip,
  city: queryText({ description: 'Ort' }),
});
const sidebarParams = edgeObject({
  name: pathParam({ description: 'Field path of the help text, e.g. objective.deposit' }),
});
const sidebarQuery = edgeObject({
  format: queryOneOf(['html'], { description: 'html: the help text as HTML; default Markdown' }),
});

/** Bank names, address help and the help sidebar. */
export function registerReferenceRoutes(app: FastifyInstance, services: Services): void {
  const api = app.withTypeProvider<EdgeTypes>();
  api.get('/api/banknames', { schema: { querystring: bankCodeQuery } }, async (request, reply) =>
    bankNameAnswer(services, bankCodeOf(request.query), reply),
  );

  api.get(
    '/api/addresses/cities',
    { schema: { querystring: edgeObject({ zip }) } },
    async (request) => {
      const code = (request.query.zip ?? '').trim();
      const cities = await services.addresses.cities(code);
      return {
        data: cities.map((city) => ({ zip: code, city })),
        attribution: attributions.places,
      };
    },
  );

  api.get('/api/addresses/streets', { schema: { querystring: streetsQuery } }, async (request) => {
    const q = request.query;
    const data = await services.addresses.streets(q.q ?? '', {
      zip: q.zip?.trim() || undefined,
      city: q.city?.trim() || undefined,
    });
    return { data, attribution: attributions.streets };
  });

  api.get(
    '/onlineantrag-sidebar/:name',
    { schema: { params: sidebarParams, querystring: sidebarQuery } },
    async (request, reply) => {
      const text = await readSidebarText(request.params.name);
      if (!text) {
        return reply.status(404).send(apiError(404, 'unknown_help', apiMessages.unknownHelp));
      }
      reply.header('cache-control', 'public, max-age=300');
      if (request.query.format === 'html')
        return reply.type('text/html; charset=utf-8').send(sidebarHtml(text));
      return reply.send(text);
    },
  );
}
