import { formatCents, formatIsoDate } from '../../domain/index';
import { greeting, render, type RenderedMail, type Salutation } from '../mail/templates';
import { moneyMailTexts as t } from '../texts/money';

/** A debit that is not the policy's regular one gets its own notice (issue 25 item 3). */
export function preNoticeMail(d: {
  salutation: Salutation;
  contractNumber: string;
  reason: keyof typeof t.preNotice.reasons;
  amountCents: number;
  dueOn: string;
  /** The premium period; none for an instalment. */
  period: string | undefined;
  mandateReference: string;
  creditorId: string;
}): RenderedMail {
  const n = t.preNotice;
  return render(n.subject(d.contractNumber), [
    { p: greeting(d.salutation) },
    { p: n.intro(n.reasons[d.reason]) },
    {
      list: [
        n.amount(formatCents(d.amountCents)),
        n.dueOn(formatIsoDate(d.dueOn)),
        ...(d.period ? [n.period(formatIsoDate(d.period))] : []),
        n.mandate(d.mandateReference),
        n.creditor(d.creditorId),
      ],
    },
    { p: n.cover },
  ]);
}

/** AC01/AC04/AC06/AG01: the account cannot be debited; the tenant gives a new one. */
export function ibanNeededMail(d: {
  salutation: Salutation;
  contractNumber: string;
  amountCents: number;
  dueOn: string;
  contractPageUrl: string;
  firstReturn: boolean;
}): RenderedMail {
  const n = t.ibanNeeded;
  return render(n.subject(d.contractNumber), [
    { p: greeting(d.salutation) },
    { p: n.returned(formatCents(d.amountCents), formatIsoDate(d.dueOn)) },
    { p: n.action },
    { link: { href: d.contractPageUrl, label: n.linkLabel } },
    ...(d.firstReturn ? [{ p: n.noFee }] : []),
  ]);
}

/** A reminder (level 1) or the second one with the consequence spelt out (level 2). */
export function reminderMail(d: {
  salutation: Salutation;
  contractNumber: string;
  level: 1 | 2;
  amountCents: number;
  deadline: string;
  transfer: { name: string; iban: string; reference: string };
  contractPageUrl: string;
}): RenderedMail {
  const r = t.reminder;
  const amount = formatCents(d.amountCents);
  return render(r.subject(d.level, d.contractNumber), [
    { p: greeting(d.salutation) },
    { p: r.open(amount) },
    { p: r.deadline(formatIsoDate(d.deadline)) },
    {
      list: [
        r.transfer.name(d.transfer.name),
        r.transfer.iban(d.transfer.iban.replace(/(.{4})/g, '$1 ').trim()),
        r.transfer.amount(amount),
        r.transfer.reference(d.transfer.reference),
      ],
    },
    { p: d.level === 2 ? r.consequence : r.firstFriendly },
    { link: { href: d.contractPageUrl, label: r.contractPage } },
  ]);
}

/** The instalment plan with its schedule (ADR 1228). */
export function instalmentPlanMail(d: {
  salutation: Salutation;
  contractNumber: string;
  totalCents: number;
  /** The part of the total the guarantor paid on a claim (recourse, ADR 1280). */
  claimCents?: number | undefined;
  schedule: ReadonlyArray<{ n: number; amountCents: number; dueOn: string }>;
  mandateReference: string;
  creditorId: string;
}): RenderedMail {
  const r = t.instalments;
  return render(r.subject(d.contractNumber), [
    { p: greeting(d.salutation) },
    { p: r.intro(formatCents(d.totalCents), d.schedule.length) },
    ...(d.claimCents ? [{ p: r.claimPart(formatCents(d.claimCents)) }] : []),
    {
      list: d.schedule.map((s) => r.part(s.n, formatCents(s.amountCents), formatIsoDate(s.dueOn))),
    },
    { p: r.mandate(d.mandateReference, d.creditorId) },
    { p: r.notice },
  ]);
}
