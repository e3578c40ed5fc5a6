import {
  certificateFilename,
  documentRenderer,
  policyFilename,
  reservationFilename,
  type DocumentIssuer,
  type SealIdentity,
} from '../documents/index';

// Rendering and sealing run in the document thread: a burst of decisions never holds up requests.
const { certificatePdf, policyPdf, reservationConfirmationPdf, sealPdf } = documentRenderer;
import { mailForwardingPriceEur } from '../../domain/rules/limits';
import { documentTexts } from '../texts/documents';
import { sandboxTexts } from '../texts/sandbox';
import type { ApplicationRow } from '../db/schema/index';
import { maskIban } from './debit';
import {
  contractCredentials,
  firstMandateReferenceOf,
  verificationUrl,
} from '../contracts/credentials';
import { factsOf, type ApplicationFacts, type Person } from './facts';
import {
  addDays,
  defaultTariff,
  germanToIso,
  todayInBerlin,
  type FormModel,
  type Tariff,
} from '../../domain/index';

type IssuedKind = 'certificate' | 'policy' | 'reservation_confirmation';

interface IssuedDocument {
  kind: IssuedKind;
  filename: string;
  content: Uint8Array;
}

export interface Issued {
  documents: IssuedDocument[];
}

const DAY = 86_400_000;

const personLine = (p: Person, withAddress: boolean) =>
  [[p.firstName, p.lastName].filter(Boolean).join(' '), withAddress ? p.address : '']
    .filter(Boolean)
    .join(', ');

const salutationName = (p: Person | undefined) =>
  p
    ? [p.gender === 'f' ? 'Frau' : p.gender === 'm' ? 'Herr' : '', p.firstName, p.lastName]
        .filter(Boolean)
        .join(' ')
    : '';

/** Until when an accepted reservation holds: submission + RESERVATION_DAYS (as the API checks). */
export function reservationValidUntil(
  app: ApplicationRow,
  reservationDays: number,
  now: Date,
): Date {
  const from = app.submittedAt ?? now;
  return new Date(from.getTime() + reservationDays * DAY);
}

/** The mail forwarding service is the one extra with a price (19.90 EUR once, spec §9). */
const extrasOf = (m: FormModel) =>
  (m.selling as Record<string, unknown> | undefined)?.mailForwarding === true
    ? [{ label: documentTexts.policy.mailForwarding, price: mailForwardingPriceEur }]
    : [];

function accountOf(m: FormModel, f: ApplicationFacts) {
  const b = m.bankAccount;
  const holder = b.accountOwner === 'secondTenant' ? f.tenants[1] : f.tenants[0];
  const account = b.iban
    ? `IBAN ${maskIban(b.iban)}`
    : b.accountNumber
      ? `Kontonummer ${b.accountNumber}, BLZ ${b.bankCode ?? ''}`
      : '–';
  return {
    accountHolder: holder ? personLine(holder, false) : '–',
    account,
    bankName: b.bankName ?? '',
  };
}

/** The date cover starts: the applicant's wish (objective.policyStartDate), else the issue date. */
function startOf(m: FormModel, issuedAt: Date): Date {
  const iso = germanToIso(m.objective.policyStartDate);
  return iso ? new Date(`${iso}T12:00:00Z`) : issuedAt;
}

/**
 * The pre-notified first debit: 14 days after the application, the date the contract row keeps
 * (contracts/open.ts), at noon Berlin time for formatting.
 */
export const firstDebitOn = (submittedAt: Date): Date =>
  new Date(`${addDays(todayInBerlin(submittedAt), 14)}T12:00:00Z`);

export interface IssueSettings {
  issuer: DocumentIssuer;
  /** SERVER_SECRET: the certificate's verification token and release code derive from it. */
  serverSecret: string;
  seal: SealIdentity;
  /** The test seal, for sandbox applications only (loaded when the first one is issued). */
  sandboxSeal(): Promise<SealIdentity>;
  tariff?: Tariff;
  reservationDays: number;
}

/**
 * Seals with the operator's seal, or a sandbox specimen with the test seal, whose signer and
 * reason say MUSTER (ADR 1130): a sandbox PDF never carries the operator's seal.
 */
