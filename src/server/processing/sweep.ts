import { and, inArray, isNull, lt } from 'drizzle-orm';
import { applications, mails } from '../db/schema/index';
import type { ProcessingContext } from './context';
import { queues } from './queue';

/** Work older than this without a result is queued again. */
const sweepAfterMinutes = 15;

export interface SweepReport {
  decisions: number;
  mails: number;
}

/**
 * The safety net behind pg-boss's retries: a job that exhausted its retries (SMTP down for hours,
 * a credit bureau away) or was lost is queued again, so no submitted application stays undecided
 * and no e-mail is dropped. Queuing twice is harmless: the handlers are idempotent (ADR 0401).
 */
export async function runSweep(ctx: ProcessingContext, now: Date): Promise<SweepReport> {
  const before = new Date(now.getTime() - sweepAfterMinutes * 60_000);
  const undecided = await ctx.db.orm
    .select({ id: applications.id })
    .from(applications)
    .where(
      and(
        inArray(applications.orderState, ['submitted', 'created']),
        lt(applications.submittedAt, before),
      ),
    );
  for (const a of undecided) await ctx.queue.send(queues.decision, { applicationId: a.id });
  const unsent = await ctx.db.orm
    .select({ applicationId: mails.applicationId, kind: mails.kind })
    .from(mails)
    .where(and(isNull(mails.sentAt), isNull(mails.rejectedAt), lt(mails.createdAt, before)));
  for (const m of unsent) await ctx.queue.send(queues.mail, m);
  if (undecided.length + unsent.length > 0) {
    ctx.log.warn(
      { decisions: undecided.length, mails: unsent.length },
      'sweep queued stale work again',
    );
  }
  return { decisions: undecided.length, mails: unsent.length };
}
