import type { ContractActor, ContractEventType } from '../../domain/index';
import type { Tx } from '../db/client';
import { contractEvents } from '../db/schema/index';

export type EventDetails = Record<string, string | number | boolean | null>;

/**
 * Appends one event to an application's audit history, in the caller's transaction (so the event
 * exists exactly when the change does). Details must not carry personal data: codes, dates,
 * amounts in cents, mandate references, never names, addresses, IBANs or e-mail addresses.
 */
export async function recordContractEvent(
  tx: Tx,
  event: {
    applicationId: string;
    type: ContractEventType;
    actor: ContractActor;
    at: Date;
    details?: EventDetails;
  },
): Promise<void> {
  await tx.insert(contractEvents).values({
    applicationId: event.applicationId,
    type: event.type,
    actor: event.actor,
    at: event.at,
    details: event.details ?? {},
  });
}
