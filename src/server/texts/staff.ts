// The back office's German sentences that the server writes (staff API errors, the command line,
// the letter batch's cover). Audience: staff (ADR 0306).

import type { LetterKind } from '../../domain/contracts/letters';
import { cancellationRule } from '../../domain/messages/cancellationRule';

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
  nothing_owed: 'Bei diesem Vertrag ist nichts offen, das abgeschrieben werden könnte.',
  not_pending: 'Dieser Antrag ist nicht offen.',
  not_declined: 'Dieser Antrag ist nicht abgelehnt.',
  not_in_force:
    'Diese Bürgschaft besteht nicht mehr (widerrufen, freigegeben oder schon beendet); der Eingang der Urkunde ändert nichts.',
  email_taken: 'Diese E-Mail-Adresse ist schon vergeben.',
  invalid_input: 'Bitte prüfen Sie die Eingaben.',
  too_many_sign_ins:
    'Zu viele Anmeldeversuche von diesem Gerät. Bitte warten Sie eine Minute und versuchen Sie es dann erneut.',
  oidc_not_configured: 'Die Anmeldung mit Single Sign-On ist nicht eingerichtet.',
  last_admin:
    'Sie sind die letzte aktive Administration: Sperren oder eine andere Rolle sind erst möglich, wenn eine weitere Person die Rolle Administration hat.',
} as const;

export type StaffApiErrorCode = keyof typeof staffApiErrors;

/**
 * The partner pages' refusals (code `refused`, ADRs 1205, 1210): sentences an admin can act on,
 * most of them about one field of the form.
 */
export const staffPartnerRefusals = {
  codeForm: 'Der Partnercode besteht aus 1 bis 50 Buchstaben, Ziffern, Punkten, - oder _.',
  codeTaken: (code: string) => `Den Partnercode ${code} gibt es schon.`,
  partnerNameMissing: 'Bitte geben Sie den Namen des Partners an.',
  nameMissing: 'Bitte geben Sie den Namen an.',
  /** `problem` is partnerNameProblem's (services/partners.ts), e.g. "enthält Steuerzeichen". */
  nameProblem: (problem: string) => `Der Name ${problem}.`,
  emailForm: 'Bitte geben Sie eine gültige E-Mail-Adresse an.',
  webhookUrlMissing: 'Bitte geben Sie die Webhook-URL an.',
  noWebhook: 'Für diesen Partner ist keine Webhook-URL eingetragen.',
  csvMissing: 'Bitte wählen Sie eine CSV-Datei.',
  /** The import's first problem (PartnerImportError), e.g. "Zeile 3: …". */
  csvRefused: (problem: string) => `${problem}. Nichts importiert.`,
} as const;

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

/** The e-mail after a human review of a declined application ended in a decline again (Art. 22). */
export const reviewMailTexts = {
  subject: (number: string) => `Ergebnis der Überprüfung Ihres Antrags ${number}`,
  reviewed: (number: string) =>
    `eine Mitarbeiterin oder ein Mitarbeiter hat Ihren Antrag ${number} persönlich überprüft.`,
  result:
    'Das Ergebnis bleibt leider dasselbe: Wir können die Mietkautionsbürgschaft nicht übernehmen.',
  deletion: (date: string) => `Ihre Angaben löschen wir am ${date}.`,
} as const;

/** The landlord letters of the letter batch (ADR 1204); one text per letter kind. */
export const landlordLetterTexts = {
  title: 'Mitteilung zur Mietkautionsbürgschaft',
  subject: (number: string) => `Bürgschaft ${number}`,
  kinds: {
    release_code:
      'Mit diesem Brief erhalten Sie den Freigabecode für die Mietkautionsbürgschaft Ihres Mieters. Sie brauchen ihn erst, wenn Sie die Bürgschaft freigeben wollen; bitte bewahren Sie den Brief bis dahin sicher auf.',
    withdrawn:
      'Die Mieterin oder der Mieter hat den Vertrag widerrufen. Die Bürgschaft ist damit nicht zustande gekommen und besteht nicht.',
    cancellation_requested: `Ihre Mieterin oder Ihr Mieter hat den Vertrag über die Bürgschaft gekündigt. ${cancellationRule.landlord} Wenn Sie keine Ansprüche aus dem Mietverhältnis mehr haben, geben Sie die Bürgschaft bitte mit dem Freigabecode aus unserem Brief an Sie frei.`,
    cancelled:
      'Die Kündigung des Vertrags über die Bürgschaft ist mit Ihrer Freigabe wirksam geworden; die Bürgschaft besteht nicht mehr.',
    released:
      'Die Bürgschaft wurde mit dem Freigabecode aus unserem Brief an Sie freigegeben; sie besteht nicht mehr. Haben Sie die Freigabe nicht erteilt, melden Sie sich bitte umgehend bei uns.',
    reinstated:
      'Die Freigabe der Bürgschaft wurde rückgängig gemacht; die Bürgschaft besteht wieder unverändert.',
    partially_released:
      'Die Bürgschaft wurde mit dem Freigabecode aus unserem Brief an Sie teilweise freigegeben: Sie sichert nur noch den Betrag, den Sie für die Nebenkostenabrechnung behalten haben; die Prüfseite zeigt ihn. Den Rest geben Sie später frei oder nehmen ihn in Anspruch. Haben Sie die Teilfreigabe nicht erteilt, melden Sie sich bitte umgehend bei uns.',
  } satisfies Record<LetterKind, string>,
  /** The release code letter (ADR 1119): the code, where and how to release, and keep it secret. */
  releaseCode: {
    code: (number: string, code: string) =>
      `Freigabecode für die Mietkautionsbürgschaft ${number}: ${code}`,
    where:
      'Dort geben Sie die Bürgschaft mit dem Freigabecode frei. Sie können sie auch schriftlich uns gegenüber freigeben (Anschrift oben).',
    qrAlt: (url: string) => `QR-Code mit dem Link zur Prüfseite dieser Bürgschaft: ${url}`,
    qrPage: 'Prüfseite der Bürgschaft:',
    howTitle: 'So geben Sie die Bürgschaft frei',
    steps: [
      'Öffnen Sie den Link oben oder scannen Sie den QR-Code.',
      'Prüfen Sie dort Vertragsnummer, Bürgschaftssumme und Mietobjekt.',
      'Geben Sie im Feld „Freigabecode“ die 8 Zeichen aus diesem Brief ein und wählen Sie „Bürgschaft freigeben“.',
    ],
    when: 'Geben Sie die Bürgschaft erst frei, wenn Sie keine Ansprüche aus dem Mietverhältnis mehr haben. Die Freigabe ist endgültig: Die Bürgschaft endet am selben Tag, Ihr Mieter wird informiert, und Sie erhalten von uns eine Bestätigung per Brief.',
    secret:
      'Der Code steht nicht auf der Bürgschaftsurkunde; Ihr Mieter kennt ihn nicht. Geben Sie ihn nicht weiter, auch nicht an Ihren Mieter: Wer den Code kennt, kann die Bürgschaft beenden.',
  },
  rental: (address: string) => `Mietobjekt: ${address}`,
  contact: (email: string, phone: string) =>
    `Fragen beantworten wir gern unter ${email} oder ${phone}.`,
} as const;
