import type { Config } from '../config';
import type { Clock } from '../clock';
import type { Database } from '../db/client';
import type { ApplicationRow } from '../db/schema/index';
import type { ApplicationKind, ApplicationStore } from './applications';
import { checkAttribution, type PartnerDirectory } from './attribution';
import { isPlausibleCid, newCid } from './cid';
import type { PartnerCaller } from '../partnerApi/keys';
import type { ProductSelectionStore } from './productSelections';
import type { ApiSubmissionStore } from './apiSubmissions';
import { partnerApiWarnings } from '../texts/api';
import {
  readRequestExtras,
  requestExtras,
  defaultAppConfig,
  defaultFormModel,
  hasErrors,
  isStepId,
  stepList,
  todayInBerlin,
  type AppConfig,
  type FieldErrors,
  type FormModel,
  type RuleContext,
  type StepId,
} from './rulebook';
import { wireCodecs, type WireCodec, type WireErrors } from './wire';
import { mergeChanges } from './save/merge';
import { persistSave } from './save/persist';
import { saveScope, showsCaptcha, validateSave, type SaveScope } from './save/validate';
import { formModelOf } from './storedModel';
import { TenancyError } from './tenancyErrors';

/** Runs the final submission's extra checks (captcha, bot fields); answers field errors. */
export interface SubmissionChecks {
  check(
    security: { captchaResponseKey?: unknown; pb?: unknown; pbt?: unknown; pbk?: unknown },
    row: ApplicationRow | undefined,
    opts: { final: boolean; captchaShown: boolean },
  ): Promise<{ errors: FieldErrors; captchaVerified: boolean }>;
}

// The queues a save hands work to are ports of their own (queues.ts), so save/persist.ts needs
// nothing from this file; re-exported for the modules that import them from here.
import type { DecisionQueue, WebhookQueue } from './queues';
export type { DecisionQueue, WebhookQueue };

