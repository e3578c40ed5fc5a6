// The tenant's "Zahlungen" on the contract page (issue 25 item 7).

export type DebitState = 'planned' | 'in_batch' | 'presented' | 'collected' | 'returned';
export type RefundState = 'open' | 'in_batch' | 'sent' | 'paid';

export const paymentTexts = {
  heading: 'Zahlungen',
  intro:
    'Hier sehen Sie jede Abbuchung mit Datum und Stand, Rückgaben Ihrer Bank, Gebühren und Erstattungen.',
  debitsCaption: 'Abbuchungen per SEPA-Lastschrift',
  columns: {
    dueOn: 'Fälligkeitstag',
    period: 'Beitrag ab',
    amount: 'Betrag',
    state: 'Stand',
  },
  debitState: {
    planned: 'angekündigt',
    in_batch: 'angekündigt',
    presented: 'bei Ihrer Bank eingereicht',
    collected: 'eingezogen',
    returned: 'von Ihrer Bank zurückgegeben',
  } satisfies Record<DebitState, string>,
  returnReason: (code: string) => `Grund der Bank: ${code}`,
  noDebits: 'Bisher gab es keine Abbuchungen.',
  fees: 'Gebühren Ihrer Bank für Rücklastschriften (so, wie sie uns berechnet wurden)',
  open: (amount: string) => `Offener Betrag: ${amount}`,
  nothingOpen: 'Es ist kein Betrag offen.',
  nothingToTransfer: 'Sie müssen nichts überweisen.',
  byDebit: (amount: string) =>
    `${amount} buchen wir als vereinbarte Raten oder bereits angekündigte Abbuchungen per SEPA-Lastschrift ab; diesen Betrag überweisen Sie bitte nicht.`,
  transferIntro:
    'Sie können den offenen Betrag auch überweisen. Scannen Sie dazu den Code mit Ihrer Banking-App oder geben Sie die Angaben von Hand ein:',
  transfer: {
    name: 'Empfänger',
    iban: 'IBAN',
    amount: 'Betrag',
    reference: 'Verwendungszweck',
  },
  qrAlt: (amount: string) => `GiroCode für eine Überweisung von ${amount}`,
  refundsCaption: 'Erstattungen',
  refundState: {
    open: 'wird überwiesen',
    in_batch: 'wird überwiesen',
    sent: 'überwiesen',
    paid: 'überwiesen und bei der Bank bestätigt',
  } satisfies Record<RefundState, string>,
  refundDue: (on: string) => `spätestens am ${on}`,
  debitInstalment: (n: number, of: number) => `Rate ${n} von ${of}`,
  statementsHeading: 'Beitragsbescheinigungen',
  statement: (year: number) => `Beitragsbescheinigung ${year} (PDF)`,
  loading: 'Zahlungen werden geladen …',
  failed: 'Die Zahlungen konnten nicht geladen werden. Bitte laden Sie die Seite neu.',
} as const;

export type InstalmentPartState = DebitState | 'scheduled';

/** Instalments on the contract page (issue 25 item 5 / issue 26; ADR 1228). */
export const instalmentTexts = {
  heading: 'Ratenzahlung',
  intro: (amount: string) =>
    `Offen sind ${amount}. Sie können diesen Betrag in 3, 6 oder 12 monatlichen Raten zahlen; wir buchen jede Rate per SEPA-Lastschrift ab und kündigen sie vorher an. Solange die Raten eingehen, mahnen wir diesen Betrag nicht.`,
  nothingOwed: 'Es ist kein Betrag offen, den Sie in Raten zahlen könnten.',
  countLegend: 'Anzahl der monatlichen Raten',
  countOption: (n: number, amount: string) => `${n} Raten zu je etwa ${amount}`,
  firstDue: (on: string) =>
    `Die erste Rate buchen wir am ${on} ab, die weiteren jeweils einen Monat später.`,
  ibanLabel: 'Neue IBAN (optional)',
  ibanLabelRequired: 'Neue IBAN',
  ibanHint:
    'Nur ausfüllen, wenn wir von einem anderen Konto abbuchen sollen. Für die neue IBAN erteilen Sie uns ein neues SEPA-Lastschriftmandat.',
  ibanRequired:
    'Von Ihrem bisherigen Konto können wir nicht abbuchen. Bitte geben Sie eine neue IBAN an.',
  submit: 'Ratenzahlung vereinbaren',
  agreed: (count: number, on: string) =>
    `Ihre Ratenzahlung ist vereinbart: ${count} Raten, die erste am ${on}. Den Plan haben wir Ihnen per E-Mail geschickt.`,
  planCaption: (seq: number) => `Ratenplan ${seq}`,
  columns: { n: 'Rate', dueOn: 'Fälligkeitstag', amount: 'Betrag', state: 'Stand' },
  partState: {
    scheduled: 'vereinbart',
    planned: 'angekündigt',
    in_batch: 'angekündigt',
    presented: 'bei Ihrer Bank eingereicht',
    collected: 'eingezogen',
    returned: 'von Ihrer Bank zurückgegeben',
  } satisfies Record<InstalmentPartState, string>,
  errors: {
    count: 'Bitte wählen Sie 3, 6 oder 12 Raten.',
    too_small: 'Jede Rate muss mindestens 1,00 € betragen; bitte wählen Sie weniger Raten.',
    nothing_owed: 'Es ist kein Betrag offen, den Sie in Raten zahlen könnten.',
    mandate_stopped:
      'Von Ihrem bisherigen Konto können wir nicht abbuchen. Bitte geben Sie eine neue IBAN an.',
    no_contract: 'Diesen Vertrag gibt es nicht.',
  },
} as const;

/** "Abbuchung bestreiten" on the contract page (ADR 1230). */
export const disputeTexts = {
  heading: 'Abbuchung bestreiten',
  intro:
    'Halten Sie eine Abbuchung oder einen offenen Betrag für falsch, sagen Sie es uns hier. Solange wir Ihren Einwand prüfen, mahnen wir nicht.',
  reasonLabel: 'Was ist aus Ihrer Sicht falsch?',
  submit: 'Einwand senden',
  reasonRequired: 'Bitte beschreiben Sie kurz, was aus Ihrer Sicht falsch ist.',
  reasonTooLong: 'Bitte fassen Sie sich kürzer (höchstens 1.000 Zeichen).',
  open: (on: string) =>
    `Ihr Einwand vom ${on} liegt uns vor. Bis wir ihn geprüft haben, mahnen wir nicht; wir antworten Ihnen per E-Mail.`,
  sent: 'Ihr Einwand ist bei uns eingegangen. Bis wir ihn geprüft haben, mahnen wir nicht.',
} as const;

export const DISPUTE_REASON_MAX = 1000;
