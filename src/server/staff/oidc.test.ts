import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { staffAudit } from '../db/schema/index';
import { engines } from '../testing/database';
import { call } from '../testing/http';
import { startTestServer, type TestServer } from '../testing/server';
import { createStaffMember } from './directory';
import { changeMember } from './memberChanges';
import { signInAtProvider, startOidcProvider, type TestOidcProvider } from './testing/oidcProvider';

// Staff sign-in with OpenID Connect (ADR 1207) against a real provider (oidc-provider 9) on
// 127.0.0.1: code flow with PKCE, state and nonce; staff matched by the verified e-mail.

const sessionCookie = (setCookie: string | string[] | undefined) =>
  ([setCookie ?? []].flat().find((c) => /^mk_staff=[^;]+/.test(c)) ?? '').split(';')[0]!;

describe.each(engines)('OpenID Connect sign-in (%s)', (engine) => {
  let provider: TestOidcProvider;
  let server: TestServer;
  let start: string;
  beforeAll(async () => {
    provider = await startOidcProvider();
    server = await startTestServer({
      engine,
      env: {
        STAFF_OIDC_ISSUER: provider.issuer,
        STAFF_OIDC_CLIENT_ID: provider.clientId,
        STAFF_OIDC_CLIENT_SECRET: provider.clientSecret,
      },
    });
    server.config.publicUrl = server.url;
    provider.allowRedirect(`${server.url}/api/staff/auth/oidc/callback`);
    start = `${server.url}/api/staff/auth/oidc/start`;
    const now = new Date();
    await createStaffMember(server.db, {
      email: 'Olga@Firma.example',
      displayName: 'Olga Oidc',
      role: 'staff',
      now,
    });
    const { member: gone } = await createStaffMember(server.db, {
      email: 'gesperrt@firma.example',
      displayName: 'Gesperrt',
      // not an admin: the last active admin cannot be disabled (ADR 1208)
      role: 'staff',
      now,
    });
    await changeMember(server.db, gone.id, { kind: 'disable' }, now);
    await createStaffMember(server.db, {
      email: 'unverified.udo@firma.example',
      displayName: 'Udo',
      role: 'staff',
      now,
    });
  });
  afterAll(async () => {
    await server?.close();
    await provider?.close();
  });

  test('the page learns that single sign-on is offered', async () => {
    const r = await call(server.url, 'GET', '/api/staff/auth/methods');
    expect(r.body).toEqual({ passkey: true, oidc: true });
  });

  test('a known staff e-mail signs in: the same staff session as with a passkey, audited', async () => {
    const { callbackUrl, appCookies } = await signInAtProvider(start, 'olga@firma.example');
    const back = new URL(callbackUrl);
    expect(back.pathname).toBe('/api/staff/auth/oidc/callback');
    expect(back.searchParams.get('code')).toBeTruthy();
    const res = await fetch(callbackUrl, { redirect: 'manual', headers: { cookie: appCookies } });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/intern');
    const setCookies = res.headers.getSetCookie();
    expect(setCookies.find((c) => c.startsWith('mk_staff='))).toMatch(
      /Path=\/api\/staff; HttpOnly; SameSite=Strict/,
    );
    const me = await call(server.url, 'GET', '/api/staff/me', undefined, {
      headers: { cookie: sessionCookie(setCookies) },
    });
    expect(me.status).toBe(200);
    expect(me.body.displayName).toBe('Olga Oidc');
    const audit = await server.db.orm
      .select()
      .from(staffAudit)
      .where(and(eq(staffAudit.action, 'session.sign_in'), eq(staffAudit.staffName, 'Olga Oidc')));
    expect(audit.map((a) => a.details)).toEqual([{ method: 'oidc' }]);

    // The code is single use: the same answer again is refused
    const replay = await fetch(callbackUrl, {
      redirect: 'manual',
      headers: { cookie: appCookies },
    });
    expect(replay.headers.get('location')).toBe('/intern?sso=oidc_failed');
    expect(sessionCookie(replay.headers.getSetCookie())).toBe('');
  });

  test('an e-mail without an active staff account is refused, and so is an unverified one', async () => {
    for (const [login, reason] of [
      ['mallory@firma.example', 'oidc_unknown'],
      ['gesperrt@firma.example', 'oidc_unknown'],
      ['unverified.udo@firma.example', 'oidc_unverified'],
    ] as const) {
      const { callbackUrl, appCookies } = await signInAtProvider(start, login);
      const res = await fetch(callbackUrl, { redirect: 'manual', headers: { cookie: appCookies } });
      expect(res.status).toBe(303);
      expect(res.headers.get('location')).toBe(`/intern?sso=${reason}`);
      expect(sessionCookie(res.headers.getSetCookie())).toBe('');
    }
  });

  test('a wrong state, or a callback in a browser that did not start it, is refused', async () => {
    const { callbackUrl, appCookies } = await signInAtProvider(start, 'olga@firma.example');
    const forged = new URL(callbackUrl);
    forged.searchParams.set('state', 'somebody-elses-state');
    const wrong = await fetch(forged, { redirect: 'manual', headers: { cookie: appCookies } });
    expect(wrong.headers.get('location')).toBe('/intern?sso=oidc_state');
    expect(sessionCookie(wrong.headers.getSetCookie())).toBe('');
    // Login CSRF: the victim's browser has no transaction cookie of this sign-in
    const elsewhere = await fetch(callbackUrl, { redirect: 'manual' });
    expect(elsewhere.headers.get('location')).toBe('/intern?sso=oidc_state');
    // A tampered transaction cookie is refused too
    const tampered = appCookies.replace(/mk_staff_oidc=([^.]+)\./, 'mk_staff_oidc=$1x.');
    const bad = await fetch(callbackUrl, { redirect: 'manual', headers: { cookie: tampered } });
    expect(bad.headers.get('location')).toBe('/intern?sso=oidc_state');
  });
});

describe('without an issuer', () => {
  test('only passkeys are offered and the OIDC routes do not exist', async () => {
    const server = await startTestServer({ engine: 'pglite' });
    try {
      expect((await call(server.url, 'GET', '/api/staff/auth/methods')).body).toEqual({
        passkey: true,
        oidc: false,
      });
      const r = await call(server.url, 'GET', '/api/staff/auth/oidc/start');
      expect(r.status).toBe(404);
    } finally {
      await server.close();
    }
  });
});
