import { and, eq, isNull } from 'drizzle-orm';
import type { DunningPauseFacts } from '../../domain/index';
import type { Orm, Tx } from '../db/client';
import { paymentDisputes } from '../db/schema/index';

/** Is a claim open on this contract? Dunning pauses while one is (DECISIONS.md "Money"). */
async function claimOpen(_db: Orm | Tx, _applicationId: string): Promise<boolean> {
  // claims (issue 26) plug in here
  return false;
}

export async function disputeOpen(db: Orm | Tx, applicationId: string): Promise<boolean> {
  const open = await db
    .select({ id: paymentDisputes.id })
    .from(paymentDisputes)
    .where(and(eq(paymentDisputes.applicationId, applicationId), isNull(paymentDisputes.closedAt)));
  return open.length > 0;
}

/** The facts `dunningPaused` decides on (ADR 1230). */
export async function pauseFactsOf(
  db: Orm | Tx,
  applicationId: string,
): Promise<DunningPauseFacts> {
  return {
    disputeOpen: await disputeOpen(db, applicationId),
    claimOpen: await claimOpen(db, applicationId),
  };
}
