import { PartnerKeyError, PartnerKeyService } from '../partnerApi/keys';
import { ok, refused, type CommandContext, type CommandResult } from './types';

const usage =
  'Aufruf: npm run partner-key -- create <Partnercode> [--sandbox] | list [Partnercode] | revoke <Id oder Präfix>';

/** npm run partner-key (ADR 0710): the key is printed once at creation, stored as a hash. */
export async function partnerKeyCommand(
  ctx: CommandContext,
  args: string[],
): Promise<CommandResult> {
  const [command, arg, ...rest] = args;
  if (!command || !['create', 'list', 'revoke'].includes(command)) return refused(usage, 2);
  if ((command === 'create' || command === 'revoke') && !arg) return refused(usage, 2);
  const keys = new PartnerKeyService(ctx.db, ctx.clock);
  const lines: string[] = [];
  const out = (line: string) => lines.push(line);
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
    return refused(err.message);
  }
  return ok(lines.map((l) => `${l}\n`).join(''));
}
