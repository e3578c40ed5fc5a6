import { formatDate, formatEuro } from '../../domain/index';
import { withoutForbiddenCharacters } from '../services/rulebook';
import { mailTexts as t } from '../texts/mails';
import { operatorRef } from './operatorFields';

/**
 * The e-mails' structure: each template is a list of blocks rendered twice, as plain text and as
 * HTML, so the two parts can never say different things. Their German wording is in the
 * catalogue src/server/texts/mails.ts (ADR 0306).
 */
export type Block =
  | { p: string }
  | { link: { href: string; label: string } }
  | { list: string[] }
  | { heading: string };

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

export interface Salutation {
  gender?: 'm' | 'f' | undefined;
  firstName?: string | undefined;
  lastName?: string | undefined;
}

export interface ContractMailData {
  salutation: Salutation;
  contractNumber: string;
  deposit: number;
  /** "12,34 € monatlich" style premium text pieces. */
  ratePerPayment: number;
  ratePerYear: number;
  paymentAdverb: string;
  objectAddress: string;
}

export function escapeHtml(s: string): string {
  return s
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** Names in e-mails: no control or bidi characters, whatever was stored (ADR 1108). */
export function greeting(raw: Salutation): string {
  const s: Salutation = {
    ...raw,
    firstName: raw.firstName && withoutForbiddenCharacters(raw.firstName),
    lastName: raw.lastName && withoutForbiddenCharacters(raw.lastName),
  };
  if (s.lastName && s.gender === 'f') return t.greeting.female(s.lastName);
  if (s.lastName && s.gender === 'm') return t.greeting.male(s.lastName);
  if (s.lastName) return t.greeting.named([s.firstName, s.lastName].filter(Boolean).join(' '));
  return t.greeting.anonymous;
}

const closing: Block[] = [
  { p: t.closing.regards(operatorRef.name) },
  { p: t.closing.imprint(operatorRef) },
];

export function render(subject: string, blocks: Block[]): RenderedMail {
  const all = [...blocks, ...closing];
  const text = all
    .map((b) => {
      if ('p' in b) return b.p;
      if ('heading' in b) return b.heading;
      if ('link' in b) return `${b.link.label}:\n${b.link.href}`;
      return b.list.map((item) => `- ${item}`).join('\n');
    })
    .join('\n\n');
  const body = all
    .map((b) => {
      if ('p' in b) return `<p>${escapeHtml(b.p).replace(/\n/g, '<br>')}</p>`;
      if ('heading' in b) return `<h2>${escapeHtml(b.heading)}</h2>`;
      if ('link' in b)
        return `<p><a href="${escapeHtml(b.link.href)}">${escapeHtml(b.link.label)}</a></p>`;
      return `<ul>${b.list.map((i) => `<li>${escapeHtml(i)}</li>`).join('')}</ul>`;
    })
    .join('\n');
  const html = `<!doctype html>
<html lang="de"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="font-family: Arial, sans-serif; line-height: 1.5; color: #1a1a1a">
${body}
</body></html>
`;
  return { subject, text: `${text}\n`, html };
}

/** The links every contract e-mail carries: the withdrawal function and the contract page. */
export interface ContractLinks {
  withdrawUrl: string;
  contractPageUrl: string;
}

export function contractLinkBlocks(links: ContractLinks | undefined): Block[] {
  if (!links) return [];
  return [
    { link: { href: links.withdrawUrl, label: t.contractLinks.withdraw } },
    { p: t.contractLinks.contractPageHint },
    { link: { href: links.contractPageUrl, label: t.contractLinks.contractPage } },
  ];
}

/** The facts list; before a contract exists the number is a case number (Vorgangsnummer). */
function contractFacts(d: ContractMailData, number: 'contract' | 'case' = 'contract'): string[] {
  return [
    number === 'case'
      ? t.facts.caseNumber(d.contractNumber)
      : t.facts.contractNumber(d.contractNumber),
    t.facts.object(d.objectAddress),
    t.facts.deposit(formatEuro(d.deposit)),
    t.facts.premium(formatEuro(d.ratePerPayment), d.paymentAdverb, formatEuro(d.ratePerYear)),
  ];
}

/** The resume link for "Später fortfahren": PUBLIC_URL + step path + ?cid=. */
export function resumeUrl(publicUrl: string, path: string, cid: string): string {
  const base = publicUrl.replace(/\/$/, '');
  const p = path.startsWith('/') ? path : `/${path}`;
  return `${base}${p}?cid=${encodeURIComponent(cid)}`;
}

export function saveProgressMail(d: { resumeUrl: string; deleteAfterDays: number }): RenderedMail {
  return render(t.saveProgress.subject, [
    { p: t.greeting.anonymous },
    { p: t.saveProgress.intro },
    { link: { href: d.resumeUrl, label: t.continueApplication } },
    { p: t.saveProgress.deletion(d.deleteAfterDays) },
    { p: t.saveProgress.keepSecret },
  ]);
}

export function reservationMail(d: {
  salutation: Salutation;
  reservationNumber: string;
  deposit: number;
  validUntil: Date;
  continueUrl: string;
}): RenderedMail {
  const r = t.reservation;
  return render(r.subject(d.reservationNumber), [
    { p: greeting(d.salutation) },
    { p: r.intro(formatEuro(d.deposit)) },
    {
      list: [
        r.number(d.reservationNumber),
        r.deposit(formatEuro(d.deposit)),
        r.validUntil(formatDate(d.validUntil)),
      ],
    },
    { p: r.howToContinue },
    { link: { href: d.continueUrl, label: t.continueApplication } },
    { p: r.expiry(formatDate(d.validUntil)) },
  ]);
}

/** A document of the acceptance e-mail: attached under `filename`, downloadable at `url`. */
export interface MailDocument {
  title: string;
  filename?: string | undefined;
  url?: string | undefined;
  /** When the download link stops working (signed links); absent for public texts. */
  expiresAt?: Date | undefined;
}

export function acceptedMail(
  d: ContractMailData & {
    digital: boolean;
    /** The tenant's choice (objective.deliverTo): where the posted certificate goes. */
    deliverTo?: string | null | undefined;
    postedOn?: Date | undefined;
    /** The signed withdrawal link and the contract page (contracts/credentials.ts). */
    links?: ContractLinks | undefined;
    /** The attached documents and their download links. */
    documents?: MailDocument[];
    firstDebit?: { on: Date; amount: number; mandateReference: string } | undefined;
  },
): RenderedMail {
  const a = t.accepted;
  const delivery: Block = {
    p: d.digital
      ? a.deliveryDigital
      : a.deliveryPost(d.deliverTo, d.postedOn ? formatDate(d.postedOn) : undefined),
  };
  const docs = d.documents ?? [];
  const attached = docs.filter((x) => x.filename);
  const expiring = docs.find((x) => x.url && x.expiresAt);
  const documentBlocks: Block[] =
    docs.length === 0
      ? []
      : [
          { heading: a.documentsHeading },
          { p: a.attachedIntro },
          { list: attached.map((x) => a.attachment(x.title, x.filename!)) },
          {
            p: a.downloadIntro(expiring?.expiresAt ? formatDate(expiring.expiresAt) : undefined),
          },
          ...docs
            .filter((x) => x.url)
            .map((x): Block => ({ link: { href: x.url!, label: a.download(x.title) } })),
        ];
  const debit: Block = {
    p: d.firstDebit
      ? a.firstDebit(
          formatEuro(d.firstDebit.amount),
          formatDate(d.firstDebit.on),
          d.firstDebit.mandateReference,
        )
      : a.firstDebitLater,
  };
  return render(a.subject(d.contractNumber), [
    { p: greeting(d.salutation) },
    { p: a.intro },
    { list: contractFacts(d) },
    delivery,
    ...documentBlocks,
    debit,
    { p: a.withdrawal(Boolean(d.links)) },
    ...contractLinkBlocks(d.links),
  ]);
}

export function pendingMail(d: ContractMailData): RenderedMail {
  return render(t.pending.subject(d.contractNumber), [
    { p: greeting(d.salutation) },
    { p: t.pending.intro },
    // No contract yet: subject, list and questions all say Vorgang(snummer) (issue 27).
    { list: contractFacts(d, 'case') },
    { p: t.pending.nextSteps },
    { p: t.pending.questions(operatorRef.phone, d.contractNumber) },
  ]);
}

export function declinedMail(
  d: ContractMailData & { automated: boolean; reviewUntil?: Date | undefined },
): RenderedMail {
  const x = t.declined;
  const email = operatorRef.email;
  const review: Block[] = d.automated
    ? [
        { p: x.automated },
        {
          p: x.howToReview(
            email,
            d.contractNumber,
            d.reviewUntil ? formatDate(d.reviewUntil) : undefined,
          ),
        },
      ]
    : [{ p: x.reviewedByStaff(email, d.contractNumber) }];
  return render(x.subject(d.contractNumber), [
    { p: greeting(d.salutation) },
    { p: x.intro },
    { list: [t.facts.caseNumber(d.contractNumber), t.facts.object(d.objectAddress)] },
    ...review,
  ]);
}

/** Confirmation of a request for an individual digital guarantee (ADR 0836). */
export function guaranteeRequestMail(d: {
  name: string;
  reference: string;
  amount: number;
  deleteAfterDays: number;
}): RenderedMail {
  const g = t.guaranteeRequest;
  return render(g.subject(d.reference), [
    { p: greeting({ firstName: undefined, lastName: d.name }) },
    { p: g.received(formatEuro(d.amount)) },
    { p: g.next },
    { p: g.reference(d.reference) },
    { p: g.privacy(d.deleteAfterDays) },
  ]);
}
