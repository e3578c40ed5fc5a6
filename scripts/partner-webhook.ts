// npm run partner-webhook -- set <PARTNERCODE> <https://...> | list | remove <PARTNERCODE>
// A partner's webhook endpoint (ADR 0713); the signing secret is printed once when set.
// Works while the server runs (ADR 1203).
import { fail } from './support/commandDatabase';
import { runOperatorCommand } from './support/operatorCommand';

runOperatorCommand('partner-webhook').catch((err: unknown) =>
  fail(`Fehler: ${(err as Error).stack ?? String(err)}`),
);
