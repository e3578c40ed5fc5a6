import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { DunningPauseFacts } from '../../domain/index';
import { claimPausesDunning, claimStates } from '../../domain/claims/states';
import type { Orm, Tx } from '../db/client';
import { claims, paymentDisputes } from '../db/schema/index';

const pausingStates = claimStates.filter((s) => claimPausesDunning[s]);

/**
 * Is a claim open on this contract (filed and not yet paid or closed)? Dunning pauses while one
 * is (DECISIONS.md "Money", ADR 1280).
 */
async function claimOpen(db: Orm | Tx, applicationId: string): Promise<boolean> {
  const open = await db
    .select({ id: claims.id })
    .from(claims)
    .where(and(eq(claims.applicationId, applicationId), inArray(claims.state, pausingStates)))
    .limit(1);
  return open.length > 0;
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
