// Every German UI text of the application (labels of fields are in fieldLabels.ts, error
// sentences in errors.ts). Functions take the values they show, never format money themselves:
// the caller formats with messages/format.ts.

import { cancellationRule } from './cancellationRule';

export const ui = {
  appTitle: 'Mietkautionsbürgschaft online beantragen',
  buttons: {
    saveForLater: 'Später fortfahren',
    reloadPage: 'Seite neu laden',
    addSecondTenant: 'Zweiten Mieter hinzufügen',
    removeSecondTenant: 'Zweiten Mieter entfernen',
    edit: 'Ändern',
    /** Hidden after the visible "Ändern" of a check page section: "Ändern (Zahlung)". */
    editSection: (what: string) => ` (${what})`,
    changePersonalData: 'Persönliche Daten ändern',
    continueApplication: 'Mit dem Antrag fortfahren',
    reserveAndContinueLater: 'Reservieren und später fortfahren',
    help: 'Hilfe',
    closeHelp: 'Hilfe schließen',
    send: 'Senden',
    cancel: 'Abbrechen',
  },
  options: {
    yes: 'Ja',
    no: 'Nein',
    target: {
      newContract: 'Neuer Mietvertrag',
      retrieveDeposit: 'Bestehender Mietvertrag (Kaution zurückholen)',
    },
    gender: { m: 'Herr', f: 'Frau' },
    formOfAddress: { m: 'Herr', f: 'Frau', company: 'Firma' },
    deliverTo: {
      objectAddresss: 'an die Anschrift der Mietwohnung',
      legalAddress: 'an meine aktuelle Anschrift',
      landlordAddress: 'direkt an den Vermieter',
      digital: 'digital per E-Mail (sofort)',
    },
    paymentConditions: { 1: 'jährlich', 2: 'halbjährlich', 4: 'vierteljährlich', 12: 'monatlich' },
    accountOwner: { firstTenant: 'Erster Mieter', secondTenant: 'Zweiter Mieter' },
    /** The account owner's choice with the tenant's name: 'Max Mustermann (Erster Mieter)'. */
    accountOwnerNamed: (name: string, role: string) => `${name} (${role})`,
    preinsuranceQuitBy: { tenant: 'Ich selbst', insurer: 'Der bisherige Anbieter' },
    preisboerseTime: {
      '08-11': '8:00 bis 11:00 Uhr',
      '11-14': '11:00 bis 14:00 Uhr',
      '14-17': '14:00 bis 17:00 Uhr',
    },
  },
  steps: {
    start: {
      title: 'Ihre Mietkaution',
      intro: 'Wie hoch ist die Kaution und wofür benötigen Sie die Bürgschaft?',
    },
    uce: {
      title: 'Vermittler',
      intro: 'Wurden Sie von einem Vermittler beraten? Dann tragen Sie hier seinen Code ein.',
      chooseIntro:
        'Welche Stelle unseres Partners hat Sie beraten? Wählen Sie sie aus, wenn Sie sie kennen.',
    },
    tenant: {
      title: 'Angaben zum Mieter',
      secondTenantTitle: 'Zweiter Mieter',
      firstTenantTitle: 'Erster Mieter',
    },
    landlord: { title: 'Angaben zum Vermieter' },
    object: {
      title: 'Angaben zum Mietobjekt',
      riskTitle: 'Fragen zum Mietverhältnis',
      extraQuestionsTitle: 'Weitere Fragen',
    },
    payment: { title: 'Zahlung und Versand' },
    selling: {
      title: 'Extras für Ihren Umzug',
      intro: 'Alle Extras sind freiwillig. Bis auf den Nachsendeservice sind sie kostenlos.',
    },
    check: { title: 'Bitte prüfen und bestätigen Sie Ihre Angaben' },
  },
  /** A hidden partner code from the link that we do not know (ADR 0700). */
  attribution: {
    title: 'Bitte prüfen Sie den Code Ihres Partners',
    text: 'Der Link, über den Sie zu uns gekommen sind, enthält einen Code, den wir nicht kennen. So können wir Ihren Antrag keinem Partner zuordnen. Bitte korrigieren Sie den Code. Wenn Sie ihn nicht kennen, löschen Sie ihn einfach: Ihr Antrag funktioniert auch ohne Code.',
  },
  nav: { label: 'Fortschritt', current: '(aktueller Schritt)', done: '(erledigt)' },
  /** Street suggestions in address fields (combobox; announced to screen readers). */
  address: {
    suggestions: (n: number) =>
      n === 1
        ? '1 Straßenvorschlag. Mit den Pfeiltasten auswählen, mit Eingabe übernehmen.'
        : `${n} Straßenvorschläge. Mit den Pfeiltasten auswählen, mit Eingabe übernehmen.`,
    suggestionsLabel: 'Straßenvorschläge',
    attribution: 'Straßenvorschläge: © OpenStreetMap-Mitwirkende (ODbL)',
  },
  /** Shown while the browser leaves for another website (spec §4: after 400 ms). */
  leaving: 'Sie werden weitergeleitet …',
  reservation: {
    landlordHint: 'Reservieren und später fortfahren',
    landlordHintText:
      'Sie kennen die Daten Ihres Vermieters noch nicht? Reservieren Sie die Bürgschaft jetzt und vervollständigen Sie den Antrag später.',
    // The spec's words, verbatim; the second sentence says what the two buttons do.
    alreadyGivenHint: 'Ihre persönlichen Daten haben Sie bereits angegeben...',
    alreadyGivenDetail: 'Sie können sie ändern oder mit dem Antrag fortfahren.',
    changePersonalData: 'Persönliche Daten ändern',
    continueApplication: 'Mit dem Antrag fortfahren',
  },
  processing: {
    reservation: 'Ihre Reservierung wird bearbeitet',
    contract: 'Ihr Vertrag wird bearbeitet (Dies kann bis zu 2 Minuten dauern)',
  },
  saveProgress: {
    button: 'Später fortfahren',
    title: 'Antrag speichern und später fortfahren',
    text: 'Wir schicken Ihnen einen Link, mit dem Sie den Antrag später fortsetzen können. Ihre Angaben werden nach 30 Tagen gelöscht.',
    emailLabel: 'E-Mail-Adresse',
    /** After sending: names the address, so a typo shows at once. */
    sentTo: (email: string) => `Wir haben Ihnen den Link an ${email} geschickt.`,
  },
  errorsSummary: {
    title: 'Bitte korrigieren Sie Ihre Angaben',
    appendix: 'Es sind noch nicht alle Felder richtig ausgefüllt...',
    pageTitlePrefix: 'Fehler: ',
  },
  errorPage: { title: 'Meldung', iconLabel: 'Hinweis' },
  technical: {
    xhrError:
      'Die Antwort des Servers konnte nicht verarbeitet werden. Bitte versuchen Sie es erneut.',
    chunkLoadError:
      'Ein Teil der Seite konnte nicht geladen werden. Bitte prüfen Sie Ihre Internetverbindung und laden Sie die Seite neu.',
    chunkLoadButton: 'Seite neu laden',
    fallbackTranslations: 'using fallback translations',
    loading: 'Wird geladen …',
    networkError: 'Die Verbindung zum Server ist fehlgeschlagen. Bitte versuchen Sie es erneut.',
  },
  excluded: {
    terminated:
      'Für ein bereits gekündigtes Mietverhältnis können wir leider keine Bürgschaft übernehmen.',
  },
  hints: {
    deposit: 'Wir bürgen für Kautionen von 400 € bis 50.000 €, höchstens 3 Monatskaltmieten.',
    depositReconfigured:
      'Wir bürgen für Kautionen von 400 € bis 9.000 €, höchstens 3 Monatskaltmieten.',
    digitalGuarantee:
      'Die digitale Bürgschaft gibt es für Kautionen von 400 € bis 6.999,99 €; ab 7.000 € schicken wir die Urkunde per Post. Viele Vermieter akzeptieren digitale Bürgschaften für Angebote von 400 bis 15.000 EUR.',
    digitalUnavailable:
      'Ab einer Kaution von 7.000 € ist die digitale Bürgschaft nicht möglich; wir schicken Ihnen die Urkunde per Post.',
    date: 'Format: TT.MM.JJJJ',
    phone: 'Angabe im Format: 03012345 oder +493012345, ohne Leerzeichen',
    iban: 'Nur Konten aus dem SEPA-Raum; Leerzeichen sind erlaubt.',
    partnerCode: 'Falls Sie einen Partnercode erhalten haben, tragen Sie ihn hier ein.',
    emailRepeat: 'Bitte geben Sie die E-Mail-Adresse zur Kontrolle noch einmal ein.',
    shipping:
      'Versand: Geht Ihr Antrag bis 15:00 Uhr ein, schicken wir die Urkunde noch am selben Tag per Post, sonst am nächsten Werktag. Ein Versand ins Ausland ist nicht möglich. Die digitale Urkunde erhalten Sie sofort per E-Mail.',
    policyStart: 'Frühestens heute, höchstens 60 Tage im Voraus und spätestens zum Mietbeginn.',
    firstDebit: 'Die erste Abbuchung erfolgt etwa 14 Tage nach Antragstellung.',
    pricesIncludeVat: 'Alle Preise inklusive Versicherungssteuer bzw. Mehrwertsteuer.',
  },
  /** Help texts of the extras (spec §2), with the facts of spec §9. */
  sellingHelp: {
    keySafeing:
      'Schlüsselnotdienst-Schutz: Wenn Sie sich aussperren, übernehmen wir die Vermittlung eines Schlüsselnotdienstes. Kostenlos.',
    keyFinder:
      'Schlüsselfundservice: Ein Anhänger mit Kennnummer für Ihren Schlüsselbund; Finder können verlorene Schlüssel anonym zurückschicken. Kostenlos.',
    mailForwarding:
      'Nachsendeservice: Ihre Post wird 6 Monate lang an Ihre neue Anschrift weitergeleitet. Einmalig 19,90 € für 6 Monate.',
    immoscout:
      'Umzugsangebote: Wir geben Ihre Angaben an ein Immobilienportal weiter, damit Sie passende Angebote von Umzugsunternehmen erhalten. Kostenlos.',
    movePackage: 'Umzugspaket: Checklisten und Rabatte rund um den Umzug. Kostenlos.',
    selfStorage: 'Selfstorage: Angebote für Lagerraum während des Umzugs. Kostenlos.',
    preisboerse:
      'Telefonische Preisberatung: Ein Berater ruft Sie innerhalb von 48 Stunden an, in einem 3-Stunden-Zeitfenster zwischen 8:00 und 17:00 Uhr, das Sie wählen. Kostenlos.',
    wechselpilot:
      'Energie-Wechselservice: Wir wechseln Strom und Gas jedes Jahr für Sie in einen günstigen Tarif. Der Service erhält 20 % der Ersparnis; ohne Ersparnis zahlen Sie nichts.',
    MieterEngel:
      'Gutschein für Mieterrechtsberatung: Ein Mieteranwalt berät Sie telefonisch zu Fragen rund um Ihr Mietverhältnis. Kostenlos.',
  },
  check: {
    stepHeading: (label: string) => `${label}`,
    /** The check page reads answers back in one row each (domain/flow/checkSummary.ts). */
    rows: {
      name: 'Name',
      address: 'Anschrift',
      landlord: 'Vermieter',
      creditCheck: 'Bonitätsprüfung',
      consented: 'eingewilligt',
      limited: 'Befristet',
      limitedUntil: (date: string) => `Ja, bis ${date}`,
      preinsurance: 'Frühere Bürgschaft',
      predamage: 'Vorschäden',
      yesWith: (details: string) => `Ja: ${details}`,
      contractNumber: (id: string) => `Nr. ${id}`,
      quitBy: (who: string) => `gekündigt von: ${who}`,
      account: 'Konto',
      accountNumber: (number: string, bankCode: string, bankName: string) =>
        `Konto ${number}, BLZ ${bankCode}${bankName ? ` (${bankName})` : ''}`,
      chosen: 'gewählt',
      whose: (label: string, whose: string) => `${label} (${whose})`,
    },
    /** A section of the check page without any answer to read back. */
    noExtras: 'Keine Extras gewählt',
    nothingGiven: 'Keine Angaben',
    premium: (amount: string, adverb: string) => `Ihr Beitrag: ${amount} ${adverb}`,
    consumerInformationTitle: 'Wichtige Informationen vor Vertragsschluss',
    noMinimumTerm: `Der Vertrag hat keine Mindestlaufzeit. ${cancellationRule.tenant}`,
    withdrawal:
      'Widerrufsrecht: Sie können Ihre Vertragserklärung innerhalb von 14 Tagen ohne Angabe von Gründen in Textform widerrufen (§ 8 VVG). Die Frist beginnt, nachdem Sie den Versicherungsschein, die Vertragsbestimmungen, die Verbraucherinformationen und diese Belehrung erhalten haben.',
    sepaMandate: (creditorId: string, mandateReference: string) =>
      `SEPA-Lastschriftmandat: Ich ermächtige den Zahlungsempfänger (Gläubiger-Identifikationsnummer ${creditorId}), Zahlungen von meinem Konto mittels Lastschrift einzuziehen. Zugleich weise ich mein Kreditinstitut an, die vom Zahlungsempfänger auf mein Konto gezogenen Lastschriften einzulösen. Mandatsreferenz: ${mandateReference}. Hinweis: Ich kann innerhalb von acht Wochen, beginnend mit dem Belastungsdatum, die Erstattung des belasteten Betrages verlangen. Es gelten dabei die mit meinem Kreditinstitut vereinbarten Bedingungen.`,
    mandateReferencePending: 'wird Ihnen mit dem Versicherungsschein mitgeteilt',
    creditCheck:
      'Bonitätsprüfung: Sie haben eingewilligt, dass wir Ihre Bonität bei einer Auskunftei prüfen. Diese Einwilligung können Sie jederzeit mit Wirkung für die Zukunft widerrufen.',
    firstDebit: 'Die erste Abbuchung erfolgt etwa 14 Tage nach Antragstellung.',
    mailForwardingCost: 'Nachsendeservice: einmalig 19,90 € für 6 Monate.',
    finalButtonHint:
      'Mit Klick auf „Kostenpflichtig abschliessen“ schließen Sie den Vertrag verbindlich ab.',
  },
  result: {
    /** The result pages' heading while their code and the state call are on the way. */
    loadingTitle: 'Ergebnis Ihres Antrags',
    reservationLoadingTitle: 'Ergebnis Ihrer Reservierung',
    accepted: 'Ihr Antrag wurde angenommen.',
    declined: 'Ihr Antrag wurde leider abgelehnt.',
    pending: 'Ihr Antrag wird noch geprüft. Wir melden uns per E-Mail.',
    humanReview:
      'Die Entscheidung wurde automatisiert getroffen. Sie können verlangen, dass ein Mitarbeiter sie überprüft: Antworten Sie dazu einfach auf unsere E-Mail oder wenden Sie sich an unseren Kundenservice.',
    contractNumber: 'Vertragsnummer',
    premium: 'Beitrag',
    downloadCertificate: 'Bürgschaftsurkunde herunterladen (PDF)',
    downloadReservation: 'Sofortzusage für Ihren Vermieter herunterladen (PDF)',
    reservationAccepted: 'Ihre Reservierung ist bestätigt (Sofortzusage).',
  },
  chat: { title: 'Chat', open: 'Chat öffnen' },
  /** Footer and legal pages (texts in content/legal). */
  legal: {
    footerLabel: 'Rechtliches und Kontakt',
    withdraw: 'Vertrag widerrufen',
    /** The tenant's contract page (/vertrag). */
    myContract: 'Mein Vertrag',
  },
  /** The premium from the first step on, and the short summary on every later step (issue 11). */
  summary: {
    title: 'Ihre Bürgschaft',
    deposit: 'Kaution',
    premium: 'Beitrag',
    delivery: 'Urkunde',
    /** The lowest amount per payment while no frequency is chosen: 'ab 5,51 € monatlich'. */
    from: (amount: string, adverb: string) => `ab ${amount} ${adverb}`,
    exact: (amount: string, adverb: string) => `${amount} ${adverb}`,
    startPrice: (text: string) => `Ihr Beitrag: ${text}`,
    perYear: (amount: string) => `(${amount} im Jahr, inklusive Versicherungssteuer)`,
    digital: 'digital per E-Mail',
    postToTenant: 'per Post an Sie',
    postToLandlord: 'per Post an Ihren Vermieter',
    post: 'per Post',
  },
  documents: {
    titles: {
      certificate: 'Bürgschaftsurkunde',
      policy: 'Versicherungsschein',
      reservation_confirmation: 'Sofortzusage',
      versicherungsbedingungen: 'Versicherungsbedingungen',
      verbraucherinformationen: 'Verbraucherinformationen mit Produktinformationsblatt',
      widerrufsbelehrung: 'Widerrufsbelehrung',
    },
    linkExpired:
      'Dieser Download-Link ist abgelaufen. Laden Sie die Ergebnisseite neu oder nutzen Sie den Link aus Ihrer neuesten E-Mail; Ihre Unterlagen finden Sie außerdem im Anhang unserer E-Mail.',
    linkInvalid:
      'Dieser Download-Link ist ungültig. Bitte verwenden Sie den vollständigen Link aus unserer E-Mail oder von der Ergebnisseite.',
    gone: 'Diese Unterlagen sind nicht mehr verfügbar, weil der Antrag gelöscht wurde.',
    missing: 'Dieses Dokument gibt es zu diesem Vertrag nicht.',
  },
} as const;
