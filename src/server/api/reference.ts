import type { FastifyInstance } from 'fastify';
import * as z from 'zod/mini';
import { answer, described, errorAnswer } from '../http/answers';
import { route } from '../http/route';
import { bankNameAnswers } from '../handlers/answerSchemas';
import { apiMessages, attributions } from '../texts/api';
import { edgeObject, pathParam, queryOneOf, queryText, type EdgeTypes } from '../http/edge';
import { bankCodeOf, bankCodeQuery } from '../http/edgeParams';
import { HttpError } from '../http/errors';
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

const places = z.object({
  data: z.array(z.object({ zip: z.string(), city: z.string() })),
  attribution: z.string(),
});
const streets = z.object({ data: z.array(z.unknown()), attribution: z.string() });
const helpText = z.union([
  z.object({ name: z.string(), title: z.string(), paragraphs: z.array(z.string()) }),
  described(z.string(), 'format=html: the text as an HTML fragment'),
]);

/** Bank names, address help and the help sidebar. */
export function registerReferenceRoutes(app: FastifyInstance, services: Services): void {
  const api = app.withTypeProvider<EdgeTypes>();
  api.get(
    '/api/banknames',
    route({
      summary: 'Bank name by German bank code (BLZ)',
      querystring: bankCodeQuery,
      answers: bankNameAnswers,
    }),
    async (request, reply) => bankNameAnswer(services, bankCodeOf(request.query), reply),
  );

  api.get(
    '/api/addresses/cities',
    route({
      summary: 'Places for a postal code (OpenStreetMap data, ODbL)',
      querystring: edgeObject({ zip }),
      answers: { 200: answer(places, 'Places') },
    }),
    async (request) => {
      const code = (request.query.zip ?? '').trim();
      const cities = await services.addresses.cities(code);
      return {
        data: cities.map((city) => ({ zip: code, city })),
        attribution: attributions.places,
      };
    },
  );

  api.get(
    '/api/addresses/streets',
    route({
      summary: 'Street suggestions (Photon geocoder, if configured)',
      querystring: streetsQuery,
      answers: { 200: answer(streets, 'Suggestions') },
    }),
    async (request) => {
      const q = request.query;
      const data = await services.addresses.streets(q.q ?? '', {
        zip: q.zip?.trim() || undefined,
        city: q.city?.trim() || undefined,
      });
      return { data, attribution: attributions.streets };
    },
  );

  api.get(
    '/onlineantrag-sidebar/:name',
    route({
      summary: 'Help text for a field (JSON {title, paragraphs}; ?format=html)',
      params: sidebarParams,
      querystring: sidebarQuery,
      answers: {
        200: answer(helpText, 'Help text (with format=html: the text as an HTML fragment)'),
        404: errorAnswer('unknown_help: no help for this field'),
      },
    }),
    async (request, reply) => {
      const text = await readSidebarText(request.params.name);
      if (!text) throw new HttpError(404, 'unknown_help', apiMessages.unknownHelp);
      reply.header('cache-control', 'public, max-age=300');
      if (request.query.format === 'html')
        return reply.type('text/html; charset=utf-8').send(sidebarHtml(text));
      return reply.send(text);
    },
  );
}
