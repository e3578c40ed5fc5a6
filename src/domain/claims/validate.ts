// Reading a landlord's claim and a tenant's answers from untrusted input (issue 26): the claim
// when everything is right, otherwise one stable code per field. The German sentences are in
// src/domain/messages/claims.ts (claimErrorText); browser and server run the same rules.
import { hasForbiddenCharacters } from '../rules/characters';
import { ibanProblem, normalizeIban } from '../rules/tableRules';
import { parseEuroCents, utilityCapCents } from './amounts';
import { isClaimItemKind, type ArrearsMonth, type FiledClaimItem } from './kinds';
import { isClaimAnswer, type ClaimAnswer } from './states';

const claimLimits = {
  maxItems: 10,
  maxMonths: 24,
  /** One amount (a month, a damage, utility costs) at most; the guarantee caps the total anyway. */
  maxAmountCents: 10_000_000,
  descriptionMax: 2000,
  reasonMin: 10,
  reasonMax: 2000,
  periodMax: 40,
  holderMax: 70,
  emailMax: 254,
} as const;

export const claimErrorCodes = [
  'required',
  'invalid',
  'invalidCharacters',
  'tooLong',
  'tooShort',
  'tooMany',
  'kindUnknown',
  'monthInFuture',
  'monthTwice',
  'amountZero',
  'amountTooHigh',
  'overUtilityCap',
  'protocolRequired',
  'ibanCountry',
  'declarationRequired',
  'overRemaining',
  'counterNotLower',
] as const;
export type ClaimErrorCode = (typeof claimErrorCodes)[number];

/** One problem: the field path ('items.0.months.1.amount', 'iban') and its code. */
export interface ClaimFieldError {
  field: string;
  code: ClaimErrorCode;
  /** A limit the message names (the cap, the remaining amount), in cents. */
  cents?: number;
}

export interface ClaimFiling {
  items: FiledClaimItem[];
  totalCents: number;
  /** Electronic form, e.g. DE89370400440532013000. */
  iban: string;
  accountHolder: string;
  email: string;
  declaredDue: true;
}

type Raw = Record<string, unknown>;
const obj = (v: unknown): Raw =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Raw) : {};
const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');
const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@.]{2,}$/;

/** 'YYYY-MM', 'MM.JJJJ' or 'M/JJJJ' -> 'YYYY-MM'. */
export function parseMonth(raw: unknown): string | undefined {
  const s = text(raw);
  const iso = /^(\d{4})-(\d{2})$/.exec(s);
  const de = /^(\d{1,2})[./](\d{4})$/.exec(s);
  const [y, m] = iso ? [iso[1], iso[2]] : de ? [de[2], de[1]?.padStart(2, '0')] : [];
  if (!y || !m || Number(m) < 1 || Number(m) > 12 || Number(y) < 2000) return undefined;
  return `${y}-${m}`;
}

class Collector {
  readonly errors: ClaimFieldError[] = [];
  /** Records a problem; returns undefined so a reader can `return c.add(...)`. */
  add(field: string, code: ClaimErrorCode, cents?: number): undefined {
    this.errors.push(cents === undefined ? { field, code } : { field, code, cents });
    return undefined;
  }
  /** A required text: trimmed, no control characters, at most `max`. */
  text(field: string, raw: unknown, max: number, multiLine = false): string | undefined {
    const s = text(raw);
    if (!s) return this.add(field, 'required');
    // A description or reason may have line breaks; nothing else of the forbidden characters.
    if (hasForbiddenCharacters(multiLine ? s.replace(/\r?\n/g, ' ') : s))
      return this.add(field, 'invalidCharacters');
    if (s.length > max) return this.add(field, 'tooLong');
    return s;
  }
  amount(field: string, raw: unknown): number | undefined {
    if (text(raw) === '' && typeof raw !== 'number') return this.add(field, 'required');
    const cents = parseEuroCents(raw);
    if (cents === undefined) return this.add(field, 'invalid');
    if (cents === 0) return this.add(field, 'amountZero');
    if (cents > claimLimits.maxAmountCents) return this.add(field, 'amountTooHigh');
    return cents;
  }
}

function readArrears(
  c: Collector,
  at: string,
  raw: Raw,
  today: string,
): FiledClaimItem | undefined {
  const list = Array.isArray(raw.months) ? raw.months : [];
  if (list.length === 0) return c.add(`${at}.months`, 'required');
  if (list.length > claimLimits.maxMonths) return c.add(`${at}.months`, 'tooMany');
  const thisMonth = today.slice(0, 7);
  const seen = new Set<string>();
  const months: ArrearsMonth[] = [];
  list.forEach((m, j) => {
    const row = obj(m);
    const f = `${at}.months.${j}`;
    const monthText = text(row.month);
    const month = parseMonth(monthText);
    if (!monthText) c.add(`${f}.month`, 'required');
    else if (!month) c.add(`${f}.month`, 'invalid');
    else if (month > thisMonth) c.add(`${f}.month`, 'monthInFuture');
    else if (seen.has(month)) c.add(`${f}.month`, 'monthTwice');
    if (month) seen.add(month);
    const cents = c.amount(`${f}.amount`, row.amount);
    if (month && cents !== undefined) months.push({ month, amountCents: cents });
  });
  if (months.length !== list.length) return undefined;
  months.sort((a, b) => a.month.localeCompare(b.month));
  const claimedCents = months.reduce((s, m) => s + m.amountCents, 0);
  return { kind: 'rent_arrears', claimedCents, details: { months } };
}

