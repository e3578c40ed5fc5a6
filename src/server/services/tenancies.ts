import type { Config } from '../config';
import type { Clock } from '../clock';
import type { Database, Tx } from '../db/client';
import type { ApplicationRow } from '../db/schema/index';
import type { ApplicationKind, ApplicationStore } from './applications';
import { checkAttribution, type PartnerDirectory } from './attribution';
import { isPlausibleCid, newCid } from './cid';
import type { PartnerCaller } from '../partnerApi/keys';
import type { WebhookEventType } from '../webhooks/events';
import type { ApiSubmissionStore } from './apiSubmissions';
import { partnerApiWarnings } from '../texts/api';
import {
  activeMask,
  assertConsents,
  partnerDefaults,
  readRequestExtras,
  requestExtras,
  defaultAppConfig,
  defaultFormModel,
  getField,
  hasErrors,
  isFieldPath,
  isStepId,
  setField,
  stepList,
  todayInBerlin,
  unstorableValues,
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
  | 'invalid_step'
  | 'sandbox_mismatch';

export const tenancyErrorStatus: Record<TenancyErrorCode, number> = {
  unknown: 404,
  days_to_keep_data_exceeded: 410,
  reservation_expired: 410,
  already_submitted: 409,
  invalid_step: 400,
  sandbox_mismatch: 409,
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

/** Partners' webhooks: a state change recorded in the transaction that makes it. */
export interface WebhookQueue {
  enqueue(tx: Tx, applicationId: string, type: WebhookEventType): Promise<unknown>;
}

export interface SaveInput {
  codec: WireCodec;
  cid?: unknown;
  reservation: boolean;
  step?: unknown;
  body: unknown;
  /** The partner whose key authenticated the call (no captcha, partner defaults; ADR 0711). */
  partner?: PartnerCaller | null;
}

/** What an integrator should look at although the save went through (ADR 0711). */
export interface SaveWarnings {
  /** Keys of the body that are no field and no request extra, as dotted paths. */
  unknownFields?: string[];
  /** Known keys that only count with a partner key (tenant termsAccepted, product). */
  ignoredFields?: string[];
  /** Fields a partner call left out and that got their documented default. */
  defaultedFields?: string[];
  /** Consents taken from the tenant's termsAccepted as the partner asserted it. */
  assertedConsents?: string[];
  /** The same in German sentences. */
  messages: string[];
}

/**
 * Set (a symbol: never serialised) when the save refused values it cannot store (forbidden
 * characters, over-long text): the route answers 400; the rest of the save was stored (ADR 1108).
 */
export const refusedValues = Symbol('refusedValues');

export interface SaveAnswer {
  [refusedValues]?: FieldErrors;
  cid: string;
  errors: WireErrors;
  skip_to: StepId | null;
  /** Set when this save was the final submission and it was accepted for processing. */
  state?: 'submitted';
  /** Partner calls: the application's id, as webhook events name it. */
  applicationId?: string;
  warnings?: SaveWarnings;
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
      partners: PartnerDirectory;
      webhooks?: WebhookQueue;
      apiSubmissions?: ApiSubmissionStore;
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
      stepList: config.steps.length > 0 ? config.steps : defaultAppConfig.stepList,
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
    // The landlord step's 'Reservieren und später fortfahren' (spec §2) turns the same, not yet
    // submitted contract application into a reservation: its final save then submits it as one.
    const becomesReservation = row?.kind === 'contract' && !row.submittedAt && input.reservation;
    const kind: ApplicationKind =
      row && !continuesReservation && !becomesReservation
        ? row.kind
        : input.reservation
          ? 'reservation'
          : 'contract';
    const partner = input.partner ?? null;
    if (row && partner && row.sandbox !== partner.sandbox)
      throw new TenancyError('sandbox_mismatch');
    const list = this.stepsFor(kind);
    const body = isObject(input.body) ? input.body : {};
    // Partners' systems name the step in the body ({step: "check"}); the query wins if both.
    const extras =
      codec.generation === 'new' ? readRequestExtras(body) : { tenantTerms: {}, step: undefined };
    const requestedStep = input.step !== undefined && input.step !== '' ? input.step : extras.step;
    let step: StepId | undefined;
    if (requestedStep !== undefined && requestedStep !== '') {
      if (typeof requestedStep !== 'string' || !isStepId(requestedStep))
        throw new TenancyError('invalid_step');
      step = requestedStep;
    }
    const ctx = this.ruleContext(kind);

    const decoded = codec.decode(body);
    // Security answers and client state are never stored, so never refused for their length.
    const refused = unstorableValues(
      decoded.model as FormModel,
      decoded.sent.filter((p) => !serverOwnedGroups.includes(p.split('.')[0]!)),
    );
    const warnings = this.warningsOf(codec, body, extras, partner);
    let model =
      row && !continuesReservation
        ? this.modelOf(row)
        : row
          ? this.modelOf(row)
          : defaultFormModel();
    for (const path of decoded.sent) {
      if (serverOwnedGroups.includes(path.split('.')[0]!)) continue;
      if (path in refused) continue; // keeps its previous value
      model = setField(model, path, getField(decoded.model as FormModel, path) as never);
    }
    // The body is the whole state of the step: a shown field that was not sent has been emptied.
    const sentPaths = new Set<string>(decoded.sent);
    if (step) {
      for (const path of activeMask(model, step, ctx)) {
        if (!sentPaths.has(path) && !serverOwnedGroups.includes(path.split('.')[0]!)) {
          model = setField(model, path, undefined as never);
        }
      }
    }
    for (const path of decoded.cleared) model = setField(model, path, undefined as never);
    let asserted: FieldPath[] = [];
    let defaulted: FieldPath[] = [];
    if (partner) {
      // The key names the partner; a different code in the body is not taken (and said so).
      const sentCode = model.billing.partner_code?.trim();
      if (sentCode && sentCode !== partner.partnerCode)
        warnings.messages.push(
          partnerApiWarnings.partnerCodeFromKey(partner.partnerCode, sentCode),
        );
      model = setField(model, 'billing.partner_code', partner.partnerCode);
      ({ model, asserted } = assertConsents(model, sentPaths, extras.tenantTerms));
      // Defaults of an earlier save are computed again (a policy start of "today" goes stale).
      if (row && this.deps.apiSubmissions)
        for (const path of await this.deps.apiSubmissions.defaultedOf(row.id))
          if (isFieldPath(path) && !sentPaths.has(path))
            model = setField(model, path, undefined as never);
      ({ model, defaulted } = partnerDefaults(model, sentPaths, ctx.today));
      if (asserted.length) warnings.assertedConsents = asserted;
      if (defaulted.length) warnings.defaultedFields = defaulted;
    }

    // Partner codes: checked against the partner table, kept once known, never silently dropped.
    const attribution = await checkAttribution(this.deps.partners, model, {
      partnerCode: row?.partnerCode ?? null,
      subPartnerCode: row?.subPartnerCode ?? null,
    });
    model = attribution.model;

    // No step: a partner's system sends the whole application in one call (final submission).
    const final = step === undefined || step === list[list.length - 1];
    const stepsToCheck = final ? list : [step!];
    let errors = validateSteps(model, stepsToCheck, ctx);
    const captchaShown = stepsToCheck.some((s) =>
      activeMask(model, s, ctx).includes('security.captchaResponseKey' as FieldPath),
    );
    const security = (decoded.model as { security?: Record<string, unknown> }).security ?? {};
    // A partner's key replaces the captcha and the bot checks (ADR 0710).
    const checked = partner
      ? { errors: {}, captchaVerified: false }
      : await this.deps.checks.check(security, row, { final, captchaShown });
    // Field errors of security fields come from the checks, not the field rules.
    errors = Object.fromEntries(
      Object.entries(errors).filter(([p]) => !p.startsWith('security.')),
    ) as FieldErrors;
    errors = { ...errors, ...checked.errors, ...attribution.errors, ...refused };

    const stored = this.storable(model);
    const reachedBefore = row && !continuesReservation ? row.reachedSteps : [];
    const reached =
      !hasErrors(errors) && step && !reachedBefore.includes(step)
        ? [...reachedBefore, step]
        : reachedBefore;
    const now = this.deps.clock.now();
    // The columns hold only checked codes: what commission is computed from (ADR 0700).
    const { partnerCode, subPartnerCode } = attribution;
    const wireErrors = codec.encodeErrors(errors, model);
    // Only a final submission answers skip_to; a step save need not walk every step's mask.
    const firstErrorStep =
      final && hasErrors(errors)
        ? list.find((s) =>
            activeMask(model, s, ctx).some((p) => (errors as Record<string, unknown>)[p]),
          )
        : undefined;

    const sandbox = partner?.sandbox ?? false;
    const recordPartner = async (applicationId: string, tx?: Tx) => {
      if (!partner || !this.deps.apiSubmissions) return;
      await this.deps.apiSubmissions.record(
        { applicationId, caller: partner, product: extras.product, asserted, defaulted, now },
        tx,
      );
    };
    const finish = (answer: SaveAnswer, applicationId: string): SaveAnswer => {
      const out: SaveAnswer = { ...answer };
      if (partner) out.applicationId = applicationId;
      if (warnings.messages.length > 0 || warnings.assertedConsents || warnings.defaultedFields)
        out.warnings = warnings;
      return out;
    };

    if (final && !hasErrors(errors)) {
      const allReached = list.filter(
        (s) => reached.includes(s) || s === step || step === undefined,
      );
      let applicationId = row?.id ?? '';
      const submitted = await this.deps.db.transaction(async (tx) => {
        let id = row?.id;
        if (!row) {
          id = (
            await this.deps.store.insert(
              {
                cid,
                kind,
                data: stored,
                reachedSteps: [],
                partnerCode,
                subPartnerCode,
                sandbox,
                now,
              },
              tx,
            )
          ).id;
        } else if (continuesReservation) {
          await this.deps.store.convertReservation(tx, row.id, now);
        }
        applicationId = id!;
        await recordPartner(id!, tx);
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
        await this.deps.webhooks?.enqueue(tx, id!, 'submitted');
        return true;
      });
      if (!submitted) throw new TenancyError('already_submitted');
      return finish({ cid, errors: {}, skip_to: null, state: 'submitted' }, applicationId);
    }

    const values = {
      data: stored,
      reachedSteps: reached,
      partnerCode,
      subPartnerCode,
      captchaVerified: checked.captchaVerified,
      now,
    };
    let applicationId = row?.id ?? '';
    if (!row) {
      applicationId = (await this.deps.store.insert({ cid, kind, sandbox, ...values })).id;
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
    await recordPartner(applicationId);
    return finish(
      {
        ...(hasErrors(refused) ? { [refusedValues]: refused } : {}),
        cid,
        errors: wireErrors,
        skip_to: final && firstErrorStep && firstErrorStep !== step ? firstErrorStep : null,
      },
      applicationId,
    );
  }

  /** Unknown keys of the body, and partner-only keys sent without a key (ADR 0711). */
  private warningsOf(
    codec: WireCodec,
    body: Record<string, unknown>,
    extras: { tenantTerms: object; product?: string },
    partner: PartnerCaller | null,
  ): SaveWarnings {
    const warnings: SaveWarnings = { messages: [] };
    const unknown = codec.wire.unknownKeys(body, codec.generation === 'new' ? requestExtras : []);
    if (unknown.length > 0) {
      warnings.unknownFields = unknown;
      warnings.messages.push(partnerApiWarnings.unknownFields(unknown));
    }
    if (!partner) {
      const ignored = [
        ...Object.keys(extras.tenantTerms).map((group) => `${group}.termsAccepted`),
        ...(extras.product ? ['product'] : []),
      ];
      if (ignored.length > 0) {
        warnings.ignoredFields = ignored;
        warnings.messages.push(partnerApiWarnings.ignoredFields(ignored));
      }
    }
    return warnings;
  }

  /** Captcha answers and client state (lock, forced errors, cid) are never stored. */
  private storable(model: FormModel): Record<string, unknown> {
    const { security: _s, formHandling: _f, cid: _c, ...rest } = model;
    return rest;
  }
}
