// Every German text of the PDF documents (audience "e-mails and documents", ADR 0306; the
// e-mails' texts are beside it in mails.ts): headings, labels, paragraphs, footers. The builders
// in src/server/documents lay them out. Functions take the values they show already formatted
// (formatEuro, formatDate of src/domain/messages/format.ts). The static legal texts stay in
// content/legal/*.md.

import { cancellationRule, de } from '../../domain/index';

/** A document's name is the same on the result page, in the e-mail and on the PDF itself. */
const titles = de.ui.documents.titles;

/** The contract parties' labels of the certificate and the policy. */
const parties = {
  contractNumber: 'Vertragsnummer',
  object: 'Mietobjekt',
};

export const documentTexts = {
  /** Every page's bottom line (after the footer, if the document has one). */
  pageLine: (title: string, page: number, pages: number) => `${title} · Seite ${page} von ${pages}`,
  /** The closing's place (the operator's city) and date. */
  placeAndDate: (place: string, date: string) => `${place}, den ${date}`,
  /** The withdrawal line in the footer of every contract document (issue 12: the button's name). */
  withdrawalFooter: (siteHost: string, siteUrl: string) =>
    `Widerruf online ohne Anmeldung: Schaltfläche „Vertrag widerrufen“ unten auf jeder Seite von ${siteHost} oder direkt ${siteUrl}/widerruf`,
  /** The legal texts' PDF metadata subject: '{title} – {operator}'. */
  legalSubject: (title: string, operator: string) => `${title} – ${operator}`,
  /** The common name of a generated (self-signed) seal certificate. */
  sealName: (organisation: string) => `${organisation} – elektronisches Siegel`,

  /** The monthly Bordero for an insurer (issue 25 item 8, ADR 1232). */
  bordero: {
    title: (month: string) => `Bordero ${month}`,
    subject: 'Monatliche Abrechnung der Beiträge und der Versicherungsteuer',
    kind: 'Bordero (Beiträge, Erstattungen, Versicherungsteuer)',
    labels: {
      insurer: 'Versicherer',
      month: 'Monat',
      rate: 'Versicherungsteuer',
      contracts: 'Verträge',
      collected: 'Eingezogen',
      refunded: 'Erstattet',
      net: 'Netto',
      tax: 'Versicherungsteuer',
      premium: 'Beitrag ohne Steuer',
    },
    rate: (bp: number) => `${(bp / 100).toLocaleString('de-DE')} % (im Beitrag enthalten)`,
    totalsHeading: 'Summen',
    rowsHeading: 'Je Vertrag',
    row: (n: string, c: string, r: string, net: string, tax: string, prem: string) =>
      `${n}: eingezogen ${c}, erstattet ${r}, netto ${net}, Versicherungsteuer ${tax}, Beitrag ohne Steuer ${prem}`,
    none: 'In diesem Monat gab es keine Zahlungen.',
    taxNote:
      'Eingezogen ist das tatsächlich eingegangene Geld (abzüglich Rücklastschriften), nach dem Tag der Buchung. Satz und Bemessung der Versicherungsteuer bestätigt die Steuerberatung des Betreibers.',
  },

  /** The yearly statement of premiums paid (issue 25 item 7, ADR 1231). */
  premiumStatement: {
    title: (year: number) => `Beitragsbescheinigung ${year}`,
    subject: 'Bescheinigung der gezahlten Beiträge zur Mietkautionsbürgschaft',
    kind: 'Mietkautionsbürgschaft (Kautionsversicherung)',
    labels: {
      contractNumber: parties.contractNumber,
      policyholders: 'Versicherungsnehmer',
      object: parties.object,
      year: 'Kalenderjahr',
      collected: 'Eingezogen',
      returned: 'Zurückgegeben',
      refunded: 'Erstattet',
      paid: 'Gezahlte Beiträge',
    },
    intro: (year: number) =>
      `Wir bescheinigen, dass für den oben genannten Vertrag im Kalenderjahr ${year} die folgenden Beiträge bei uns eingegangen sind. Maßgeblich ist der Tag, an dem das Geld bewegt wurde.`,
    /** A subtracted amount ("− 5,51 €"). */
    minus: (amount: string) => `− ${amount}`,
    movementsHeading: 'Zahlungen im Einzelnen',
    movement: {
      collected: (on: string, amount: string) => `${on}: Beitrag eingezogen, ${amount}`,
      returned: (on: string, amount: string) => `${on}: Lastschrift zurückgegeben, ${amount}`,
      refund_paid: (on: string, amount: string) => `${on}: Erstattung überwiesen, ${amount}`,
    },
    none: 'In diesem Kalenderjahr sind keine Zahlungen eingegangen.',
    taxNote:
      'Die Beiträge enthalten die gesetzliche Versicherungsteuer. Ob und wie Sie die Beiträge steuerlich geltend machen können, klärt Ihre Steuerberatung; diese Bescheinigung ersetzt keine steuerliche Beratung.',
    machineNote: 'Diese Bescheinigung wurde maschinell erstellt und ist ohne Unterschrift gültig.',
  },

  certificate: {
    title: titles.certificate,
    subject: 'Mietkautionsbürgschaft',
    kind: 'Mietkautionsbürgschaft (selbstschuldnerische Bürgschaft)',
    labels: {
      ...parties,
      guarantor: 'Bürge',
      tenants: 'Mieter (Hauptschuldner)',
      landlord: 'Vermieter (Gläubiger)',
      amount: 'Bürgschaftsbetrag',
    },
    maximumAmount: (amount: string) => `${amount} (Höchstbetrag)`,
    guarantee: (guarantor: string, amount: string) =>
      `Für die Ansprüche des Vermieters aus dem Mietverhältnis über das oben genannte Mietobjekt übernimmt ${guarantor} gegenüber dem Vermieter die selbstschuldnerische Bürgschaft bis zum Höchstbetrag von ${amount}. Die Bürgschaft tritt an die Stelle der Mietkaution (§ 551 BGB).`,
    noPriorAction:
      'Der Bürge verzichtet auf die Einrede der Vorausklage (§ 771 BGB). Zahlungen leistet der Bürge auf erstes schriftliches Anfordern des Vermieters unter Angabe der Vertragsnummer.',
    /** The release paragraph, around its bold word. */
    release: {
      before: 'Die Bürgschaft ist unbefristet. Der Vermieter gibt sie ',
      bold: 'frei',
      after: ` online über den unten genannten Link mit dem Freigabecode aus dem Brief des Bürgen an ihn oder schriftlich gegenüber dem Bürgen. ${cancellationRule.landlord}`,
    },
    /** The guarantor's address stands in the table above; here only where to write. */
    contact: (email: string) =>
      `Anforderungen und Freigaben richten Sie bitte schriftlich an den Bürgen (Anschrift oben) oder per E-Mail an ${email}.`,
    verification: {
      heading: 'Echtheit prüfen und Bürgschaft freigeben',
      qrAlt: (url: string) => `QR-Code mit dem Link zur Prüfseite dieser Bürgschaft: ${url}`,
      page: 'Prüfseite:',
      explanation:
        'Die Prüfseite zeigt, ob die Bürgschaft gilt. Der Freigabecode steht nicht auf dieser Urkunde.',
    },
    sealNote:
      'Diese Urkunde ist mit einem elektronischen Siegel des Bürgen versehen und ohne Unterschrift gültig.',
  },

  policy: {
    title: titles.policy,
    subject: 'Versicherungsschein zur Mietkautionsbürgschaft',
    kind: 'Mietkautionsbürgschaft (Kautionsversicherung)',
    labels: {
      ...parties,
      insurer: 'Versicherer',
      policyholders: 'Versicherungsnehmer',
      beneficiary: 'Begünstigter (Vermieter)',
      deposit: 'Bürgschaftssumme',
      premium: 'Beitrag',
      start: 'Versicherungsbeginn',
      term: 'Laufzeit',
    },
    premium: (perPayment: string, adverb: string, perYear: string) =>
      `${perPayment} ${adverb} (${perYear} im Jahr; Endpreis)`,
    extraPrice: (price: string) => `${price} einmalig`,
    /** The one priced extra (spec §9), as its line on the policy. */
    mailForwarding: 'Nachsendeservice (6 Monate)',
    term: 'unbefristet, ohne Mindestlaufzeit; endet mit dem Eingang der Freigabe des Vermieters oder der Originalurkunde, auch nach Ihrer Kündigung',
    sepa: {
      heading: 'SEPA-Lastschrift',
      payee: 'Zahlungsempfänger',
      creditorId: 'Gläubiger-Identifikationsnummer',
      mandateReference: 'Mandatsreferenz',
      accountHolder: 'Kontoinhaber',
      account: 'Konto',
      preNotification: 'Vorabankündigung: ',
      debits: (firstAmount: string, firstOn: string, perPayment: string, adverb: string) =>
        `Den ersten Beitrag von ${firstAmount} ziehen wir am ${firstOn} von Ihrem Konto ein. Danach ziehen wir ${perPayment} ${adverb} jeweils zum gleichen Kalendertag ein. Bitte sorgen Sie für ausreichende Deckung. Sie können innerhalb von acht Wochen ab der Belastung die Erstattung verlangen.`,
    },
    documents: {
      heading: 'Ihre Vertragsunterlagen',
      intro: 'Zu diesem Vertrag gehören:',
      list: (contractNumber: string) => [
        'dieser Versicherungsschein',
        'die Versicherungsbedingungen für die Mietkautionsbürgschaft',
        'die Verbraucherinformationen mit dem Produktinformationsblatt',
        'die Widerrufsbelehrung',
        `die Bürgschaftsurkunde ${contractNumber} für Ihren Vermieter`,
      ],
    },
    /** The withdrawal paragraph, around its bold button name. */
    withdrawal: {
      heading: 'Widerruf',
      before:
        'Sie können Ihre Vertragserklärung innerhalb von 14 Tagen ohne Angabe von Gründen widerrufen (§ 8 VVG). Am einfachsten geht das ohne Anmeldung über die Schaltfläche ',
      bold: '„Vertrag widerrufen“',
      after: (siteUrl: string) =>
        ` unten auf jeder Seite unserer Website oder direkt unter ${siteUrl}/widerruf. Einzelheiten stehen in der Widerrufsbelehrung.`,
    },
    sealNote:
      'Dieser Versicherungsschein ist mit einem elektronischen Siegel versehen und ohne Unterschrift gültig.',
  },

  reservation: {
    title: titles.reservation_confirmation,
    subject: 'Reservierung einer Mietkautionsbürgschaft',
    kind: 'Bestätigung der Reservierung einer Mietkautionsbürgschaft',
    labels: {
      number: 'Reservierungsnummer',
      tenant: 'Mieter',
      amount: 'Bürgschaft bis zu',
      validUntil: 'Gültig bis',
    },
    /** tenantAccusative: 'Herrn Max Muster' (the name after „für“). */
    promise: (guarantor: string, tenantAccusative: string, amount: string, validUntil: string) =>
      `${guarantor} bestätigt, dass sie für ${tenantAccusative} eine Mietkautionsbürgschaft bis zu einem Betrag von ${amount} übernehmen wird, wenn der Mietvertrag bis zum ${validUntil} geschlossen und der Antrag mit den Angaben zu Vermieter und Mietobjekt vervollständigt wird.`,
    notYetAGuarantee:
      'Diese Bestätigung ist selbst noch keine Bürgschaft. Der Vermieter erhält die Bürgschaftsurkunde, sobald der Antrag abgeschlossen ist.',
  },
} as const;
