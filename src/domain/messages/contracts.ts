// German texts of the after-sale pages: the withdrawal function (/widerruf), the tenant's
// contract page (/vertrag) and the landlord's verification page (/pruefen/{token}), and the
// API errors of /api/contracts/... . E-mail wording lives with the other e-mails
// (src/server/texts/mails.ts, ADR 0306).

import type { ContractStatus } from '../contracts/status';
import { ui } from './ui';

const contractStatusLabels: Record<ContractStatus, string> = {
  active: 'gültig',
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
      'Steht in der Bestätigungs-E-Mail und auf der Bürgschaftsurkunde, z. B. MK-2026-000042.',
    email: 'E-Mail-Adresse',
    emailHint: 'Die Adresse, die Sie im Antrag angegeben haben.',
    confirmationEmail: 'Bestätigung senden an (E-Mail-Adresse)',
    confirmationEmailHint:
      'Hierhin senden wir die Bestätigung Ihres Widerrufs mit Datum und Uhrzeit.',
    iban: 'Neue IBAN',
    street: 'Straße',
    number: 'Hausnummer',
    zip: 'PLZ',
    city: 'Ort',
    cancellationDate: 'Letzter Tag der Bürgschaft (TT.MM.JJJJ)',
    cancellationDateHint:
      'Frühestens heute, höchstens ein Jahr im Voraus. Die Bürgschaft endet mit Ablauf dieses Tages.',
    releaseCode: 'Freigabecode',
    releaseCodeHint: 'Steht auf der Bürgschaftsurkunde unter dem QR-Code (8 Zeichen).',
  },
  errors: {
    summaryTitle: 'Bitte prüfen Sie Ihre Eingaben',
    contractNumberRequired: 'Bitte geben Sie Ihre Vertragsnummer an.',
    contractNumberInvalid: 'Die Vertragsnummer hat die Form MK-2026-000042.',
    emailRequired: 'Bitte geben Sie Ihre E-Mail-Adresse an.',
    emailInvalid: 'Bitte geben Sie eine gültige E-Mail-Adresse an, z. B. name@beispiel.de.',
    dateInvalid: 'Bitte geben Sie ein gültiges Datum im Format TT.MM.JJJJ an.',
    datePast: 'Das Datum darf nicht in der Vergangenheit liegen.',
    dateTooFar: 'Das Datum darf höchstens ein Jahr in der Zukunft liegen.',
    releaseCodeRequired: 'Bitte geben Sie den Freigabecode von der Urkunde an.',
    releaseCodeWrong:
      'Der Freigabecode stimmt nicht. Bitte prüfen Sie die 8 Zeichen auf der Urkunde.',
    releaseLocked:
      'Zu viele falsche Freigabecodes. Bitte wenden Sie sich an unseren Kundenservice.',
    linkExpired:
      'Dieser Link ist abgelaufen oder wurde bereits benutzt. Bitte fordern Sie einen neuen Zugang an.',
    sessionExpired:
      'Ihre Sitzung ist abgelaufen (nach 30 Minuten). Bitte fordern Sie einen neuen Zugang an.',
    notPossible: 'Diese Änderung ist für Ihren Vertrag nicht mehr möglich.',
    withdrawalLinkInvalid:
      'Dieser Widerrufslink ist ungültig. Bitte geben Sie Vertragsnummer und E-Mail-Adresse ein.',
    unknownToken: 'Diese Prüfseite gibt es nicht. Bitte prüfen Sie den Link auf der Urkunde.',
    network: 'Die Verbindung zum Server ist fehlgeschlagen. Bitte versuchen Sie es erneut.',
  },
  withdrawal: {
    title: 'Vertrag widerrufen',
    intro:
      'Hier widerrufen Sie Ihre Mietkautionsbürgschaft ohne Anmeldung. Sie können einen Vertrag innerhalb von 14 Tagen nach Erhalt der Vertragsunterlagen ohne Angabe von Gründen widerrufen (§ 8 VVG).',
    step1: 'Schritt 1 von 2: Vertrag angeben',
    step2: 'Schritt 2 von 2: Widerruf bestätigen',
    next: 'Weiter',
    back: 'Zurück',
    confirm: 'Widerruf bestätigen',
    reviewIntro:
      'Bitte prüfen Sie Ihre Angaben. Mit dem Klick auf „Widerruf bestätigen“ erklären Sie den Widerruf.',
    prefilled: 'Ihr Vertrag wurde über den Link aus Ihrer E-Mail erkannt.',
    contractAddress: 'die E-Mail-Adresse Ihres Vertrags',
    doneTitle: 'Ihr Widerruf ist eingegangen',
    done: (dateTime: string, email: string) =>
      `Wir haben Ihre Widerrufserklärung am ${dateTime} erhalten. Eine Bestätigung mit Datum und Uhrzeit senden wir an ${email}.`,
    doneNext:
      'Gehört die Vertragsnummer zu dieser E-Mail-Adresse, ist Ihr Vertrag damit widerrufen; bereits gezahlte Beiträge erstatten wir. Alles Weitere steht in der E-Mail.',
  },
  access: {
    title: 'Mein Vertrag',
    intro:
      'Geben Sie Vertragsnummer und E-Mail-Adresse an. Wir senden Ihnen einen Link, mit dem Sie Ihren Vertrag ansehen und ändern können. Der Link gilt 30 Minuten und nur einmal.',
    submit: 'Zugang anfordern',
    sent: 'Wenn Vertragsnummer und E-Mail-Adresse zusammenpassen, haben wir Ihnen soeben einen Link geschickt. Bitte sehen Sie in Ihr Postfach.',
    opening: 'Ihr Zugang wird geprüft …',
  },
  contract: {
    title: (number: string) => `Ihr Vertrag ${number}`,
    status: 'Status',
    statusText: (status: ContractStatus, endedOn?: string) =>
      status === 'active'
        ? 'gültig'
        : status === 'cancelled' && endedOn
          ? `gekündigt zum ${endedOn}`
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
    cancelIntro:
      'Sie können jederzeit ohne Frist kündigen. Wählen Sie den letzten Tag der Bürgschaft; die Beiträge berechnen wir taggenau.',
    quote: 'Erstattung berechnen',
    quoteResult: (lastDay: string, refund: string | undefined, outstanding: string | undefined) =>
      outstanding
        ? `Die Bürgschaft endet mit Ablauf des ${lastDay}. Bis dahin sind noch ${outstanding} Beitrag offen (noch nicht bei uns eingegangen), die wir abbuchen.`
        : refund
          ? `Die Bürgschaft endet mit Ablauf des ${lastDay}. Von Ihren bei uns eingegangenen Beiträgen erstatten wir Ihnen ${refund}.`
          : `Die Bürgschaft endet mit Ablauf des ${lastDay}. Es ist nichts zu erstatten und nichts nachzuzahlen.`,
    cancelConfirm: 'Kündigung verbindlich bestätigen',
    /** refund / outstanding: formatted amounts when not zero (issue 25: only what was collected comes back). */
    cancelled: (lastDay: string, refund: string | undefined, outstanding: string | undefined) =>
      `Ihre Kündigung zum ${lastDay} ist eingegangen. ${outstanding ? `Offen: ${outstanding}.` : refund ? `Erstattung: ${refund}.` : 'Es ist nichts zu erstatten und nichts nachzuzahlen.'} Die Bestätigung haben wir Ihnen per E-Mail geschickt.`,

    withdraw: 'Vertrag widerrufen',
    withdrawIntro: (until: string) =>
      `Sie können diesen Vertrag bis zum ${until} ohne Angabe von Gründen widerrufen. Bereits gezahlte Beiträge erstatten wir vollständig.`,
    withdrawConfirm: 'Widerruf bestätigen',
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
      status === 'active'
        ? 'gültig'
        : endedOn
          ? status === 'cancelled'
            ? `gekündigt zum ${endedOn}`
            : `${contractStatusLabels[status]} am ${endedOn}`
          : contractStatusLabels[status],
    contractNumber: 'Vertragsnummer',
    deposit: 'Bürgschaftssumme',
    objectAddress: 'Mietobjekt',
    releaseTitle: 'Bürgschaft freigeben',
    releaseIntro:
      'Als Vermieterin oder Vermieter geben Sie die Bürgschaft frei, wenn Sie keine Ansprüche aus dem Mietverhältnis mehr haben. Die Freigabe ist endgültig: Die Bürgschaft endet heute, der Mieter wird informiert.',
    release: 'Bürgschaft freigeben',
    released: (date: string) =>
      `Die Bürgschaft ist seit dem ${date} freigegeben. Vielen Dank; der Mieter ist informiert. Zur Sicherheit bestätigen wir Ihnen die Freigabe zusätzlich per Brief an die Vermieteranschrift aus dem Antrag.`,
  },
} as const;
