// The e-mails of the staff review (issue 26 item 4, ADR 1257). The sentences on what a payout on
// first demand means for the tenant need the operator's lawyer's review (ADR 1257).

export const claimReviewMailTexts = {
  decision: {
    subject: (reference: string) => `Entscheidung zu Ihrer Forderung ${reference}`,
    intro: (reference: string, contract: string) =>
      `wir haben über die Forderung ${reference} aus der Mietkautionsbürgschaft ${contract} entschieden:`,
    line: (position: number, kind: string, claimed: string, decided: string, label: string) =>
      `Position ${position} (${kind}, gefordert ${claimed}): ${label}, ${decided}`,
    reason: (position: number, reason: string) => `Begründung zu Position ${position}: ${reason}`,
    labels: {
      accepted_by_tenant: 'vom Mieter anerkannt',
      agreed_counter: 'Vorschlag des Mieters übernommen',
      granted: 'in voller Höhe',
      partly_granted: 'teilweise',
      rejected: 'abgelehnt',
    },
    paidToLandlord: (amount: string) =>
      `Wir zahlen ${amount} per Überweisung an den Vermieter aus, in der Regel innerhalb von zwei Bankarbeitstagen.`,
    nothingPaid: 'Es wird nichts ausgezahlt.',
  },
  /** What a payout means for the tenant: plain words (lawyer's review, ADR 1257). */
  tenantMeaning: {
    firstDemand:
      'Die Bürgschaft ist auf erstes Anfordern zu zahlen: Wir zahlen an Ihren Vermieter, auch wenn Sie der Forderung widersprochen haben, sobald wir die Position entschieden haben. Wir prüfen dabei nicht abschließend, ob die Forderung berechtigt ist.',
    owe: 'Den ausgezahlten Betrag schulden Sie uns. Sie überweisen ihn mit den Angaben auf Ihrer Vertragsseite (dort steht auch ein QR-Code) oder wählen dort eine Ratenzahlung; Gebühren berechnen wir dafür nicht.',
    reclaim:
      'Halten Sie die Forderung für unberechtigt, können Sie das Geld trotzdem von Ihrem Vermieter zurückverlangen, notfalls vor Gericht. Unsere Auszahlung entscheidet nicht darüber, wer im Mietverhältnis recht hat.',
  },
  landlord: {
    next: 'Die Entscheidung betrifft nur die Zahlung aus der Bürgschaft; Ihre Ansprüche aus dem Mietverhältnis bleiben unberührt.',
  },
  proposal: {
    subject: (reference: string) => `Vorschlag zur Einigung – Forderung ${reference}`,
    intro: (reference: string) =>
      `zur Forderung ${reference} schlagen wir Ihnen beiden folgende Einigung vor:`,
    answer:
      'Der Vorschlag ist unverbindlich. Sind Sie einverstanden oder nicht, antworten Sie bitte auf diese E-Mail; wir entscheiden sonst selbst über die offenen Positionen und begründen unsere Entscheidung.',
  },
} as const;
