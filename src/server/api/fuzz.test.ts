import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../clock';
import { testNow } from '../testing/fixtures';
import { startTestServer, type TestServer } from '../testing/server';

// Every endpoint of both generations, with the methods they answer.
const endpoints: [string, string][] = [
  ['GET', '/api/tenancies'],
  ['POST', '/api/tenancies'],
  ['PATCH', '/api/tenancies'],
  ['GET', '/api/rates'],
  ['POST', '/api/saveprogress'],
  ['GET', '/api/partners/{x}'],
  ['POST', '/api/subpartners'],
  ['POST', '/api/checkout/step'],
  ['GET', '/api/banknames'],
  ['GET', '/api/application/state/{x}'],
  ['GET', '/api/reservation/state/{x}'],
  ['GET', '/api/addresses/cities'],
  ['GET', '/api/addresses/streets'],
  ['GET', '/api/captcha/challenge'],
  ['GET', '/api/config'],
  ['GET', '/onlineantrag-sidebar/{x}'],
  ['GET', '/tenancy_steps_reconfigured/cid_to_json'],
  ['PUT', '/tenancy_steps_reconfigured/json_to_cid'],
  ['PUT', '/tenancy_reservation_steps_reconfigured/json_to_cid'],
  ['GET', '/ajax::tenancy_logic/rates'],
  ['POST', '/tenancy_steps_reconfigured/save_progress'],
  ['GET', '/tenancy_steps_reconfigured/get_uce_configuration'],
  ['PUT', '/tenancy_steps_reconfigured/save_uce_values'],
  ['GET', '/ajax::tenancy_logic/bank_code_to_name'],
];

const keys = [
  'cid',
  'step',
  'sum',
  'payment',
  'product_selection',
  'reservation',
  'bankCode',
  'bank_code',
  'zip',
  'q',
  'partner_code',
  'rentalObject[rentalContract][deposit]',
  'tenant[dateOfBirth]',
  'tenancy_retail[objective][deposit]',
  'a[b][c][d][e][f][g][h]',
  '__proto__[x]',
  'constructor[prototype][y]',
  'x[]',
  'email',
  'captchaResponseKey',
  'pbt',
  'pbk',
];
const values = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.constantFrom(
    '',
    'true',
    '1',
    'start',
    'check',
    'payment',
    'tenant',
    '1.500,00',
    '-1',
    'NaN',
    '1e309',
    'AAAAAAAAAAAAAAAAAAAAAAAA',
    '%',
    '%zz',
    '\u0000',
    'ä€𝄞',
    // Issue 15 item 8: a lone surrogate (JSON bodies carry it as \ud800), bidi overrides, CR/LF.
    '\uD800',
    'x\uDC00',
    'Max\u202Emiere',
    '\u2066a\u2069',
    'a\r\nBcc: x@example.org',
    '\u0000\u0000',
  ),
  fc.integer().map(String),
);
const loneSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
/** encodeURIComponent, with a lone surrogate sent as the bytes of its CESU-8 form (no throw). */
const encode = (v: string) =>
  encodeURIComponent(v.replace(loneSurrogate, '\uFFFD')).replace(/%EF%BF%BD/g, '%ED%A0%80');
const query = fc
  .array(fc.tuple(fc.oneof(fc.constantFrom(...keys), fc.string({ maxLength: 12 })), values), {
    maxLength: 6,
  })
  .map((pairs) => pairs.map(([k, v]) => `${encode(k)}=${encode(v)}`).join('&'));
const rawQuery = fc.oneof(
  query,
  fc.string({ maxLength: 60 }).map((s) => s.replace(/[#\s]/g, '')),
);

const jsonBody = fc.oneof(
  fc.jsonValue({ maxDepth: 4 }).map((v) => JSON.stringify(v)),
  fc
    .object({
      maxDepth: 3,
      key: fc.oneof(
        fc.constantFrom(
          ...keys,
          'rentalObject',
          'tenant',
          'landlord',
          'bankAccount',
          'selling',
          'data',
          'tenancy_retail',
        ),
        fc.string({ maxLength: 8 }),
      ),
    })
    .map((v) => JSON.stringify(v)),
  fc.string({ maxLength: 80 }),
  fc.constantFrom(
    '{',
    '[',
    'null',
    '"x"',
    '{"__proto__":{"a":1}}',
    '{"constructor":{"prototype":{"a":1}}}',
    '1e999',
    '{"tenant":{"firstName":"\\u0000","name":"Muster"}}',
    '{"tenant":{"name":"\\ud800"},"landlord":{"name":"a\\u202eb"}}',
    '{"tenancy_retail":{"firstTenant":{"firstName":"\\udc00"}}}',
    '{"email":"a\\u0000@example.org","cid":"\\u0000"}',
  ),
);
const body = fc.oneof(
  fc.record({ type: fc.constant('application/json'), payload: jsonBody }),
  fc.record({
    type: fc.constant('application/x-www-form-urlencoded'),
    payload: fc.oneof(query, fc.string({ maxLength: 80 })),
  }),
  fc.record({
    type: fc.constantFrom(
      'text/plain',
      'application/xml',
      'multipart/form-data; boundary=x',
      'application/json; charset=latin1',
      '',
    ),
    payload: fc.string({ maxLength: 40 }),
  }),
  fc.constant(undefined),
);
const pathPart = fc.oneof(
  fc.string({ maxLength: 30 }),
  fc.constantFrom('IMMO1', 'objective.deposit', '..', '%2e%2e', 'AAAAAAAAAAAAAAAAAAAAAAAA'),
);

describe('fuzz: malformed requests never produce a 5xx', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({
      engine: 'pglite',
      clock: fixedClock(testNow),
      env: { RATE_LIMIT_WRITES: '1000000' },
    });
  });
  afterAll(async () => {
    await s?.close();
  });

  it('answers 10,000 random bodies and queries across all endpoints with a status below 500', async () => {
    const failures: string[] = [];
    let sent = 0;
    const byClass: Record<string, number> = {};
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...endpoints),
        pathPart,
        rawQuery,
        body,
        async ([method, template], part, q, b) => {
          const path = template.replace('{x}', encodeURIComponent(part) || 'x');
          const headers: Record<string, string> = {};
          if (b?.type) headers['content-type'] = b.type;
          const res = await fetch(`${s.url}${path}?${q}`, {
            method,
            headers,
            body: method === 'GET' ? undefined : b?.payload,
          });
          await res.arrayBuffer();
          sent++;
          const cls = `${Math.floor(res.status / 100)}xx`;
          byClass[cls] = (byClass[cls] ?? 0) + 1;
          if (res.status >= 500)
            failures.push(`${method} ${path}?${q} ${b?.type} ${b?.payload} -> ${res.status}`);
          return res.status < 500;
        },
      ),
      { seed: 20260302, numRuns: 10_000, endOnFailure: true },
    );
    expect(failures).toEqual([]);
    expect(sent).toBeGreaterThanOrEqual(10_000);
    // The inputs reach the handlers: plenty are answered normally, plenty are refused.
    expect(byClass['2xx']).toBeGreaterThan(500);
    expect(byClass['4xx']).toBeGreaterThan(500);
  }, 180_000);
});
