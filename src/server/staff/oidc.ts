import { createHmac, timingSafeEqual } from 'node:crypto';
import type * as OpenId from 'openid-client';
import { and, eq, isNull } from 'drizzle-orm';
import type { StaffOidcConfig } from '../config';
import type { Database } from '../db/client';
import { staff, type StaffRow } from '../db/schema/index';
import type { OidcRefusal } from '../../domain/staff/signIn';
import { normaliseEmail } from './directory';

/**
 * Staff sign-in with OpenID Connect, the alternative to passkeys when the operator sets an issuer
 * (ADR 1207): authorization code flow with PKCE (S256), state and nonce. The three values travel
 * in a short-lived signed cookie bound to this browser, so a callback started elsewhere (login
 * CSRF) or with a changed state is refused. Staff are matched by the verified e-mail claim and
 * must exist and be active; nobody is created by signing in.
 */

export class OidcError extends Error {
  constructor(readonly code: OidcRefusal) {
    super(code);
  }
}

export const OIDC_COOKIE = 'mk_staff_oidc';
/** The transaction cookie goes to the callback only. */
const OIDC_COOKIE_PATH = '/api/staff/auth/oidc';
const TRANSACTION_SECONDS = 600;

const oidcCallbackUrl = (publicUrl: string) =>
  `${publicUrl.replace(/\/$/, '')}${OIDC_COOKIE_PATH}/callback`;

/** http issuers are refused by openid-client; allowed only on this machine (tests, development). */
const loopback = (issuer: URL) =>
  issuer.protocol === 'http:' && ['127.0.0.1', 'localhost', '[::1]'].includes(issuer.hostname);

/**
 * openid-client, loaded at the first sign-in through the provider (ADR 1335): only an operator
 * with STAFF_OIDC_* uses it, and never at the start.
 */
const openId = (): Promise<typeof OpenId> => import('openid-client');

const discovered = new Map<string, Promise<OpenId.Configuration>>();

/** The issuer's metadata, fetched once per issuer and client (again after a failure). */
function providerOf(oidc: StaffOidcConfig): Promise<OpenId.Configuration> {
  const key = `${oidc.issuer} ${oidc.clientId}`;
  let found = discovered.get(key);
  if (!found) {
    const issuer = new URL(oidc.issuer);
    found = openId().then((client) =>
      client.discovery(
        issuer,
        oidc.clientId,
        undefined,
        client.ClientSecretBasic(oidc.clientSecret),
        loopback(issuer) ? { execute: [client.allowInsecureRequests] } : undefined,
      ),
    );
    found.catch(() => discovered.delete(key));
    discovered.set(key, found);
  }
  return found;
}

interface Transaction {
  state: string;
  nonce: string;
  verifier: string;
  expires: number;
}

const sign = (secret: string, payload: string) =>
  createHmac('sha256', `staff-oidc:${secret}`).update(payload).digest('base64url');

function sealTransaction(secret: string, t: Transaction): string {
  const payload = Buffer.from(JSON.stringify(t)).toString('base64url');
  return `${payload}.${sign(secret, payload)}`;
}

function openTransaction(secret: string, value: string | undefined, now: Date): Transaction {
  const [payload, mac] = (value ?? '').split('.');
  if (!payload || !mac) throw new OidcError('oidc_state');
  const expected = Buffer.from(sign(secret, payload));
  const given = Buffer.from(mac);
  if (expected.length !== given.length || !timingSafeEqual(expected, given))
    throw new OidcError('oidc_state');
  const t = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Transaction;
  if (t.expires < now.getTime()) throw new OidcError('oidc_state');
  return t;
}

const cookieAttributes = (secure: boolean) =>
  // Lax, not Strict: the provider sends the browser back with a cross-site top-level redirect.
  `Path=${OIDC_COOKIE_PATH}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;

export const clearedOidcCookie = (secure: boolean) =>
  `${OIDC_COOKIE}=; Max-Age=0; ${cookieAttributes(secure)}`;

/** Step 1: where to send the browser, and the transaction cookie to set. */
export async function startOidc(
  oidc: StaffOidcConfig,
  opts: { publicUrl: string; secret: string; secure: boolean; now: Date },
): Promise<{ location: string; cookie: string }> {
  const provider = await providerOf(oidc);
  const client = await openId();
  const verifier = client.randomPKCECodeVerifier();
  const t: Transaction = {
    state: client.randomState(),
    nonce: client.randomNonce(),
    verifier,
    expires: opts.now.getTime() + TRANSACTION_SECONDS * 1000,
  };
  const url = client.buildAuthorizationUrl(provider, {
    redirect_uri: oidcCallbackUrl(opts.publicUrl),
    scope: 'openid email profile',
    code_challenge: await client.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    state: t.state,
    nonce: t.nonce,
  });
  return {
    location: url.href,
    cookie: `${OIDC_COOKIE}=${sealTransaction(opts.secret, t)}; Max-Age=${TRANSACTION_SECONDS}; ${cookieAttributes(opts.secure)}`,
  };
}

/** Step 2: the provider's answer checked; the active staff member with the verified e-mail. */
export async function finishOidc(
  db: Database,
  oidc: StaffOidcConfig,
  opts: { publicUrl: string; secret: string; query: string; cookie: string | undefined; now: Date },
): Promise<StaffRow> {
  const t = openTransaction(opts.secret, opts.cookie, opts.now);
  const params = new URLSearchParams(opts.query);
  // Checked here too (openid-client checks it again) so a wrong state has its own answer.
  if (params.get('state') !== t.state) throw new OidcError('oidc_state');
  const provider = await providerOf(oidc).catch(() => {
    throw new OidcError('oidc_failed');
  });
  let claims: { email?: unknown; email_verified?: unknown };
  try {
    const client = await openId();
    const tokens = await client.authorizationCodeGrant(
      provider,
      new URL(`${oidcCallbackUrl(opts.publicUrl)}?${params.toString()}`),
      {
        pkceCodeVerifier: t.verifier,
        expectedState: t.state,
        expectedNonce: t.nonce,
        idTokenExpected: true,
      },
    );
    const idClaims = tokens.claims()!;
    claims = { email: idClaims.email, email_verified: idClaims.email_verified };
    // Many providers put the e-mail only into the userinfo answer (scope claims).
    if (typeof idClaims.email !== 'string' || idClaims.email_verified === undefined)
      claims = await client.fetchUserInfo(provider, tokens.access_token, idClaims.sub);
  } catch {
    throw new OidcError('oidc_failed');
  }
  if (typeof claims.email !== 'string') throw new OidcError('oidc_unknown');
  if (claims.email_verified !== true) throw new OidcError('oidc_unverified');
  const rows = await db.orm
    .select()
    .from(staff)
    .where(and(eq(staff.email, normaliseEmail(claims.email)), isNull(staff.disabledAt)));
  if (!rows[0]) throw new OidcError('oidc_unknown');
  return rows[0];
}