const sealed = async (
  pdf: Buffer,
  s: IssueSettings,
  app: ApplicationRow,
  title: string,
  at: Date,
) =>
  sealPdf(pdf, app.sandbox ? await s.sandboxSeal() : s.seal, {
    name: app.sandbox ? sandboxTexts.sealSigner : s.issuer.operator.name,
    reason: app.sandbox ? sandboxTexts.sealReason(title) : title,
    location: s.issuer.operator.zipCity,
    contact: s.issuer.operator.email,
    at,
  });

/**
 * The documents an accepted decision issues, sealed: for a contract the certificate (with QR code
 * and release code) and the policy; for a reservation the Sofortzusage. The static legal texts are
 * not stored per contract (legalDocuments.ts renders them).
 */
export async function issueDocuments(
  settings: IssueSettings,
  args: {
    app: ApplicationRow;
    model: FormModel;
    kind: 'contract' | 'reservation';
    number: string;
    issuedAt: Date;
  },
): Promise<Issued> {
  const { model, number, issuedAt } = args;
  const specimen = args.app.sandbox;
  const f: ApplicationFacts = factsOf(model, settings.tariff ?? defaultTariff);
  if (args.kind === 'reservation') {
    const tenant = f.tenants[0];
    const pdf = await reservationConfirmationPdf({
      reservationNumber: number,
      tenant: salutationName(tenant),
      tenantAddress: tenant?.address ?? '',
      deposit: f.deposit,
      issuedAt,
      validUntil: reservationValidUntil(args.app, settings.reservationDays, issuedAt),
      operator: settings.issuer.operator,
      specimen,
    });
    return {
      documents: [
        {
          kind: 'reservation_confirmation',
          filename: reservationFilename(number),
          content: await sealed(pdf, settings, args.app, documentTexts.reservation.title, issuedAt),
        },
      ],
    };
  }
  // The same token and code the contract row keeps hashed (contracts/credentials.ts, ADR 0924).
  const credentials = contractCredentials(settings.serverSecret, args.app.id);
  const tenants = f.tenants.map((t) => personLine(t, true));
  // The two documents are rendered and sealed side by side: with a burst queued, each can go to
  // another document thread (documents/renderThread.ts).
  const certificate = certificatePdf({
    contractNumber: number,
    tenants,
    landlord: f.landlord.name,
    landlordAddress: f.landlord.address,
    objectAddress: f.objectAddress,
    deposit: f.deposit,
    issuedAt,
    specimen,
    operator: settings.issuer.operator,
    verification: {
      url: verificationUrl(settings.issuer.siteUrl, credentials.verificationToken),
    },
  });
  const extras = extrasOf(model);
  const ratePerPayment = f.premium.ratePerPaymentCents / 100;
  const policy = policyPdf(
    {
      contractNumber: number,
      tenants,
      landlord: f.landlord.name,
      landlordAddress: f.landlord.address,
      objectAddress: f.objectAddress,
      deposit: f.deposit,
      specimen,
      ratePerPayment,
      ratePerYear: f.premium.ratePerYearCents / 100,
      paymentAdverb: f.premium.adverb,
      startsOn: startOf(model, issuedAt),
      issuedAt,
      extras,
      sepa: {
        mandateReference: firstMandateReferenceOf(args.app.id),
        ...accountOf(model, f),
        firstDebitOn: firstDebitOn(args.app.submittedAt ?? issuedAt),
        firstDebitAmount:
          Math.round((ratePerPayment + extras.reduce((s, e) => s + e.price, 0)) * 100) / 100,
      },
    },
    settings.issuer,
  );
  const [certificateSealed, policySealed] = await Promise.all([
    certificate.then((pdf) =>
      sealed(pdf, settings, args.app, documentTexts.certificate.title, issuedAt),
    ),
    policy.then((pdf) => sealed(pdf, settings, args.app, documentTexts.policy.title, issuedAt)),
  ]);
  return {
    documents: [
      {
        kind: 'certificate',
        filename: certificateFilename(number),
        content: certificateSealed,
      },
      { kind: 'policy', filename: policyFilename(number), content: policySealed },
    ],
  };
}
