// npm run partner-key -- create <PARTNERCODE> [--sandbox] | list [PARTNERCODE] | revoke <id|prefix>
// Partner API keys (ADR 0710): the key is printed once at creation and stored only as a hash.
// Works while the server runs (ADR 1203).
import { fail } from './support/commandDatabase';
import { runOperatorCommand } from './support/operatorCommand';

runOperatorCommand('partner-key').catch((err: unknown) =>
  fail(`Fehler: ${(err as Error).stack ?? String(err)}`),
);
