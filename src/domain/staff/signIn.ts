// Why a staff sign-in with OpenID Connect was refused (ADR 1207): one closed table of codes and
// the German sentence the sign-in page shows. The server redirects to /intern?sso=<code>; the page
// looks the code up here, so an unknown code shows nothing made up.

export const oidcRefusalTexts = {
  oidc_state:
    'Die Anmeldung mit Single Sign-On konnte nicht zugeordnet werden (abgelaufen oder in einem anderen Browser begonnen). Bitte starten Sie sie erneut.',
  oidc_failed:
    'Die Anmeldung mit Single Sign-On ist fehlgeschlagen. Bitte versuchen Sie es erneut oder melden Sie sich mit Ihrem Passkey an.',
  oidc_unknown:
    'Für diese E-Mail-Adresse gibt es kein aktives Konto im Back-Office. Bitte wenden Sie sich an die Administration.',
  oidc_unverified:
    'Ihre E-Mail-Adresse ist beim Anmeldedienst nicht bestätigt. Bitte bestätigen Sie sie dort und versuchen Sie es erneut.',
} as const satisfies Record<string, string>;

export type OidcRefusal = keyof typeof oidcRefusalTexts;

export const isOidcRefusal = (v: unknown): v is OidcRefusal =>
  typeof v === 'string' && Object.hasOwn(oidcRefusalTexts, v);
