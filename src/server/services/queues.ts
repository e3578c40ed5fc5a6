import type { Tx } from '../db/client';
import type { WebhookEventType } from '../webhooks/events';

// The ports a save and the after-sale code hand work to (ADR 1266): the processing implements
// them; services/tenancies.ts and services/save/persist.ts both depend on this file only.

/** The processing engineer's decision queue; enqueued in the submission's own transaction. */
export interface DecisionQueue {
  enqueueDecision(tx: Tx, applicationId: string, cid?: string): Promise<unknown>;
}

/** Partners' webhooks: a state change recorded in the transaction that makes it. */
export interface WebhookQueue {
  enqueue(tx: Tx, applicationId: string, type: WebhookEventType): Promise<unknown>;
}
