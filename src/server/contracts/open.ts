import { sql } from 'drizzle-orm';
import {
  addDays,
  germanToIso,
  todayInBerlin,
  withdrawalDeadline,
  type FormModel,
} from '../../domain/index';
import type { Tx } from '../db/client';
import { contractLetters, contracts } from '../db/schema/index';
import { contractCredentials, firstMandateReferenceOf, sha256 } from './credentials';

/**
 * Opens the contract of an accepted application, in the decision's transaction: status active,
 * the premium plan, the withdrawal deadline, the first mandate reference and the hashes of the
 * certificate's verification token and release code. A repeated call changes nothing.
 */
export async function openContract(
  tx: Tx,
  args: {
    secret: string;
    applicationId: string;
    contractNumber: string;
    model: FormModel;
    submittedAt: Date | null;
    ratePerPaymentCents: number;
    digital: boolean;
    now: Date;
  },
): Promise<void> {
  const acceptedOn = todayInBerlin(args.now);
  const submittedOn = todayInBerlin(args.submittedAt ?? args.now);
  const startOn = germanToIso(args.model.objective.policyStartDate) ?? acceptedOn;
  const { verificationToken, releaseCode } = contractCredentials(args.secret, args.applicationId);
  const opened = await tx
    .insert(contracts)
    .values({
      applicationId: args.applicationId,
      contractNumber: args.contractNumber,
      status: 'active',
      acceptedAt: args.now,
      startOn,
      // "about 14 days after the application" (check step, DECISIONS.md)
      firstDebitOn: addDays(submittedOn, 14),
      paymentsPerYear: args.model.objective.paymentConditions ?? 12,
      ratePerPaymentCents: args.ratePerPaymentCents,
      withdrawalDeadline: withdrawalDeadline(acceptedOn, args.digital),
      mandateReference: firstMandateReferenceOf(args.applicationId),
      verificationTokenHash: sha256(verificationToken),
      releaseCodeHash: sha256(releaseCode),
    })
    .onConflictDoNothing()
    .returning({ id: contracts.applicationId });
  // The release code goes to the landlord only, by letter to the address on record (ADR 1119).
  if (opened.length === 1)
    await tx.insert(contractLetters).values({
      applicationId: args.applicationId,
      recipient: 'landlord',
      kind: 'release_code',
      // A sandbox test contract's letter is marked (ADR 1130): never posted.
      sandbox: sql<boolean>`(SELECT sandbox FROM applications WHERE id = ${args.applicationId})`,
      createdAt: args.now,
    });
}
