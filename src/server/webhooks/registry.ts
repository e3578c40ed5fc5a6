import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Clock } from '../clock';
import type { Database } from '../db/client';
import { partnerWebhooks, partners } from '../db/schema/index';

export class WebhookRegistryError extends Error {}

/** Only http(s) URLs with a host; nothing else is ever called. */
export function checkWebhookUrl(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new WebhookRegistryError(`Keine gültige URL: ${url}`);
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:')
    throw new WebhookRegistryError('Die Webhook-URL muss mit https:// (oder http://) beginnen.');
  if (parsed.username || parsed.password)
    throw new WebhookRegistryError('Die Webhook-URL darf keine Zugangsdaten enthalten.');
  return parsed.toString();
}

/** A partner's webhook endpoint: set (new secret, shown once), shown, removed. */
export class WebhookRegistry {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
  ) {}

  async set(partnerCode: string, url: string): Promise<{ url: string; secret: string }> {
    const checked = checkWebhookUrl(url);
    const partner = (
      await this.db.orm.select().from(partners).where(eq(partners.code, partnerCode)).limit(1)
    )[0];
    if (!partner)
      throw new WebhookRegistryError(
        `Unbekannter Partnercode: ${partnerCode} (Partner mit npm run import:partners anlegen; die Beispielpartner lädt der erste Serverstart)`,
      );
    const secret = `whsec_${randomBytes(32).toString('base64url')}`;
    const values = { partnerCode, url: checked, secret, createdAt: this.clock.now() };
    await this.db.orm
      .insert(partnerWebhooks)
      .values(values)
      .onConflictDoUpdate({ target: partnerWebhooks.partnerCode, set: values });
    return { url: checked, secret };
  }

  async list(): Promise<{ partnerCode: string; url: string; createdAt: Date }[]> {
    return this.db.orm
      .select({
        partnerCode: partnerWebhooks.partnerCode,
        url: partnerWebhooks.url,
        createdAt: partnerWebhooks.createdAt,
      })
      .from(partnerWebhooks);
  }

  async remove(partnerCode: string): Promise<boolean> {
    const gone = await this.db.orm
      .delete(partnerWebhooks)
      .where(eq(partnerWebhooks.partnerCode, partnerCode))
      .returning({ code: partnerWebhooks.partnerCode });
    return gone.length > 0;
  }
}
