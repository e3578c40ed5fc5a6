import type { FastifyInstance } from 'fastify';
import { claimWebhookEvents, webhookEventTypes } from '../webhooks/events';
import {
  defaultFormModel,
  fieldKinds,
  apiFieldPaths,
  setField,
  stepIds,
  type FieldPath,
  type WireFormat,
} from '../services/rulebook';

import { contractPaths, contractSchemas } from '../contracts/openapi';
import { claimPaths } from '../claims/openapi';
import { evidencePaths } from '../evidence/openapi';
import { registeredRoutes } from '../http/edge';
import { withEdgeSchemas } from './openapiEdge';

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
    case 'text':
      return { type: 'string' };
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

const errorList: Schema = {
  type: 'object',
  required: ['errors'],
  properties: {
    errors: {
      type: 'array',
      items: {
        type: 'object',
        required: ['code', 'message'],
        properties: { code: { type: 'string' }, message: { type: 'string' } },
      },
    },
  },
};

const saveAnswer: Schema = {
  type: 'object',
  required: ['cid', 'errors', 'skip_to'],
  properties: {
    cid: { type: 'string', description: 'Session id (144 random bits); keep it secret.' },
    errors: {
      type: 'object',
      description: 'Field errors by wire name; empty when the data is valid.',
      additionalProperties: {
        type: 'object',
        properties: {
          message: { type: 'array', items: { type: 'string' } },
          value: {},
          code: { type: 'array', items: { type: 'string' } },
        },
      },
    },
    skip_to: { type: ['string', 'null'], enum: [...stepIds, null] },
    state: {
      type: 'string',
      enum: ['submitted'],
      description: 'Present after the final submission.',
    },
    applicationId: {
      type: 'string',
      format: 'uuid',
      description: 'Partner calls only: the id webhook events carry.',
    },
    warnings: {
      type: 'object',
      description:
        "Present when something needs the integrator's attention although the save went through.",
      required: ['messages'],
      properties: {
        unknownFields: {
          type: 'array',
          items: { type: 'string' },
          description: 'Keys that are no field, as dotted paths (e.g. firstTenant.nmae).',
        },
        ignoredFields: {
          type: 'array',
          items: { type: 'string' },
          description:
            'Keys that only count with a partner key (firstTenant.termsAccepted, product).',
        },
        defaultedFields: {
          type: 'array',
          items: { type: 'string' },
          description: 'Fields left out by a partner call that got their documented default.',
        },
        assertedConsents: {
          type: 'array',
          items: { type: 'string' },
          description: "Consents taken from the tenant's termsAccepted as the partner asserts it.",
        },
        messages: { type: 'array', items: { type: 'string' }, description: 'German sentences' },
      },
    },
  },
};

const webhookEvent: Schema = {
  type: 'object',
  required: ['id', 'type', 'created', 'sandbox', 'data'],
  properties: {
    id: { type: 'string', format: 'uuid', description: 'Event id; drop an id seen before.' },
    type: {
      type: 'string',
      enum: [
        ...webhookEventTypes.map((t) => `application.${t}`),
        ...Object.values(claimWebhookEvents),
      ],
    },
    created: { type: 'integer', description: 'Unix seconds of the change' },
    sandbox: { type: 'boolean', description: 'true for applications made with a sandbox key' },
    data: {
      type: 'object',
      required: ['applicationId', 'state', 'orderId', 'partnerCode'],
      properties: {
        applicationId: { type: 'string', format: 'uuid' },
        state: {
          type: 'string',
          description:
            "The application's state; for claim.* events the state the claim reached (filed, notified, answered, expired, decided, paid, recovered, closed)",
        },
        claimId: {
          type: 'string',
          format: 'uuid',
          description: 'claim.* events only: the claim (issue 26)',
        },
        orderId: { type: ['string', 'null'], description: 'Contract number once decided' },
        partnerCode: { type: 'string' },
        subPartnerCode: { type: ['string', 'null'] },
        product: { type: ['string', 'null'] },
      },
    },
  },
};

