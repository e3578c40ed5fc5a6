import type { FormModel } from '../../domain/model/schema';
import type { StepId } from '../../domain/flow/steps';

/** Field errors of a save, by model path; values are German messages or stable codes. */
export type FieldErrors = Partial<Record<string, string[]>>;

export type LoadResult =
  | { kind: 'model'; model: FormModel }
  | { kind: 'redirect'; cid: string }
  | { kind: 'errors'; codes: string[] };

export interface SaveResult {
  cid?: string;
  errors: FieldErrors;
  /** Error codes that belong to no field (shown in the summary). */
  globalErrors: string[];
  skipTo?: StepId;
}

export interface SaveArgs {
  model: FormModel;
  cid: string | undefined;
  step: StepId;
  mask: readonly string[];
  reservation: boolean;
}

export interface Rate {
  paymentConditions: number;
  ratePerPayment: number;
  ratePerYear: number;
  noun: string;
  adverb: string;
}

export interface OrderStatus {
  state: string;
  orderId?: string;
  rate?: number | string;
  digital: boolean;
}

/**
 * Everything the web app asks the server. Two implementations: the new API (default) and the
 * old API adapter, chosen by AppConfig.apiGeneration (ADR 0302).
 */
export interface ApiClient {
  load(cid: string): Promise<LoadResult>;
  save(args: SaveArgs): Promise<SaveResult>;
  rates(deposit: number): Promise<Rate[]>;
  bankName(bankCode: string): Promise<string | undefined>;
  saveProgress(args: { cid: string; step: StepId; email: string }): Promise<void>;
  /** Partner lookup: the data array; [] for an unknown code (404 ignored). */
  partner(code: string, cid: string | undefined): Promise<unknown[]>;
  saveSubPartner(args: {
    cid: string | undefined;
    partnerCode: string;
    subPartnerCode: string;
  }): Promise<SaveResult>;
  status(cid: string, reservation: boolean): Promise<OrderStatus>;
}
