import { and, eq, isNull } from 'drizzle-orm';
import { todayInBerlin, writeOffEntries } from '../../domain/index';
import type { Tx } from '../db/client';
import { moneyTasks } from '../db/schema/index';
import { instalmentsToCollect, owedOf } from './instalments';
import { book } from './ledger';

/**
 * The approved write-off (four eyes, ADR 1229): what the tenant owes now (`owedNow`) is booked
 * as `write_off`, the waiting dunning decision is done. Returns the cents written off (0: none).
 */
export async function writeOffOwed(
  tx: Tx,
  applicationId: string,
  approvedBy: string,
  now: Date,
): Promise<number> {
  const { owedCents, entries, debits } = await owedOf(tx, applicationId);
  if (owedCents <= 0) return 0;
  const { coveredPeriods } = await instalmentsToCollect(tx, applicationId);
  await book(tx, applicationId, writeOffEntries(owedCents, entries, debits, coveredPeriods), {
    source: `write_off:${now.getTime()}`,
    bookedOn: todayInBerlin(now),
    now,
  });
  await tx
    .update(moneyTasks)
    .set({ doneAt: now, doneBy: approvedBy, decision: 'write_off' })
    .where(
      and(
        eq(moneyTasks.applicationId, applicationId),
        eq(moneyTasks.kind, 'dunning_decision'),
        isNull(moneyTasks.doneAt),
      ),
    );
  return owedCents;
}
