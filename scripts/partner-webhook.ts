// npm run partner-webhook -- set <PARTNERCODE> <https://...> | list | remove <PARTNERCODE>
// A partner's webhook endpoint (ADR 0713); the signing secret is printed once when set.
import { systemClock } from '../src/server/clock';
import { WebhookRegistry, WebhookRegistryError } from '../src/server/webhooks/registry';
import { fail, openCommandDatabase } from './support/commandDatabase';

const usage =
  'Aufruf: npm run partner-webhook -- set <Partnercode> <URL> | list | remove <Partnercode>';
const [command, code, url] = process.argv.slice(2);
if (!command || !['set', 'list', 'remove'].includes(command)) fail(usage, 2);
if ((command === 'set' && (!code || !url)) || (command === 'remove' && !code)) fail(usage, 2);

const { db, config } = await openCommandDatabase();
const registry = new WebhookRegistry(db, systemClock, {
  allowPrivate: config.webhookAllowPrivate,
});
const out = (line: string) => process.stdout.write(`${line}\n`);
try {
  if (command === 'set') {
    const r = await registry.set(code!, url!);
    out(`Webhook für ${code}: ${r.url}`);
    out(`Signatur-Geheimnis (nur jetzt angezeigt): ${r.secret}`);
  } else if (command === 'list') {
    const rows = await registry.list();
    if (rows.length === 0) out('Keine Webhooks.');
    for (const r of rows) out(`${r.partnerCode}  ${r.url}  seit ${r.createdAt.toISOString()}`);
  } else {
    out(
      (await registry.remove(code!))
        ? `Webhook von ${code} entfernt.`
        : `${code} hat keinen Webhook.`,
    );
  }
} catch (err) {
  if (!(err instanceof WebhookRegistryError)) throw err;
  process.stderr.write(`${err.message}\n`);
  process.exitCode = 1;
} finally {
  await db.close();
}
