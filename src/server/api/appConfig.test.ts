import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config';
import { call } from '../testing/http';
import { startTestServer, type TestServer } from '../testing/server';

// The SEPA creditor identifier the check page shows in the mandate text comes from the server.
describe('GET /api/config creditorId (SEPA_CREDITOR_ID)', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({
      engine: 'pglite',
      env: { SEPA_CREDITOR_ID: 'DE02ZZZ01234567890' },
    });
  });
  afterAll(async () => {
    await s?.close();
  });

  it('answers the configured identifier', async () => {
    const c = await call(s.url, 'GET', '/api/config');
    expect(c.body.creditorId).toBe('DE02ZZZ01234567890');
    // No GEOCODER_URL: the web app offers no street suggestions.
    expect(c.body.streetSuggestions).toBe(false);
    expect(c.body.callbackBaseUrl).toBe('');
  });

  it.each([
    [{}, 'DE98ZZZ09999999999'],
    [{ SEPA_CREDITOR_ID: 'AT61ZZZ01234567890' }, 'AT61ZZZ01234567890'],
  ])('loadConfig(%j) -> %s', (env, expected) => {
    expect(loadConfig(env).sepaCreditorId).toBe(expected);
  });

  it('CALLBACK_BASE_URL must be an http(s) URL; a trailing slash is dropped', () => {
    expect(loadConfig({ CALLBACK_BASE_URL: 'https://www.example.de/' }).callbackBaseUrl).toBe(
      'https://www.example.de',
    );
    expect(() => loadConfig({ CALLBACK_BASE_URL: 'javascript:alert(1)' })).toThrow(ConfigError);
  });

  it.each(['', 'DE98', 'de98zzz09999999999', 'DE98 ZZZ 0999'])('refuses %j', (bad) => {
    expect(() => loadConfig({ SEPA_CREDITOR_ID: bad })).toThrow(ConfigError);
  });
});

describe('settings checked at start', () => {
  it('STEPS: known steps in the given order; empty is the default list', () => {
    expect(loadConfig({ STEPS: 'start, tenant,check' }).steps).toEqual([
      'start',
      'tenant',
      'check',
    ]);
    expect(loadConfig({}).steps).toEqual([]);
  });

  it('STEPS: a typo stops the start with a message naming it and the known steps', () => {
    expect(() => loadConfig({ STEPS: 'start,tennant,check' })).toThrow(
      /STEPS: unknown step tennant; the steps are start, uce, tenant/,
    );
    expect(() => loadConfig({ STEPS: 'start,check,check' })).toThrow(/STEPS: step check twice/);
  });

  it.each([
    ['RATE_LIMIT_WINDOW', '1 minuet'],
    ['PARTNER_RATE_LIMIT_WINDOW', 'soon'],
    ['SIDEBAR_HOST', 'help.example'],
    ['CHAT_URL', 'javascript:alert(1)'],
  ])('%s=%j stops the start', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`${name}: `));
  });

  it.each([
    ['RATE_LIMIT_WINDOW', '1 hour'],
    ['RATE_LIMIT_WINDOW', '30 seconds'],
    ['PARTNER_RATE_LIMIT_WINDOW', '60000'],
    ['SIDEBAR_HOST', 'https://help.example'],
    ['CHAT_URL', ''],
  ])('%s=%j is accepted', (name, value) => {
    expect(() => loadConfig({ [name]: value })).not.toThrow();
  });
});
