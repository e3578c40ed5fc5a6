// German texts of the claims process (issue 26): the landlord's claim form on /pruefen/{token},
// the tenant's answers on /vertrag, and the API errors of /api/claims/... . E-mail wording lives
// with the other e-mails (src/server/texts/mails.ts, ADR 0306).
import type { ClaimItemKind } from '../claims/kinds';
import type { ClaimAnswer, ClaimItemState, ClaimState } from '../claims/states';
import type { ClaimErrorCode, ClaimFieldError } from '../claims/validate';
import { formatCents } from './format';

const kindLabels: Record<ClaimItemKind, string> = {
  rent_arrears: 'Mietrückstand',
  utility_costs: 'Nebenkosten (noch abzurechnen)',
  damage: 'Schaden an der Mietsache',
};

const itemStateLabels: Record<ClaimItemState, string> = {
  open: 'wartet auf Ihre Antwort',
  accepted: 'anerkannt',
  objected: 'widersprochen',
  countered: 'niedrigerer Betrag vorgeschlagen',
  expired: 'nicht beantwortet – wir entscheiden',
  decided: 'entschieden',
  paid: 'ausgezahlt',
  recovered: 'zurückgezahlt',
  closed: 'abgeschlossen',
};

const claimStateLabels: Record<ClaimState, string> = {
  filed: 'eingereicht',
  notified: 'Mieter informiert, Antwortfrist läuft',
  answered: 'vom Mieter beantwortet',
  expired: 'Antwortfrist abgelaufen',
  decided: 'entschieden',
  paid: 'ausgezahlt',
  recovered: 'vom Mieter erstattet',
  closed: 'abgeschlossen',
};

const answerLabels: Record<ClaimAnswer, string> = {
  accept: 'Ich erkenne diese Forderung an.',
  object: 'Ich widerspreche dieser Forderung.',
  counter: 'Ich schlage einen niedrigeren Betrag vor.',
};

/**
 * The messages per field kind and code. The field path's last part picks the sentence; a code
 * that needs no field-specific wording uses `any`.
 */
type FieldName =
  | 'items'
  | 'kind'
  | 'months'
  | 'month'
  | 'amount'
  | 'period'
  | 'monthlyPrepayment'
  | 'description'
  | 'handoverProtocol'
  | 'iban'
  | 'accountHolder'
  | 'email'
  | 'declaration'
  | 'answer'
  | 'reason'
  | 'counterAmount';

const required: Record<FieldName, string> = {
  items: 'Bitte geben Sie mindestens eine Forderung an.',
  kind: 'Bitte wählen Sie die Art der Forderung.',
  months: 'Bitte geben Sie mindestens einen Monat mit Mietrückstand an.',
  month: 'Bitte geben Sie den Monat an (MM.JJJJ).',
  amount: 'Bitte geben Sie den Betrag in Euro an.',
  period: 'Bitte geben Sie den Abrechnungszeitraum an, z. B. 2026.',
  monthlyPrepayment: 'Bitte geben Sie die monatliche Nebenkostenvorauszahlung an.',
  description: 'Bitte beschreiben Sie den Schaden.',
  handoverProtocol: 'Bitte bestätigen Sie, dass ein Übergabeprotokoll vorliegt.',
  iban: 'Bitte geben Sie die IBAN an, auf die wir zahlen sollen.',
  accountHolder: 'Bitte geben Sie die Kontoinhaberin oder den Kontoinhaber an.',
  email: 'Bitte geben Sie Ihre E-Mail-Adresse an.',
  declaration: 'Bitte bestätigen Sie, dass die Forderung fällig ist.',
  answer: 'Bitte wählen Sie eine Antwort.',
  reason: 'Bitte begründen Sie Ihren Widerspruch.',
  counterAmount: 'Bitte geben Sie den Betrag an, den Sie für angemessen halten.',
};

