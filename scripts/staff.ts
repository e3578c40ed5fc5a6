// npm run staff -- create-admin <email> <name> | invite <email> <name> <role> | list
// Staff of the back office (issue 24, ADR 1200): prints the one-time enrolment link (24 h).
// Works while the server runs (ADR 1203).
import { fail } from './support/commandDatabase';
import { runOperatorCommand } from './support/operatorCommand';

runOperatorCommand('staff').catch((err: unknown) =>
  fail(`Fehler: ${(err as Error).stack ?? String(err)}`),
);
