// The claims' e-mails (issue 26). Each kind is an entry of the one mail table (mailKinds in
// processing/notify.ts), which the compiler checks complete over ClaimMailKind: a kind added here
// without its renderer there fails tsc. Wording in src/server/texts/claimMails.ts; amounts and
// dates through the domain's formatters.
import { formatCents, formatIsoDate } from '../../domain/index';
import { claimTexts } from '../../domain/messages/claims';
import type { ClaimItemKind } from '../../domain/claims/index';
import { greeting, render, type RenderedMail, type Salutation } from '../mail/templates';
import { claimMailTexts as t } from '../texts/claimMails';

/** The e-mails the claim service sends (claims/service.ts). */
export type ClaimMailKind =
  'tenant_notified' | 'tenant_reminder' | 'tenant_expired' | 'landlord_filed' | 'landlord_link';

export interface ClaimMailItem {
  position: number;
  kind: ClaimItemKind;
  claimedCents: number;
}

export interface ClaimMailData {
  salutation: Salutation;
  contractNumber: string;
  reference: string;
  /** The items the e-mail lists (all, or those still unanswered). */
  items: ClaimMailItem[];
  totalCents: number;
  /** ISO date of the tenant's last day. */
  dueOn: string;
  daysLeft: number;
  /** The contract page (tenant) or the landlord's link (landlord). */
  url: string;
  linkDays: number;
}

const lines = (d: ClaimMailData) => ({
  list: [
    t.reference(d.reference),
    ...d.items.map((i) =>
      t.itemLine(i.position, claimTexts.kindLabels[i.kind], formatCents(i.claimedCents)),
    ),
  ],
});

/** The tenant is told of a new claim and has 14 days to answer each item. */
export const tenantNotifiedMail = (d: ClaimMailData): RenderedMail =>
  render(t.tenantNotified.subject(d.reference), [
    { p: greeting(d.salutation) },
    { p: t.tenantNotified.intro(d.contractNumber) },
    lines(d),
    { p: t.total(formatCents(d.totalCents)) },
    { p: t.tenantNotified.answer(formatIsoDate(d.dueOn)) },
    { p: t.tenantNotified.silence },
    { p: t.tenantNotified.firstDemand },
    { link: { href: d.url, label: t.tenantNotified.link } },
    { p: t.tenantNotified.linkHint },
  ]);

/** A reminder while items are unanswered. */
export const tenantReminderMail = (d: ClaimMailData): RenderedMail =>
  render(t.tenantReminder.subject(d.reference), [
    { p: greeting(d.salutation) },
    { p: t.tenantReminder.intro(formatIsoDate(d.dueOn), d.daysLeft) },
    lines(d),
    { p: t.tenantNotified.silence },
    { link: { href: d.url, label: t.tenantNotified.link } },
  ]);

/** The answer period ended with items unanswered. */
export const tenantExpiredMail = (d: ClaimMailData): RenderedMail =>
  render(t.tenantExpired.subject(d.reference), [
    { p: greeting(d.salutation) },
    { p: t.tenantExpired.intro(formatIsoDate(d.dueOn)) },
    lines(d),
    { p: t.tenantNotified.firstDemand },
  ]);

/** The landlord's receipt of a claim, with the link for later. */
export const landlordFiledMail = (d: ClaimMailData): RenderedMail =>
  render(t.landlordFiled.subject(d.reference), [
    { p: greeting({}) },
    { p: t.landlordFiled.intro(d.contractNumber) },
    lines(d),
    { p: t.total(formatCents(d.totalCents)) },
    { p: t.landlordFiled.next(formatIsoDate(d.dueOn)) },
    { link: { href: d.url, label: t.landlordFiled.link } },
    { p: t.landlordFiled.linkHint(d.linkDays) },
  ]);

/** The landlord's link, sent again on request. */
export const landlordLinkMail = (d: ClaimMailData): RenderedMail =>
  render(t.landlordLink.subject(d.contractNumber), [
    { p: greeting({}) },
    { p: t.landlordLink.intro(d.linkDays) },
    { link: { href: d.url, label: t.landlordLink.link } },
    { p: t.landlordLink.notYou },
  ]);
