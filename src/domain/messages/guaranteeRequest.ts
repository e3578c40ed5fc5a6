import {
  guaranteeRequestMaxLengths,
  onlineMaximum,
  type GuaranteeRequestCode,
  type GuaranteeRequestField,
} from '../requests/guaranteeRequest';
import { formatEuro } from './format';

/**
 * The tenant's texts of the request for an individual digital guarantee above the maximum deposit
 * (spec §2 /start "digital-guarantee support above the maximum deposit", ADR 0836).
 */
export const guaranteeRequestTexts = {
  title: 'Kaution über dem Höchstbetrag? Wir helfen Ihnen.',
  intro: (max: string) =>
    `Online können wir Bürgschaften bis ${max} sofort erteilen. Für eine höhere Kaution stellen wir Ihnen eine individuelle digitale Bürgschaft aus: Senden Sie uns Ihre Anfrage, eine Mitarbeiterin oder ein Mitarbeiter meldet sich innerhalb von zwei Werktagen bei Ihnen.`,
  open: 'Individuelle digitale Bürgschaft anfragen',
  labels: {
    amount: 'Gewünschte Bürgschaftshöhe in €',
    name: 'Ihr Vor- und Nachname',
    email: 'Ihre E-Mail-Adresse',
    phone: 'Telefon für Rückfragen (optional)',
    message: 'Ihre Nachricht (optional)',
  } satisfies Record<GuaranteeRequestField, string>,
  send: 'Anfrage senden',
  sending: 'Ihre Anfrage wird gesendet …',
  sent: (reference: string, email: string) =>
    `Vielen Dank! Ihre Anfrage ${reference} ist bei uns eingegangen. Wir haben Ihnen eine Bestätigung an ${email} geschickt und melden uns innerhalb von zwei Werktagen.`,
  failed:
    'Ihre Anfrage konnte gerade nicht gesendet werden. Bitte versuchen Sie es erneut; Ihre Angaben bleiben erhalten.',
  errors: {
    required: 'Bitte füllen Sie dieses Feld aus.',
    invalidNumber: 'Bitte geben Sie die Kautionshöhe als Zahl an, z. B. 60.000.',
    notAboveMaximum: (max: string) =>
      `Bis ${max} beantragen Sie die Bürgschaft direkt online, ohne Anfrage.`,
    tooHigh: 'Bitte geben Sie eine Kautionshöhe bis 1.000.000 € an.',
    invalidEmail: 'Bitte geben Sie eine gültige E-Mail-Adresse an, z. B. name@beispiel.de.',
    invalidPhone:
      'ungültiges Format. Angabe im Format: 03012345 oder +493012345. Bitte ohne Leerzeichen.',
    tooLong: (n: number) => `Dieses Feld darf nicht mehr als ${n} Zeichen enthalten`,
    invalidCharacters: 'Dieses Feld enthält Zeichen, die wir nicht verarbeiten können.',
  } satisfies Record<GuaranteeRequestCode, string | ((x: never) => string)>,
} as const;

/** The German sentence for a field's code: the browser shows it, the server answers it. */
export function guaranteeRequestMessage(
  field: GuaranteeRequestField,
  code: GuaranteeRequestCode,
  reconfigured: boolean,
): string {
  const e = guaranteeRequestTexts.errors;
  if (code === 'notAboveMaximum') return e.notAboveMaximum(formatEuro(onlineMaximum(reconfigured)));
  if (code === 'tooLong')
    return e.tooLong(field === 'amount' ? 0 : guaranteeRequestMaxLengths[field]);
  return e[code];
}
