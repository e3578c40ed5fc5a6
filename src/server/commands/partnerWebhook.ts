import { WebhookRegistry, WebhookRegistryError } from '../webhooks/registry';
import { ok, refused, type CommandContext, type CommandResult } from './types';

const usage =
  'Aufruf: npm run partner-webhook -- set <Partnercode> <URL> | list | remove <Partnercode>';

/** npm run partner-webhook (ADR 0713); the signing secret is printed once when set. */
export async function partnerWebhookCommand(
  ctx: CommandContext,
  args: string[],
): Promise<CommandResult> {
  const [command, code, url] = args;
  if (!command || !['set', 'list', 'remove'].includes(command)) return refused(usage, 2);
  if ((command === 'set' && (!code || !url)) || (command === 'remove' && !code))
    return refused(usage, 2);
  const registry = new WebhookRegistry(ctx.db, ctx.clock, {
    allowPrivate: ctx.config.webhookAllowPrivate,
  });
  const lines: string[] = [];
  try {
    if (command === 'set') {
      const r = await registry.set(code!, url!);
      lines.push(`Webhook für ${code}: ${r.url}`);
      lines.push(`Signatur-Geheimnis (nur jetzt angezeigt): ${r.secret}`);
    } else if (command === 'list') {
      const rows = await registry.list();
      if (rows.length === 0) lines.push('Keine Webhooks.');
      for (const r of rows)
        lines.push(`${r.partnerCode}  ${r.url}  seit ${r.createdAt.toISOString()}`);
    } else {
      lines.push(
        (await registry.remove(code!))
          ? `Webhook von ${code} entfernt.`
          : `${code} hat keinen Webhook.`,
      );
    }
  } catch (err) {
    if (!(err instanceof WebhookRegistryError)) throw err;
    return refused(err.message);
  }
  return ok(lines.map((l) => `${l}\n`).join(''));
}
