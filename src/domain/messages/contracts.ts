// German texts of the after-sale pages: the withdrawal function (/widerruf), the tenant's
// contract page (/vertrag) and the landlord's verification page (/pruefen/{token}), and the
// API errors of /api/contracts/... . E-mail wording lives with the other e-mails
// (src/server/texts/mails.ts, ADR 0306).

import type { ContractStatus } from '../contracts/status';
import { cancellationRule } from './cancellationRule';
import { ui } from './ui';

const contractStatusLabels: Record<ContractStatus, string> = {
  active: 'gültig',
  cancellation_requested: 'gültig, vom Mieter gekündigt',
  withdrawn: 'widerrufen',
  cancelled: 'gekündigt',
  released: 'freigegeben',
};

export const contractTexts = {
  // The footer's two links are in ui.legal (withdraw, myContract): the footer is on every page and
  // must not load this catalogue into the first chunk (ADR 0807).
  footerWithdraw: ui.legal.withdraw,
  fields: {
    contractNumber: 'Vertragsnummer',
    contractNumberHint:
      'Steht in der Bestätigungs-E-Mail und auf der Bürgschaftsurkunde, z. B. MK-2026-000042 (Testverträge: TEST-MK-2026-000001).',
    email: 'E-Mail-Adresse',
    emailHint: 'Die Adresse, die Sie im Antrag angegeben haben.',
    iban: 'Neue IBAN',
    street: 'Straße',
    number: 'Hausnummer',
    zip: 'PLZ',
    city: 'Ort',
    releaseCode: 'Freigabecode',
    releaseCodeHint:
      'Steht in unserem Brief an Sie als Vermieterin oder Vermieter (8 Zeichen). Er steht nicht auf der Bürgschaftsurkunde.',
  },
  errors: {
    summaryTitle: 'Bitte prüfen Sie Ihre Eingaben',
    contractNumberRequired: 'Bitte geben Sie Ihre Vertragsnummer an.',
    contractNumberInvalid:
      'Die Vertragsnummer hat die Form MK-2026-000042 (Testverträge: TEST-MK-2026-000001).',
    emailRequired: 'Bitte geben Sie Ihre E-Mail-Adresse an.',
    emailInvalid: 'Bitte geben Sie eine gültige E-Mail-Adresse an, z. B. name@beispiel.de.',
    releaseCodeRequired: 'Bitte geben Sie den Freigabecode aus unserem Brief an.',
    releaseCodeWrong:
      'Der Freigabecode stimmt nicht. Bitte prüfen Sie die 8 Zeichen in unserem Brief an Sie.',
    releaseLocked: (minutes: number) =>
      `Zu viele falsche Freigabecodes. Bitte versuchen Sie es in ${minutes} ${minutes === 1 ? 'Minute' : 'Minuten'} erneut oder geben Sie die Bürgschaft schriftlich gegenüber dem Bürgen frei.`,
    tooManyRequests: (minutes: number) =>
      `Zu viele Anfragen von Ihrem Anschluss. Bitte versuchen Sie es in ${minutes} ${minutes === 1 ? 'Minute' : 'Minuten'} erneut.`,
    linkExpired:
      'Dieser Link ist abgelaufen oder wurde bereits benutzt. Bitte fordern Sie einen neuen Zugang an.',
    sessionExpired:
      'Ihre Sitzung ist abgelaufen (nach 30 Minuten). Bitte fordern Sie einen neuen Zugang an.',
    notPossible: 'Diese Änderung ist für Ihren Vertrag nicht mehr möglich.',
    confirmLinkExpired:
      'Dieser Bestätigungslink ist abgelaufen, wurde bereits benutzt oder ist ungültig. Bitte erklären Sie den Widerruf erneut.',
    withdrawalLinkInvalid:
      'Dieser Widerrufslink ist ungültig. Bitte geben Sie Vertragsnummer und E-Mail-Adresse ein.',
    unknownToken: 'Diese Prüfseite gibt es nicht. Bitte prüfen Sie den Link auf der Urkunde.',
    network: 'Die Verbindung zum Server ist fehlgeschlagen. Bitte versuchen Sie es erneut.',
  },
  withdrawal: {
    title: 'Vertrag widerrufen',
    intro:
      'Hier widerrufen Sie Ihre Mietkautionsbürgschaft ohne Anmeldung. Sie können einen Vertrag innerhalb von 14 Tagen nach Erhalt der Vertragsunterlagen ohne Angabe von Gründen widerrufen (§ 8 VVG).',
    howItWorks:
      'Damit nur Sie Ihren Vertrag widerrufen können, senden wir an die E-Mail-Adresse Ihres Vertrags einen Link, mit dem Sie den Widerruf bestätigen. Für die Frist zählt der Zeitpunkt Ihrer Erklärung hier.',
    step1: 'Schritt 1 von 2: Vertrag angeben',
    step2: 'Schritt 2 von 2: Widerruf erklären',
    next: 'Weiter',
    back: 'Zurück',
    confirm: 'Widerruf erklären',
    confirmLinked: 'Widerruf bestätigen',
    reviewIntro:
      'Bitte prüfen Sie Ihre Angaben. Mit dem Klick auf „Widerruf erklären“ erklären Sie den Widerruf; wirksam wird er, sobald Sie ihn über den Link in unserer E-Mail bestätigen.',
    reviewIntroLinked:
      'Mit dem Klick auf „Widerruf bestätigen“ widerrufen Sie diesen Vertrag. Die Bestätigung senden wir an die E-Mail-Adresse Ihres Vertrags.',
    prefilled: 'Ihr Vertrag wurde über den Link aus Ihrer E-Mail erkannt.',
    doneTitle: 'Ihre Widerrufserklärung ist eingegangen',
    declared: (dateTime: string) =>
      `Wir haben Ihre Widerrufserklärung am ${dateTime} erhalten. Gehören Vertragsnummer und E-Mail-Adresse zu einem Vertrag, senden wir an die E-Mail-Adresse dieses Vertrags jetzt einen Link.`,
    declaredNext:
      'So geht es weiter: Öffnen Sie die E-Mail „Bitte bestätigen Sie Ihren Widerruf“ und klicken Sie auf „Widerruf bestätigen“. Erst dann ist Ihr Vertrag widerrufen. Für die Widerrufsfrist zählt der oben genannte Zeitpunkt Ihrer Erklärung. Der Link gilt 14 Tage. Kommt keine E-Mail, prüfen Sie bitte Vertragsnummer und E-Mail-Adresse und Ihren Spam-Ordner.',
    withdrawnTitle: 'Ihr Vertrag ist widerrufen',
    withdrawn: (dateTime: string) =>
      `Ihr Widerruf ist am ${dateTime} eingegangen; Ihr Vertrag ist damit widerrufen. Die Bestätigung mit Datum und Uhrzeit senden wir an die E-Mail-Adresse Ihres Vertrags.`,
    // What happens to the money comes first, from withdrawalMoney.ts (it depends on the debits).
    withdrawnNext: 'Ihren Vermieter informieren wir per Brief.',
    notApplied: (dateTime: string) =>
      `Ihre Widerrufserklärung vom ${dateTime} ist eingegangen. Nach unseren Unterlagen ist die Widerrufsfrist abgelaufen oder der Vertrag bereits beendet; Einzelheiten senden wir an die E-Mail-Adresse Ihres Vertrags.`,
    confirmTitle: 'Widerruf bestätigen',
    confirmIntro: (number: string, dateTime: string) =>
      `Sie haben am ${dateTime} den Widerruf Ihres Vertrags ${number} erklärt. Mit dem Klick auf „Widerruf bestätigen“ wird er wirksam; für die Frist zählt der Zeitpunkt Ihrer Erklärung.`,
  },
  access: {
    title: 'Mein Vertrag',
    intro:
      'Geben Sie Vertragsnummer und E-Mail-Adresse an. Wir senden Ihnen einen Link, mit dem Sie Ihren Vertrag ansehen und ändern können. Der Link gilt 30 Minuten und nur einmal.',
    submit: 'Zugang anfordern',
    sent: 'Wenn Vertragsnummer und E-Mail-Adresse zusammenpassen, haben wir Ihnen soeben einen Link geschickt. Bitte sehen Sie in Ihr Postfach.',
    opening: 'Ihr Zugang wird geprüft …',
    loggedOut:
      'Sie sind abgemeldet. Ihre Sitzung ist beendet; für einen neuen Zugang fordern Sie einen Link an.',
  },
  contract: {
    title: (number: string) => `Ihr Vertrag ${number}`,
    status: 'Status',
    statusText: (status: ContractStatus, endedOn?: string) =>
      status === 'cancellation_requested'
        ? 'gültig; gekündigt, wirksam erst mit der Freigabe Ihres Vermieters'
        : status === 'cancelled' && endedOn
          ? `gekündigt, wirksam seit ${endedOn}`
          : endedOn
            ? `${contractStatusLabels[status]} am ${endedOn}`
            : contractStatusLabels[status],
    deposit: 'Bürgschaftssumme',
    objectAddress: 'Mietobjekt',
    premium: 'Beitrag',
    mandateReference: 'Mandatsreferenz',
    iban: 'Konto (IBAN)',
    postalAddress: 'Anschrift',
    withdrawalUntil: 'Widerruf möglich bis',
    documents: 'Dokumente',
    certificate: 'Bürgschaftsurkunde (PDF)',
    changeIban: 'Bankverbindung ändern',
    changeIbanIntro:
      'Für die neue IBAN erteilen Sie uns ein neues SEPA-Lastschriftmandat mit einer neuen Mandatsreferenz. Wir bestätigen es per E-Mail.',
    saveIban: 'Neue IBAN speichern',
    ibanSaved: (ref: string) => `Die neue IBAN ist gespeichert. Neue Mandatsreferenz: ${ref}.`,
    changeAddress: 'Anschrift ändern',
    saveAddress: 'Anschrift speichern',
    addressSaved: 'Ihre neue Anschrift ist gespeichert.',
    cancel: 'Vertrag kündigen',
    cancelIntro: cancellationRule.tenant,
    cancelConfirm: 'Kündigung verbindlich bestätigen',
    cancelled: (dateTime: string) =>
      `Ihre Kündigung ist am ${dateTime} eingegangen. ${cancellationRule.effect} Die Bestätigung haben wir Ihnen per E-Mail geschickt.`,
    cancellationPending: `Sie haben gekündigt. ${cancellationRule.effect}`,

    withdraw: 'Vertrag widerrufen',
    withdrawIntro: (until: string) =>
      `Sie können diesen Vertrag bis zum ${until} ohne Angabe von Gründen widerrufen. Bereits gezahlte Beiträge erstatten wir vollständig.`,
    withdrawStart: 'Widerruf erklären …',
    withdrawQuestion:
      'Möchten Sie diesen Vertrag wirklich widerrufen? Die Bürgschaft endet damit sofort, Ihr Vermieter wird per Brief informiert. Das lässt sich nicht rückgängig machen.',
    withdrawConfirm: 'Widerruf bestätigen',
    withdrawKeep: 'Nicht widerrufen',
    withdrawn: (dateTime: string) =>
      `Ihr Widerruf ist am ${dateTime} eingegangen. Die Bestätigung haben wir Ihnen per E-Mail geschickt.`,
    ended:
      'Dieser Vertrag ist gekündigt, widerrufen oder freigegeben; Änderungen sind hier nicht mehr möglich.',
    logout: 'Abmelden',
  },
  verify: {
    title: 'Bürgschaft prüfen',
    intro:
      'Diese Seite zeigt den aktuellen Stand der Mietkautionsbürgschaft zu der Urkunde, von der Sie den Link oder QR-Code haben.',
    status: 'Stand',
    statusText: (status: ContractStatus, endedOn?: string) =>
      status === 'cancelled' && endedOn
        ? `beendet am ${endedOn} (Kündigung des Mieters, freigegeben)`
        : endedOn
          ? `${contractStatusLabels[status]} am ${endedOn}`
          : contractStatusLabels[status],
    /** Shown while the tenant's cancellation waits for the landlord's release. */
    cancellationPending: `Der Mieter hat den Vertrag gekündigt. Die Bürgschaft gilt weiter, bis Sie sie freigeben. ${cancellationRule.landlord}`,
    contractNumber: 'Vertragsnummer',
    deposit: 'Bürgschaftssumme',
    objectAddress: 'Mietobjekt',
    /** A partner's sandbox test (ADR 1130): never "gültig". */
    sandboxStatus: 'MUSTER – keine Bürgschaft',
    sandboxNotice:
      'Dies ist ein Testvertrag aus der Sandbox eines Partners. Die Urkunde ist ein Muster und keine Bürgschaft; aus ihr kann niemand Rechte herleiten.',
    releaseTitle: 'Bürgschaft freigeben',
    releaseIntro:
      'Als Vermieterin oder Vermieter geben Sie die Bürgschaft frei, wenn Sie keine Ansprüche aus dem Mietverhältnis mehr haben. Den Freigabecode haben wir Ihnen per Brief an Ihre Anschrift aus dem Antrag geschickt; Ihr Mieter kennt ihn nicht. Ohne Brief können Sie die Bürgschaft auch schriftlich uns gegenüber freigeben. Die Freigabe ist endgültig: Die Bürgschaft endet heute, der Mieter wird informiert.',
    release: 'Bürgschaft freigeben',
    released: (date: string) =>
      `Die Bürgschaft ist seit dem ${date} freigegeben. Vielen Dank; der Mieter ist informiert. Zur Sicherheit bestätigen wir Ihnen die Freigabe zusätzlich per Brief an die Vermieteranschrift aus dem Antrag.`,
  },
} as const;
