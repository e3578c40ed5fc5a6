import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { contractEvents, contracts } from '../../db/schema/index';
import { leaves, parseMime } from '../../mail/testing/mime';
import type { SmtpPeer } from '../../mail/testing/smtp-peer';
import { completeNewApiApplication, securityFields } from '../../testing/fixtures';
import { call } from '../../testing/http';
import type { TestServer } from '../../testing/server';

/** A contract accepted by the real decision processing (Mustermann persona). */
export async function acceptedContract(s: TestServer, email?: string) {
  const app = completeNewApiApplication();
  const body = {
    ...app,
    ...(email ? { tenant: { ...(app.tenant as object), email, emailConfirmation: email } } : {}),
    ...(await securityFields(s.url)),
  };
  const r = await call(s.url, 'POST', '/api/tenancies', body);
  const cid = r.body.cid as string;
  let st = await call(s.url, 'GET', `/api/application/state/${cid}`);
  for (let i = 0; i < 270 && ['submitted', 'created'].includes(st.body.state); i++) {
    await new Promise((res) => setTimeout(res, 100));
    st = await call(s.url, 'GET', `/api/application/state/${cid}`);
  }
  expect(st.body.state).toBe('accepted');
  const row = (
    await s.db.orm.select().from(contracts).where(eq(contracts.contractNumber, st.body.orderId))
  )[0]!;
  return { number: st.body.orderId as string, id: row.applicationId };
}

/** Text of the last mail to `to` whose subject contains `subject` (waits up to 10 s). */
export async function mailTo(smtp: SmtpPeer, to: string, subject: string) {
  for (let i = 0; i < 100; i++) {
    const m = [...smtp.received]
      .reverse()
      .map((r) => ({ r, p: parseMime(r.raw) }))
      .find(({ r, p }) => r.to.includes(to) && (p.headers.get('subject') ?? '').includes(subject));
    if (m) {
      return {
        text: leaves(m.p)
          .find((l) => l.contentType === 'text/plain')!
          .body.toString('utf8')
          .replace(/\r\n/g, '\n'),
        subject: m.p.headers.get('subject') ?? '',
      };
    }
    await new Promise((res) => setTimeout(res, 100));
  }
  throw new Error(`no mail "${subject}" to ${to}`);
}

/** Subjects of every mail received so far for `to`. */
export const subjectsTo = (smtp: SmtpPeer, to: string) =>
  smtp.received
    .filter((r) => r.to.includes(to))
    .map((r) => parseMime(r.raw).headers.get('subject') ?? '');

export const statusOf = async (s: TestServer, id: string) =>
  (await s.db.orm.select().from(contracts).where(eq(contracts.applicationId, id)))[0]!.status;

export const eventsOf = async (s: TestServer, id: string) =>
  (await s.db.orm.select().from(contractEvents).where(eq(contractEvents.applicationId, id))).map(
    (e) => ({ type: e.type, actor: e.actor, at: e.at }),
  );
