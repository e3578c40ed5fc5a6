import { randomUUID } from 'node:crypto';
import type { Clock } from '../clock';
import { executeSqlIn, type Tx } from '../db/client';
import type { ClaimAct } from '../../domain/claims/states';

/** State changes a partner hears about. withdrawn/cancelled/released come from contract events. */
export type WebhookEventType =
  | 'submitted'
  | 'accepted'
  | 'declined'
  | 'pending'
  | 'withdrawn'
  | 'cancelled'
  | 'released'
  /** All but a retained amount released (issue 26 item 5, ADR 1255); the contract runs on. */
  | 'partially_released';

export const webhookEventTypes: readonly WebhookEventType[] = [
  'submitted',
  'accepted',
  'declined',
  'pending',
  'withdrawn',
  'cancelled',
  'released',
  'partially_released',
];

/**
 * Claim events (issue 26, ADR 1240): `claim.<event>` — filed, then the claim's acts (notified,
 * answered, expired, decided, paid, recovered, closed are the states they lead to).
 */
export const claimWebhookEvents = {
  filed: 'claim.filed',
  notify: 'claim.notified',
  answer: 'claim.answered',
  expire: 'claim.expired',
  decide: 'claim.decided',
  pay: 'claim.paid',
  recover: 'claim.recovered',
  close: 'claim.closed',
} as const satisfies Record<'filed' | ClaimAct, `claim.${string}`>;
export type ClaimWebhookType = (typeof claimWebhookEvents)[keyof typeof claimWebhookEvents];

/** What sends the delivery job (the pg-boss queue), in the caller's transaction. */
export interface WebhookJobSender {
  sendWebhookJob(tx: Tx, eventId: string): Promise<void>;
}

/** The JSON body of every delivery (also in the OpenAPI document's `webhooks`). */
interface WebhookPayload {
  /** Event id: deliveries are at least once, drop an id seen before. */
  id: string;
  type: `application.${WebhookEventType}` | ClaimWebhookType;
  /** Unix seconds when the change happened. */
  created: number;
  /** true for applications made with a sandbox key. */
  sandbox: boolean;
  data: {
    applicationId: string;
    /** The application's state, or for a claim event the claim's. */
    state: string;
    orderId: string | null;
    partnerCode: string;
    subPartnerCode: string | null;
    product: string | null;
    /** Claim events: the claim and the state it reached (no amounts or names of the parties). */
    claimId?: string;
  };
}

/**
 * Records a state change for the partner whose key made the application and queues its delivery,
 * in the caller's transaction (so the event exists exactly when the change commits). Does nothing
 * for applications not made through a partner key or partners without a webhook. Contract events
 * (withdrawn, cancelled, released) call the same: `webhooks.enqueue(tx, applicationId, type)`.
 */
export class WebhookEvents {
  constructor(
    private readonly jobs: WebhookJobSender,
    private readonly clock: Clock,
  ) {}

  async enqueue(
    tx: Tx,
    applicationId: string,
    type: WebhookEventType,
  ): Promise<string | undefined> {
    return this.record(tx, applicationId, `application.${type}`, type);
  }

  /** A claim's move (issue 26): `claim.<event>` with the claim's id and the state it reached. */
  async enqueueClaim(
    tx: Tx,
    event: { applicationId: string; claimId: string; type: 'filed' | ClaimAct },
  ): Promise<string | undefined> {
    const type = claimWebhookEvents[event.type];
    return this.record(tx, event.applicationId, type, type.slice('claim.'.length), event.claimId);
  }

  private async record(
    tx: Tx,
    applicationId: string,
    type: WebhookPayload['type'],
    state: string,
    claimId?: string,
  ): Promise<string | undefined> {
    const found = await executeSqlIn(
      tx,
      `SELECT s.partner_code, s.sandbox, s.product, a.order_id, a.sub_partner_code
         FROM api_submissions s
         JOIN applications a ON a.id = s.application_id
         JOIN partner_webhooks w ON w.partner_code = s.partner_code
        WHERE s.application_id = $1::uuid`,
      [applicationId],
    );
    const row = found.rows[0];
    if (!row) return undefined;
    const now = this.clock.now();
    const id = randomUUID();
    const payload: WebhookPayload = {
      id,
      type,
      created: Math.floor(now.getTime() / 1000),
      sandbox: row.sandbox === true,
      data: {
        applicationId,
        ...(claimId ? { claimId } : {}),
        state,
        orderId: (row.order_id as string | null) ?? null,
        partnerCode: String(row.partner_code),
        subPartnerCode: (row.sub_partner_code as string | null) ?? null,
        product: (row.product as string | null) ?? null,
      },
    };
    await executeSqlIn(
      tx,
      `INSERT INTO webhook_events (id, partner_code, application_id, type, payload, created_at)
       VALUES ($1::uuid, $2, $3::uuid, $4, $5::jsonb, $6::timestamptz)`,
      [
        id,
        row.partner_code,
        applicationId,
        claimId ? type : state,
        JSON.stringify(payload),
        now.toISOString(),
      ],
    );
    await this.jobs.sendWebhookJob(tx, id);
    return id;
  }
}
