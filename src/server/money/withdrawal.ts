import { and, eq, inArray } from 'drizzle-orm';
import { withdrawalMoney, type WithdrawalMoney } from '../../domain/index';
import type { Tx } from '../db/client';
import { sepaDebits } from '../db/schema/index';

/**
 * In the withdrawal's transaction: debits only planned are dropped at once (no file takes them
 * any more), and the domain decides from the debits still underway what the tenant is told.
 * A debit in a bank file stays there: the file is fixed with its hash and four eyes (ADR 1222);
 * if it is collected, the run settles the withdrawn contract again and refunds it (ADR 1220).
 */
export async function withdrawalMoneyOf(
  tx: Tx,
  applicationId: string,
  refundCents: number,
): Promise<WithdrawalMoney> {
  await tx
    .delete(sepaDebits)
    .where(and(eq(sepaDebits.applicationId, applicationId), eq(sepaDebits.status, 'planned')));
  const underway = await tx
    .select({
      amountCents: sepaDebits.amountCents,
      dueOn: sepaDebits.dueOn,
      status: sepaDebits.status,
    })
    .from(sepaDebits)
    .where(
      and(
        eq(sepaDebits.applicationId, applicationId),
        inArray(sepaDebits.status, ['in_batch', 'presented']),
      ),
    );
  return withdrawalMoney({
    refundCents,
    underway: underway.map((d) => ({
      amountCents: d.amountCents,
      dueOn: d.dueOn,
      stage: d.status === 'presented' ? 'submitted' : 'prepared',
    })),
  });
}
