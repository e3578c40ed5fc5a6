import type { FastifyInstance } from 'fastify';
import { webhookEventTypes } from '../webhooks/events';
import {
  defaultFormModel,
  fieldKinds,
  fieldPatterns,
  maxLengths,
  apiFieldPaths,
  setField,
  stepIds,
  type FieldPath,
  type WireFormat,
} from '../services/rulebook';

import * as z from 'zod/mini';
import { answer } from '../http/answers';
import { registeredRoutes, type RegisteredRoute } from '../http/edge';
import { route } from '../http/route';
import { pathsOf } from './openapiPaths';

type Schema = Record<string, unknown>;

/** The request/response body of a tenancy, generated from the domain's wire names and kinds. */
function tenancySchema(wire: WireFormat): Schema {
  const root: Schema = { type: 'object', additionalProperties: true, properties: {} };
  for (const path of apiFieldPaths) {
    const name = wire.wireName(path);
    const keys = name.replace(/\]/g, '').split('[');
    let node = root;
    for (const k of keys.slice(0, -1)) {
      const props = node.properties as Record<string, Schema>;
      props[k] ??= { type: 'object', properties: {} };
      node = props[k]!;
    }
    (node.properties as Record<string, Schema>)[keys[keys.length - 1]!] = leafSchema(
      wire,
      path,
      name,
    );
  }
  if (wire.name !== 'old') addRequestExtras(root);
  return root;
}

const boolWords = ['true', 'false', '1', '0', 'yes', 'no', 'y', 'n', 'on', 'off'];

/** Request-level names beside the fields (domain requestExtras). */
function addRequestExtras(root: Schema): void {
  const props = root.properties as Record<string, Schema>;
  props.step = {
    type: 'string',
    enum: [...stepIds],
    description: 'Step saved, as in the query (the query wins); "check" submits.',
  };
  props.product = {
    type: 'string',
    description: "Partner calls: the partner's product name, stored.",
  };
  for (const group of ['firstTenant', 'secondTenant']) {
    const node = props[group] as Schema | undefined;
    if (!node) continue;
    (node.properties as Record<string, Schema>).termsAccepted = {
      type: ['string', 'boolean'],
      enum: [...boolWords, true, false],
      description:
        "Partner calls: the tenant's consent as the partner asserts it (terms, privacy, shipping notes, credit check; recorded with key and time).",
    };
  }
}

function leafSchema(wire: WireFormat, path: FieldPath, name: string): Schema {
  const kind = fieldKinds[path];
  switch (kind.kind) {
    case 'text': {
      const max = maxLengths[path];
      const pattern = fieldPatterns[path];
      return {
        type: 'string',
        ...(max ? { maxLength: max } : {}),
        ...(pattern ? { pattern: pattern.source } : {}),
      };
    }
    case 'date':
      return { type: 'string', description: 'YYYY-MM-DD or TT.MM.JJJJ' };
    case 'bool':
      return { type: ['string', 'boolean'], enum: [...boolWords, true, false] };
    case 'amount':
      return { type: ['string', 'number'], description: 'Euro, decimal point (e.g. 1500.00)' };
    case 'enum': {
      const values = kind.values.map(
        (v) =>
          wire.encode(setField(defaultFormModel(), path, v as never), [path])[name] ?? String(v),
      );
      return { type: 'string', enum: values };
    }
  }
}

const webhookEvent: Schema = {
  type: 'object',
  required: ['id', 'type', 'created', 'sandbox', 'data'],
  properties: {
    id: { type: 'string', format: 'uuid', description: 'Event id; drop an id seen before.' },
    type: {
      type: 'string',
      enum: webhookEventTypes.map((t) => `application.${t}`),
    },
    created: { type: 'integer', description: 'Unix seconds of the change' },
    sandbox: { type: 'boolean', description: 'true for applications made with a sandbox key' },
    data: {
      type: 'object',
      required: ['applicationId', 'state', 'orderId', 'partnerCode'],
      properties: {
        applicationId: { type: 'string', format: 'uuid' },
        state: { type: 'string', enum: [...webhookEventTypes] },
        orderId: { type: ['string', 'null'], description: 'Contract number once decided' },
        partnerCode: { type: 'string' },
        subPartnerCode: { type: ['string', 'null'] },
        product: { type: ['string', 'null'] },
      },
    },
  },
};

/**
 * The OpenAPI 3.1 document (GET /api/openapi.json, ADR 1265): what no route says (the info block,
 * the security schemes, the webhook the server calls, the Tenancy body generated from the domain's
 * wire names) is written here; every path is read off the routes (openapiPaths.ts).
 */
