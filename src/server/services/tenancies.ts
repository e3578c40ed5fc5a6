import type { Config } from '../config';
import type { Clock } from '../clock';
import type { Database, Tx } from '../db/client';
import type { ApplicationRow } from '../db/schema/index';
import type { ApplicationKind, ApplicationStore } from './applications';
import { isPlausibleCid, newCid } from './cid';
import {
  activeMask,
  defaultAppConfig,
  defaultFormModel,
  getField,
  hasErrors,
  isStepId,
  setField,
  stepList,
  todayInBerlin,
  validateSteps,
  type AppConfig,
  type FieldErrors,
  type FieldPath,
  type FormModel,
  type RuleContext,
  type StepId,
} from './rulebook';
import { wireCodecs, type WireCodec, type WireErrors } from './wire';

/** Request-level failures (not about one field): the /error keys of spec §8 and a few more. */
export type TenancyErrorCode =
  | 'unknown'
  | 'days_to_keep_data_exceeded'
  | 'reservation_expired'
  | 'already_submitted'
  | 'invalid_step';

export const tenancyErrorStatus: Record<TenancyErrorCode, number> = {
  unknown: 404,
  days_to_keep_data_exceeded: 410,
  reservation_expired: 410,
  already_submitted: 409,
  invalid_step: 400,
};

export class TenancyError extends Error {
  constructor(readonly code: TenancyErrorCode) {
    super(code);
  }
}

/** Runs the final submission's extra checks (captcha, bot fields); answers field errors. */
export interface SubmissionChecks {
  check(
    security: { captchaResponseKey?: unknown; pb?: unknown; pbt?: unknown; pbk?: unknown },
    row: ApplicationRow | undefined,
    opts: { final: boolean; captchaShown: boolean },
  ): Promise<{ errors: FieldErrors; captchaVerified: boolean }>;
}

/** The processing engineer's decision queue; enqueued in the submission's own transaction. */
export interface DecisionQueue {
  enqueueDecision(tx: Tx, applicationId: string, cid?: string): Promise<unknown>;
}

export interface SaveInput {
  codec: WireCodec;
  cid?: unknown;
  reservation: boolean;
  step?: unknown;
  body: unknown;
}

export interface SaveAnswer {
  cid: string;
  errors: WireErrors;
  skip_to: StepId | null;
  /** Set when this save was the final submission and it was accepted for processing. */
  state?: 'submitted';
}

const serverOwnedGroups = ['security', 'formHandling'];

