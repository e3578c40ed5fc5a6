import type { Tx } from '../db/client';
import type { WebhookQueue } from '../services/queues';

/**
 * THE one call site for partner webhooks of contract changes (withdrawn, cancelled, released):
 * the processing's `webhooks.enqueue` (ADR 0713), in the change's transaction so a webhook is
 * queued exactly when the change commits. Without processing (API-only tests) nothing is queued.
 */
export async function announceContractChange(
  tx: Tx,
  event: {
    applicationId: string;
    type: 'withdrawn' | 'cancelled' | 'released';
    at: Date;
    contractNumber: string;
  },
  webhooks?: WebhookQueue,
): Promise<void> {
  await webhooks?.enqueue(tx, event.applicationId, event.type);
}