const invalid: Partial<Record<FieldName, string>> = {
  month: 'Bitte geben Sie den Monat als MM.JJJJ an, z. B. 10.2026.',
  amount: 'Bitte geben Sie den Betrag in Euro an, z. B. 850,00.',
  monthlyPrepayment: 'Bitte geben Sie den Betrag in Euro an, z. B. 180,00.',
  counterAmount: 'Bitte geben Sie den Betrag in Euro an, z. B. 300,00.',
  iban: 'Diese IBAN ist ungültig. Bitte prüfen Sie die Eingabe.',
  email: 'Bitte geben Sie eine gültige E-Mail-Adresse an, z. B. name@beispiel.de.',
};

const field = (path: string): FieldName => {
  const last = path.split('.').pop() ?? '';
  return (Object.hasOwn(required, last) ? last : 'items') as FieldName;
};

const sentences: Record<ClaimErrorCode, (f: FieldName, cents: number) => string> = {
  required: (f) => required[f],
  invalid: (f) => invalid[f] ?? 'Diese Angabe ist ungültig.',
  invalidCharacters: () =>
    'Diese Angabe enthält Zeichen, die wir nicht verarbeiten können (z. B. Steuerzeichen).',
  tooLong: (f) =>
    f === 'description' || f === 'reason'
      ? 'Bitte fassen Sie sich kürzer (höchstens 2.000 Zeichen).'
      : 'Diese Angabe ist zu lang.',
  tooShort: () => 'Bitte begründen Sie Ihren Widerspruch in mindestens 10 Zeichen.',
  tooMany: (f) =>
    f === 'months'
      ? 'Bitte geben Sie höchstens 24 Monate an.'
      : 'Bitte geben Sie höchstens 10 Forderungen an.',
  kindUnknown: () => 'Bitte wählen Sie Mietrückstand, Nebenkosten oder Schaden.',
  monthInFuture: () => 'Mietrückstand kann nur für vergangene oder den laufenden Monat bestehen.',
  monthTwice: () => 'Diesen Monat haben Sie schon angegeben.',
  amountZero: () => 'Der Betrag muss größer als 0,00 € sein.',
  amountTooHigh: () => 'Der Betrag ist zu hoch (höchstens 100.000,00 € je Angabe).',
  overUtilityCap: (_f, cents) =>
    `Solange die Nebenkostenabrechnung aussteht, sind höchstens drei monatliche Vorauszahlungen gesichert: ${formatCents(cents)}.`,
  protocolRequired: () =>
    'Einen Schaden können Sie nur mit dem Übergabeprotokoll geltend machen. Bitte bestätigen Sie, dass es vorliegt.',
  ibanCountry: () => 'IBANs aus diesem Land können wir leider nicht annehmen.',
  declarationRequired: (f) => required[f],
  overRemaining: (_f, cents) =>
    `Die Forderungen übersteigen den verbleibenden Betrag der Bürgschaft von ${formatCents(cents)}.`,
  counterNotLower: (_f, cents) =>
    `Der vorgeschlagene Betrag muss niedriger sein als die Forderung von ${formatCents(cents)}.`,
};

/** The German sentence for one field error. */
export const claimErrorText = (e: ClaimFieldError): string =>
  sentences[e.code](field(e.field), e.cents ?? 0);

