// Texts of the result pages and the legal pages (issue 11). A module of its own so that only the
// lazy chunks of those pages carry them, not the first step's JavaScript (100 KB budget).

import { deliveryTexts } from './delivery';

/** /callback/danke and /callback/sofortzusage, beside ui.result. */
export const resultTexts = {
  reservationDeclined: 'Ihre Reservierung wurde leider abgelehnt.',
  reservationPending: 'Ihre Reservierung wird noch geprüft. Wir melden uns per E-Mail.',
  notFound: 'Zu diesem Link können wir kein Ergebnis anzeigen.',
  notFoundText:
    'Das Ergebnis Ihres Antrags erhalten Sie in jedem Fall per E-Mail. Bei Fragen hilft Ihnen unser Kundenservice.',
  notSubmitted: 'Dieser Antrag ist noch nicht abgeschickt.',
  /** The contract of this result was withdrawn, released or cancelled since. */
  contractEnded:
    'Dieser Vertrag ist inzwischen beendet. Den aktuellen Stand sehen Sie unter „Mein Vertrag“.',
  reservationNumber: 'Reservierungsnummer',
  premiumWithFrequency: (amount: string, adverb: string) => `${amount} ${adverb}`,
  nextStepsTitle: 'So geht es weiter',
  mailSent: 'Wir haben Ihnen eine Bestätigung per E-Mail geschickt.',
  decisionMailSent: 'Wir haben Ihnen die Entscheidung auch per E-Mail geschickt.',
  digitalCertificate:
    'Die Bürgschaftsurkunde hängt als PDF an der E-Mail; Sie können sie auch hier herunterladen. Geben Sie sie Ihrem Vermieter.',
  /** Postal delivery, by the tenant's choice (the e-mail says the same, delivery.ts). */
  postal: (deliverTo: string | null | undefined) =>
    `${deliveryTexts.byPost(deliverTo)} ${deliveryTexts.postingRule}`,
  firstDebit: (date: string) =>
    `Den ersten Beitrag buchen wir voraussichtlich am ${date} per SEPA-Lastschrift ab.`,
  withdrawalHint:
    'Sie können den Vertrag innerhalb von 14 Tagen ohne Angabe von Gründen widerrufen.',
  noCosts: 'Es entstehen Ihnen keine Kosten.',
  pendingNext:
    'Wir prüfen Ihren Antrag persönlich. Sobald wir entschieden haben, schreiben wir Ihnen per E-Mail. Sie müssen nichts weiter tun.',
  reservationMail:
    'Wir haben Ihnen die Sofortzusage per E-Mail geschickt. Zeigen Sie sie Ihrem Vermieter.',
  reservationValidUntil: (date: string) => `Ihre Reservierung gilt bis zum ${date}.`,
  documentsTitle: 'Ihre Unterlagen',
  documentsValidity:
    'Die Download-Links dieser Seite gelten eine Stunde; laden Sie die Seite danach einfach neu. Alle Unterlagen finden Sie außerdem in unserer E-Mail.',
  reservationContinue:
    'Sobald Sie die Angaben zu Vermieter und Mietobjekt haben, vervollständigen Sie den Antrag mit demselben Link aus der E-Mail oder hier:',
} as const;

/** The legal pages and the check step's list of documents, beside ui.legal. */
export const legalTexts = {
  unavailableTitle: 'Seite nicht verfügbar',
  unavailable:
    'Dieser Text kann gerade nicht angezeigt werden. Bitte versuchen Sie es später erneut.',
  pdf: (title: string) => `${title} als PDF herunterladen`,
  documentsIntro: 'Bitte lesen Sie vor dem Abschluss diese Dokumente (öffnen in einem neuen Tab):',
} as const;
