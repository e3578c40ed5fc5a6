import { formatCents, formatDateTime, formatEuro, formatIsoDate } from '../../domain/index';
import { mailTexts } from '../texts/mails';
import { partialReleaseMailTexts as t } from '../texts/partialRelease';
import { greeting, render, type RenderedMail } from './templates';
import type { ContractFacts } from './contractTemplates';

/** The tenant's e-mail when the landlord releases all but a retained amount (ADR 1255). */
export function partialReleasedMail(
  d: ContractFacts & {
    releasedAt: Date;
    releasedOn: string;
    retainedCents: number;
    oldRateCents: number;
    newRateCents: number;
    paymentAdverb: string;
    refundCents: number;
    mandateReference: string;
    creditorId: string;
  },
): RenderedMail {
  const newRate = formatCents(d.newRateCents);
  return render(t.subject(d.contractNumber), [
    { p: greeting(d.salutation) },
    { p: t.released(formatDateTime(d.releasedAt), formatCents(d.retainedCents)) },
    {
      list: [
        mailTexts.facts.contractNumber(d.contractNumber),
        mailTexts.facts.object(d.objectAddress),
        mailTexts.facts.deposit(formatEuro(d.deposit)),
        t.facts.retained(formatCents(d.retainedCents)),
      ],
    },
    {
      p: t.premium(
        formatCents(d.oldRateCents),
        newRate,
        d.paymentAdverb,
        formatIsoDate(d.releasedOn),
      ),
    },
    { p: d.refundCents > 0 ? t.refund(formatCents(d.refundCents)) : t.lowerDebit },
    { p: t.preNotice(newRate, d.mandateReference, d.creditorId) },
    { p: t.rest },
    { p: t.notByLandlord },
  ]);
}
