// npm run partner-key -- create <PARTNERCODE> [--sandbox] | list [PARTNERCODE] | revoke <id|prefix>
// Partner API keys (ADR 0710): the key is printed once at creation and stored only as a hash.
import { systemClock } from '../src/server/clock';
import { PartnerKeyError, PartnerKeyService } from '../src/server/partnerApi/keys';
import { fail, openCommandDatabase } from './support/commandDatabase';

const usage =
  'Aufruf: npm run partner-key -- create <Partnercode> [--sandbox] | list [Partnercode] | revoke <Id oder Präfix>';
const [command, arg, ...rest] = process.argv.slice(2);
if (!command || !['create', 'list', 'revoke'].includes(command)) fail(usage, 2);
if ((command === 'create' || command === 'revoke') && !arg) fail(usage, 2);

const { db } = await openCommandDatabase();
const keys = new PartnerKeyService(db, systemClock);
const out = (line: string) => process.stdout.write(`${line}\n`);
try {
  if (command === 'create') {
    const sandbox = rest.includes('--sandbox') || arg === '--sandbox';
    const { key, row } = await keys.create(arg!, { sandbox });
    out(
      `${sandbox ? 'Sandbox-Schlüssel' : 'Live-Schlüssel'} für ${row.partnerCode} (Id ${row.id}):`,
    );
    out(key);
    out('Der Schlüssel wird nur jetzt angezeigt; gespeichert ist nur sein SHA-256-Hash.');
  } else if (command === 'list') {
    const rows = await keys.list(arg);
    if (rows.length === 0) out('Keine Schlüssel.');
    for (const r of rows)
      out(
        [
          r.id,
          r.partnerCode,
          `${r.prefix}…`,
          r.sandbox ? 'sandbox' : 'live',
          r.revokedAt ? `widerrufen ${r.revokedAt.toISOString()}` : 'aktiv',
          `angelegt ${r.createdAt.toISOString()}`,
          r.lastUsedAt ? `zuletzt ${r.lastUsedAt.toISOString()}` : 'unbenutzt',
        ].join('  '),
      );
  } else {
    const row = await keys.revoke(arg!);
    out(
      `Widerrufen: ${row.prefix}… (${row.partnerCode}, Id ${row.id}). Aufrufe damit erhalten 401.`,
    );
  }
} catch (err) {
  if (!(err instanceof PartnerKeyError)) throw err;
  process.stderr.write(`${err.message}\n`);
  process.exitCode = 1;
} finally {
  await db.close();
}
