import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { type Configuration } from 'oidc-provider';

/**
 * A real OpenID provider (oidc-provider 9) on 127.0.0.1 for the staff sign-in tests (ADR 1207).
 * Its development login form accepts any login with any password; the login is taken as the
 * e-mail address, verified unless it starts with `unverified`. Consent is given by the operator
 * in advance (first-party back office), so the login is the only interaction.
 */
export interface TestOidcProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Registers the back office's callback (known once the app listens). */
  allowRedirect(callbackUrl: string): void;
  close(): Promise<void>;
}

export async function startOidcProvider(): Promise<TestOidcProvider> {
  const server: Server = createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const clientId = 'mietkaution-intern';
  const clientSecret = 'test-client-secret-0123456789';
  let handler: ReturnType<Provider['callback']> | undefined;
  server.on('request', (req, res) => {
    if (handler) return void handler(req, res);
    res.statusCode = 503;
    res.end();
  });
  return {
    issuer,
    clientId,
    clientSecret,
    allowRedirect(callbackUrl) {
      const configuration: Configuration = {
        clients: [
          {
            client_id: clientId,
            client_secret: clientSecret,
            redirect_uris: [callbackUrl],
            grant_types: ['authorization_code'],
            response_types: ['code'],
          },
        ],
        cookies: { keys: ['test-cookie-key-0123456789'] },
        claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
        findAccount: (_ctx, sub) => ({
          accountId: sub,
          claims: () => ({
            sub,
            email: sub,
            email_verified: !sub.startsWith('unverified'),
            name: sub,
          }),
        }),
        async loadExistingGrant(ctx) {
          const session = ctx.oidc.session;
          const client = ctx.oidc.client;
          if (!session?.accountId || !client) return undefined;
          const grant = new ctx.oidc.provider.Grant({
            clientId: client.clientId,
            accountId: session.accountId,
          });
          grant.addOIDCScope('openid email profile');
          await grant.save();
          return grant;
        },
        features: { devInteractions: { enabled: true } },
        ttl: {
          AccessToken: 600,
          AuthorizationCode: 60,
          Grant: 3600,
          IdToken: 600,
          Interaction: 600,
          Session: 3600,
        },
      };
      const provider = new Provider(issuer, configuration);
      handler = provider.callback();
    },
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

/**
 * What a browser does from the back office's OIDC start to the provider's redirect back: follows
 * the redirects with the cookies of each host, fills in the provider's login form with `login`.
 * Answers the callback URL the provider sends the browser to, and the cookies the app set.
 */
export async function signInAtProvider(
  startUrl: string,
  login: string,
): Promise<{ callbackUrl: string; appCookies: string }> {
  const jar = new Map<string, Map<string, string>>();
  const remember = (url: URL, res: Response) => {
    const host = jar.get(url.host) ?? new Map<string, string>();
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const i = pair!.indexOf('=');
      host.set(pair!.slice(0, i), pair!.slice(i + 1));
    }
    jar.set(url.host, host);
  };
  const cookieHeader = (url: URL) =>
    [...(jar.get(url.host) ?? new Map<string, string>())]
      .filter(([, v]) => v !== '')
      .map(([k, v]) => `${k}=${v}`)
      .join('; ');
  const appHost = new URL(startUrl).host;
  let url = new URL(startUrl);
  let init: RequestInit = {};
  for (let hop = 0; hop < 10; hop++) {
    const res = await fetch(url, {
      ...init,
      redirect: 'manual',
      headers: { ...(init.headers as object), cookie: cookieHeader(url) },
    });
    remember(url, res);
    init = {};
    const location = res.headers.get('location');
    if (location) {
      const next = new URL(location, url);
      if (next.host === appHost) return { callbackUrl: next.href, appCookies: cookieHeader(next) };
      url = next;
      continue;
    }
    const html = await res.text();
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    if (!action) throw new Error(`provider answered ${res.status} without a form: ${html}`);
    url = new URL(action.replace(/&amp;/g, '&'), url);
    init = {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ prompt: 'login', login, password: 'egal' }).toString(),
    };
  }
  throw new Error('too many redirects');
}
