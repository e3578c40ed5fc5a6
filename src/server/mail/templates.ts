import { guarantor } from '../documents/guarantor';
import { formatDate, formatEuro } from '../../domain/index';
import { withoutForbiddenCharacters } from '../services/rulebook';

/**
 * Every e-mail's German wording lives in this one module (the domain catalogue holds UI texts;
 * e-mails are server-only). Each template is a list of blocks rendered twice, as plain text and
 * as HTML, so the two parts can never say different things.
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

function escapeHtml(s: string): string {
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
  if (s.lastName && s.gender === 'f') return `Sehr geehrte Frau ${s.lastName},`;
  if (s.lastName && s.gender === 'm') return `Sehr geehrter Herr ${s.lastName},`;
  if (s.lastName) return `Guten Tag ${[s.firstName, s.lastName].filter(Boolean).join(' ')},`;
  return 'Guten Tag,';
}

const closing: Block[] = [
  { p: `Mit freundlichen Grüßen\nIhr Team von ${guarantor.name}` },
  {
    p: `${guarantor.name} · ${guarantor.street} · ${guarantor.zipCity}\nE-Mail: ${guarantor.serviceEmail} · Telefon: ${guarantor.servicePhone}`,
  },
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
    { link: { href: links.withdrawUrl, label: 'Vertrag widerrufen' } },
    {
      p: 'Ihren Vertrag ansehen, die Bankverbindung oder Anschrift ändern oder kündigen können Sie auf Ihrer Vertragsseite; den Zugang senden wir Ihnen per E-Mail.',
    },
    { link: { href: links.contractPageUrl, label: 'Mein Vertrag' } },
  ];
}

function contractFacts(d: ContractMailData): string[] {
  return [
    `Vertragsnummer: ${d.contractNumber}`,
    `Mietobjekt: ${d.objectAddress}`,
    `Bürgschaftssumme: ${formatEuro(d.deposit)}`,
    `Beitrag: ${formatEuro(d.ratePerPayment)} ${d.paymentAdverb} (${formatEuro(d.ratePerYear)} im Jahr; Endpreis)`,
  ];
}

/** The resume link for "Später fortfahren": PUBLIC_URL + step path + ?cid=. */
export function resumeUrl(publicUrl: string, path: string, cid: string): string {
  const base = publicUrl.replace(/\/$/, '');
  const p = path.startsWith('/') ? path : `/${path}`;
  return `${base}${p}?cid=${encodeURIComponent(cid)}`;
}

export function saveProgressMail(d: { resumeUrl: string; deleteAfterDays: number }): RenderedMail {
  return render('Ihr gespeicherter Antrag auf eine Mietkautionsbürgschaft', [
    { p: 'Guten Tag,' },
    {
      p: 'Sie haben Ihren Antrag auf eine Mietkautionsbürgschaft gespeichert. Mit dem folgenden Link setzen Sie ihn dort fort, wo Sie aufgehört haben.',
    },
    { link: { href: d.resumeUrl, label: 'Antrag fortsetzen' } },
    {
      p: `Aus Datenschutzgründen löschen wir Ihre gespeicherten Angaben ${d.deleteAfterDays} Tage nach der letzten Änderung. Danach ist der Link nicht mehr gültig und Sie müssen einen neuen Antrag beginnen.`,
    },
    {
      p: 'Bitte geben Sie den Link nicht weiter: Wer ihn kennt, kann Ihre Angaben sehen und ändern. Wenn Sie diese E-Mail nicht angefordert haben, können Sie sie einfach ignorieren.',
    },
  ]);
}

