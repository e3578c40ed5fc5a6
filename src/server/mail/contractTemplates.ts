import {
  formatCents,
  formatDateTime,
  formatEuro,
  formatIsoDate,
  type WithdrawalMoney,
} from '../../domain/index';
import { withdrawalMoneySentences } from '../../domain/messages/withdrawalMoney';
import {
  contractLinkBlocks,
  greeting,
  render,
  type ContractLinks,
  type RenderedMail,
  type Salutation,
} from './templates';
import { mailTexts as t } from '../texts/mails';
import { operatorRef } from './operatorFields';

/**
 * The e-mails of a contract's life after the sale (issue 12): every change is confirmed. German
 * wording is in the catalogue src/server/texts/mails.ts, as for the other e-mails (templates.ts).
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
    t.facts.contractNumber(d.contractNumber),
    t.facts.object(d.objectAddress),
    t.facts.deposit(formatEuro(d.deposit)),
  ],
});

const refundSentence = (refundCents: number, outstandingCents: number) =>
  outstandingCents > 0
    ? t.settlement.outstanding(formatCents(outstandingCents))
    : refundCents > 0
      ? t.settlement.refund(formatCents(refundCents))
      : t.settlement.none;

/** The withdrawal was matched to an active contract within the period: it is withdrawn. */
export function withdrawnMail(
  d: ContractFacts & { receivedAt: Date; money: WithdrawalMoney; landlordByLetter: boolean },
): RenderedMail {
  const w = t.withdrawn;
  return render(w.subject(d.contractNumber), [
    { p: greeting(d.salutation) },
    { p: w.received(formatDateTime(d.receivedAt)) },
    factsList(d),
    ...withdrawalMoneySentences(d.money).map((p) => ({ p })),
    { p: d.landlordByLetter ? w.landlordByLetter : w.tellLandlord },
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
  const n = t.withdrawalNotApplied;
  return render(n.subject(d.contractNumber), [
    { p: t.greeting.anonymous },
    { p: n.received(d.contractNumber, formatDateTime(d.receivedAt)) },
    { p: n.notMatched },
    { link: { href: d.contractPageUrl, label: t.contractLinks.contractPage } },
    { p: n.questions(operatorRef.email, operatorRef.phone) },
  ]);
}

/**
 * A withdrawal statement made with contract number and address (ADR 1116): to the stored address
 * only, with the link that makes it take effect. Names no amount and no address.
 */
export function withdrawalConfirmMail(d: {
  salutation: ContractFacts['salutation'];
  contractNumber: string;
  receivedAt: Date;
  url: string;
  validDays: number;
  possible: boolean;
}): RenderedMail {
  const c = t.withdrawalConfirm;
  return render(c.subject(d.contractNumber), [
    { p: greeting(d.salutation) },
    { p: c.received(d.contractNumber, formatDateTime(d.receivedAt)) },
    { p: c.why },
    ...(d.possible ? [] : [{ p: c.notPossible }]),
    { link: { href: d.url, label: c.link } },
    { p: c.validity(d.validDays) },
    { p: c.notYou },
  ]);
}

export function accessLinkMail(d: {
  contractNumber: string;
  url: string;
  validMinutes: number;
}): RenderedMail {
  return render(t.accessLink.subject(d.contractNumber), [
    { p: t.greeting.anonymous },
    { p: t.accessLink.intro(d.contractNumber, d.validMinutes) },
    { link: { href: d.url, label: t.accessLink.link } },
    { p: t.accessLink.keepSecret },
  ]);
}

export function ibanChangedMail(
  d: ContractFacts & { maskedIban: string; mandateReference: string; creditorId: string },
): RenderedMail {
  return render(t.ibanChanged.subject(d.contractNumber), [
    { p: greeting(d.salutation) },
    { p: t.ibanChanged.saved(d.maskedIban) },
    { p: t.ibanChanged.mandate(d.creditorId, d.mandateReference) },
    factsList(d),
    { p: t.changeNotYours },
    ...contractLinkBlocks(d.links),
  ]);
}

export function addressChangedMail(d: ContractFacts & { newAddress: string }): RenderedMail {
  return render(t.addressChanged.subject(d.contractNumber), [
    { p: greeting(d.salutation) },
    { p: t.addressChanged.saved(d.newAddress) },
    factsList(d),
    { p: t.changeNotYours },
    ...contractLinkBlocks(d.links),
  ]);
}

/** The tenant's cancellation arrived; the guarantee goes on until the landlord releases it. */
export function cancelledMail(
  d: ContractFacts & { receivedAt: Date; landlordByLetter: boolean },
): RenderedMail {
  const c = t.cancelled;
  return render(c.subject(d.contractNumber), [
    { p: greeting(d.salutation) },
    { p: c.received(formatDateTime(d.receivedAt)) },
    { p: c.rule },
    factsList(d),
    ...(d.landlordByLetter ? [{ p: c.landlordByLetter }] : []),
  ]);
}

/** The release arrived after the cancellation: the cancellation is effective on that day. */
export function cancellationEffectiveMail(
  d: ContractFacts & { effectiveOn: string; refundCents: number; outstandingCents: number },
): RenderedMail {
  const c = t.cancellationEffective;
  return render(c.subject(d.contractNumber), [
    { p: greeting(d.salutation) },
    { p: c.effective(formatIsoDate(d.effectiveOn)) },
    factsList(d),
    { p: refundSentence(d.refundCents, d.outstandingCents) },
  ]);
}

export function releasedMail(
  d: ContractFacts & {
    releasedAt: Date;
    refundCents: number;
    outstandingCents: number;
  },
): RenderedMail {
  return render(t.released.subject(d.contractNumber), [
    { p: greeting(d.salutation) },
    { p: t.released.released(formatDateTime(d.releasedAt)) },
    factsList(d),
    { p: refundSentence(d.refundCents, d.outstandingCents) },
    { p: t.released.confirmedToLandlord },
  ]);
}