function readUtility(c: Collector, at: string, raw: Raw): FiledClaimItem | undefined {
  const period = c.text(`${at}.period`, raw.period, claimLimits.periodMax);
  const monthly = c.amount(`${at}.monthlyPrepayment`, raw.monthlyPrepayment);
  const claimed = c.amount(`${at}.amount`, raw.amount);
  const pending = raw.settlementPending !== false && raw.settlementPending !== 'false';
  if (period === undefined || monthly === undefined || claimed === undefined) return undefined;
  if (pending && claimed > utilityCapCents(monthly))
    return c.add(`${at}.amount`, 'overUtilityCap', utilityCapCents(monthly));
  return {
    kind: 'utility_costs',
    claimedCents: claimed,
    details: { period, monthlyPrepaymentCents: monthly, settlementPending: pending },
  };
}

function readDamage(c: Collector, at: string, raw: Raw): FiledClaimItem | undefined {
  const description = c.text(
    `${at}.description`,
    raw.description,
    claimLimits.descriptionMax,
    true,
  );
  const claimed = c.amount(`${at}.amount`, raw.amount);
  const protocol = raw.handoverProtocol === true || raw.handoverProtocol === 'true';
  if (!protocol) c.add(`${at}.handoverProtocol`, 'protocolRequired');
  if (description === undefined || claimed === undefined || !protocol) return undefined;
  return {
    kind: 'damage',
    claimedCents: claimed,
    details: { description, handoverProtocol: true },
  };
}

/**
 * Reads a landlord's claim. `today` is Berlin's date (months in the future are refused);
 * `remainingCents` is what is left of the guarantee (the total may not exceed it).
 */
export function readClaimFiling(
  input: unknown,
  opts: { today: string; remainingCents: number },
): { filing: ClaimFiling; errors?: undefined } | { filing?: undefined; errors: ClaimFieldError[] } {
  const raw = obj(input);
  const c = new Collector();
  const list = Array.isArray(raw.items) ? raw.items : [];
  const items: FiledClaimItem[] = [];
  if (list.length === 0) c.add('items', 'required');
  else if (list.length > claimLimits.maxItems) c.add('items', 'tooMany');
  else
    list.forEach((entry, i) => {
      const row = obj(entry);
      const at = `items.${i}`;
      if (!isClaimItemKind(row.kind)) return c.add(`${at}.kind`, 'kindUnknown');
      const item =
        row.kind === 'rent_arrears'
          ? readArrears(c, at, row, opts.today)
          : row.kind === 'utility_costs'
            ? readUtility(c, at, row)
            : readDamage(c, at, row);
      if (item) items.push(item);
    });
  const holder = c.text('accountHolder', raw.accountHolder, claimLimits.holderMax);
  const ibanText = text(raw.iban);
  const iban = normalizeIban(ibanText);
  if (!ibanText) c.add('iban', 'required');
  else {
    const p = ibanProblem(ibanText);
    if (p) c.add('iban', p === 'notAllowedCountry' ? 'ibanCountry' : 'invalid');
  }
  const email = text(raw.email).toLowerCase();
  if (!email) c.add('email', 'required');
  else if (!emailPattern.test(email) || email.length > claimLimits.emailMax)
    c.add('email', 'invalid');
  const declared = raw.declaration === true || raw.declaration === 'true';
  if (!declared) c.add('declaration', 'declarationRequired');
  const totalCents = items.reduce((s, i) => s + i.claimedCents, 0);
  if (items.length === list.length && totalCents > opts.remainingCents)
    c.add('items', 'overRemaining', opts.remainingCents);
  if (c.errors.length > 0 || holder === undefined) return { errors: c.errors };
  return {
    filing: { items, totalCents, iban, accountHolder: holder, email, declaredDue: true },
  };
}

export interface ReadAnswer {
  itemId: string;
  answer: ClaimAnswer;
  /** Required for an objection; optional with a lower amount. */
  reason?: string;
  /** The lower amount the tenant proposes (counter only). */
  counterCents?: number;
}

/**
 * Reads the tenant's answer to one item (`claimedCents` is the item's amount: a proposal must be
 * lower). Field paths are relative to the item ('answer', 'reason', 'counterAmount').
 */
export function readClaimAnswer(
  input: unknown,
  claimedCents: number,
): { answer: ReadAnswer; errors?: undefined } | { answer?: undefined; errors: ClaimFieldError[] } {
  const raw = obj(input);
  const c = new Collector();
  const itemId = text(raw.itemId);
  if (!isClaimAnswer(raw.answer)) {
    c.add('answer', 'required');
    return { errors: c.errors };
  }
  const answer = raw.answer;
  if (answer === 'accept') return { answer: { itemId, answer } };
  if (answer === 'object') {
    const reason = c.text('reason', raw.reason, claimLimits.reasonMax, true);
    if (reason !== undefined && reason.length < claimLimits.reasonMin) c.add('reason', 'tooShort');
    return c.errors.length || reason === undefined
      ? { errors: c.errors }
      : { answer: { itemId, answer, reason } };
  }
  const counterCents = c.amount('counterAmount', raw.counterAmount);
  if (counterCents !== undefined && counterCents >= claimedCents)
    c.add('counterAmount', 'counterNotLower', claimedCents);
  const reasonText = text(raw.reason);
  const reason = reasonText ? c.text('reason', reasonText, claimLimits.reasonMax, true) : undefined;
  if (c.errors.length || counterCents === undefined) return { errors: c.errors };
  return { answer: { itemId, answer, counterCents, ...(reason ? { reason } : {}) } };
}