export const claimTexts = {
  kindLabels,
  itemStateLabels,
  claimStateLabels,
  answerLabels,
  landlord: {
    heading: 'Forderung aus der Bürgschaft geltend machen',
    intro:
      'Als Vermieterin oder Vermieter können Sie hier Ansprüche aus dem Mietverhältnis geltend machen. Wir informieren die Mieterin oder den Mieter sofort; sie oder er hat 14 Tage Zeit, zu jeder Forderung Stellung zu nehmen.',
    remaining: 'Verbleibender Betrag der Bürgschaft',
    releaseCode: 'Freigabecode aus unserem Brief',
    releaseCodeHint:
      'Der Code steht in unserem Brief an Sie (8 Zeichen), nicht auf der Urkunde. Er weist Sie als Vermieterin oder Vermieter aus.',
    addItem: 'Forderung hinzufügen',
    removeItem: 'Diese Forderung entfernen',
    addMonth: 'Weiteren Monat hinzufügen',
    removeMonth: 'Monat entfernen',
    itemHeading: (n: number) => `Forderung ${n}`,
    kind: 'Art der Forderung',
    month: 'Monat (MM.JJJJ)',
    amount: 'Betrag in €',
    period: 'Abrechnungszeitraum',
    periodHint: 'Zum Beispiel 2026 oder 01.07.2025–30.06.2026.',
    monthlyPrepayment: 'Monatliche Nebenkostenvorauszahlung in €',
    settlementPending: 'Die Nebenkostenabrechnung steht noch aus.',
    settlementPendingHint:
      'Solange die Abrechnung aussteht, sichert die Bürgschaft höchstens drei monatliche Vorauszahlungen.',
    description: 'Beschreibung des Schadens',
    handoverProtocol:
      'Ein Übergabeprotokoll (Einzug und Auszug) liegt vor; ich lade es unten als Beleg hoch.',
    evidence: 'Belege (optional): Übergabeprotokoll, Rechnungen, Fotos',
    evidenceUploaded: (n: number) =>
      n === 1 ? 'Ein Beleg ist hochgeladen.' : `${n} Belege sind hochgeladen.`,
    evidenceRetry: 'Bitte wählen Sie die Belege erneut aus und laden Sie sie hoch.',
    uploadAgain: 'Belege hochladen',
    iban: 'IBAN für die Auszahlung',
    accountHolder: 'Kontoinhaberin oder Kontoinhaber',
    email: 'Ihre E-Mail-Adresse',
    emailHint: 'Hierhin senden wir die Bestätigung und den Link zum Stand Ihrer Forderung.',
    declaration:
      'Ich erkläre, dass die angegebenen Forderungen aus dem Mietverhältnis fällig sind und nicht bereits anderweitig beglichen wurden.',
    total: 'Summe der Forderungen',
    submit: 'Forderung einreichen',
    submitted: 'Ihre Forderung ist eingegangen',
    submittedText: (dueOn: string) =>
      `Wir haben die Mieterin oder den Mieter informiert. Die Antwortfrist endet am ${dueOn}. Sie erhalten eine Bestätigung per E-Mail.`,
    claimNumber: 'Aktenzeichen',
    notInForce: 'Für diese Bürgschaft kann keine Forderung mehr eingereicht werden.',
    nothingLeft: 'Von dieser Bürgschaft ist kein Betrag mehr verfügbar.',
    linkRequest: 'Link per E-Mail anfordern',
    linkValid:
      'Sie haben diese Seite über unseren Link geöffnet: Ein Freigabecode ist nicht nötig.',
    kinds: 'Art der Forderung',
    months: 'Monate mit Mietrückstand',
    declarationLegend: 'Erklärung',
    items: 'Forderungen',
    linkRequestHint:
      'Haben Sie schon eine Forderung eingereicht? Wir senden einen Link an die E-Mail-Adresse, die Sie dabei angegeben haben.',
    linkSent:
      'Wenn zu dieser Bürgschaft eine Forderung mit dieser E-Mail-Adresse besteht, haben wir Ihnen einen Link gesendet.',
  },
  tenant: {
    heading: 'Forderung Ihres Vermieters',
    intro:
      'Ihre Vermieterin oder Ihr Vermieter hat Forderungen aus der Mietkautionsbürgschaft geltend gemacht. Bitte antworten Sie zu jeder Forderung. Das ist kostenlos; Sie müssen nichts vorab zahlen.',
    countdown: (days: number, dueOn: string) =>
      days === 0
        ? `Heute ist der letzte Tag Ihrer Antwortfrist (${dueOn}).`
        : `Noch ${days} ${days === 1 ? 'Tag' : 'Tage'} – Ihre Antwortfrist endet am ${dueOn}.`,
    periodOver: (dueOn: string) =>
      `Die Antwortfrist ist am ${dueOn} abgelaufen. Forderungen ohne Antwort entscheiden wir mit Begründung; Schweigen gilt nicht als Anerkenntnis.`,
    silence:
      'Wenn Sie nicht antworten, gilt das nicht als Anerkenntnis: Über nicht beantwortete Forderungen entscheiden wir mit Begründung.',
    introAfter:
      'Ihre Vermieterin oder Ihr Vermieter hat Forderungen aus der Mietkautionsbürgschaft geltend gemacht. Hier sehen Sie Ihre Antworten, den Stand unserer Prüfung, unsere Entscheidung und was gezahlt wurde.',
    /** What the tenant reads once the answer period is over (no prompt, no countdown). */
    status: {
      filed: 'Wir informieren Sie in Kürze über die Forderung.',
      notified: 'Die Antwortfrist ist vorbei. Wir entscheiden über die Forderung mit Begründung.',
      answered:
        'Danke für Ihre Antworten. Wir prüfen die Forderung und entscheiden mit Begründung.',
      expired: 'Wir prüfen die Forderung und entscheiden mit Begründung.',
      decided:
        'Wir haben über jede Position entschieden (siehe unten). Anerkannte und entschiedene Beträge zahlen wir an Ihren Vermieter aus.',
      paid: 'Wir haben die entschiedenen Beträge an Ihren Vermieter gezahlt.',
      recovered: 'Sie haben uns die gezahlten Beträge erstattet. Vielen Dank.',
      closed: 'Diese Forderung ist abgeschlossen.',
    } satisfies Record<ClaimState, string>,
    decided: (amount: string) => `Unsere Entscheidung: ${amount}`,
    firstDemand:
      'Die Bürgschaft ist auf erstes Anfordern zu zahlen. Zahlen wir eine Forderung, die Sie bestreiten, können Sie den Betrag weiterhin von Ihrem Vermieter zurückfordern.',
    recourse: (amount: string) =>
      `Wir haben Ihrem Vermieter ${amount} gezahlt. Diesen Betrag erstatten Sie uns: per Überweisung oder in 3, 6 oder 12 monatlichen Raten (unten unter „Zahlungen“ und „Ratenzahlung“).`,
    claimed: 'Gefordert',
    yourAnswer: 'Ihre Antwort',
    reason: 'Begründung',
    reasonOptional: 'Begründung (optional)',
    counterAmount: 'Ihr Vorschlag in €',
    evidence: 'Belege (optional), z. B. ein Foto',
    landlordEvidence: 'Belege Ihres Vermieters',
    linkMinutes: 'Die Links gelten 15 Minuten; laden Sie die Seite neu für neue Links.',
    period: (period: string) => `Abrechnungszeitraum ${period}`,
    prepayment: (amount: string) => `monatliche Vorauszahlung ${amount}`,
    month: (month: string, amount: string) => `${month}: ${amount}`,
    counterProposed: (amount: string) => `Ihr Vorschlag: ${amount}`,
    send: 'Antwort senden',
    sent: 'Ihre Antwort ist eingegangen.',
    answered: (label: string) => `Ihre Antwort: ${label}`,
  },
  errors: {
    summaryTitle: 'Bitte prüfen Sie Ihre Eingaben',
    notInForce: 'Für diese Bürgschaft kann keine Forderung mehr eingereicht werden.',
    unknownClaim: 'Diese Forderung gibt es nicht.',
    periodOver: 'Die Antwortfrist ist abgelaufen. Wir entscheiden über die Forderung.',
    alreadyAnswered: 'Diese Forderung haben Sie bereits beantwortet.',
    linkExpired: 'Dieser Link ist abgelaufen oder ungültig. Bitte fordern Sie einen neuen an.',
  },
} as const;
