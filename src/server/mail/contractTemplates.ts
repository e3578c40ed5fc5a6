import { guarantor } from '../documents/guarantor';
import { formatCents, formatDateTime, formatEuro, formatIsoDate } from '../../domain/index';
import {
  contractLinkBlocks,
  greeting,
  render,
  type ContractLinks,
  type RenderedMail,
  type Salutation,
} from './templates';

/**
 * The e-mails of a contract's life after the sale (issue 12): every change is confirmed. German
 * wording lives here beside the other e-mails (templates.ts), rendered as text and HTML alike.
 */

export interface ContractFacts {
  salutation: Salutation;
  contractNumber: string;
  deposit: number;
  objectAddress: string;
  links?: ContractLinks | undefined;
}

const factsList = (d: ContractFacts) => ({
  list: [
    `Vertragsnummer: ${d.contractNumber}`,
    `Mietobjekt: ${d.objectAddress}`,
    `Bürgschaftssumme: ${formatEuro(d.deposit)}`,
  ],
});

const refundSentence = (refundCents: number, outstandingCents: number) =>
  outstandingCents > 0
    ? `Für die Zeit bis dahin sind noch ${formatCents(outstandingCents)} Beitrag offen; diesen Betrag buchen wir von Ihrem Konto ab.`
    : refundCents > 0
      ? `Zu viel gezahlte Beiträge von ${formatCents(refundCents)} überweisen wir innerhalb von 14 Tagen auf Ihr Konto.`
      : 'Es sind keine Beiträge zu erstatten oder nachzuzahlen.';

/** The withdrawal was matched to an active contract within the period: it is withdrawn. */
export function withdrawnMail(
  d: ContractFacts & { receivedAt: Date; refundCents: number; landlordByLetter: boolean },
): RenderedMail {
  return render(`Bestätigung Ihres Widerrufs – Vertrag ${d.contractNumber}`, [
    { p: greeting(d.salutation) },
    {
      p: `wir bestätigen den Eingang Ihres Widerrufs am ${formatDateTime(d.receivedAt)} (deutsche Zeit). Ihr Vertrag ist damit widerrufen; die Bürgschaft besteht nicht mehr.`,
    },
    factsList(d),
    {
      p:
        d.refundCents > 0
          ? `Bereits gezahlte Beiträge von ${formatCents(d.refundCents)} erstatten wir Ihnen innerhalb von 14 Tagen auf Ihr Konto. Weitere Beiträge buchen wir nicht ab.`
          : 'Sie haben noch keine Beiträge gezahlt; wir buchen auch keine mehr ab.',
    },
    {
      p: d.landlordByLetter
        ? 'Ihren Vermieter informieren wir per Brief, dass die Bürgschaft widerrufen ist. Bitte klären Sie mit ihm, wie Sie die Mietkaution stattdessen leisten.'
        : 'Bitte informieren Sie Ihren Vermieter, dass die Bürgschaft widerrufen ist, und klären Sie mit ihm, wie Sie die Mietkaution stattdessen leisten.',
    },
  ]);
}

/**
 * A withdrawal declaration we could not act on: either no contract with this number belongs to
 * this address, or the period has ended. The text is the same for both, so the e-mail reveals
 * nothing about other people's contracts.
 */
export function withdrawalNotAppliedMail(d: {
  contractNumber: string;
  receivedAt: Date;
  contractPageUrl: string;
}): RenderedMail {
  return render(`Eingang Ihrer Widerrufserklärung – ${d.contractNumber}`, [
    { p: 'Guten Tag,' },
    {
      p: `wir bestätigen den Eingang Ihrer Widerrufserklärung zur Vertragsnummer ${d.contractNumber} am ${formatDateTime(d.receivedAt)} (deutsche Zeit).`,
    },
    {
      p: 'Wir konnten die Erklärung keinem Vertrag zuordnen, der mit dieser E-Mail-Adresse abgeschlossen wurde und noch widerrufen werden kann. Bitte prüfen Sie Vertragsnummer und E-Mail-Adresse. Ist die Widerrufsfrist abgelaufen, können Sie den Vertrag jederzeit ohne Frist kündigen.',
    },
    { link: { href: d.contractPageUrl, label: 'Mein Vertrag' } },
    {
      p: `Fragen? Schreiben Sie an ${guarantor.serviceEmail} oder rufen Sie uns an: ${guarantor.servicePhone}.`,
    },
  ]);
}

