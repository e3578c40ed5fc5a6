import { and, eq } from 'drizzle-orm';
import { applications, decisions } from '../db/schema/index';
import type { ProcessingContext } from './context';
import { issueSettings, recordEffects } from './decide';
import { formModelOf } from '../services/storedModel';
import { issueDocuments } from './issue';
import type { ContractActor } from '../../domain/contracts/status';

export class StaffDecisionError extends Error {}

export interface StaffDecisionResult {
  number: string;
  kind: 'contract' | 'reservation';
  outcome: 'accepted' | 'declined';
  applicationId: string;
}

/**
 * A staff member's decision on a pending application (npm run decide). Moves the decision and
 * the order state, issues the document when accepted and queues the e-mail, all in one
 * transaction; repeating the same verdict is a no-op, a contradicting one is refused.
 */
export async function staffDecision(
  ctx: ProcessingContext,
  number: string,
  verdict: 'accept' | 'decline',
  /** Who decided, for the contract timeline (the back office: `staff:{name}`). */
  actor?: ContractActor,
): Promise<StaffDecisionResult> {
  const outcome = verdict === 'accept' ? 'accepted' : 'declined';
  const found = (await ctx.db.orm.select().from(decisions).where(eq(decisions.number, number)))[0];
  if (!found) throw new StaffDecisionError(`Keine Entscheidung mit der Nummer ${number} gefunden.`);
  const result = { number, kind: found.kind, outcome, applicationId: found.applicationId } as const;
  if (found.outcome === outcome && found.decidedBy === 'staff') return result;
  if (found.outcome !== 'pending') {
    throw new StaffDecisionError(
      `${number} ist nicht offen (Stand: ${found.outcome}); nur offene Entscheidungen (pending) können entschieden werden.`,
    );
  }
  const app = (
    await ctx.db.orm.select().from(applications).where(eq(applications.id, found.applicationId))
  )[0];
  if (!app) throw new StaffDecisionError(`Der Antrag zu ${number} wurde bereits gelöscht.`);
  const now = ctx.clock.now();
  const issued =
    outcome === 'accepted'
      ? await issueDocuments(await issueSettings(ctx), {
          app,
          model: formModelOf(app),
          kind: found.kind,
          number,
          issuedAt: now,
        })
      : undefined;
  await ctx.db.transaction(async (tx) => {
    const moved = await tx
      .update(decisions)
      .set({ outcome, decidedBy: 'staff', decidedAt: now })
      .where(and(eq(decisions.id, found.id), eq(decisions.outcome, 'pending')))
      .returning({ id: decisions.id });
    if (moved.length === 0)
      throw new StaffDecisionError(`${number} wurde gerade anders entschieden.`);
    await recordEffects(ctx, tx, {
      app,
      kind: found.kind,
      outcome,
      number,
      premiumCents: found.premiumCents,
      rateCents: found.rateCents,
      digital: found.digital,
      issued,
      now,
      decidedBy: 'staff',
      ...(actor ? { actor } : {}),
    });
  });
  ctx.log.info({ number, outcome }, 'staff decision recorded');
  return result;
}
