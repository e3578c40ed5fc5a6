import { useEffect, useState } from 'react';
import { startAuthentication, startRegistration } from '@simplewebauthn/browser';
import { staffApi, StaffApiError } from './api';
import type { SignedInMember } from '../../domain/staff/members';
import { isOidcRefusal, oidcRefusalTexts } from '../../domain/staff/signIn';
import { t } from './texts';

/** The signed-in member (GET /api/staff/me). */
export type Me = SignedInMember;

/** Why the last single sign-on was refused (`/intern?sso=<code>`, ADR 1207); the URL is cleaned. */
function ssoRefusal(): string {
  const code = new URLSearchParams(window.location.search).get('sso');
  if (code === null) return '';
  window.history.replaceState(null, '', window.location.pathname);
  return isOidcRefusal(code) ? oidcRefusalTexts[code] : t.signIn.failed;
}

/**
 * Sign-in with a discoverable passkey (no user name, no password), or with the company's OpenID
 * provider when the operator set one up (the server says so).
 */
export function SignIn({ onSignedIn }: { onSignedIn(): void }) {
  const [error, setError] = useState(ssoRefusal);
  const [busy, setBusy] = useState(false);
  const [oidc, setOidc] = useState(false);
  useEffect(() => {
    staffApi<{ oidc: boolean }>('/auth/methods').then(
      (m) => setOidc(m.oidc),
      () => setOidc(false),
    );
  }, []);
  const signIn = async () => {
    setBusy(true);
    setError('');
    try {
      const optionsJSON = await staffApi<Parameters<typeof startAuthentication>[0]['optionsJSON']>(
        '/sign-in/options',
        {},
      );
      const response = await startAuthentication({ optionsJSON });
      await staffApi('/sign-in/verify', { response });
      onSignedIn();
    } catch (err) {
      setError(err instanceof StaffApiError ? err.message : t.signIn.failed);
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="card">
      <h1>{t.signIn.title}</h1>
      <p>{t.signIn.intro}</p>
      <button type="button" onClick={() => void signIn()} disabled={busy}>
        {t.signIn.button}
      </button>
      {oidc && (
        <>
          <p>{t.signIn.ssoIntro}</p>
          <button
            type="button"
            onClick={() => window.location.assign('/api/staff/auth/oidc/start')}
          >
            {t.signIn.sso}
          </button>
        </>
      )}
      <p role="alert" className="field-error">
        {error}
      </p>
    </section>
  );
}

/** The enrolment link's page: the token is in the fragment (#...), never in a server log. */
export function Enrol({ onSignedIn }: { onSignedIn(): void }) {
  const token = window.location.hash.slice(1);
  const [name, setName] = useState<string>();
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    staffApi<{ displayName: string }>('/enrolment', { token }).then(
      (r) => setName(r.displayName),
      () => setError(t.enrol.invalid),
    );
  }, [token]);
  const enrol = async () => {
    setBusy(true);
    setError('');
    try {
      const optionsJSON = await staffApi<Parameters<typeof startRegistration>[0]['optionsJSON']>(
        '/enrolment/options',
        { token },
      );
      const response = await startRegistration({ optionsJSON });
      await staffApi('/enrolment/verify', { token, response });
      window.history.replaceState(null, '', '/intern');
      onSignedIn();
    } catch (err) {
      setError(err instanceof StaffApiError ? err.message : t.enrol.failed);
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="card">
      <h1>{t.enrol.title}</h1>
      {name && <p>{t.enrol.intro(name)}</p>}
      {name && (
        <button type="button" onClick={() => void enrol()} disabled={busy}>
          {t.enrol.button}
        </button>
      )}
      <p role="alert" className="field-error">
        {error}
      </p>
    </section>
  );
}
