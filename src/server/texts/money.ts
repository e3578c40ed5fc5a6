// German texts of the money side (issue 25): pre-notifications, returned debits, and the
// messages staff actions answer with. Values come in formatted (formatCents, formatIsoDate).

export const moneyMailTexts = {
  preNotice: {
    subject: (number: string) => `Ankündigung einer SEPA-Lastschrift – Vertrag ${number}`,
    /** why: one of `reasons` below. */
    intro: (why: string) => `${why} Deshalb kündigen wir Ihnen diese Abbuchung gesondert an:`,
    reasons: {
      first_period: 'wir buchen in Kürze den ersten Beitrag für Ihre Mietkautionsbürgschaft ab.',
      new_mandate:
        'wir buchen den nächsten Beitrag erstmals von Ihrem neuen Konto und mit Ihrem neuen Mandat ab.',
      catch_up: 'ein Beitrag konnte noch nicht eingezogen werden; wir buchen ihn jetzt nach.',
      amount: 'der nächste Beitrag weicht vom regelmäßigen Betrag ab.',
      instalment: 'wir buchen die nächste Rate Ihrer vereinbarten Ratenzahlung ab.',
    },
    amount: (amount: string) => `Betrag: ${amount}`,
    dueOn: (on: string) => `Fälligkeitstag (Abbuchung): ${on}`,
    period: (from: string) => `Beitragszeitraum ab: ${from}`,
    mandate: (reference: string) => `Mandatsreferenz: ${reference}`,
    creditor: (id: string) => `Gläubiger-Identifikationsnummer: ${id}`,
    cover: 'Bitte sorgen Sie für ausreichende Deckung Ihres Kontos.',
  },
  ibanNeeded: {
    subject: (number: string) => `Bitte neue Bankverbindung angeben – Vertrag ${number}`,
    returned: (amount: string, on: string) =>
      `Ihre Bank hat die Lastschrift über ${amount} vom ${on} zurückgegeben: Das Konto kann nicht belastet werden (zum Beispiel, weil es aufgelöst wurde). Mit diesem Konto buchen wir nichts mehr ab.`,
    action:
      'Bitte geben Sie uns auf Ihrer Vertragsseite eine neue Bankverbindung. Den offenen Beitrag buchen wir dann von dem neuen Konto ab und kündigen Ihnen die Abbuchung vorher an.',
    noFee: 'Gebühren Ihrer Bank für diese Rückgabe berechnen wir Ihnen nicht.',
    linkLabel: 'Bankverbindung ändern',
  },
  /** Dunning (ADR 1224; modelled on § 38 VVG, needs the operator's lawyer's review). */
  reminder: {
    subject: (level: 1 | 2, number: string) =>
      level === 1
        ? `Zahlungserinnerung – Vertrag ${number}`
        : `Zweite Mahnung mit Fristsetzung – Vertrag ${number}`,
    open: (amount: string) =>
      `für Ihre Mietkautionsbürgschaft ist ein Betrag von ${amount} offen; wir konnten ihn nicht von Ihrem Konto einziehen.`,
    deadline: (on: string) =>
      `Bitte überweisen Sie den Betrag bis zum ${on} (Eingang bei uns). Scannen Sie dazu den beigefügten GiroCode mit Ihrer Banking-App oder geben Sie die Angaben von Hand ein:`,
    transfer: {
      name: (v: string) => `Empfänger: ${v}`,
      iban: (v: string) => `IBAN: ${v}`,
      amount: (v: string) => `Betrag: ${v}`,
      reference: (v: string) => `Verwendungszweck: ${v}`,
    },
    consequence:
      'Zahlen Sie nicht bis zu diesem Tag, dürfen wir den Vertrag ohne Einhaltung einer Frist kündigen (§ 38 VVG, Versicherungsbedingungen „Beitrag“). Ihr Vermieter behält die Bürgschaft bis zu ihrem Ende; was wir ihm daraus zahlen, müssten Sie uns erstatten. Der offene Betrag bleibt geschuldet.',
    firstFriendly:
      'Haben Sie inzwischen gezahlt, ist diese Erinnerung erledigt. Ihre Zahlungen sehen Sie jederzeit auf Ihrer Vertragsseite.',
    contractPage: 'Zur Vertragsseite',
    attachment: 'girocode.png',
  },
  /** An instalment plan agreed (ADR 1228): the schedule is its pre-notification in advance. */
  instalments: {
    subject: (number: string) => `Ihre Ratenzahlung – Vertrag ${number}`,
    intro: (amount: string, count: number) =>
      `wir haben für den offenen Betrag von ${amount} eine Ratenzahlung in ${count} monatlichen Raten vereinbart. Wir buchen die Raten per SEPA-Lastschrift von Ihrem Konto ab:`,
    claimPart: (amount: string) =>
      `Darin enthalten sind ${amount}, die wir als Bürge auf die Forderung Ihres Vermieters gezahlt haben und die Sie uns erstatten.`,
    part: (n: number, amount: string, on: string) => `${n}. Rate: ${amount} am ${on}`,
    mandate: (reference: string, creditorId: string) =>
      `Mandatsreferenz: ${reference}; Gläubiger-Identifikationsnummer: ${creditorId}.`,
    notice:
      'Vor jeder Abbuchung erhalten Sie zusätzlich eine Ankündigung. Bitte sorgen Sie für ausreichende Deckung Ihres Kontos. Solange die Raten eingehen, erhalten Sie für diesen Betrag keine Mahnungen.',
  },
} as const;

export const moneyApiTexts = {
  batchNotFound: 'Diese Datei gibt es nicht.',
  notDraft: 'Die Datei ist kein Entwurf mehr.',
  notSubmitted:
    'Die Datei muss erst von einer Mitarbeiterin oder einem Mitarbeiter zur Freigabe vorgelegt werden.',
  fourEyes:
    'Freigeben muss eine andere Person als die, die die Datei vorgelegt hat (Vier-Augen-Prinzip).',
  notApproved: 'Die Datei ist noch nicht freigegeben.',
  alreadyReleased:
    'Diese Datei wurde bereits heruntergeladen und an die Bank gegeben; ein zweites Mal ist nicht möglich.',
  tooLate: (on: string) =>
    `Der Fälligkeitstag ${on} ist zu nah; bitte verwerfen Sie die Datei, der nächste Lauf erstellt sie neu.`,
  staffRequired: 'Bitte melden Sie sich als Mitarbeiterin oder Mitarbeiter an.',
  // Claim payouts (ADR 1256)
  payoutNotFound: 'Diese Auszahlung gibt es nicht.',
  payoutFourEyes:
    'Eine Auszahlung über dem Freigabebetrag gibt eine andere Person frei als die, die sie veranlasst hat (Vier-Augen-Prinzip).',
  payoutNotAwaiting: 'Diese Auszahlung wartet nicht auf eine Freigabe.',
  payoutNotSent: 'Die Auszahlung ist noch nicht an die Bank gegeben.',
} as const;
