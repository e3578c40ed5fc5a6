import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { contracts } from '../../db/schema/index';
import { leaves, parseMime } from '../../mail/testing/mime';
import type { SmtpPeer } from '../../mail/testing/smtp-peer';
import { completeNewApiApplication, securityFields } from '../../testing/fixtures';
import { call } from '../../testing/http';
import type { TestServer } from '../../testing/server';

export const EMAIL = 'max.mustermann@example.org';

/** A contract accepted through the real API and decision job. */
export async function acceptedContract(s: TestServer, body: Record<string, unknown> = {}) {
  const all = { ...completeNewApiApplication(), ...body, ...(await securityFields(s.url)) };
  const r = await call(s.url, 'POST', '/api/tenancies', all);
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
  return { number: st.body.orderId as string, id: row.applicationId, contract: row };
}

/** Text part of the last mail to `to` whose subject contains `subject` (waits up to 10 s). */
export async function mailTo(smtp: SmtpPeer, to: string, subject: string, skip = 0) {
  for (let i = 0; i < 100; i++) {
    const found = [...smtp.received]
      .reverse()
      .map((r) => ({ r, p: parseMime(r.raw) }))
      .filter(
        ({ r, p }) => r.to.includes(to) && (p.headers.get('subject') ?? '').includes(subject),
      );
    const m = found[skip];
    if (m) {
      const text = leaves(m.p)
        .find((l) => l.contentType === 'text/plain')!
        .body.toString('utf8')
        .replace(/\r\n/g, '\n');
      return { text, subject: m.p.headers.get('subject') ?? '' };
    }
    await new Promise((res) => setTimeout(res, 100));
  }
  throw new Error(`no mail "${subject}" to ${to}`);
}

/** A contract-page session through the magic link of the e-mail. */
export async function contractSession(s: TestServer, smtp: SmtpPeer, number: string) {
  const subject = `Ihr Zugang zu Vertrag ${number}`;
  const count = () =>
    smtp.received.filter(
      (r) =>
        r.to.includes(EMAIL) && (parseMime(r.raw).headers.get('subject') ?? '').includes(subject),
    ).length;
  const before = count();
  await call(s.url, 'POST', '/api/contracts/access', { contractNumber: number, email: EMAIL });
  // The mail goes out after the answer (ADR 1117): wait for this request's, not an earlier one.
  for (let i = 0; i < 100 && count() === before; i++)
    await new Promise((res) => setTimeout(res, 100));
  const link = /\/vertrag\?token=([\w-]+)/.exec((await mailTo(smtp, EMAIL, subject)).text)![1]!;
  const open = await call(s.url, 'POST', '/api/contracts/session', { token: link });
  return { cookie: open.headers.get('set-cookie')!.split(';')[0]! };
}