export function accessLinkMail(d: {
  contractNumber: string;
  url: string;
  validMinutes: number;
}): RenderedMail {
  return render(`Ihr Zugang zu Vertrag ${d.contractNumber}`, [
    { p: 'Guten Tag,' },
    {
      p: `Sie haben einen Zugang zu Ihrem Vertrag ${d.contractNumber} angefordert. Der folgende Link gilt ${d.validMinutes} Minuten und nur einmal.`,
    },
    { link: { href: d.url, label: 'Vertrag ansehen' } },
    {
      p: 'Bitte geben Sie den Link nicht weiter. Wenn Sie keinen Zugang angefordert haben, können Sie diese E-Mail ignorieren.',
    },
  ]);
}

export function ibanChangedMail(
  d: ContractFacts & { maskedIban: string; mandateReference: string; creditorId: string },
): RenderedMail {
  return render(`Neue Bankverbindung für Vertrag ${d.contractNumber}`, [
    { p: greeting(d.salutation) },
    {
      p: `wir haben Ihre neue Bankverbindung gespeichert (IBAN ${d.maskedIban}). Künftige Beiträge buchen wir von diesem Konto ab.`,
    },
    {
      p: `SEPA-Lastschriftmandat: Sie haben uns (Gläubiger-Identifikationsnummer ${d.creditorId}) ermächtigt, Zahlungen von diesem Konto mittels Lastschrift einzuziehen. Neue Mandatsreferenz: ${d.mandateReference}. Das bisherige Mandat ist erloschen. Sie können innerhalb von acht Wochen, beginnend mit dem Belastungsdatum, die Erstattung des belasteten Betrages verlangen.`,
    },
    factsList(d),
    {
      p: 'Haben Sie diese Änderung nicht selbst vorgenommen? Dann melden Sie sich bitte sofort bei uns.',
    },
    ...contractLinkBlocks(d.links),
  ]);
}

export function addressChangedMail(d: ContractFacts & { newAddress: string }): RenderedMail {
  return render(`Neue Anschrift für Vertrag ${d.contractNumber}`, [
    { p: greeting(d.salutation) },
    { p: `wir haben Ihre neue Anschrift gespeichert: ${d.newAddress}.` },
    factsList(d),
    {
      p: 'Haben Sie diese Änderung nicht selbst vorgenommen? Dann melden Sie sich bitte sofort bei uns.',
    },
    ...contractLinkBlocks(d.links),
  ]);
}

export function cancelledMail(
  d: ContractFacts & {
    receivedAt: Date;
    lastDay: string;
    refundCents: number;
    outstandingCents: number;
    landlordByLetter: boolean;
  },
): RenderedMail {
  return render(`Bestätigung Ihrer Kündigung – Vertrag ${d.contractNumber}`, [
    { p: greeting(d.salutation) },
    {
      p: `wir bestätigen Ihre Kündigung vom ${formatDateTime(d.receivedAt)}. Die Bürgschaft endet mit Ablauf des ${formatIsoDate(d.lastDay)}; danach buchen wir keine Beiträge mehr ab.`,
    },
    factsList(d),
    { p: refundSentence(d.refundCents, d.outstandingCents) },
    {
      p: d.landlordByLetter
        ? 'Ihren Vermieter informieren wir per Brief über das Ende der Bürgschaft. Bitte klären Sie mit ihm, wie Sie die Mietkaution danach leisten.'
        : 'Bitte informieren Sie Ihren Vermieter über das Ende der Bürgschaft.',
    },
  ]);
}

export function releasedMail(
  d: ContractFacts & {
    releasedAt: Date;
    refundCents: number;
    outstandingCents: number;
  },
): RenderedMail {
  return render(`Ihr Vermieter hat die Bürgschaft freigegeben – Vertrag ${d.contractNumber}`, [
    { p: greeting(d.salutation) },
    {
      p: `Ihr Vermieter hat die Mietkautionsbürgschaft am ${formatDateTime(d.releasedAt)} freigegeben. Die Bürgschaft ist damit beendet; ab heute zahlen Sie keine Beiträge mehr.`,
    },
    factsList(d),
    { p: refundSentence(d.refundCents, d.outstandingCents) },
    {
      p: 'Zur Sicherheit bestätigen wir die Freigabe Ihrem Vermieter zusätzlich per Brief. Stammt die Freigabe nicht von Ihrem Vermieter, melden Sie sich bitte sofort bei uns: Dann prüfen wir sie, und die Bürgschaft besteht weiter, bis Ihr Vermieter sie selbst freigibt.',
    },
  ]);
}