export function reservationMail(d: {
  salutation: Salutation;
  reservationNumber: string;
  deposit: number;
  validUntil: Date;
  continueUrl: string;
}): RenderedMail {
  return render(`Ihre Reservierung ${d.reservationNumber}: Sofortzusage für Ihre Mietkaution`, [
    { p: greeting(d.salutation) },
    {
      p: `vielen Dank für Ihre Reservierung. Wir sagen Ihnen eine Mietkautionsbürgschaft über ${formatEuro(d.deposit)} zu. Die Bestätigung (Sofortzusage) finden Sie im Anhang als PDF; Sie können sie Ihrem künftigen Vermieter vorlegen.`,
    },
    {
      list: [
        `Reservierungsnummer: ${d.reservationNumber}`,
        `Bürgschaftssumme: bis zu ${formatEuro(d.deposit)}`,
        `Gültig bis: ${formatDate(d.validUntil)}`,
      ],
    },
    {
      p: 'Sobald Sie Ihren Mietvertrag haben, setzen Sie den Antrag mit dem folgenden Link fort. Ihre persönlichen Daten müssen Sie dann nicht noch einmal eingeben; es fehlen nur noch Vermieter, Mietobjekt und Zahlung.',
    },
    { link: { href: d.continueUrl, label: 'Antrag fortsetzen' } },
    {
      p: `Nach dem ${formatDate(d.validUntil)} verfällt die Reservierung und wir löschen Ihre Angaben. Danach können Sie jederzeit einen neuen Antrag stellen.`,
    },
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
    postedOn?: Date | undefined;
    /** The signed withdrawal link and the contract page (contracts/credentials.ts). */
    links?: ContractLinks | undefined;
    /** The attached documents and their download links. */
    documents?: MailDocument[];
    firstDebit?: { on: Date; amount: number; mandateReference: string } | undefined;
  },
): RenderedMail {
  const delivery: Block = d.digital
    ? {
        p: 'Ihre Bürgschaftsurkunde finden Sie im Anhang als PDF. Bitte leiten Sie sie an Ihren Vermieter weiter; sie ersetzt die Barkaution.',
      }
    : {
        p: `Ihre Bürgschaftsurkunde schicken wir Ihnen per Post${d.postedOn ? `; sie geht am ${formatDate(d.postedOn)} in den Versand` : ''}. Bitte geben Sie sie an Ihren Vermieter weiter; sie ersetzt die Barkaution.`,
      };
  const docs = d.documents ?? [];
  const attached = docs.filter((x) => x.filename);
  const expiring = docs.find((x) => x.url && x.expiresAt);
  const documentBlocks: Block[] =
    docs.length === 0
      ? []
      : [
          { heading: 'Ihre Vertragsunterlagen' },
          {
            p: 'Im Anhang dieser E-Mail finden Sie als PDF:',
          },
          { list: attached.map((x) => `${x.title} (${x.filename})`) },
          {
            p: `Bitte speichern Sie die Unterlagen. Sie können sie auch hier herunterladen${expiring?.expiresAt ? `; die Links zu Ihren persönlichen Dokumenten gelten bis zum ${formatDate(expiring.expiresAt)}` : ''}:`,
          },
          ...docs
            .filter((x) => x.url)
            .map((x): Block => ({ link: { href: x.url!, label: `${x.title} herunterladen` } })),
        ];
  const debit: Block = d.firstDebit
    ? {
        p: `Den ersten Beitrag von ${formatEuro(d.firstDebit.amount)} buchen wir am ${formatDate(d.firstDebit.on)} per SEPA-Lastschrift ab (Mandatsreferenz ${d.firstDebit.mandateReference}). Eine Mindestlaufzeit gibt es nicht.`,
      }
    : {
        p: 'Den ersten Beitrag buchen wir etwa 14 Tage nach Ihrem Antrag per SEPA-Lastschrift ab. Eine Mindestlaufzeit gibt es nicht.',
      };
  return render(`Ihre Mietkautionsbürgschaft ist angenommen – Vertrag ${d.contractNumber}`, [
    { p: greeting(d.salutation) },
    { p: 'gute Nachricht: Wir haben Ihren Antrag angenommen. Ihr Vertrag ist zustande gekommen.' },
    { list: contractFacts(d) },
    delivery,
    ...documentBlocks,
    debit,
    {
      p: `Sie können den Vertrag innerhalb von 14 Tagen ohne Angabe von Gründen widerrufen (§ 8 VVG). Das geht ohne Anmeldung über die Schaltfläche „Vertrag widerrufen“ auf unserer Website${d.links ? ' oder direkt mit diesem Link' : ''}.`,
    },
    ...contractLinkBlocks(d.links),
  ]);
}

export function pendingMail(d: ContractMailData): RenderedMail {
  return render(`Wir prüfen Ihren Antrag – Vorgang ${d.contractNumber}`, [
    { p: greeting(d.salutation) },
    {
      p: 'vielen Dank für Ihren Antrag auf eine Mietkautionsbürgschaft. Einige Angaben prüfen wir persönlich, bevor wir entscheiden.',
    },
    { list: contractFacts(d) },
    {
      p: 'In der Regel melden wir uns innerhalb von zwei Werktagen per E-Mail mit unserer Entscheidung. Sie müssen dafür nichts weiter tun. Falls wir Unterlagen brauchen, schreiben wir Ihnen.',
    },
    {
      p: `Fragen? Antworten Sie einfach auf diese E-Mail oder rufen Sie uns an: ${guarantor.servicePhone}. Bitte nennen Sie dabei Ihre Vorgangsnummer ${d.contractNumber}.`,
    },
  ]);
}

export function declinedMail(
  d: ContractMailData & { automated: boolean; reviewUntil?: Date | undefined },
): RenderedMail {
  const review: Block[] = d.automated
    ? [
        {
          p: 'Diese Entscheidung beruht auf einer automatisierten Prüfung. Sie haben das Recht, dass ein Mitarbeiter oder eine Mitarbeiterin die Entscheidung überprüft, Ihren Standpunkt darzulegen und die Entscheidung anzufechten (Art. 22 Abs. 3 DSGVO).',
        },
        {
          p: `So verlangen Sie die Überprüfung: Antworten Sie auf diese E-Mail oder schreiben Sie an ${guarantor.serviceEmail} und nennen Sie Ihre Vorgangsnummer ${d.contractNumber}${d.reviewUntil ? ` (bis zum ${formatDate(d.reviewUntil)}; danach löschen wir Ihre Angaben)` : ''}. Ein Mensch prüft Ihren Antrag dann erneut und antwortet Ihnen.`,
        },
      ]
    : [
        {
          p: `Ihr Antrag wurde von unseren Mitarbeitern persönlich geprüft. Wenn Sie Fragen zur Entscheidung haben, schreiben Sie an ${guarantor.serviceEmail} und nennen Sie Ihre Vorgangsnummer ${d.contractNumber}.`,
        },
      ];
  return render(`Ihr Antrag auf eine Mietkautionsbürgschaft – Vorgang ${d.contractNumber}`, [
    { p: greeting(d.salutation) },
    {
      p: 'vielen Dank für Ihr Interesse. Leider können wir für dieses Mietverhältnis keine Mietkautionsbürgschaft übernehmen. Es ist kein Vertrag zustande gekommen, und es werden keine Beiträge abgebucht.',
    },
    { list: [`Vorgangsnummer: ${d.contractNumber}`, `Mietobjekt: ${d.objectAddress}`] },
    ...review,
  ]);
}
