// npm run decide -- <Vertragsnummer> accept|decline
// A staff member's decision on a pending application: moves the state, issues the certificate
// when accepted and sends the e-mail (see docs/test-personas.md and ADR 0402). Works while the
// server runs (ADR 1203).
import { fail } from './support/commandDatabase';
import { runOperatorCommand } from './support/operatorCommand';

runOperatorCommand('decide').catch((err: unknown) =>
  fail(`Fehler: ${(err as Error).stack ?? String(err)}`),
);
