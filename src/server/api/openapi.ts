import type { FastifyInstance } from 'fastify';
import {
  defaultFormModel,
  fieldKinds,
  fieldPaths,
  setField,
  stepIds,
  type FieldPath,
  type WireFormat,
} from '../services/rulebook';

type Schema = Record<string, unknown>;

/** The request/response body of a tenancy, generated from the domain's wire names and kinds. */
export function tenancySchema(wire: WireFormat): Schema {
  const root: Schema = { type: 'object', additionalProperties: true, properties: {} };
  for (const path of fieldPaths) {
    if (
      path.endsWith('.id') ||
      (path.startsWith('formHandling.') && path !== 'formHandling.contractState')
    )
      continue;
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
  return root;
}

function leafSchema(wire: WireFormat, path: FieldPath, name: string): Schema {
  const kind = fieldKinds[path];
  switch (kind.kind) {
    case 'text':
      return { type: 'string' };
    case 'date':
      return { type: 'string', format: 'date', description: 'YYYY-MM-DD' };
    case 'bool':
      return { type: ['string', 'boolean'], enum: ['true', 'false', true, false] };
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
  },
};

const json = (schema: Schema, description: string) => ({
  description,
  content: { 'application/json': { schema } },
});
const err = (description: string) => json({ $ref: '#/components/schemas/ErrorList' }, description);
const q = (
  name: string,
  description: string,
  required = false,
  schema: Schema = { type: 'string' },
) => ({
  name,
  in: 'query',
  required,
  description,
  schema,
});
const p = (name: string, description: string) => ({
  name,
  in: 'path',
  required: true,
  description,
  schema: { type: 'string' },
});

/** The two state endpoints (contract, reservation) answer the same shape. */
const orderStatus = (summary: string) => ({
  get: {
    summary,
    parameters: [p('cid', 'Session id')],
    responses: {
      '200': json({ $ref: '#/components/schemas/OrderStatus' }, 'Status'),
      '404': err('unknown'),
    },
  },
});

/** The OpenAPI 3.1 document of the new API (GET /api/openapi.json). */
export function openApiDocument(wire: WireFormat): Schema {
  const body = {
    required: true,
    content: {
      'application/json': { schema: { $ref: '#/components/schemas/Tenancy' } },
      'application/x-www-form-urlencoded': { schema: { $ref: '#/components/schemas/Tenancy' } },
    },
  };
  const stepParam = q(
    'step',
    'Step saved (start, uce, tenant, landlord, object, payment, selling, check). Without step: the whole application in one call (final submission).',
    false,
    { type: 'string', enum: [...stepIds] },
  );
  const saveResponses = {
    '200': json(
      { $ref: '#/components/schemas/SaveAnswer' },
      'Saved (field errors, if any, in errors)',
    ),
    '400': err('Unknown step'),
    '403': err('Foreign Origin (browser CSRF protection)'),
    '404': err('unknown: cid not found'),
    '409': err('already_submitted'),
    '410': err('days_to_keep_data_exceeded or reservation_expired'),
    '413': err('Body too large'),
    '415': err('Content type other than JSON or form-urlencoded'),
    '429': err('Too many writes from this client'),
  };
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
          parameters: [q('cid', 'Session id', true)],
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
          parameters: [
            stepParam,
            q('product_selection', 'Product selection of the page'),
            q('reservation', '1/true/on: a reservation'),
          ],
          requestBody: body,
          responses: saveResponses,
        },
        patch: {
          summary: 'Update an application step',
          parameters: [
            q('cid', 'Session id', true),
            stepParam,
            q('product_selection', 'Product selection'),
          ],
          requestBody: body,
          responses: saveResponses,
        },
      },
      '/api/rates': {
        get: {
          summary: 'Rates for every payment frequency (cacheable)',
          parameters: [
            q('sum', 'Deposit in euros', true),
            q('payment', 'Frequency (ignored: all are answered)'),
            q('product_selection', 'Product'),
          ],
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
          requestBody: {
            required: true,
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  required: ['cid', 'email'],
                  properties: {
                    cid: { type: 'string' },
                    step: { type: 'string' },
                    email: { type: 'string', format: 'email' },
                  },
                },
              },
            },
          },
          responses: {
            '200': json(
              {
                type: 'object',
                properties: {
                  cid: { type: 'string' },
                  errors: { type: 'object' },
                  sent: { type: 'boolean' },
                },
              },
              'Sent, or errors.email',
            ),
            '404': err('unknown'),
          },
        },
      },
      '/api/partners/{code}': {
        get: {
          summary: 'Partner lookup: its sub-partners',
          parameters: [p('code', 'Partner code (vm_id)'), q('cid', 'Session id, if any')],
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
        post: {
          summary: 'Save partner and sub-partner codes (uce step)',
          parameters: [q('cid', 'Session id, if any')],
          requestBody: {
            required: true,
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  properties: {
                    cid: { type: 'string' },
                    partnerCode: { type: 'string' },
                    subPartnerCode: { type: 'string' },
                  },
                },
              },
            },
          },
          responses: saveResponses,
        },
      },
      '/api/checkout/step': {
        post: {
          summary: 'Checkout step call of the uce step',
          requestBody: {
            required: true,
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  properties: {
                    cid: { type: 'string' },
                    partnerCode: { type: 'string' },
                    subPartnerCode: { type: 'string' },
                    product: { type: 'string' },
                    step: { type: 'string', enum: ['uce'] },
                  },
                },
              },
            },
          },
          responses: saveResponses,
        },
      },
      '/api/banknames': {
        get: {
          summary: 'Bank name by German bank code (BLZ)',
          parameters: [q('bankCode', '8 digits', true)],
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
          parameters: [q('zip', '5 digits', true)],
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
          parameters: [q('q', 'Typed street', true), q('zip', 'Postal code'), q('city', 'City')],
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
    components: {
      schemas: {
        Tenancy: tenancySchema(wire),
        SaveAnswer: saveAnswer,
        ErrorList: errorList,
        OrderStatus: {
          type: 'object',
          required: ['state', 'orderId', 'rate', 'digital'],
          properties: {
            state: {
              type: 'string',
              description: 'not_submitted, submitted, created, pending, accepted, declined',
            },
            orderId: { type: ['string', 'null'] },
            rate: { type: ['number', 'null'], description: 'Euros per payment' },
            digital: { type: 'boolean' },
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

export function registerOpenApi(app: FastifyInstance, wire: WireFormat): void {
  const doc = openApiDocument(wire);
  app.get('/api/openapi.json', async () => doc);
}
