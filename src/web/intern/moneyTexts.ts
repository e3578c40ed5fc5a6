// The back office's texts for the page "Zahlungsverkehr" (ADR 1227), apart from texts.ts so the
// money page stays one change.

export const mt = {
  nav: 'Zahlungsverkehr',
  title: 'Zahlungsverkehr',
  counts: {
    drafts: 'Bankdateien im Entwurf',
    approved: 'Bankdateien freigegeben, nicht heruntergeladen',
    unmatched: 'nicht zugeordnete Bankbuchungen',
  },
  batches: {
    title: 'Bankdateien',
    intro:
      'Der tägliche Lauf erstellt die Dateien. Eine Person legt sie zur Freigabe vor, eine andere gibt sie frei; danach kann die Datei genau einmal für das Bankportal heruntergeladen werden.',
    kind: {
      debit: 'Lastschriften (pain.008)',
      refund: 'Erstattungen (pain.001)',
      payout: 'Auszahlungen an Vermieter (pain.001)',
    },
    status: {
      draft: 'Entwurf',
      submitted: 'Zur Freigabe vorgelegt',
      approved: 'Freigegeben',
      released: 'Heruntergeladen',
    },
    cols: {
      kind: 'Art',
      message: 'Nachrichten-ID',
      on: 'Fälligkeit',
      count: 'Anzahl',
      sum: 'Summe',
      state: 'Stand',
      people: 'Personen',
      action: 'Aktion',
    },
    submittedBy: (n: string) => `vorgelegt: ${n}`,
    approvedBy: (n: string) => `freigegeben: ${n}`,
    releasedBy: (n: string) => `heruntergeladen: ${n}`,
    submit: 'Zur Freigabe vorlegen',
    approve: 'Freigeben',
    download: 'Herunterladen (nur einmal)',
    discard: 'Verwerfen',
    done: {
      submit: 'Die Datei ist zur Freigabe vorgelegt.',
      approve: 'Die Datei ist freigegeben.',
      discard: 'Die Datei ist verworfen; der nächste Lauf erstellt sie neu.',
      download: (name: string) => `Die Datei ${name} wurde heruntergeladen.`,
    },
    forRow: (action: string, message: string) => `${action}: ${message}`,
  },
  upload: {
    title: 'Bankdatei einlesen',
    label: 'Bankdatei (camt.053, camt.054 oder pain.002, XML)',
    submit: 'Einlesen',
    noFile: 'Bitte wählen Sie eine Bankdatei aus.',
  },
  unmatched: {
    title: 'Nicht zugeordnete Buchungen',
    cols: {
      ref: 'Referenz (End-to-End-ID)',
      kind: 'Art',
      reason: 'Grund',
      amount: 'Betrag',
      action: 'Aktion',
    },
    kind: { return: 'Rückgabe', reversal: 'Storno', credit: 'Gutschrift', debit: 'Belastung' },
    noRef: 'ohne Referenz',
    resolve: 'Als erledigt markieren',
    resolved: 'Die Buchung ist als erledigt markiert.',
  },
  refunds: {
    title: 'Überwiesene Erstattungen',
    cols: { number: 'Vertrag', amount: 'Betrag', due: 'Fällig', action: 'Aktion' },
    markPaid: 'Als bezahlt markieren',
    paid: 'Die Erstattung ist als bezahlt gebucht.',
  },
  bordero: {
    title: 'Bordero',
    label: 'Monat',
    submit: 'Bordero als CSV herunterladen',
    pdf: 'Bordero als PDF herunterladen',
    insurer: 'Versicherer',
  },
  empty: 'Keine Einträge.',
} as const;
