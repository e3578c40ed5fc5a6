import { expect } from 'vitest';
import { eq } from 'drizzle-orm';
import { addDays, todayInBerlin } from '../../src/domain/dates';
import {
  contractCredentials,
  firstMandateReferenceOf,
  landlordReleaseCode,
} from '../../src/server/contracts/credentials';
import { contracts } from '../../src/server/db/schema/index';
import { completeNewApiApplication, securityFields } from '../../src/server/testing/fixtures';
import { call } from '../../src/server/testing/http';
import type { AppServer } from './server';

const isoIn = (n: number) => addDays(todayInBerlin(new Date()), n);

/** Persona Mustermann (accepted, digital) submitted through the new API; waits for the decision. */
export async function acceptedContract(server: AppServer) {
  // The fixture's dates are for the API tests' pinned clock; this server runs on today.
  const app = completeNewApiApplication() as {
    rentalObject: { rentalContract: Record<string, unknown> };
  } & Record<string, unknown>;
  app.rentalObject.rentalContract.signedAt = isoIn(-5);
  app.rentalObject.rentalContract.movedInAt = isoIn(10);
  app.policyStartDate = isoIn(10);
  const body = { ...app, ...(await securityFields(server.url)) };
  const cid = (await call(server.url, 'POST', '/api/tenancies', body)).body.cid as string;
  let st = await call(server.url, 'GET', `/api/application/state/${cid}`);
  for (let i = 0; i < 270 && ['submitted', 'created'].includes(st.body.state); i++) {
    await new Promise((r) => setTimeout(r, 100));
    st = await call(server.url, 'GET', `/api/application/state/${cid}`);
  }
  expect(st.body.state).toBe('accepted');
  const number = st.body.orderId as string;
  const row = (
    await server.db.orm.select().from(contracts).where(eq(contracts.contractNumber, number))
  )[0]!;
  return {
    number,
    applicationId: row.applicationId,
    mandateReference: firstMandateReferenceOf(row.applicationId),
    ...contractCredentials(server.config.serverSecret, row.applicationId),
    landlordCode: landlordReleaseCode(server.config.serverSecret, row.applicationId),
  };
}
