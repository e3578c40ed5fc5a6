// German texts of the partner API (keys, warnings); codes are stable, sentences may improve.

/** Request errors of authenticated partner calls: {errors: [{code, message}]}. */
export const partnerApiErrors = {
  invalid_authorization:
    'Der Authorization-Kopf muss die Form „Bearer <API-Schlüssel>“ haben. Ohne diesen Kopf gilt der Aufruf als Browser-Aufruf mit Sicherheitsaufgabe.',
  invalid_api_key:
    'Der API-Schlüssel ist ungültig oder wurde widerrufen. Bitte prüfen Sie den Schlüssel oder fordern Sie einen neuen an.',
  partner_rate_limited:
    'Zu viele Anfragen mit diesem API-Schlüssel. Bitte warten Sie einen Moment und versuchen Sie es erneut.',
  sandbox_mismatch:
    'Dieser Antrag gehört nicht zu diesem Schlüssel-Typ: Sandbox-Schlüssel bearbeiten nur Test-Anträge, Live-Schlüssel nur echte Anträge.',
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