const json = (schema: Schema, description: string) => ({
  description,
  content: { 'application/json': { schema } },
});
const err = (description: string) => json({ $ref: '#/components/schemas/ErrorList' }, description);
/** The two state endpoints (contract, reservation) answer the same shape. */
const orderStatus = (summary: string) => ({
  get: {
    summary,
    responses: {
      '200': json({ $ref: '#/components/schemas/OrderStatus' }, 'Status'),
      '404': err('unknown'),
      '409': err('not_submitted: the application has not been submitted yet (no order state)'),
    },
  },
});

/** The OpenAPI 3.1 document of the new API (GET /api/openapi.json). */
function openApiDocument(wire: WireFormat): Schema {
  const body = {
    required: true,
    content: {
      'application/json': { schema: { $ref: '#/components/schemas/Tenancy' } },
      'application/x-www-form-urlencoded': { schema: { $ref: '#/components/schemas/Tenancy' } },
    },
  };
  const saveResponses = {
    '200': json(
      { $ref: '#/components/schemas/SaveAnswer' },
      'Saved (field errors, if any, in errors)',
    ),
    '400': err('Unknown step'),
    '401': err(
      'invalid_authorization or invalid_api_key (only when an Authorization header is sent)',
    ),
    '403': err('Foreign Origin (browser CSRF protection)'),
    '404': err('unknown: cid not found'),
    '409': err('already_submitted'),
    '410': err('days_to_keep_data_exceeded or reservation_expired'),
    '413': err('Body too large'),
    '415': err('Content type other than JSON or form-urlencoded'),
    '429': err('Too many writes from this client, or partner_rate_limited for a key'),
  };
  /** Browser calls need no key; a partner's key (Bearer) replaces captcha and bot checks. */
  const optionalKey = [{}, { partnerKey: [] }];
  const pdf = (summary: string) => ({
    get: {
      summary,
      description:
        'Does not send the file: answers 303 See Other to an expiring signed link (ten minutes) that sends it. Follow the redirect (curl -L).',
      responses: {
        '303': {
          description:
            'Redirect to /api/documents/{applicationId}/{file}?expires=&signature=, which answers the PDF',
          headers: {
            Location: {
              description: 'The signed download link (relative)',
              schema: { type: 'string' },
            },
          },
        },
        '404': err('unknown'),
        '409': err('not_accepted: no document before the acceptance'),
        '410': err('days_to_keep_data_exceeded or reservation_expired'),
      },
    },
  });
  const oldSave = (summary: string) => {
    const op = {
      summary,
      tags: ['old API'],
      security: optionalKey,
      requestBody: {
        required: true,
        content: {
          'application/x-www-form-urlencoded': {
            schema: { type: 'object', description: 'tenancy_retail[group][field] keys' },
          },
          'application/json': { schema: { type: 'object' } },
        },
      },
      responses: saveResponses,
    };
    return { put: op, post: { ...op, summary: `${summary} (POST)` } };
  };
  const anyJson = (summary: string, tag = 'old API') => ({
    get: {
      summary,
      tags: [tag],
      responses: { '200': json({ type: 'object' }, 'Answer'), '404': err('unknown') },
    },
  });
  return {
    openapi: '3.1.0',
    info: {
      title: 'Mietkaution Online – API',
      version: '1.0.0',
      description:
        'Create and complete applications for a rental deposit guarantee (Mietkautionsbürgschaft). Bodies are JSON (nested objects) or form-urlencoded with bracket keys, with the same names. See docs/integrators.md.',
    },
    servers: [{ url: '/' }],
    paths: {
      '/api/tenancies': {
        get: {
          summary: 'Load an application',
          responses: {
            '200': json(
              { type: 'object', properties: { data: { $ref: '#/components/schemas/Tenancy' } } },
              'The saved form data',
            ),
            '404': err('unknown'),
            '409': err('already_submitted'),
            '410': err('days_to_keep_data_exceeded or reservation_expired'),
          },
        },
        post: {
          summary: 'Create an application (or submit a complete one in one call)',
          description:
            'Partners send the whole application with step "check" (in the body or the query) and their key; see docs/integrators.md.',
          security: optionalKey,
          requestBody: body,
          responses: saveResponses,
        },
        patch: {
          summary: 'Update an application step',
          security: optionalKey,
          requestBody: body,
          responses: saveResponses,
        },
      },
      '/api/rates': {
        get: {
          summary: 'Rates for every payment frequency (cacheable)',
          responses: {
            '200': json(
              { $ref: '#/components/schemas/Rates' },
              'Rates keyed by payments per year (1, 2, 4, 12)',
            ),
            '400': err('invalid_sum'),
          },
        },
      },
      '/api/saveprogress': {
        post: {
          summary: 'Mail a resume link ("Später fortfahren")',
          responses: {
            '200': json(
              {
                type: 'object',
                properties: {
                  cid: { type: 'string' },
                  errors: { type: 'object' },
                  sent: { type: 'boolean', description: 'true once the mail server took it' },
                  queued: {
                    type: 'boolean',
                    description:
                      'true: refused for now (SMTP 4xx), retried with back-off until MAIL_RETRY_HOURS, then given up',
                  },
                },
              },
              'Sent, queued for retries, or errors.email',
            ),
            '404': err('unknown'),
          },
        },
      },
      '/api/partners/{code}': {
        get: {
          summary: 'Partner lookup: its sub-partners',
          responses: {
            '200': json(
              {
                type: 'object',
                properties: {
                  data: {
                    type: 'array',
                    items: {
                      type: 'object',
                      properties: { code: { type: 'string' }, name: { type: 'string' } },
                    },
                  },
                  partner: { type: 'object' },
                },
              },
              'Sub-partners (empty: no uce step needed)',
            ),
            '404': err('unknown_partner'),
          },
        },
      },
      '/api/subpartners': {
        put: {
          summary: 'Save partner and sub-partner codes (uce step): body partner_code plus values',
          responses: saveResponses,
        },
        post: {
          summary: 'Save partner and sub-partner codes (uce step), earlier shape',
          responses: saveResponses,
        },
      },
      '/api/guarantee-requests': {
        post: {
          summary:
            'Request an individual digital guarantee above the online maximum deposit (ADR 0836)',
          responses: {
            '201': json(
              { type: 'object', properties: { reference: { type: 'string' } } },
              'Stored for staff; the tenant gets a confirmation e-mail',
            ),
            '400': json(
              { type: 'object', properties: { errors: { type: 'object' } } },
              'A German message per field (amount, name, email, phone, message)',
            ),
          },
        },
      },
      '/api/mandate': {
        get: {
          summary:
            'SEPA mandate of an application for the check step: creditor id and mandate reference (ADR 0832)',
          responses: {
            '200': json(
              {
                type: 'object',
                properties: {
                  creditorId: { type: 'string' },
                  mandateReference: { type: 'string', maxLength: 35 },
                },
              },
              'The mandate the final submission grants; the debits carry this reference',
            ),
            '404': err('unknown'),
          },
        },
      },
      '/api/checkout/step': {
        post: {
          summary: 'Checkout step call of the uce step',
          responses: saveResponses,
        },
      },
      '/api/banknames': {
        get: {
          summary: 'Bank name by German bank code (BLZ)',
          responses: {
            '200': json(
              {
                type: 'object',
                properties: {
                  bankCode: { type: 'string' },
                  bankName: { type: 'string' },
                  bic: { type: ['string', 'null'] },
                },
              },
              'The bank',
            ),
            '400': err('invalid_bank_code'),
            '404': err('unknown_bank_code'),
          },
        },
      },
      '/api/application/state/{cid}': orderStatus('Order status of a contract'),
      '/api/reservation/state/{cid}': orderStatus('Order status of a reservation'),
      '/api/documents/{applicationId}/{file}': {
        get: {
          summary:
            'A document of an accepted application through an expiring signed link (from the order status or the e-mail)',
          responses: {
            '200': { description: 'The PDF', content: { 'application/pdf': {} } },
            '403': err('invalid_link'),
            '404': err('unknown or no_document'),
            '410': err('link_expired or gone'),
          },
        },
      },
      '/api/legal/{slug}.pdf': {
        get: {
          summary: 'A legal text as a sealed, tagged PDF',
          responses: {
            '200': { description: 'The PDF', content: { 'application/pdf': {} } },
            '404': err('unknown'),
          },
        },
      },
      '/api/legal/{slug}': {
        get: {
          summary:
            'A legal text (impressum, datenschutz, kontakt, versicherungsbedingungen, verbraucherinformationen, widerrufsbelehrung) with the operator details filled in',
          responses: {
            '200': json(
              {
                type: 'object',
                required: ['slug', 'title', 'blocks'],
                properties: {
                  slug: { type: 'string' },
                  title: { type: 'string' },
                  blocks: {
                    type: 'array',
                    description:
                      'heading {kind, level 2|3, content}, paragraph {kind, content} or list {kind, items}; content is a list of {text, bold?}',
                    items: { type: 'object' },
                  },
                },
              },
              'The text as blocks',
            ),
            '404': err('not_found'),
          },
        },
      },
      '/api/captcha/challenge': {
        get: {
          summary:
            'A new ALTCHA proof-of-work challenge (solve it, send the base64 payload as captchaResponseKey)',
          responses: { '200': json({ type: 'object' }, 'ALTCHA challenge') },
        },
      },
      '/api/botcheck': {
        get: {
          summary: 'Bot-check values pb (keep empty), pbt and pbk (send back unchanged)',
          responses: {
            '200': json(
              {
                type: 'object',
                properties: {
                  pb: { type: 'string' },
                  pbt: { type: 'string' },
                  pbk: { type: 'string' },
                },
              },
              'Values',
            ),
          },
        },
      },
      '/api/addresses/cities': {
        get: {
          summary: 'Places for a postal code (OpenStreetMap data, ODbL)',
          responses: {
            '200': json(
              {
                type: 'object',
                properties: { data: { type: 'array' }, attribution: { type: 'string' } },
              },
              'Places',
            ),
          },
        },
      },
      '/api/addresses/streets': {
        get: {
          summary: 'Street suggestions (Photon geocoder, if configured)',
          responses: {
            '200': json(
              {
                type: 'object',
                properties: { data: { type: 'array' }, attribution: { type: 'string' } },
              },
              'Suggestions',
            ),
          },
        },
      },
      '/api/config': {
        get: {
          summary: 'Configuration of the web app',
          responses: { '200': json({ type: 'object' }, 'AppConfig') },
        },
      },
      ...contractPaths,
      ...claimPaths,
      ...evidencePaths,
      '/api/tenancies/{cid}/certificate.pdf': pdf('Guarantee certificate (Bürgschaftsurkunde)'),
      '/api/tenancies/{cid}/reservation.pdf': pdf('Reservation confirmation (Sofortzusage)'),
      '/api/openapi.json': {
        get: {
          summary: 'This document',
          responses: { '200': json({ type: 'object' }, 'OpenAPI 3.1') },
        },
      },
      '/locales/de.json': {
        get: {
          summary: 'German texts of the web app',
          responses: { '200': json({ type: 'object' }, 'Catalogue') },
        },
      },
      '/onlineantrag-sidebar/{name}': {
        get: {
          summary: 'Help text for a field (JSON {title, paragraphs}; ?format=html)',
          responses: {
            '200': json({ type: 'object' }, 'Help text'),
            '404': err('No help for this field'),
          },
        },
      },
      '/tenancy_steps_reconfigured/cid_to_json': anyJson('Old API: load an application'),
      '/tenancy_steps_reconfigured/json_to_cid': oldSave('Old API: save a step'),
      '/tenancy_reservation_steps_reconfigured/json_to_cid': oldSave(
        'Old API: save a reservation step',
      ),
      '/tenancy_steps_reconfigured/save_progress': {
        post: {
          summary: 'Old API: mail a resume link',
          tags: ['old API'],
          responses: { '200': json({ type: 'object' }, 'Sent, or errors') },
        },
      },
      '/tenancy_steps_reconfigured/get_uce_configuration': anyJson('Old API: partner lookup'),
      '/tenancy_steps_reconfigured/save_uce_values': oldSave('Old API: save partner codes'),
      '/ajax::tenancy_logic/rates': anyJson('Old API: rates'),
      '/ajax::tenancy_logic/bank_code_to_name': anyJson('Old API: bank name'),
      '/health': {
        get: {
          summary: 'Health incl. database',
          responses: {
            '200': json({ type: 'object' }, 'ok'),
            '503': json({ type: 'object' }, 'database unavailable'),
          },
        },
      },
    },
    webhooks: {
      applicationEvent: {
        post: {
          summary:
            'A state change of an application made with your key, or of a claim on its guarantee (claim.*)',
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
      },
      schemas: {
        WebhookEvent: webhookEvent,
        Tenancy: tenancySchema(wire),
        SaveAnswer: saveAnswer,
        ErrorList: errorList,
        ...contractSchemas,
        OrderStatus: {
          type: 'object',
          required: ['state', 'orderId', 'rate', 'digital'],
          properties: {
            state: {
              type: 'string',
              enum: [
                'submitted',
                'created',
                'pending',
                'accepted',
                'declined',
                'withdrawn',
                'cancelled',
                'released',
              ],
              description:
                'The order states of the spec (submitted, created, pending, accepted, declined); an accepted contract later reports how it ended (withdrawn, cancelled, released). A cancellation waiting for the landlord stays accepted (see contractStatus).',
            },
            contractStatus: {
              type: ['string', 'null'],
              enum: [
                'active',
                'cancellation_requested',
                'withdrawn',
                'cancelled',
                'released',
                null,
              ],
              description:
                'The accepted contract after the sale (ADR 0925); null before acceptance',
            },
            orderId: { type: ['string', 'null'] },
            rate: { type: ['number', 'null'], description: 'Euros per payment' },
            digital: { type: 'boolean' },
            partnerCode: {
              type: ['string', 'null'],
              description: 'Checked partner code of the application (vm_id, field or API)',
            },
            subPartnerCode: {
              type: ['string', 'null'],
              description: 'Checked sub-partner code (uvm_id, uce step or API)',
            },
            paymentConditions: {
              type: ['integer', 'null'],
              enum: [1, 2, 4, 12, null],
              description: 'Payments per year of `rate`',
            },
            deliverTo: {
              type: ['string', 'null'],
              description: 'objectAddresss, legalAddress, landlordAddress or digital',
            },
            firstDebitDate: {
              type: ['string', 'null'],
              format: 'date',
              description:
                'Expected first debit (about 14 days after the application), accepted only',
            },
            reservedUntil: {
              type: ['string', 'null'],
              format: 'date',
              description: 'Last day an accepted reservation holds',
            },
            documents: {
              type: 'array',
              description:
                'Once accepted: the documents to download (expiring signed paths) and the legal texts',
              items: {
                type: 'object',
                required: ['kind', 'title', 'url'],
                properties: {
                  kind: { type: 'string' },
                  title: { type: 'string' },
                  url: { type: 'string' },
                  expiresAt: { type: 'string', format: 'date-time' },
                },
              },
            },
          },
        },
        Rates: {
          type: 'object',
          additionalProperties: {
            type: 'object',
            properties: {
              rate_per_payment: { type: 'number' },
              rate_per_year: { type: 'number' },
              i18n_noun: { type: 'string' },
              i18n_adverb: { type: 'string' },
              rate_per_year_factor: { type: 'number' },
            },
          },
        },
      },
    },
  };
}

/**
 * Every POST, PUT and PATCH takes an optional Idempotency-Key (http/idempotency.ts, ADR 1113,
 * registered for all write routes): the header and its answers are added to each such operation
 * here, so the document cannot forget one.
 */
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
          : err(text);
      }
      op.responses = responses;
    }
  return doc;
}

export function registerOpenApi(app: FastifyInstance, wire: WireFormat): void {
  // Built at the first request: by then every route (and its edge schemas) is registered.
  let doc: Schema | undefined;
  app.get(
    '/api/openapi.json',
    async () =>
      (doc ??= withIdempotency(withEdgeSchemas(openApiDocument(wire), registeredRoutes(app)))),
  );
}
