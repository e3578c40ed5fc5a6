import type { ErrorCode } from '../rules/codes';

/** The spec's max-length sentence (no full stop, as in the spec). */
export const maxLengthMessage = (n: number) =>
  `Dieses Feld darf nicht mehr als ${n} Zeichen enthalten`;

const dateFormat = 'Bitte geben Sie ein gültiges Datum im Format TT.MM.JJJJ an.';

/** Fallback per code, used when a field has no sentence of its own. Never a raw code. */
export const codeMessages: Record<ErrorCode, string> = {
  required: 'Bitte füllen Sie dieses Feld aus.',
  maxLength: 'Die Eingabe ist zu lang.',
  invalid: 'ungültig',
  invalidNumber: 'Bitte geben Sie einen Betrag in Euro an, z. B. 1500 oder 1.500,00.',
  invalidDate: dateFormat,
  tooLow: 'Der Wert ist zu niedrig.',
  tooHigh: 'Der Wert ist zu hoch.',
  tooHighReconfigured: 'Der Wert ist zu hoch.',
  aboveThreeColdRents:
    'Die angegebene Kautionssumme übersteigt die gesetzlich festgelegte Grenze von 3 Monatskaltmieten...',
  mismatch: 'Die Eingaben stimmen nicht überein.',
  unknownCountry: 'Bitte wählen Sie ein Land aus der Liste aus.',
  notAllowedCountry: 'Dieses Land wird leider nicht unterstützt.',
  notInFuture: 'Das Datum muss in der Zukunft liegen.',
  inPast: 'Das Datum darf nicht in der Vergangenheit liegen.',
  tooFarInPast: 'Das Datum liegt zu weit in der Vergangenheit.',
  tooFarAhead: 'Das Datum liegt zu weit in der Zukunft.',
  notBeforeMoveIn: 'Der Mietbeginn muss vor dem Einzugsdatum liegen.',
  notAfterSignDate: 'Das Einzugsdatum muss nach dem Mietbeginn liegen.',
  tooEarly: 'Das Datum muss nach dem 01.01.1900 liegen.',
  underage: 'Sie müssen bei Vertragsabschluss mindestens 18 Jahre alt sein.',
  afterRentalStart: 'Die Bürgschaft muss spätestens zum Mietbeginn beginnen.',
  digitalNotAvailable:
    'Die digitale Bürgschaft ist nur für Kautionen unter 7.000 € möglich. Bitte wählen Sie eine Postanschrift.',
  contractTerminated:
    'Für ein bereits gekündigtes Mietverhältnis können wir leider keine Bürgschaft übernehmen.',
  unknownPartner:
    'Diesen Partnercode kennen wir nicht. Bitte prüfen Sie die Schreibweise oder löschen Sie den Code, wenn Sie keinen haben.',
  unknownSubPartner:
    'Diesen Vermittlercode kennen wir nicht. Bitte prüfen Sie die Schreibweise oder löschen Sie den Code, wenn Sie keinen haben.',
  subPartnerNeedsPartner:
    'Diesen Vermittlercode können wir keinem Partner eindeutig zuordnen. Bitte geben Sie auch den Partnercode an oder löschen Sie den Vermittlercode.',
  partnerLocked:
    'Für diesen Antrag ist bereits ein anderer Code gespeichert. Er kann nicht mehr geändert werden.',
  mailRejected:
    'An diese E-Mail-Adresse können wir nicht zustellen: Der Mailserver hat sie abgelehnt. Bitte prüfen Sie die Adresse.',
  tooManyMails:
    'Es wurden gerade zu viele E-Mails angefordert. Bitte versuchen Sie es in einer Stunde erneut.',
  invalidCharacters:
    'Die Eingabe enthält unzulässige Zeichen (z. B. Steuer- oder Richtungszeichen). Bitte entfernen Sie diese.',
  unsupportedCharacters:
    'Bitte verwenden Sie lateinische, griechische oder kyrillische Buchstaben. Andere Schriftzeichen können wir in Ihrer Bürgschaftsurkunde nicht abbilden.',
};

const address = (p: string) => ({
  [`${p}.address.street`]: { required: 'Bitte geben Sie die Straße an.' },
  [`${p}.address.number`]: { required: 'Bitte geben Sie die Hausnummer an.', invalid: 'ungültig' },
  [`${p}.address.zip`]: {
    required: 'Bitte geben Sie die PLZ an.',
    invalid: 'PLZ muss 5 stellig sein',
  },
  [`${p}.address.city`]: { required: 'Bitte geben Sie den Ort an.' },
});

