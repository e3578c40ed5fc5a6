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
  loading: 'Zahlungen werden geladen …',
  failed: 'Die Zahlungen konnten nicht geladen werden. Bitte laden Sie die Seite neu.',
} as const;
