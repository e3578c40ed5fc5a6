import { addDays, todayInBerlin } from '../../src/domain/dates';
import { completeNewApiApplication } from '../../src/server/testing/fixtures';

/**
 * The server fixture's complete application with its dates moved to today (Europe/Berlin): the
 * fixture is pinned to the API tests' clock, a running server uses the real one. No partner code.
 */
export function completeApplicationForToday(now = new Date()): Record<string, unknown> {
  const app = completeNewApiApplication() as Record<
    string,
    Record<string, Record<string, unknown>>
  >;
  const today = todayInBerlin(now);
  const contract = app.rentalObject!.rentalContract!;
  contract.signedAt = addDays(today, 10);
  contract.movedInAt = addDays(today, 15);
  (app as Record<string, unknown>).policyStartDate = addDays(today, 5);
  // These runs start servers without the example partners (SEED_EXAMPLES=false), where the
  // fixture's partner code would be refused as unknown (ADR 0700).
  delete (app as Record<string, unknown>).partnerCode;
  return app;
}
