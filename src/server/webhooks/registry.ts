import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Clock } from '../clock';
import type { Database } from '../db/client';
import { partnerWebhooks, partners } from '../db/schema/index';
import { isPublicAddress, literalAddress, resolveAll } from './publicAddress';

export class WebhookRegistryError extends Error {}

/**
 * Only https URLs to a public host (ADR 1134): never this host, our networks or the cloud
 * metadata service, in whatever spelling (the URL parser writes decimal, hex and octal IPv4 as
 * dotted decimal). `allowPrivate` (WEBHOOK_ALLOW_PRIVATE, tests and local development) also takes
 * http and non-public addresses.
 */
export function checkWebhookUrl(url: string, opts: { allowPrivate?: boolean } = {}): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new WebhookRegistryError(`Keine gültige URL: ${url}`);
  }
  const schemes = opts.allowPrivate ? ['https:', 'http:'] : ['https:'];
  if (!schemes.includes(parsed.protocol))
    throw new WebhookRegistryError('Die Webhook-URL muss mit https:// beginnen.');
  if (parsed.username || parsed.password)
    throw new WebhookRegistryError('Die Webhook-URL darf keine Zugangsdaten enthalten.');
  const address = literalAddress(parsed.hostname);
  if (!opts.allowPrivate && address !== undefined && !isPublicAddress(address))
    throw new WebhookRegistryError(notPublic(parsed.hostname));
  return parsed.toString();
}

const notPublic = (host: string) =>
  `Die Webhook-URL muss auf eine öffentliche Adresse zeigen; ${host} ist eine lokale, private oder reservierte Adresse.`;

/** checkWebhookUrl, and a name must not resolve to a non-public address either. */
async function checkWebhookTarget(
  url: string,
  opts: { allowPrivate?: boolean } = {},
): Promise<string> {
  const checked = checkWebhookUrl(url, opts);
  if (opts.allowPrivate) return checked;
  const { hostname } = new URL(checked);
  if (literalAddress(hostname) !== undefined) return checked;
  // A name that does not resolve now is taken: every delivery checks the address it connects to.
  const addresses = await resolveAll(hostname);
  if (addresses?.some((a) => !isPublicAddress(a)))
    throw new WebhookRegistryError(notPublic(hostname));
  return checked;
}

/** A partner's webhook endpoint: set (new secret, shown once), shown, removed. */
export class WebhookRegistry {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly opts: { allowPrivate?: boolean } = {},
  ) {}

  async set(partnerCode: string, url: string): Promise<{ url: string; secret: string }> {
    const checked = await checkWebhookTarget(url, this.opts);
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
