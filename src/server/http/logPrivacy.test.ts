import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../clock';
import { engines } from '../testing/database';
import { completeNewApiApplication, securityFields, testNow } from '../testing/fixtures';
import { call } from '../testing/http';
import { startTestServer, type TestServer } from '../testing/server';

/**
 * Issue 15 item 4: no personal data in any log line, whatever fails. Marker values (IBAN, e-mail,
 * name, phone, birth date) go through every error path we can provoke on the real server and
 * database, then every log line is scanned for them.
 */
const markers = {
  iban: 'DE02120300000000202051',
  email: 'log.marker@example.org',
  lastName: 'Markerfrau',
  phone: '+4930987654321',
  birth: '1977-07-07',
};

function markedApplication(): Record<string, unknown> {
  const app = completeNewApiApplication() as Record<string, Record<string, unknown>>;
  return {
    ...app,
    tenant: {
      ...app.tenant,
      name: markers.lastName,
      email: markers.email,
      emailConfirmation: markers.email,
      phone: markers.phone,
      dateOfBirth: markers.birth,
    },
    bankAccount: { ...app.bankAccount, iban: markers.iban },
  };
}

describe.each(engines)('log lines carry no personal data on %s', (engine) => {
  let s: TestServer;
  const lines: string[] = [];
  beforeAll(async () => {
    s = await startTestServer({
      engine,
      clock: fixedClock(testNow),
      logLines: lines,
      env: { RATE_LIMIT_WRITES: '40' },
    });
  });
  afterAll(async () => {
    await s?.close();
  });

  it('over every error path', async () => {
    const body = markedApplication();
    const statuses: number[] = [];
    const hit = async (...args: Parameters<typeof call>) =>
      statuses.push((await call(...args)).status);

    // Field errors, forbidden characters, over-long values, bad JSON, unknown cid, bad step.
    await hit(s.url, 'POST', '/api/tenancies?step=tenant', body);
    await hit(s.url, 'POST', '/api/tenancies?step=tenant', {
      ...body,
      tenant: { name: `${markers.lastName}\u0000`, email: `${markers.email}\u202E` },
    });
    await hit(s.url, 'POST', '/api/tenancies?step=tenant', {
      tenant: { name: markers.lastName.repeat(5000) },
    });
    await hit(
      s.url,
      'POST',
      '/api/tenancies',
      `{"iban":"${markers.iban}","email":"${markers.email}"`,
    );
    await hit(s.url, 'PATCH', `/api/tenancies?cid=${'A'.repeat(32)}&step=tenant`, body);
    await hit(s.url, 'POST', '/api/tenancies?step=nope', body);
    await hit(s.url, 'POST', '/api/saveprogress', { cid: 'x', email: markers.email });
    // A final submission (captcha checks, the decision job enqueued).
    await hit(s.url, 'POST', '/api/tenancies', { ...body, ...(await securityFields(s.url)) });
    await hit(s.url, 'POST', '/api/tenancies', { ...body, captchaResponseKey: 'forged' });

    // The database refuses the statement: the driver's error carries the SQL and its params.
    await s.db.executeSql(
      'ALTER TABLE applications ADD CONSTRAINT refuse_all CHECK (length(cid_hash) < 0) NOT VALID',
    );
    await hit(s.url, 'POST', '/api/tenancies?step=tenant', body);
    await hit(s.url, 'POST', '/api/tenancies', { ...body, ...(await securityFields(s.url)) });
    await s.db.executeSql('ALTER TABLE applications DROP CONSTRAINT refuse_all');
    expect(statuses).toContain(500);

    // Past the write limit.
    for (let i = 0; i < 40; i++)
      await hit(s.url, 'POST', '/api/tenancies?step=tenant', { tenant: { email: markers.email } });
    expect(statuses).toContain(429);
    expect(statuses).toContain(400);

    const log = lines.join('\n');
    expect(lines.length).toBeGreaterThan(40);
    expect(log).toContain('request failed');
    for (const value of Object.values(markers)) expect(log).not.toContain(value);
    expect(log).not.toContain(markers.iban.slice(4));
    expect(log).not.toMatch(/params:|Failed query|insert into/i);
  });
});
