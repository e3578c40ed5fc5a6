// The tenant's e-mail about a partial release (issue 26 item 5, ADR 1255). Every sentence about
// money says only what the ledger shows: a refund only of premiums really collected (issue 25).

export const partialReleaseMailTexts = {
  subject: (number: string) =>
    `Ihr Vermieter hat die Bürgschaft teilweise freigegeben – Vertrag ${number}`,
  released: (at: string, retained: string) =>
    `Ihr Vermieter hat die Mietkautionsbürgschaft am ${at} bis auf ${retained} freigegeben, die er für die Nebenkostenabrechnung behält. Ab heute sichert die Bürgschaft nur noch diesen Betrag.`,
  facts: {
    retained: (amount: string) => `Noch gesichert: ${amount}`,
  },
  premium: (oldRate: string, newRate: string, adverb: string, from: string) =>
    `Ihr Beitrag sinkt ab dem ${from} im gleichen Verhältnis: statt ${oldRate} zahlen Sie ${newRate} ${adverb}. Für den laufenden Zeitraum berechnen wir den Beitrag taggenau.`,
  /** Only premiums that arrived come back; the rest of the period's debit is lowered instead. */
  refund: (amount: string) =>
    `Von Ihren bei uns eingegangenen Beiträgen erstatten wir Ihnen ${amount} innerhalb von 14 Tagen auf Ihr Konto.`,
  lowerDebit:
    'Es ist nichts zu erstatten: Noch nicht abgebuchte Beiträge buchen wir nur in der neuen Höhe ab; weicht eine Abbuchung vom neuen Beitrag ab, kündigen wir sie Ihnen vorher gesondert an.',
  /** The pre-notification of the new regular amount (DECISIONS.md "Money"). */
  preNotice: (newRate: string, mandate: string, creditorId: string) =>
    `Diese E-Mail ist zugleich die Vorabankündigung der künftigen regelmäßigen Abbuchungen von ${newRate} (Mandatsreferenz ${mandate}, Gläubiger-ID ${creditorId}).`,
  rest: 'Den Rest gibt Ihr Vermieter später frei, etwa nach der Nebenkostenabrechnung, oder er nimmt ihn in Anspruch; dann informieren wir Sie sofort, und Sie können zu jeder Forderung Stellung nehmen.',
  notByLandlord:
    'Zur Sicherheit bestätigen wir die Teilfreigabe Ihrem Vermieter zusätzlich per Brief. Stammt sie nicht von Ihrem Vermieter, melden Sie sich bitte sofort bei uns.',
} as const;
