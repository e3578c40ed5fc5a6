import {
  certificateFilename,
  certificatePdf,
  reservationConfirmationPdf,
  reservationFilename,
} from '../documents/index';
import type { ApplicationRow } from '../db/schema/index';
import { factsOf, type ApplicationFacts, type Person } from './facts';
import type { FormModel } from '../../domain/index';

export interface IssuedDocument {
  kind: 'certificate' | 'reservation_confirmation';
  filename: string;
  content: Uint8Array;
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

/** The PDF an accepted decision issues: the certificate, or the Sofortzusage for a reservation. */
export async function issueDocument(args: {
  app: ApplicationRow;
  model: FormModel;
  kind: 'contract' | 'reservation';
  number: string;
  issuedAt: Date;
  reservationDays: number;
}): Promise<IssuedDocument> {
  const f: ApplicationFacts = factsOf(args.model);
  if (args.kind === 'reservation') {
    const tenant = f.tenants[0];
    return {
      kind: 'reservation_confirmation',
      filename: reservationFilename(args.number),
      content: await reservationConfirmationPdf({
        reservationNumber: args.number,
        tenant: salutationName(tenant),
        tenantAddress: tenant?.address ?? '',
        deposit: f.deposit,
        issuedAt: args.issuedAt,
        validUntil: reservationValidUntil(args.app, args.reservationDays, args.issuedAt),
      }),
    };
  }
  return {
    kind: 'certificate',
    filename: certificateFilename(args.number),
    content: await certificatePdf({
      contractNumber: args.number,
      tenants: f.tenants.map((t) => personLine(t, true)),
      landlord: f.landlord.name,
      landlordAddress: f.landlord.address,
      objectAddress: f.objectAddress,
      deposit: f.deposit,
      issuedAt: args.issuedAt,
    }),
  };
}