export interface SaveInput {
  codec: WireCodec;
  cid?: unknown;
  reservation: boolean;
  step?: unknown;
  body: unknown;
  /** The partner whose key authenticated the call (no captcha, partner defaults; ADR 0711). */
  partner?: PartnerCaller | null;
  /** Spec §7 query product_selection: kept for an application it creates (ADR 0831). */
  productSelection?: string;
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

/** A save's application and what the request makes of it (TenancyService.openForSave). */
interface SaveTarget {
  /** The stored application; undefined for a new one. */
  row: ApplicationRow | undefined;
  cid: string;
  kind: ApplicationKind;
  /** An accepted reservation continued as a contract application. */
  continuesReservation: boolean;
  partner: PartnerCaller | null;
  body: Record<string, unknown>;
  extras: ReturnType<typeof readRequestExtras>;
  scope: SaveScope;
  ctx: RuleContext;
}

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
      products?: ProductSelectionStore;
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
    return codec.encodeModel(formModelOf(row));
  }

  emptyModel(): FormModel {
    return defaultFormModel();
  }

  /**
   * POST (no cid) or PATCH (cid): open the application (the one read), merge the request's changes
   * into its model, validate them, persist (the one write; ADR 0601). The model is stored even
   * with errors; the answer maps them field by field.
   */
  async save(input: SaveInput): Promise<SaveAnswer> {
    const { codec } = input;
    const target = await this.openForSave(input);
    const { row, partner, ctx } = target;
    const decoded = codec.decode(target.body);
    const warnings = this.warningsOf(codec, target.body, target.extras, partner);
    const merged = mergeChanges(row ? formModelOf(row) : defaultFormModel(), {
      decoded,
      step: target.scope.step,
      ctx,
      partner,
      tenantTerms: target.extras.tenantTerms,
      earlierDefaults:
        partner && row && this.deps.apiSubmissions
          ? await this.deps.apiSubmissions.defaultedOf(row.id)
          : [],
    });
    warnings.messages.push(...merged.messages);
    if (merged.asserted.length) warnings.assertedConsents = merged.asserted;
    if (merged.defaulted.length) warnings.defaultedFields = merged.defaulted;

    const { attribution, checked } = await this.checkOutsideRules(target, decoded, merged.model);
    const { model } = attribution;
    const verdict = validateSave(model, target.scope, ctx, {
      security: checked.errors,
      attribution: attribution.errors,
      refused: merged.refused,
      reachedBefore: row && !target.continuesReservation ? (row.reachedSteps as StepId[]) : [],
    });

    const applicationId = await persistSave(
      this.deps,
      {
        row,
        cid: target.cid,
        kind: target.kind,
        continuesReservation: target.continuesReservation,
        sandbox: partner?.sandbox ?? false,
        values: {
          data: this.storable(model),
          reachedSteps: verdict.reached,
          partnerCode: attribution.partnerCode,
          subPartnerCode: attribution.subPartnerCode,
          captchaVerified: checked.captchaVerified,
          now: this.deps.clock.now(),
        },
        partnerCall: partner
          ? {
              caller: partner,
              product: target.extras.product,
              asserted: merged.asserted,
              defaulted: merged.defaulted,
            }
          : undefined,
      },
      { submit: verdict.submits, scope: target.scope },
    );
    // The page's product is the one the application began with: written only when it is created
    // (no extra statement on the saves that follow, ADR 0601).
    if (!row && input.productSelection)
      await this.deps.products?.recordFirst(
        applicationId,
        input.productSelection,
        this.deps.clock.now(),
      );
    const answer: SaveAnswer = verdict.submits
      ? { cid: target.cid, errors: {}, skip_to: null, state: 'submitted' }
      : {
          ...(hasErrors(merged.refused) ? { [refusedValues]: merged.refused } : {}),
          cid: target.cid,
          errors: codec.encodeErrors(verdict.errors, model),
          skip_to: verdict.skipTo,
        };
    if (partner) answer.applicationId = applicationId;
    if (warnings.messages.length > 0 || warnings.assertedConsents || warnings.defaultedFields)
      answer.warnings = warnings;
    return answer;
  }

  /**
   * The checks beside the field rules that need the partner table or the captcha service: partner
   * codes are checked against the partner table, kept once known, never silently dropped (ADR
   * 0700); a partner's key replaces the captcha and the bot checks (ADR 0710).
   */
  private async checkOutsideRules(
    target: SaveTarget,
    decoded: ReturnType<WireCodec['decode']>,
    merged: FormModel,
  ) {
    const { row, partner, scope, ctx } = target;
    const attribution = await checkAttribution(this.deps.partners, merged, {
      partnerCode: row?.partnerCode ?? null,
      subPartnerCode: row?.subPartnerCode ?? null,
    });
    const checked = partner
      ? { errors: {}, captchaVerified: false }
      : await this.deps.checks.check(
          (decoded.model as { security?: Record<string, unknown> }).security ?? {},
          row,
          { final: scope.final, captchaShown: showsCaptcha(attribution.model, scope, ctx) },
        );
    return { attribution, checked };
  }

  /**
   * The save's application (read by cid, or a new cid) and what the request makes of it: its kind
   * (a reservation continued or begun), the partner, the step and the steps the save checks.
   */
  private async openForSave(input: SaveInput): Promise<SaveTarget> {
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
    if (row && partner && !(await this.belongsToPartner(row, partner.partnerCode)))
      throw new TenancyError('foreign_application');
    const steps = this.stepsFor(kind);
    const body = isObject(input.body) ? input.body : {};
    // Partners' systems name the step in the body ({step: "check"}); the query wins if both.
    const extras =
      input.codec.generation === 'new'
        ? readRequestExtras(body)
        : { tenantTerms: {}, step: undefined };
    const requestedStep = input.step !== undefined && input.step !== '' ? input.step : extras.step;
    let step: StepId | undefined;
    if (requestedStep !== undefined && requestedStep !== '') {
      if (typeof requestedStep !== 'string' || !isStepId(requestedStep))
        throw new TenancyError('invalid_step');
      step = requestedStep;
    }
    return {
      row,
      cid,
      kind,
      continuesReservation,
      partner,
      body,
      extras,
      scope: saveScope(steps, step),
      ctx: this.ruleContext(kind),
    };
  }

  /**
   * A key edits only its own partner's applications (ADR 1131): made with a key of that partner,
   * or begun in the browser under that partner's checked code. Neither a browser draft of another
   * partner (or of none) nor another partner's sandbox test can be taken over by knowing its cid.
   */
  private async belongsToPartner(row: ApplicationRow, partnerCode: string): Promise<boolean> {
    if (row.partnerCode === partnerCode) return true;
    return (await this.deps.apiSubmissions?.partnerOf(row.id)) === partnerCode;
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
