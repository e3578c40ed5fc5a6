// The back office's German sentences that the server writes (staff API errors, the command line,
// the letter batch's cover). Audience: staff (ADR 0306).

export const staffApiErrors = {
  not_signed_in: 'Bitte melden Sie sich an.',
  session_ended: 'Ihre Sitzung ist abgelaufen. Bitte melden Sie sich erneut an.',
  forbidden_role: 'Diese Aktion ist für Ihre Rolle nicht freigegeben.',
  forbidden_origin: 'Diese Anfrage kommt nicht von der Seite des Back-Office und wurde abgelehnt.',
  enrolment_invalid:
    'Dieser Einladungslink ist abgelaufen oder wurde schon benutzt. Bitte lassen Sie sich einen neuen schicken.',
  passkey_failed: 'Der Passkey konnte nicht geprüft werden. Bitte versuchen Sie es erneut.',
  passkey_unknown: 'Dieser Passkey ist nicht bekannt oder das Konto ist gesperrt.',
  not_found: 'Nicht gefunden.',
  reason_required: 'Bitte geben Sie eine Begründung an.',
  own_draft: 'Einen eigenen Entwurf kann nur eine andere Person freigeben (Vier-Augen-Prinzip).',
  not_draft: 'Dieser Vorgang ist nicht mehr offen.',
  not_reinstatable: 'Nur eine freigegebene Bürgschaft kann wiederhergestellt werden.',
  not_pending: 'Dieser Antrag ist nicht offen.',
  not_declined: 'Dieser Antrag ist nicht abgelehnt.',
  email_taken: 'Diese E-Mail-Adresse ist schon vergeben.',
  invalid_input: 'Bitte prüfen Sie die Eingaben.',
} as const;

export type StaffApiErrorCode = keyof typeof staffApiErrors;

export const staffCommandTexts = {
  usage:
    'Aufruf: npm run staff -- create-admin <E-Mail> <Name>\n' +
    '        npm run staff -- invite <E-Mail> <Name> staff|supervisor|admin\n' +
    '        npm run staff -- list',
  created: (name: string, link: string) =>
    `${name} angelegt. Einladungslink (24 Stunden gültig, nur einmal verwendbar):\n${link}\n`,
  emailTaken: (email: string) => `${email} ist schon angelegt.`,
  badEmail: (email: string) => `${email} ist keine E-Mail-Adresse.`,
} as const;