function isObject(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

export class TenancyService {
  readonly codecs: { new: WireCodec; old: WireCodec };

  constructor(
    private readonly deps: {
      config: Config;
      db: Database;
      clock: Clock;
      store: ApplicationStore;
      checks: SubmissionChecks;
      decisions: DecisionQueue;
    },
  ) {
    this.codecs = wireCodecs(deps.config.reconfigured);
  }

  appConfig(): AppConfig {
    const { config } = this.deps;
    return {
      ...defaultAppConfig,
      apiGeneration: config.apiGeneration,
      reconfigured: config.reconfigured,
      reservationGlobal: config.reservation,
      stepList:
        config.steps.length > 0
          ? (config.steps.filter((s) => isStepId(s)) as StepId[])
          : defaultAppConfig.stepList,
    };
  }

  /** The steps this application walks through (server side: no vm_id/uvm_id shortcut). */
  stepsFor(kind: ApplicationKind): StepId[] {
    return stepList(this.appConfig(), { reservation: kind === 'reservation', hasVmAndUvm: false });
  }

  ruleContext(kind: ApplicationKind): RuleContext {
    return {
      today: todayInBerlin(this.deps.clock.now()),
      reconfigured: this.deps.config.reconfigured,
      reservation: kind === 'reservation',
      stepList: this.stepsFor(kind),
    };
  }

  /** Finds a cid's application or throws the spec §8 error key that explains why not. */
  async open(cid: unknown, opts: { forEdit: boolean }): Promise<ApplicationRow> {
    if (!isPlausibleCid(cid)) throw new TenancyError('unknown');
    const row = await this.deps.store.findByCid(cid);
    if (!row) {
      const reason = await this.deps.store.deletionReason(cid);
      if (reason === 'reservation_expired') throw new TenancyError('reservation_expired');
      if (reason === 'days_to_keep_data_exceeded')
        throw new TenancyError('days_to_keep_data_exceeded');
      // declined_retention: a declined application deleted after its retention period (issue 6).
      if (reason) throw new TenancyError('days_to_keep_data_exceeded');
      throw new TenancyError('unknown');
    }
    const now = this.deps.clock.now().getTime();
    const day = 86_400_000;
    if (row.kind === 'reservation' && row.submittedAt) {
      if (now - row.submittedAt.getTime() > this.deps.config.reservationDays * day) {
        throw new TenancyError('reservation_expired');
      }
      if (row.orderState !== 'accepted') throw new TenancyError('already_submitted');
    } else if (row.submittedAt) {
      throw new TenancyError('already_submitted');
    }
    if (
      !row.submittedAt &&
      now - row.updatedAt.getTime() > this.deps.config.dataRetentionDays * day
    ) {
      throw new TenancyError('days_to_keep_data_exceeded');
    }
    void opts;
    return row;
  }

  /** GET: the saved form model in the codec's wire shape. */
  async load(codec: WireCodec, cid: unknown): Promise<Record<string, unknown>> {
    const row = await this.open(cid, { forEdit: false });
    return codec.encodeModel(this.modelOf(row));
  }

  emptyModel(): FormModel {
    return defaultFormModel();
  }

  modelOf(row: ApplicationRow): FormModel {
    let model = { ...defaultFormModel(), ...(row.data as Partial<FormModel>) } as FormModel;
    const reserved = row.kind === 'reservation' && row.orderState === 'accepted';
    const contractState = reserved ? 'not_completed_reservation' : row.contractState;
    if (contractState) model = setField(model, 'formHandling.contractState', contractState);
    return model;
  }

  /** POST (no cid) or PATCH (cid): decode, merge, validate by step, store, maybe submit. */
  async save(input: SaveInput): Promise<SaveAnswer> {
    const { codec } = input;
    let row: ApplicationRow | undefined;
    let cid: string;
    if (input.cid !== undefined) {
      row = await this.open(input.cid, { forEdit: true });
      cid = input.cid as string;
    } else {
      cid = newCid();
    }
    // A reservation that was accepted continues as a contract application (spec §2 /landlord hint).
    const continuesReservation =
      row?.kind === 'reservation' && row.orderState === 'accepted' && !input.reservation;
    const kind: ApplicationKind =
      row && !continuesReservation ? row.kind : input.reservation ? 'reservation' : 'contract';
    const list = this.stepsFor(kind);
    let step: StepId | undefined;
    if (input.step !== undefined && input.step !== '') {
      if (typeof input.step !== 'string' || !isStepId(input.step))
        throw new TenancyError('invalid_step');
      step = input.step;
    }
    const ctx = this.ruleContext(kind);

    const decoded = codec.decode(isObject(input.body) ? input.body : {});
    let model =
      row && !continuesReservation
        ? this.modelOf(row)
        : row
          ? this.modelOf(row)
          : defaultFormModel();
    for (const path of decoded.sent) {
      if (serverOwnedGroups.includes(path.split('.')[0]!)) continue;
      model = setField(model, path, getField(decoded.model as FormModel, path) as never);
    }
    // The body is the whole state of the step: a shown field that was not sent has been emptied.
    if (step) {
      const sent = new Set(decoded.sent);
      for (const path of activeMask(model, step, ctx)) {
        if (!sent.has(path) && !serverOwnedGroups.includes(path.split('.')[0]!)) {
          model = setField(model, path, undefined as never);
        }
      }
    }

    // No step: a partner's system sends the whole application in one call (final submission).
    const final = step === undefined || step === list[list.length - 1];
    const stepsToCheck = final ? list : [step!];
    let errors = validateSteps(model, stepsToCheck, ctx);
    const captchaShown = stepsToCheck.some((s) =>
      activeMask(model, s, ctx).includes('security.captchaResponseKey' as FieldPath),
    );
    const security = (decoded.model as { security?: Record<string, unknown> }).security ?? {};
    const checked = await this.deps.checks.check(security, row, { final, captchaShown });
    // Field errors of security fields come from the checks, not the field rules.
    errors = Object.fromEntries(
      Object.entries(errors).filter(([p]) => !p.startsWith('security.')),
    ) as FieldErrors;
    errors = { ...errors, ...checked.errors };

    const stored = this.storable(model);
    const reachedBefore = row && !continuesReservation ? row.reachedSteps : [];
    const reached =
      !hasErrors(errors) && step && !reachedBefore.includes(step)
        ? [...reachedBefore, step]
        : reachedBefore;
    const now = this.deps.clock.now();
    const partnerCode = model.billing.partner_code?.trim() || null;
    const subPartnerCode = model.uce.subPartnerCode?.trim() || null;
    const wireErrors = codec.encodeErrors(errors, model);
    // Only a final submission answers skip_to; a step save need not walk every step's mask.
    const firstErrorStep =
      final && hasErrors(errors)
        ? list.find((s) =>
            activeMask(model, s, ctx).some((p) => (errors as Record<string, unknown>)[p]),
          )
        : undefined;

    if (final && !hasErrors(errors)) {
      const allReached = list.filter(
        (s) => reached.includes(s) || s === step || step === undefined,
      );
      const submitted = await this.deps.db.transaction(async (tx) => {
        let id = row?.id;
        if (!row) {
          id = (
            await this.deps.store.insert(
              { cid, kind, data: stored, reachedSteps: [], partnerCode, subPartnerCode, now },
              tx,
            )
          ).id;
        } else if (continuesReservation) {
          await this.deps.store.convertReservation(tx, row.id, now);
        }
        const won = await this.deps.store.markSubmitted(tx, id!, {
          data: stored,
          reachedSteps: allReached,
          kind,
          partnerCode,
          subPartnerCode,
          captchaVerified: checked.captchaVerified,
          now,
        });
        if (!won) return false;
        await this.deps.decisions.enqueueDecision(tx, id!, cid);
        return true;
      });
      if (!submitted) throw new TenancyError('already_submitted');
      return { cid, errors: {}, skip_to: null, state: 'submitted' };
    }

    const values = {
      data: stored,
      reachedSteps: reached,
      partnerCode,
      subPartnerCode,
      captchaVerified: checked.captchaVerified,
      now,
    };
    if (!row) {
      await this.deps.store.insert({ cid, kind, ...values });
    } else {
      // The common save is one UPDATE, atomic by itself: no BEGIN/COMMIT round trips (ADR 0601).
      // Continuing a reservation changes two things at once and keeps its transaction.
      const updated = continuesReservation
        ? await this.deps.db.transaction(async (tx) => {
            await this.deps.store.convertReservation(tx, row.id, now);
            return this.deps.store.updateEditable(row.id, values, tx);
          })
        : await this.deps.store.updateEditable(row.id, values);
      if (!updated) throw new TenancyError('already_submitted');
    }
    return {
      cid,
      errors: wireErrors,
      skip_to: final && firstErrorStep && firstErrorStep !== step ? firstErrorStep : null,
    };
  }

  /** Captcha answers and client state (lock, forced errors, cid) are never stored. */
  private storable(model: FormModel): Record<string, unknown> {
    const { security: _s, formHandling: _f, cid: _c, ...rest } = model;
    return rest;
  }
}
