import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type pino from 'pino';
import { createLogger } from '../log';
import { call } from '../testing/http';
import { startTestServer, type TestServer } from '../testing/server';
import { requestLoggerFactory } from './logging';

describe('request logs', () => {
  const lines: string[] = [];
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ engine: 'pglite', logLines: lines });
  });
  afterAll(async () => {
    await s?.close();
  });

  it('log method, route pattern, status and time, never the cid, query or body in clear', async () => {
    const c = await call(s.url, 'POST', '/api/tenancies?step=start', {
      rentalObject: { rentalContract: { deposit: '1234', isExisting: 'false' } },
    });
    await call(s.url, 'GET', `/api/tenancies?cid=${c.body.cid}`);
    await call(s.url, 'GET', `/api/application/state/${c.body.cid}`);
    await call(s.url, 'POST', '/api/saveprogress', {
      cid: c.body.cid,
      email: 'geheim@example.org',
    });
    const all = lines.join('\n');
    expect(all).not.toContain(c.body.cid);
    expect(all).not.toContain('geheim@example.org');
    expect(all).not.toContain('1234');
    const requests = lines.map((l) => JSON.parse(l)).filter((l) => l.msg === 'request');
    expect(requests.map((r) => r.route)).toEqual(
      expect.arrayContaining(['/api/tenancies', '/api/application/state/:cid']),
    );
    const withCid = requests.find((r) => r.route === '/api/application/state/:cid');
    expect(withCid).toMatchObject({
      method: 'GET',
      // a draft has no order state yet (ADR 0928)
      status: 409,
      cidTag: expect.stringMatching(/^[0-9a-f]{10}$/),
    });
    expect(typeof withCid.ms).toBe('number');
    // The bindings pino's request child carried: the logger's own, then the request's id.
    expect(Object.keys(withCid).slice(0, 4)).toEqual(['level', 'time', 'service', 'reqId']);
    expect(withCid.reqId).toMatch(/^req-[0-9a-z]+$/);
    expect(new Set(requests.map((r) => r.reqId)).size).toBe(requests.length);
  });
});

describe('request.log (made at its first use)', () => {
  it('writes the lines the pino child of the request wrote', () => {
    const lines: string[] = [];
    const root = createLogger('info', { write: (l: string) => lines.push(l) });
    const child = root.child({ reqId: 'req-7' });
    const lazy = requestLoggerFactory(root, { reqId: 'req-7' }, {}) as unknown as pino.Logger;
    expect(lazy.isLevelEnabled('info')).toBe(true);
    expect(lazy.isLevelEnabled('debug')).toBe(false);
    for (const log of [child, lazy]) {
      log.warn({ route: '/api/x', cid: 'secret' }, 'refused');
      log.error(new Error('boom'), 'request failed');
      log.debug('not written');
      log.child({ part: 'inner' }).info('inner line');
    }
    // The time and the error's stack (its line numbers) differ between the two calls.
    const strip = (l: string) => {
      const { time: _time, ...rest } = JSON.parse(l) as Record<string, unknown>;
      if (rest.err) rest.err = { ...(rest.err as object), stack: undefined };
      return rest;
    };
    expect(lines).toHaveLength(6);
    expect(lines.slice(3).map(strip)).toEqual(lines.slice(0, 3).map(strip));
    expect(lines[3]).not.toContain('secret');
    expect(lazy.level).toBe('info');
  });
});
