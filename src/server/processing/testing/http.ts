import { expect } from 'vitest';
import { completeNewApiApplication, securityFields } from '../../testing/fixtures';
import { call } from '../../testing/http';
import type { TestServer } from '../../testing/server';

/** The new API's one-call submission with the given tenant last name (the persona). */
export async function submit(s: TestServer, lastName: string): Promise<string> {
  const app = completeNewApiApplication() as { tenant: Record<string, unknown> };
  const body = {
    ...app,
    tenant: { ...app.tenant, name: lastName },
    ...(await securityFields(s.url)),
  };
  const r = await call(s.url, 'POST', '/api/tenancies', body);
  expect(r.body.errors).toEqual({});
  expect(r.body.state).toBe('submitted');
  return r.body.cid as string;
}

/**
 * Polls the state endpoint until decided: every 100 ms, for at most 90 s. (The browser polls once
 * a second; the state the poll ends in is the same, only the wait after the decision is shorter.)
 */
export async function poll(s: TestServer, cid: string) {
  let st = await call(s.url, 'GET', `/api/application/state/${cid}`);
  for (let i = 1; i < 900 && ['submitted', 'created'].includes(st.body.state); i++) {
    await new Promise((r) => setTimeout(r, 100));
    st = await call(s.url, 'GET', `/api/application/state/${cid}`);
  }
  return st.body as {
    state: string;
    orderId: string;
    rate: number;
    digital: boolean;
    documents?: Array<{ kind: string; title: string; url: string; expiresAt?: string }>;
  };
}

/** A reservation (Sofortzusage) for the given tenant last name, polled until decided. */
export async function reserve(
  s: TestServer,
  lastName: string,
  tenantOverrides: Record<string, unknown> = {},
) {
  const app = completeNewApiApplication() as {
    rentalObject: unknown;
    tenant: Record<string, unknown>;
  };
  const r = await call(s.url, 'POST', '/api/tenancies?step=tenant&reservation=1', {
    rentalObject: app.rentalObject,
    tenant: { ...app.tenant, name: lastName, ...tenantOverrides },
    privacyPolicyAccepted: 'true',
    ...(await securityFields(s.url)),
  });
  expect(r.body.errors).toEqual({});
  const cid = r.body.cid as string;
  let st = await call(s.url, 'GET', `/api/reservation/state/${cid}`);
  for (let i = 1; i < 900 && ['submitted', 'created'].includes(st.body.state); i++) {
    await new Promise((res) => setTimeout(res, 100));
    st = await call(s.url, 'GET', `/api/reservation/state/${cid}`);
  }
  return { cid, state: st.body.state as string, orderId: st.body.orderId as string };
}