function openApiDocument(wire: WireFormat, routes: readonly RegisteredRoute[]): Schema {
  const components: Schema = {};
  // The staff API has its own document (staff/openapiRoute.ts); partners never see it.
  const paths = pathsOf(
    routes.filter((r) => !r.declared?.staff),
    components,
  );
  return {
    openapi: '3.1.0',
    info: {
      title: 'Mietkaution Online – API',
      version: '1.0.0',
      description:
        'Create and complete applications for a rental deposit guarantee (Mietkautionsbürgschaft). Bodies are JSON (nested objects) or form-urlencoded with bracket keys, with the same names. See docs/integrators.md.',
    },
    servers: [{ url: '/' }],
    paths,
    webhooks: {
      applicationEvent: {
        post: {
          summary: 'A state change of an application made with your key',
          description:
            'POSTed to the URL set with npm run partner-webhook. Header Mietkaution-Signature: t=<unix>,v1=<hex HMAC-SHA256 of "t.body" with your secret>; Mietkaution-Event-Id repeats id. Answer 2xx within 10 s; anything else is retried with exponential backoff for about 45 hours. Delivery is at least once: drop ids you have seen.',
          parameters: [
            {
              name: 'Mietkaution-Signature',
              in: 'header',
              required: true,
              schema: { type: 'string' },
              description: 't=<unix seconds>,v1=<hex HMAC-SHA256>',
            },
            {
              name: 'Mietkaution-Event-Id',
              in: 'header',
              required: true,
              schema: { type: 'string', format: 'uuid' },
            },
          ],
          requestBody: {
            required: true,
            content: {
              'application/json': { schema: { $ref: '#/components/schemas/WebhookEvent' } },
            },
          },
          responses: { '200': { description: 'Received (any 2xx)' } },
        },
      },
    },
    components: {
      securitySchemes: {
        partnerKey: {
          type: 'http',
          scheme: 'bearer',
          description:
            'Partner API key (mk_live_… or mk_test_… for the sandbox), from npm run partner-key. A wrong or revoked key answers 401.',
        },
        contractSession: {
          type: 'apiKey',
          in: 'cookie',
          name: 'mk_contract',
          description:
            "The contract page's session, set by POST /api/contracts/session from a magic link (30 minutes).",
        },
      },
      schemas: {
        ...components,
        WebhookEvent: webhookEvent,
        // Generated from the domain's wire names, kinds, max lengths and patterns.
        Tenancy: tenancySchema(wire),
      },
    },
  };
}

/**
 * Every POST, PUT and PATCH takes an optional Idempotency-Key (http/idempotency.ts, ADR 1113,
 * registered for all write routes): the header and its answers are added to each such operation
 * here, so the document cannot forget one.
 */
const errorContent = { 'application/json': { schema: { $ref: '#/components/schemas/ErrorList' } } };
function withIdempotency(doc: Schema): Schema {
  const header = {
    name: 'Idempotency-Key',
    in: 'header',
    required: false,
    description:
      '1 to 255 visible ASCII characters. The same key with the same request answers the stored answer again (header Idempotent-Replayed: true) for 24 hours.',
    schema: { type: 'string', minLength: 1, maxLength: 255 },
  };
  const answers: Record<string, string> = {
    '400': 'invalid_idempotency_key: the key is not 1 to 255 visible ASCII characters',
    '409': 'idempotency_key_in_progress: a request with this key is still running',
    '422': 'idempotency_key_reused: the key was used for a different request',
  };
  const paths = doc.paths as Record<string, Record<string, Schema>>;
  for (const item of Object.values(paths))
    for (const method of ['post', 'put', 'patch'] as const) {
      const op = item[method];
      if (!op) continue;
      op.parameters = [...((op.parameters as Schema[] | undefined) ?? []), header];
      const responses = (op.responses ?? {}) as Record<string, Schema>;
      for (const [status, text] of Object.entries(answers)) {
        const had = responses[status];
        responses[status] = had
          ? { ...had, description: `${String(had.description)}; or ${text}` }
          : { description: text, content: errorContent };
      }
      op.responses = responses;
    }
  return doc;
}

export function registerOpenApi(app: FastifyInstance, wire: WireFormat): void {
  // Built at the first request: by then every route (and its declaration) is registered.
  let doc: Schema | undefined;
  app.get(
    '/api/openapi.json',
    route({
      summary: 'This document',
      answers: {
        200: answer(
          z.object({ openapi: z.literal('3.1.0'), paths: z.record(z.string(), z.unknown()) }),
          'OpenAPI 3.1',
        ),
      },
    }),
    async () => (doc ??= withIdempotency(openApiDocument(wire, registeredRoutes(app)))),
  );
}
