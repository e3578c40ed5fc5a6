import type { FormModel } from '../../domain/model/schema';
import type { StepId } from '../../domain/flow/steps';
import type { RatesResponse } from '../../domain/tariff/rates';

/** Field errors of a save, by model path: German messages (the domain parses the server's shape). */
type FieldErrors = Partial<Record<string, string[]>>;

export type LoadResult =
  | { kind: 'model'; model: FormModel }
  | { kind: 'redirect'; cid: string }
  | { kind: 'errors'; codes: string[] };

export interface SaveResult {
  cid?: string;
  errors: FieldErrors;
  /** Messages or codes that belong to no field (shown above the form). */
  globalErrors: string[];
  /** A captcha error clears the captcha response (spec §5). */
  clearCaptcha: boolean;
  skipTo?: StepId;
  /** 'submitted' when this save was the final submission. */
  state?: string;
}

interface SaveArgs {
  model: FormModel;
  cid: string | undefined;
  step: StepId;
  mask: readonly string[];
  reservation: boolean;
}

export interface OrderStatus {
  state: string;
  orderId?: string;
  rate?: number | string;
  digital: boolean;
}

/**
 * Everything the web app asks the server. One implementation per API generation (new by default,
 * the old API by AppConfig.apiGeneration); both use the domain wire formats (ADR 0303).
 */
export interface ApiClient {
  load(cid: string): Promise<LoadResult>;
  save(args: SaveArgs): Promise<SaveResult>;
  /**
   * Rates per payment frequency for a deposit (spec §7: sum, payment, product_selection); cached
   * per query. `payment` is the chosen frequency, if any.
   */
  rates(deposit: number, payment?: number | null): Promise<RatesResponse>;
  bankName(bankCode: string): Promise<string | undefined>;
  /** Mails the resume link; answers the e-mail field's error message, if any. */
  saveProgress(args: { cid: string; step: StepId; email: string }): Promise<{ error?: string }>;
  /** Partner lookup: the data array; [] for an unknown code (404 ignored, spec §8). */
  partner(code: string, cid: string | undefined): Promise<unknown[]>;
  saveSubPartner(args: {
    cid: string | undefined;
    partnerCode: string;
    subPartnerCode: string;
  }): Promise<SaveResult>;
  /**
   * Spec §7 "POST checkout step endpoint": cid, partnerCode, subPartnerCode, product (the page's
   * product selection), step 'uce'; the answer is not read.
   */
  checkoutStep(args: { cid: string; partnerCode: string; subPartnerCode: string }): Promise<void>;
  status(cid: string, reservation: boolean): Promise<OrderStatus>;
}
