import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../testing/http';
import { startTestServer, type TestServer } from '../testing/server';

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
  });
});
