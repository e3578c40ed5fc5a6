// Every German sentence of the e-mails (audience "e-mails and documents", ADR 0306; the PDFs'
// texts are beside it in documents.ts). The templates in src/server/mail put these into blocks
// and render them as text and HTML. Functions take the values they show already formatted
// (formatEuro, formatDate, ... of src/domain/messages/format.ts), as the UI catalogue does.

import { cancellationRule, deliveryTexts } from '../../domain/index';

/** Who signs and answers: the operator (OPERATOR_*, filled in by the mailer, operatorFields.ts). */
interface Sender {
  name: string;
  street: string;
  zipCity: string;
  email: string;
  phone: string;
}

export const mailTexts = {
  greeting: {
    female: (lastName: string) => `Sehr geehrte Frau ${lastName},`,
    male: (lastName: string) => `Sehr geehrter Herr ${lastName},`,
    named: (fullName: string) => `Guten Tag ${fullName},`,
    anonymous: 'Guten Tag,',
  },
  closing: {
    regards: (sender: string) => `Mit freundlichen Grüßen\nIhr Team von ${sender}`,
    imprint: (s: Sender) =>
      `${s.name} · ${s.street} · ${s.zipCity}\nE-Mail: ${s.email} · Telefon: ${s.phone}`,
  },
  /** The lines that name a contract in every contract e-mail. */
  facts: {
    contractNumber: (n: string) => `Vertragsnummer: ${n}`,
    caseNumber: (n: string) => `Vorgangsnummer: ${n}`,
    object: (address: string) => `Mietobjekt: ${address}`,
    deposit: (euro: string) => `Bürgschaftssumme: ${euro}`,
    premium: (perPayment: string, adverb: string, perYear: string) =>
      `Beitrag: ${perPayment} ${adverb} (${perYear} im Jahr; Endpreis)`,
  },
  /** The withdrawal function and the contract page, in every contract e-mail. */
  contractLinks: {
    withdraw: 'Vertrag widerrufen',
    contractPageHint:
      'Ihren Vertrag ansehen, die Bankverbindung oder Anschrift ändern oder kündigen können Sie auf Ihrer Vertragsseite; den Zugang senden wir Ihnen per E-Mail.',
    contractPage: 'Mein Vertrag',
  },
  changeNotYours:
    'Haben Sie diese Änderung nicht selbst vorgenommen? Dann melden Sie sich bitte sofort bei uns.',
  continueApplication: 'Antrag fortsetzen',

  saveProgress: {
    subject: 'Ihr gespeicherter Antrag auf eine Mietkautionsbürgschaft',
    intro:
      'Sie haben Ihren Antrag auf eine Mietkautionsbürgschaft gespeichert. Mit dem folgenden Link setzen Sie ihn dort fort, wo Sie aufgehört haben.',
    deletion: (days: number) =>
      `Aus Datenschutzgründen löschen wir Ihre gespeicherten Angaben ${days} Tage nach der letzten Änderung. Danach ist der Link nicht mehr gültig und Sie müssen einen neuen Antrag beginnen.`,
    keepSecret:
      'Bitte geben Sie den Link nicht weiter: Wer ihn kennt, kann Ihre Angaben sehen und ändern. Wenn Sie diese E-Mail nicht angefordert haben, können Sie sie einfach ignorieren.',
  },

  reservation: {
    subject: (number: string) => `Ihre Reservierung ${number}: Sofortzusage für Ihre Mietkaution`,
    intro: (deposit: string) =>
      `vielen Dank für Ihre Reservierung. Wir sagen Ihnen eine Mietkautionsbürgschaft über ${deposit} zu. Die Bestätigung (Sofortzusage) finden Sie im Anhang als PDF; Sie können sie Ihrem künftigen Vermieter vorlegen.`,
    number: (n: string) => `Reservierungsnummer: ${n}`,
    deposit: (euro: string) => `Bürgschaftssumme: bis zu ${euro}`,
    validUntil: (date: string) => `Gültig bis: ${date}`,
    howToContinue:
      'Sobald Sie Ihren Mietvertrag haben, setzen Sie den Antrag mit dem folgenden Link fort. Ihre persönlichen Daten müssen Sie dann nicht noch einmal eingeben; es fehlen nur noch Vermieter, Mietobjekt und Zahlung.',
    expiry: (date: string) =>
      `Nach dem ${date} verfällt die Reservierung und wir löschen Ihre Angaben. Danach können Sie jederzeit einen neuen Antrag stellen.`,
  },

  accepted: {
    subject: (number: string) => `Ihre Mietkautionsbürgschaft ist angenommen – Vertrag ${number}`,
    intro: 'gute Nachricht: Wir haben Ihren Antrag angenommen. Ihr Vertrag ist zustande gekommen.',
    deliveryDigital:
      'Ihre Bürgschaftsurkunde finden Sie im Anhang als PDF. Bitte leiten Sie sie an Ihren Vermieter weiter; sie ersetzt die Barkaution.',
    /** Where the posted certificate goes (the result page says the same) and its posting day. */
    deliveryPost: (deliverTo: string | null | undefined, postedOn?: string) =>
      [
        deliveryTexts.byPost(deliverTo),
        postedOn ? deliveryTexts.postedOn(postedOn) : deliveryTexts.postingRule,
        'Sie ersetzt die Barkaution.',
      ].join(' '),
    documentsHeading: 'Ihre Vertragsunterlagen',
    attachedIntro: 'Im Anhang dieser E-Mail finden Sie als PDF:',
    attachment: (title: string, filename: string) => `${title} (${filename})`,
    /** linksValidUntil: the formatted day the signed links stop working, when they do. */
    downloadIntro: (linksValidUntil?: string) =>
      `Bitte speichern Sie die Unterlagen. Sie können sie auch hier herunterladen${linksValidUntil ? `; die Links zu Ihren persönlichen Dokumenten gelten bis zum ${linksValidUntil}` : ''}:`,
    download: (title: string) => `${title} herunterladen`,
    firstDebit: (amount: string, on: string, mandateReference: string) =>
      `Den ersten Beitrag von ${amount} buchen wir am ${on} per SEPA-Lastschrift ab (Mandatsreferenz ${mandateReference}). Eine Mindestlaufzeit gibt es nicht.`,
    firstDebitLater:
      'Den ersten Beitrag buchen wir etwa 14 Tage nach Ihrem Antrag per SEPA-Lastschrift ab. Eine Mindestlaufzeit gibt es nicht.',
    withdrawal: (withLink: boolean) =>
      `Sie können den Vertrag innerhalb von 14 Tagen ohne Angabe von Gründen widerrufen (§ 8 VVG). Das geht ohne Anmeldung über die Schaltfläche „Vertrag widerrufen“ auf unserer Website${withLink ? ' oder direkt mit diesem Link' : ''}.`,
  },

  pending: {
    subject: (number: string) => `Wir prüfen Ihren Antrag – Vorgang ${number}`,
    intro:
      'vielen Dank für Ihren Antrag auf eine Mietkautionsbürgschaft. Einige Angaben prüfen wir persönlich, bevor wir entscheiden.',
    nextSteps:
      'In der Regel melden wir uns innerhalb von zwei Werktagen per E-Mail mit unserer Entscheidung. Sie müssen dafür nichts weiter tun. Falls wir Unterlagen brauchen, schreiben wir Ihnen.',
    questions: (phone: string, number: string) =>
      `Fragen? Antworten Sie einfach auf diese E-Mail oder rufen Sie uns an: ${phone}. Bitte nennen Sie dabei Ihre Vorgangsnummer ${number}.`,
  },

  declined: {
    subject: (number: string) => `Ihr Antrag auf eine Mietkautionsbürgschaft – Vorgang ${number}`,
    intro:
      'vielen Dank für Ihr Interesse. Leider können wir für dieses Mietverhältnis keine Mietkautionsbürgschaft übernehmen. Es ist kein Vertrag zustande gekommen, und es werden keine Beiträge abgebucht.',
    automated:
      'Diese Entscheidung beruht auf einer automatisierten Prüfung. Sie haben das Recht, dass ein Mitarbeiter oder eine Mitarbeiterin die Entscheidung überprüft, Ihren Standpunkt darzulegen und die Entscheidung anzufechten (Art. 22 Abs. 3 DSGVO).',
    /** reviewUntil: the formatted last day of the review, when the data is deleted then. */
    howToReview: (email: string, number: string, reviewUntil?: string) =>
      `So verlangen Sie die Überprüfung: Antworten Sie auf diese E-Mail oder schreiben Sie an ${email} und nennen Sie Ihre Vorgangsnummer ${number}${reviewUntil ? ` (bis zum ${reviewUntil}; danach löschen wir Ihre Angaben)` : ''}. Ein Mensch prüft Ihren Antrag dann erneut und antwortet Ihnen.`,
    reviewedByStaff: (email: string, number: string) =>
      `Ihr Antrag wurde von unseren Mitarbeitern persönlich geprüft. Wenn Sie Fragen zur Entscheidung haben, schreiben Sie an ${email} und nennen Sie Ihre Vorgangsnummer ${number}.`,
  },

  /** Settlements at the end of a contract (cancellation, release). */
  settlement: {
    outstanding: (amount: string) =>
      `Für die Zeit bis dahin sind noch ${amount} Beitrag offen, die noch nicht bei uns eingegangen sind; diesen Betrag buchen wir von Ihrem Konto ab.`,
    /** Only what was really collected comes back (issue 25). */
    refund: (amount: string) =>
      `Von Ihren bei uns eingegangenen Beiträgen erstatten wir Ihnen ${amount} innerhalb von 14 Tagen auf Ihr Konto.`,
    none: 'Es sind keine Beiträge zu erstatten oder nachzuzahlen.',
  },

  withdrawn: {
    subject: (number: string) => `Bestätigung Ihres Widerrufs – Vertrag ${number}`,
    received: (at: string) =>
      `wir bestätigen den Eingang Ihres Widerrufs am ${at} (deutsche Zeit). Ihr Vertrag ist damit widerrufen; die Bürgschaft besteht nicht mehr.`,
    // What happens to the money: src/domain/messages/withdrawalMoney.ts (also on the pages).
    landlordByLetter:
      'Ihren Vermieter informieren wir per Brief, dass die Bürgschaft widerrufen ist. Bitte klären Sie mit ihm, wie Sie die Mietkaution stattdessen leisten.',
    tellLandlord:
      'Bitte informieren Sie Ihren Vermieter, dass die Bürgschaft widerrufen ist, und klären Sie mit ihm, wie Sie die Mietkaution stattdessen leisten.',
  },

  withdrawalNotApplied: {
    subject: (number: string) => `Eingang Ihrer Widerrufserklärung – ${number}`,
    received: (number: string, at: string) =>
      `wir bestätigen den Eingang Ihrer Widerrufserklärung zur Vertragsnummer ${number} am ${at} (deutsche Zeit).`,
    notMatched:
      'Wir konnten die Erklärung keinem Vertrag zuordnen, der mit dieser E-Mail-Adresse abgeschlossen wurde und noch widerrufen werden kann. Bitte prüfen Sie Vertragsnummer und E-Mail-Adresse. Ist die Widerrufsfrist abgelaufen, können Sie den Vertrag jederzeit ohne Frist kündigen.',
    questions: (email: string, phone: string) =>
      `Fragen? Schreiben Sie an ${email} oder rufen Sie uns an: ${phone}.`,
  },

  /** A withdrawal statement made with number and address: confirm it through this link (ADR 1116). */
  withdrawalConfirm: {
    subject: (number: string) => `Bitte bestätigen Sie Ihren Widerruf – Vertrag ${number}`,
    received: (number: string, at: string) =>
      `wir haben am ${at} (deutsche Zeit) über unsere Website eine Widerrufserklärung zu Ihrem Vertrag ${number} erhalten.`,
    why: 'Damit niemand außer Ihnen Ihren Vertrag widerrufen kann, wird der Widerruf erst wirksam, wenn Sie ihn über den folgenden Link bestätigen. Für die Widerrufsfrist zählt der Zeitpunkt Ihrer Erklärung, nicht der Ihrer Bestätigung.',
    link: 'Widerruf bestätigen',
    validity: (days: number) =>
      `Der Link gilt ${days} Tage und nur einmal. Danach können Sie den Widerruf erneut erklären.`,
    notPossible:
      'Nach unseren Unterlagen ist die Widerrufsfrist für diesen Vertrag abgelaufen oder der Vertrag bereits beendet. Bestätigen Sie trotzdem, prüfen wir Ihre Erklärung und antworten Ihnen per E-Mail; kündigen können Sie jederzeit ohne Frist.',
    notYou:
      'Haben Sie keinen Widerruf erklärt, ignorieren Sie diese E-Mail: Ihr Vertrag bleibt dann unverändert bestehen.',
  },

  accessLink: {
    subject: (number: string) => `Ihr Zugang zu Vertrag ${number}`,
    intro: (number: string, minutes: number) =>
      `Sie haben einen Zugang zu Ihrem Vertrag ${number} angefordert. Der folgende Link gilt ${minutes} Minuten und nur einmal.`,
    link: 'Vertrag ansehen',
    keepSecret:
      'Bitte geben Sie den Link nicht weiter. Wenn Sie keinen Zugang angefordert haben, können Sie diese E-Mail ignorieren.',
  },

  ibanChanged: {
    subject: (number: string) => `Neue Bankverbindung für Vertrag ${number}`,
    saved: (maskedIban: string) =>
      `wir haben Ihre neue Bankverbindung gespeichert (IBAN ${maskedIban}). Künftige Beiträge buchen wir von diesem Konto ab.`,
    mandate: (creditorId: string, mandateReference: string) =>
      `SEPA-Lastschriftmandat: Sie haben uns (Gläubiger-Identifikationsnummer ${creditorId}) ermächtigt, Zahlungen von diesem Konto mittels Lastschrift einzuziehen. Neue Mandatsreferenz: ${mandateReference}. Das bisherige Mandat ist erloschen. Sie können innerhalb von acht Wochen, beginnend mit dem Belastungsdatum, die Erstattung des belasteten Betrages verlangen.`,
  },

  addressChanged: {
    subject: (number: string) => `Neue Anschrift für Vertrag ${number}`,
    saved: (address: string) => `wir haben Ihre neue Anschrift gespeichert: ${address}.`,
  },

  /** The tenant's cancellation arrived: it takes effect only with the landlord (ADR 0925). */
  cancelled: {
    subject: (number: string) => `Bestätigung Ihrer Kündigung – Vertrag ${number}`,
    received: (at: string) =>
      `wir bestätigen den Eingang Ihrer Kündigung am ${at} (deutsche Zeit).`,
    rule: cancellationRule.effect,
    landlordByLetter:
      'Ihren Vermieter bitten wir per Brief, die Bürgschaft freizugeben. Sobald seine Freigabe oder die Originalurkunde bei uns eingeht, bestätigen wir Ihnen das Ende des Vertrags und die Abrechnung per E-Mail.',
  },

  /** The landlord's release (or the original) arrived after the tenant's cancellation. */
  cancellationEffective: {
    subject: (number: string) => `Ihre Kündigung ist wirksam – Vertrag ${number}`,
    effective: (on: string) =>
      `die Freigabe Ihres Vermieters ist am ${on} bei uns eingegangen. Ihre Kündigung ist damit am ${on} wirksam geworden, und die Bürgschaft ist beendet. Die Beiträge sind bis zum ${on} geschuldet.`,
  },

  released: {
    subject: (number: string) => `Ihr Vermieter hat die Bürgschaft freigegeben – Vertrag ${number}`,
    released: (at: string) =>
      `Ihr Vermieter hat die Mietkautionsbürgschaft am ${at} freigegeben. Die Bürgschaft ist damit beendet; ab heute zahlen Sie keine Beiträge mehr.`,
    confirmedToLandlord:
      'Zur Sicherheit bestätigen wir die Freigabe Ihrem Vermieter zusätzlich per Brief. Stammt die Freigabe nicht von Ihrem Vermieter, melden Sie sich bitte sofort bei uns: Dann prüfen wir sie, und die Bürgschaft besteht weiter, bis Ihr Vermieter sie selbst freigibt.',
  },
  /** Confirmation of a request for an individual digital guarantee (ADR 0836). */
  guaranteeRequest: {
    subject: (reference: string) =>
      `Ihre Anfrage ${reference}: individuelle digitale Mietkautionsbürgschaft`,
    received: (amount: string) =>
      `vielen Dank für Ihre Anfrage nach einer individuellen digitalen Bürgschaft über ${amount}. Sie ist bei uns eingegangen.`,
    next: 'Eine Mitarbeiterin oder ein Mitarbeiter prüft Ihre Anfrage und meldet sich innerhalb von zwei Werktagen per E-Mail oder, wenn Sie eine Telefonnummer angegeben haben, telefonisch bei Ihnen. Bis dahin ist nichts weiter zu tun; es entstehen Ihnen keine Kosten.',
    reference: (reference: string) =>
      `Bitte nennen Sie bei Rückfragen die Nummer Ihrer Anfrage: ${reference}.`,
    privacy: (days: number) =>
      `Ihre Angaben verwenden wir nur für diese Anfrage und löschen sie ${days} Tage nach unserer Antwort.`,
  },
} as const;
