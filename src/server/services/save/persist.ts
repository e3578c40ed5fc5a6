import type { Database, Tx } from '../../db/client';
import type { ApplicationRow } from '../../db/schema/index';
import type { PartnerCaller } from '../../partnerApi/keys';
import type { ApiSubmissionStore } from '../apiSubmissions';
import type { ApplicationKind, ApplicationStore } from '../applications';
import { TenancyError } from '../tenancyErrors';
import type { DecisionQueue, WebhookQueue } from '../queues';
import type { StepId } from '../rulebook';
import type { SaveScope } from './validate';

export interface PersistDeps {
  db: Database;
  store: ApplicationStore;
  decisions: DecisionQueue;
  webhooks?: WebhookQueue;
  apiSubmissions?: ApiSubmissionStore;
}

/** One save's write: the application (new or stored) and the values it gets. */
export interface SaveWrite {
  row: ApplicationRow | undefined;
  cid: string;
  kind: ApplicationKind;
  /** An accepted reservation continued as a contract application: converted in the same write. */
  continuesReservation: boolean;
  sandbox: boolean;
  values: {
    data: Record<string, unknown>;
    reachedSteps: StepId[];
    /** The checked codes only: what commission is computed from (ADR 0700). */
    partnerCode: string | null;
    subPartnerCode: string | null;
    captchaVerified: boolean;
    now: Date;
  };
  /** A partner's call, recorded beside the application (ADR 0711). */
  partnerCall?: {
    caller: PartnerCaller;
    product: string | undefined;
    asserted: readonly string[];
    defaulted: readonly string[];
  };
}

/**
 * Writes one save and answers the application's id: a step save is one INSERT or UPDATE (ADR
 * 0601); a final save without errors submits the application in one transaction with its decision
 * job. A save that finds the application already submitted throws `already_submitted`.
 */
export async function persistSave(
  deps: PersistDeps,
  write: SaveWrite,
  opts: { submit: boolean; scope: SaveScope },
): Promise<string> {
  if (!opts.submit) return storeStep(deps, write);
  const { step } = opts.scope;
  // The submitting step joins the reached ones; a whole application in one call reaches them all.
  const reachedSteps = opts.scope.steps.filter(
    (s) => write.values.reachedSteps.includes(s) || s === step || step === undefined,
  );
  return submit(deps, write, reachedSteps);
}

async function recordPartnerCall(
  deps: PersistDeps,
  write: SaveWrite,
  applicationId: string,
  tx?: Tx,
): Promise<void> {
  if (!write.partnerCall || !deps.apiSubmissions) return;
  await deps.apiSubmissions.record(
    { applicationId, ...write.partnerCall, now: write.values.now },
    tx,
  );
}

async function storeStep(deps: PersistDeps, write: SaveWrite): Promise<string> {
  const { row, values } = write;
  let applicationId: string;
  if (!row) {
    applicationId = (
      await deps.store.insert({
        cid: write.cid,
        kind: write.kind,
        sandbox: write.sandbox,
        ...values,
      })
    ).id;
  } else {
    // The common save is one UPDATE, atomic by itself: no BEGIN/COMMIT round trips (ADR 0601).
    // Continuing a reservation changes two things at once and keeps its transaction.
    const updated = write.continuesReservation
      ? await deps.db.transaction(async (tx) => {
          await deps.store.convertReservation(tx, row.id, values.now);
          return deps.store.updateEditable(row.id, values, tx);
        })
      : await deps.store.updateEditable(row.id, values);
    if (!updated) throw new TenancyError('already_submitted');
    applicationId = row.id;
  }
  await recordPartnerCall(deps, write, applicationId);
  return applicationId;
}

async function submit(
  deps: PersistDeps,
  write: SaveWrite,
  reachedSteps: StepId[],
): Promise<string> {
  const { row, values } = write;
  const { now } = values;
  const applicationId = await deps.db.transaction(async (tx) => {
    const id = row
      ? row.id
      : (
          await deps.store.insert(
            {
              cid: write.cid,
              kind: write.kind,
              data: values.data,
              reachedSteps: [],
              partnerCode: values.partnerCode,
              subPartnerCode: values.subPartnerCode,
              sandbox: write.sandbox,
              now,
            },
            tx,
          )
        ).id;
    if (row && write.continuesReservation) await deps.store.convertReservation(tx, row.id, now);
    await recordPartnerCall(deps, write, id, tx);
    const won = await deps.store.markSubmitted(tx, id, {
      data: values.data,
      reachedSteps,
      kind: write.kind,
      partnerCode: values.partnerCode,
      subPartnerCode: values.subPartnerCode,
      captchaVerified: values.captchaVerified,
      now,
    });
    if (!won) return undefined;
    await deps.decisions.enqueueDecision(tx, id, write.cid);
    await deps.webhooks?.enqueue(tx, id, 'submitted');
    return id;
  });
  if (applicationId === undefined) throw new TenancyError('already_submitted');
  return applicationId;
}
