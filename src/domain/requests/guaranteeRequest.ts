// A tenant's request for an individual digital guarantee above the online maximum (spec §2
// /start, ADR 0836): what it holds and when it is complete. Pure; the browser and the server
// check the same rules.
import { hasForbiddenCharacters } from '../rules/characters';
import { depositMax, depositMaxReconfigured } from '../rules/limits';
import { emailPattern, phonePattern } from '../rules/patterns';

export const guaranteeRequestFields = ['amount', 'name', 'email', 'phone', 'message'] as const;
export type GuaranteeRequestField = (typeof guaranteeRequestFields)[number];

export type GuaranteeRequestCode =
  | 'required'
  | 'invalidNumber'
  | 'notAboveMaximum'
  | 'tooHigh'
  | 'invalidEmail'
  | 'invalidPhone'
  | 'tooLong'
  | 'invalidCharacters';

/** The largest deposit we take requests for (a guarantee beyond it is no consumer product). */
const guaranteeRequestMaxAmount = 1_000_000;
export const guaranteeRequestMaxLengths: Record<
  Exclude<GuaranteeRequestField, 'amount'>,
  number
> = {
  name: 60,
  email: 255,
  phone: 22,
  message: 1000,
};

export interface GuaranteeRequest {
  /** Deposit in euros. */
  amount: number;
  name: string;
  email: string;
  phone?: string;
  message?: string;
}

export type GuaranteeRequestErrors = Partial<Record<GuaranteeRequestField, GuaranteeRequestCode>>;

/** The online maximum of the mode: above it the tenant may send a request. */
export const onlineMaximum = (reconfigured: boolean) =>
  reconfigured ? depositMaxReconfigured : depositMax;

/** "60.000", "60000,50", 60000 -> 60000(.5); anything else undefined. */
export function parseRequestAmount(raw: unknown): number | undefined {
  if (typeof raw === 'number') return Number.isFinite(raw) ? raw : undefined;
  if (typeof raw !== 'string') return undefined;
  const s = raw.trim().replace(/\s|€/g, '');
  if (!/^\d{1,3}(\.\d{3})*(,\d{1,2})?$|^\d+(,\d{1,2})?$|^\d+(\.\d{1,2})?$/.test(s))
    return undefined;
  const german = /,/.test(s) || /^\d{1,3}(\.\d{3})+$/.test(s);
  const n = Number(german ? s.replace(/\./g, '').replace(',', '.') : s);
  return Number.isFinite(n) ? n : undefined;
}

const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');

/**
 * Reads a request from untrusted values: the request when complete, otherwise the first failing
 * code of each field (required -> form -> length).
 */
export function readGuaranteeRequest(
  input: Partial<Record<GuaranteeRequestField, unknown>>,
  opts: { reconfigured: boolean },
):
  | { request: GuaranteeRequest; errors?: undefined }
  | { request?: undefined; errors: GuaranteeRequestErrors } {
  const errors: GuaranteeRequestErrors = {};
  const rawAmount = input.amount;
  const amount = parseRequestAmount(rawAmount);
  if (typeof rawAmount !== 'number' && text(rawAmount) === '') errors.amount = 'required';
  else if (amount === undefined) errors.amount = 'invalidNumber';
  else if (amount <= onlineMaximum(opts.reconfigured)) errors.amount = 'notAboveMaximum';
  else if (amount > guaranteeRequestMaxAmount) errors.amount = 'tooHigh';
  const values = {
    name: text(input.name),
    email: text(input.email),
    phone: text(input.phone),
    message: text(input.message),
  };
  for (const field of ['name', 'email', 'phone', 'message'] as const) {
    const v = values[field];
    if (!v) {
      if (field === 'name' || field === 'email') errors[field] = 'required';
      continue;
    }
    if (v.length > guaranteeRequestMaxLengths[field]) errors[field] = 'tooLong';
    // The message may have several lines; every other field is one line.
    else if (hasForbiddenCharacters(field === 'message' ? v.replace(/\r?\n/g, ' ') : v))
      errors[field] = 'invalidCharacters';
    else if (field === 'email' && !emailPattern.test(v)) errors.email = 'invalidEmail';
    else if (field === 'phone' && !phonePattern.test(v)) errors.phone = 'invalidPhone';
  }
  if (Object.keys(errors).length > 0) return { errors };
  return {
    request: {
      amount: amount!,
      name: values.name,
      email: values.email,
      ...(values.phone ? { phone: values.phone } : {}),
      ...(values.message ? { message: values.message } : {}),
    },
  };
}
