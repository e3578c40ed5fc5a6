// German sentences of the claims' e-mails (issue 26; audience "e-mails and documents", ADR
// 0306). Values come formatted (formatCents, formatIsoDate). Texts for the lawyer's review
// (ADR 1240): what first demand means for the tenant, what silence means.

export const claimMailTexts = {
  itemLine: (position: number, kind: string, amount: string) => `${position}. ${kind}: ${amount}`,
  total: (amount: string) => `Summe: ${amount}`,
  reference: (reference: string) => `Aktenzeichen: ${reference}`,
  tenantNotified: {
    subject: (reference: string) => `Ihr Vermieter macht eine Forderung geltend (${reference})`,
    intro: (contractNumber: string) =>
      `Ihre Vermieterin oder Ihr Vermieter hat heute Forderungen aus der Mietkautionsbürgschaft zu Ihrem Vertrag ${contractNumber} geltend gemacht:`,
    answer: (dueOn: string) =>
      `Bitte antworten Sie bis zum ${dueOn} zu jeder Forderung: anerkennen, widersprechen (mit Begründung) oder einen niedrigeren Betrag vorschlagen. Das ist kostenlos, und Sie müssen nichts vorab zahlen.`,
    silence:
      'Wenn Sie nicht antworten, gilt das nicht als Anerkenntnis: Über Forderungen ohne Antwort entscheiden wir mit Begründung.',
    firstDemand:
      'Die Bürgschaft ist auf erstes Anfordern zu zahlen. Zahlen wir eine Forderung, die Sie bestreiten, können Sie den Betrag weiterhin von Ihrem Vermieter zurückfordern. Was wir zahlen, erstatten Sie uns – auf Wunsch in Raten.',
    link: 'Jetzt antworten (Ihre Vertragsseite)',
    linkHint:
      'Auf Ihrer Vertragsseite melden Sie sich mit Vertragsnummer und E-Mail-Adresse an und antworten zu jeder Forderung.',
  },
  tenantReminder: {
    subject: (reference: string) => `Erinnerung: Ihre Antwort zur Forderung ${reference}`,
    intro: (dueOn: string, days: number) =>
      `Ihre Antwortfrist zu den Forderungen Ihres Vermieters endet am ${dueOn} (noch ${days} ${days === 1 ? 'Tag' : 'Tage'}). Noch nicht beantwortet:`,
  },
  tenantExpired: {
    subject: (reference: string) => `Antwortfrist abgelaufen: Forderung ${reference}`,
    intro: (dueOn: string) =>
      `Ihre Antwortfrist ist am ${dueOn} abgelaufen. Zu folgenden Forderungen haben Sie nicht geantwortet; wir prüfen sie und entscheiden mit Begründung:`,
  },
  landlordFiled: {
    subject: (reference: string) => `Ihre Forderung ist eingegangen (${reference})`,
    intro: (contractNumber: string) =>
      `Ihre Forderung aus der Bürgschaft zu Vertrag ${contractNumber} ist eingegangen:`,
    next: (dueOn: string) =>
      `Wir haben die Mieterin oder den Mieter sofort informiert. Sie oder er kann bis zum ${dueOn} zu jeder Forderung Stellung nehmen. Anerkannte Forderungen zahlen wir sofort aus, über bestrittene entscheiden wir mit Begründung.`,
    link: 'Weitere Forderung einreichen',
    linkHint: (days: number) =>
      `Mit diesem Link können Sie ${days} Tage lang ohne Freigabecode eine weitere Forderung einreichen. Bitte geben Sie ihn nicht weiter.`,
  },
  landlordLink: {
    subject: (contractNumber: string) => `Ihr Link zur Bürgschaft ${contractNumber}`,
    intro: (days: number) =>
      `Sie haben einen Link angefordert, um eine Forderung aus der Bürgschaft einzureichen. Er gilt ${days} Tage.`,
    link: 'Forderung einreichen',
    notYou: 'Wenn Sie keinen Link angefordert haben, können Sie diese E-Mail ignorieren.',
  },
} as const;