const tenant = (p: string) => ({
  [`${p}.gender`]: { required: 'Bitte wählen Sie die Anrede aus.' },
  [`${p}.firstName`]: { required: 'Bitte geben Sie den Vornamen an.' },
  [`${p}.lastName`]: { required: 'Bitte geben Sie den Nachnamen an.' },
  [`${p}.birthdayDate`]: {
    required: 'Bitte geben Sie das Geburtsdatum an.',
    invalidDate: dateFormat,
    tooEarly: 'Das Geburtsdatum muss nach dem 01.01.1900 liegen.',
    underage: 'Sie müssen bei Vertragsabschluss mindestens 18 Jahre alt sein.',
  },
  [`${p}.nationality`]: {
    required: 'Bitte wählen Sie eine Nationalität aus.',
    unknownCountry: 'Bitte wählen Sie eine Nationalität aus.',
  },
  [`${p}.email`]: {
    required: 'Bitte geben Sie Ihre E-Mail-Adresse an.',
    invalid: 'ungültiges Format. Bitte geben Sie eine E-Mail-Adresse wie name@beispiel.de an.',
  },
  [`${p}.emailRepeat`]: {
    required: 'Bitte wiederholen Sie die E-Mail-Adresse.',
    mismatch: 'Die E-Mail-Adressen stimmen nicht überein.',
  },
  [`${p}.phone`]: {
    required: 'Bitte geben Sie eine Telefonnummer an.',
    invalid:
      'ungültiges Format. Angabe im Format: 03012345 oder +493012345. Bitte ohne Leerzeichen.',
  },
  [`${p}.isCreditCheckApproved`]: {
    required: 'Bitte stimmen Sie der Bonitätsprüfung zu.',
  },
  ...address(p),
});

const question = 'Bitte beantworten Sie diese Frage.';

