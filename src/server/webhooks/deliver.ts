import { eq } from 'drizzle-orm';
import type { Clock } from '../clock';
import type { Database } from '../db/client';
import { partnerWebhooks, webhookDeliveries, webhookEvents } from '../db/schema/index';
import { signWebhook, signatureHeader } from './signature';
import { NonPublicAddressError, postWebhook } from './post';

class WebhookDeliveryFailed extends Error {}

/**
 * The delivery job: POSTs the event's JSON, signed, to the partner's current URL and logs the
 * attempt. Anything but a 2xx answer throws, so pg-boss retries with exponential backoff
 * (ADR 0713). Redirects are not followed (a 3xx counts as a failure). An event already delivered,
 * or whose partner removed the webhook, is done.
 */
export async function deliverWebhook(
  deps: { db: Database; clock: Clock; timeoutSeconds: number; allowPrivate?: boolean },
  eventId: string,
): Promise<void> {
  const { db, clock } = deps;
  const event = (await db.orm.select().from(webhookEvents).where(eq(webhookEvents.id, eventId)))[0];
  if (!event || event.deliveredAt) return;
  const hook = (
    await db.orm
      .select()
      .from(partnerWebhooks)
      .where(eq(partnerWebhooks.partnerCode, event.partnerCode))
  )[0];
  if (!hook) return;
  const attempt = event.attempts + 1;
  const body = JSON.stringify(event.payload);
  const started = clock.now();
  let statusCode: number | null = null;
  let error: string | null = null;
  try {
    statusCode = await postWebhook(hook.url, {
      timeoutMs: deps.timeoutSeconds * 1000,
      allowPrivate: deps.allowPrivate === true,
      headers: {
        'content-type': 'application/json',
        'user-agent': 'Mietkaution-Webhooks/1',
        'mietkaution-event-id': event.id,
        [signatureHeader]: signWebhook(hook.secret, body, Math.floor(started.getTime() / 1000)),
      },
      body,
    });
  } catch (err) {
    error =
      (err as Error).name === 'TimeoutError'
        ? 'timeout'
        : err instanceof NonPublicAddressError
          ? 'refused: non-public address (ADR 1134)'
          : (err as Error).message.slice(0, 200);
  }
  const ok = statusCode !== null && statusCode >= 200 && statusCode < 300;
  const at = clock.now();
  await db.transaction(async (tx) => {
    await tx.insert(webhookDeliveries).values({
      eventId: event.id,
      attempt,
      url: hook.url,
      statusCode,
      error: ok ? null : (error ?? `HTTP ${statusCode}`),
      durationMs: Math.max(0, at.getTime() - started.getTime()),
      at,
    });
    await tx
      .update(webhookEvents)
      .set({ attempts: attempt, ...(ok ? { deliveredAt: at } : {}) })
      .where(eq(webhookEvents.id, event.id));
  });
  if (!ok)
    throw new WebhookDeliveryFailed(`webhook delivery failed: ${error ?? `HTTP ${statusCode}`}`);
}