/** Sentences per field and code; spec §5 strings verbatim, the rest written in the spec's style. */
export const fieldErrorMessages: Record<string, Partial<Record<ErrorCode, string>>> = {
  'objective.deposit': {
    required: 'Bitte geben Sie die Kautionshöhe an.',
    invalidNumber: codeMessages.invalidNumber,
    tooLow: 'ist zu niedrig. Mindesthöhe: 400 €.',
    tooHigh:
      'ist zu hoch. Erteilung einer Bürgschaft in dieser Höhe nicht möglich. Maximalhöhe: 50.000 €.',
    tooHighReconfigured:
      'ist zu hoch. Erteilung einer Bürgschaft in dieser Höhe nicht möglich. Maximalhöhe: 9.000 €.',
  },
  'objective.target': {
    required: 'Bitte wählen Sie aus, ob es um einen neuen oder einen bestehenden Mietvertrag geht.',
  },
  'objective.paymentConditions': { required: 'Bitte wählen Sie eine Zahlungsweise aus.' },
  'objective.deliverTo': {
    required: 'Bitte wählen Sie aus, wohin wir die Bürgschaftsurkunde schicken sollen.',
    digitalNotAvailable: codeMessages.digitalNotAvailable,
  },
  'objective.policyStartDate': {
    required: 'Bitte geben Sie den gewünschten Beginn der Bürgschaft an.',
    inPast: 'Der Beginn der Bürgschaft darf nicht in der Vergangenheit liegen.',
    tooFarAhead: 'Der Beginn der Bürgschaft darf höchstens 60 Tage in der Zukunft liegen.',
    afterRentalStart: 'Der Beginn der Bürgschaft darf nicht nach dem Mietbeginn liegen.',
  },
  'objective.conditionsAccepted': { required: 'Zustimmung erforderlich' },
  'objective.privacyPolicyAccepted': { required: 'Zustimmung erforderlich' },
  'objective.shippingNotesAccepted': { required: 'Versandhinweise müssen akzeptiert werden.' },
  ...address('object'),
  'object.contractSignDate': {
    required: 'Bitte geben Sie den Mietbeginn laut Mietvertrag an.',
    tooFarAhead: 'Der Mietbeginn darf höchstens 30 Tage in der Zukunft liegen.',
    notBeforeMoveIn: 'Der Mietbeginn muss vor dem Einzugsdatum liegen.',
  },
  'object.moveInDate': {
    required: 'Bitte geben Sie das Einzugsdatum an.',
    notAfterSignDate: 'Das Einzugsdatum muss nach dem Mietbeginn liegen.',
    tooFarAhead: 'Das Einzugsdatum darf höchstens 180 Tage in der Zukunft liegen.',
    inPast: 'Das Einzugsdatum darf nicht in der Vergangenheit liegen.',
    tooFarInPast: 'Das Einzugsdatum darf höchstens 14 Tage in der Vergangenheit liegen.',
  },
  'object.coldRent': {
    required: 'Bitte geben Sie die monatliche Kaltmiete an.',
    tooLow: 'Die Kaltmiete muss größer als 0 € sein.',
  },
  'object.isContractLimited': { required: 'Bitte geben Sie an, ob der Mietvertrag befristet ist.' },
  'object.contractLimitDate': {
    required: 'Bitte geben Sie an, bis wann der Mietvertrag befristet ist.',
    notInFuture: 'Das Ende der Befristung muss in der Zukunft liegen.',
  },
  'object.isContractTerminated': {
    required: 'Bitte geben Sie an, ob das Mietverhältnis bereits gekündigt ist.',
  },
  'object.isRentPaidUnpunctual': {
    required: 'Bitte geben Sie an, ob die Miete unpünktlich gezahlt wurde.',
  },
  'object.isDepositPaidCompletely': {
    required: 'Bitte geben Sie an, ob die Kaution vollständig gezahlt wurde.',
  },
  'object.isDepositConsumed': {
    required: 'Bitte geben Sie an, ob die Kaution in Anspruch genommen wurde.',
  },
  'object.isObjectDamaged': {
    required: 'Bitte geben Sie an, ob Schäden an der Mietsache bestehen.',
  },
  'object.hasPreinsurance': { required: question },
  'object.preinsuranceCompany': { required: 'Bitte geben Sie den bisherigen Anbieter an.' },
  'object.preinsuranceId': { required: 'Bitte geben Sie die bisherige Vertragsnummer an.' },
  'object.preinsuranceQuitBy': { required: 'Bitte geben Sie an, wer gekündigt hat.' },
  'object.hasPredamage': { required: question },
  'object.predamageDetail': { required: 'Bitte beschreiben Sie die Vorschäden.' },
  ...tenant('firstTenant'),
  ...tenant('secondTenant'),
  'landlord.formOfAddress': { required: 'Bitte wählen Sie die Anrede des Vermieters aus.' },
  'landlord.companyName': { required: 'Bitte geben Sie den Firmennamen an.' },
  'landlord.firstName': { required: 'Bitte geben Sie den Vornamen des Vermieters an.' },
  'landlord.lastName': { required: 'Bitte geben Sie den Nachnamen des Vermieters an.' },
  'landlord.landlordName': { required: 'Bitte geben Sie den Namen des Vermieters an.' },
  ...address('landlord'),
  'bankAccount.accountOwner': {
    required: 'Bitte wählen Sie den Kontoinhaber aus.',
    invalid: 'Der zweite Mieter kann nur Kontoinhaber sein, wenn er angegeben ist.',
  },
  'bankAccount.iban': {
    required: 'Bitte geben Sie Ihre IBAN an.',
    invalid: 'ungültig',
    notAllowedCountry: 'IBANs aus diesem Land können wir leider nicht annehmen.',
  },
  'bankAccount.accountNumber': {
    required: 'Bitte geben Sie Ihre Kontonummer an.',
    invalid: 'ungültig. Die Kontonummer hat höchstens 10 Ziffern.',
  },
  'bankAccount.bankCode': {
    required: 'Bitte geben Sie die Bankleitzahl an.',
    invalid: 'ungültig. Die Bankleitzahl hat 8 Ziffern.',
  },
  'bankAccount.bankName': { required: 'Bitte geben Sie den Namen Ihrer Bank an.' },
  'billing.partner_code': {
    unknownPartner: codeMessages.unknownPartner,
    partnerLocked:
      'Für diesen Antrag ist bereits ein anderer Partnercode gespeichert. Er kann nicht mehr geändert werden.',
  },
  'uce.subPartnerCode': {
    unknownSubPartner: codeMessages.unknownSubPartner,
    subPartnerNeedsPartner: codeMessages.subPartnerNeedsPartner,
    partnerLocked:
      'Für diesen Antrag ist bereits ein anderer Vermittlercode gespeichert. Er kann nicht mehr geändert werden.',
  },
  'security.captchaResponseKey': {
    required: 'Lösen Sie die Sicherheitsaufgabe',
    // Expired, already used or sent too quickly: the widget is reset, the tenant solves it again.
    invalid:
      'Die Sicherheitsaufgabe ist abgelaufen oder wurde schon verwendet. Lösen Sie die Sicherheitsaufgabe bitte erneut.',
  },
  'selling.immoscout_area': { required: 'Bitte geben Sie die Wohnfläche an.' },
  'selling.preisboerse_time': { required: 'Bitte wählen Sie ein Zeitfenster für den Rückruf aus.' },
  'selling.MieterEngel_phone': {
    required: 'Bitte geben Sie eine Telefonnummer an.',
    invalid:
      'ungültiges Format. Angabe im Format: 03012345 oder +493012345. Bitte ohne Leerzeichen.',
  },
};

/** Spec §5: appended to the error summary whenever a step has errors. */
export const globalAppendix = 'Es sind noch nicht alle Felder richtig ausgefüllt...';

/** /error keys of spec §8 (looked up as 'error.{key}'); 'unknown' is the fallback. */
export const errorKeyMessages: Record<string, string> = {
  unknown: 'Ein unbekannter Fehler ist aufgetreten, bitte versuchen Sie es später erneut.',
  days_to_keep_data_exceeded:
    'Dieser Link ist aus Datenschutzgründen nicht mehr gültig, denn gespeicherte Angaben löschen wir nach 30 Tagen. Bitte wenden Sie sich an unseren Kundenservice oder starten Sie einen neuen Antrag.',
  reservation_expired:
    'Leider ist Ihre Reservierung abgelaufen. Sie müssen eine neuen Antrag starten.',
  already_submitted:
    'Ihr Antrag wurde bereits verarbeitet, bitte prüfen Sie Ihren Email Posteingang.',
};
