import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import {
  defaultTariff,
  isStepId,
  limits,
  parseInsurers,
  stepIds,
  type Insurer,
  type StepId,
  type Tariff,
} from '../domain/index';
import type { OperatorDetails } from '../domain/legal/index';
import type { SealIdentity } from './documents/seal';
import { operatorPlaceholder, operatorVariables } from './documents/operator';
import { evidenceConfigOf, evidenceEnv, type EvidenceConfig } from './evidence/config';

/**
 * Every environment variable the server reads, in one place, typed and checked at start.
 * A wrong value stops the start with a message that names the variable (never a stack trace).
 */
const bool = (fallback: boolean) =>
  z
    .enum(['1', '0', 'true', 'false', 'yes', 'no', 'on', 'off', ''])
    .optional()
    .transform((v) =>
      v === undefined || v === '' ? fallback : ['1', 'true', 'yes', 'on'].includes(v),
    );

const list = z
  .string()
  .optional()
  .transform((v) =>
    (v ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  );

/** STEPS: known step names, each once (a typo would silently drop a step). */
const stepListSetting = list
  .superRefine((names, ctx) => {
    const unknown = names.filter((s) => !isStepId(s));
    const twice = names.filter((s, i) => names.indexOf(s) !== i);
    if (unknown.length)
      ctx.addIssue({
        code: 'custom',
        message: `unknown step ${unknown.join(', ')}; the steps are ${stepIds.join(', ')}`,
      });
    if (twice.length) ctx.addIssue({ code: 'custom', message: `step ${twice.join(', ')} twice` });
  })
  .transform((names) => names.filter(isStepId));

/** A rate-limit window as @fastify/rate-limit reads it: milliseconds or e.g. '1 minute', '30 s'. */
const timeWindow = z
  .string()
  .trim()
  .regex(
    /^\d+(\.\d+)?\s*(ms|msecs?|milliseconds?|s|secs?|seconds?|m|mins?|minutes?|h|hrs?|hours?|d|days?|w|wks?|weeks?|y|yrs?|years?)?$/i,
    "must be a duration such as '1 minute' or '30 seconds'",
  );

const pathOf = (v: string) => {
  try {
    return new URL(v).pathname;
  } catch {
    return undefined;
  }
};
const originOf = (v: string) => {
  try {
    return new URL(v).origin;
  } catch {
    return undefined;
  }
};

const url = (protocols: string[]) =>
  z.string().refine(
    (v) => {
      try {
        return protocols.includes(new URL(v).protocol);
      } catch {
        return false;
      }
    },
    `must be a URL starting with ${protocols.join(' or ')}//`,
  );

/** An operator detail: trimmed text, or the marked placeholder naming its variable. */
function operatorText(key: keyof typeof operatorVariables) {
  const [what, variable] = operatorVariables[key];
  return z
    .string()
    .trim()
    .max(300)
    .optional()
    .transform((v) => v || operatorPlaceholder(what, variable));
}

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: url(['postgres:', 'postgresql:']).optional(),
  PUBLIC_URL: url(['http:', 'https:']).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  CORS_ORIGINS: list,
  WEB_DIST_DIR: z.string().min(1).default('./dist/web'),
  SMTP_URL: url(['smtp:', 'smtps:']).optional(),
  MAIL_FROM: z.string().min(3).default('Mietkaution Online <antrag@mietkaution.example>'),
  SERVER_SECRET: z.string().min(16, 'must have at least 16 characters').optional(),
  API_GENERATION: z.enum(['new', 'old']).default('new'),
  RECONFIGURED: bool(false),
  RESERVATION: bool(false),
  STEPS: stepListSetting,
  SIDEBAR_HOST: z.union([z.literal(''), url(['http:', 'https:'])]).default(''),
  // Spec §7 "a configured communication host": an origin only (the web app's paths start with /).
  API_HOST: z
    .union([z.literal(''), url(['http:', 'https:'])])
    .default('')
    .refine((v) => v === '' || ['', '/'].includes(pathOf(v) ?? 'x'), {
      message: 'must be an origin without a path',
      abort: true,
    })
    .transform((v) => (v ? (originOf(v) ?? '') : '')),
  CHAT_URL: z.union([z.literal(''), url(['http:', 'https:'])]).default(''),
  SEPA_CREDITOR_ID: z
    .string()
    .regex(/^[A-Z]{2}\d{2}[A-Z0-9]{3}[A-Z0-9]{1,28}$/, 'must be a SEPA creditor identifier')
    .default('DE98ZZZ09999999999'),
  // Money (issue 25, ADR 1221): the operator's account the debits are collected to and the
  // refunds paid from; the default is a documented example IBAN, a placeholder.
  SEPA_CREDITOR_IBAN: z
    .string()
    .transform((v) => v.replace(/\s+/g, '').toUpperCase())
    .pipe(z.string().regex(/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/, 'must be an IBAN'))
    .default('DE02120300000000202051'),
  SEPA_CREDITOR_BIC: z
    .union([z.literal(''), z.string().regex(/^[A-Z0-9]{8}([A-Z0-9]{3})?$/)])
    .default(''),
  SEPA_LEAD_BUSINESS_DAYS: z.coerce.number().int().min(1).max(10).default(2),
  SEPA_PRENOTICE_DAYS: z.coerce.number().int().min(5).max(14).default(5),
  CLAIM_PAYOUT_FOUR_EYES_CENTS: z.coerce.number().int().min(0).max(100_000_000).default(100_000),
  INSURANCE_TAX_BASIS_POINTS: z.coerce.number().int().min(0).max(10_000).default(1900),
  INSURERS: z
    .string()
    .default('main=Versicherer (bitte INSURERS setzen)')
    .transform((v, ctx) => {
      try {
        return parseInsurers(v);
      } catch (err) {
        ctx.addIssue({ code: 'custom', message: (err as Error).message });
        return z.NEVER;
      }
    }),
  GEOCODER_URL: url(['http:', 'https:']).optional(),
  CALLBACK_BASE_URL: url(['http:', 'https:']).optional(),
  CAPTCHA_MAX_NUMBER: z.coerce.number().int().min(1000).max(10_000_000).default(50_000),
  BOT_MIN_FILL_SECONDS: z.coerce.number().int().min(0).max(3600).default(3),
  RATE_LIMIT_WRITES: z.coerce.number().int().min(1).default(60),
  RATE_LIMIT_WINDOW: timeWindow.default('1 minute'),
  RATE_LIMIT_LOOKUPS: z.coerce.number().int().min(1).default(30),
  SAVE_PROGRESS_MAILS_PER_CLIENT: z.coerce.number().int().min(1).default(10),
  SAVE_PROGRESS_MAILS_PER_ADDRESS: z.coerce.number().int().min(1).default(3),
  CONTRACT_REQUESTS_PER_CLIENT: z.coerce.number().int().min(1).default(20),
  CONTRACT_MAILS_PER_ADDRESS: z.coerce.number().int().min(1).default(5),
  PARTNER_RATE_LIMIT: z.coerce.number().int().min(1).default(300),
  PARTNER_RATE_LIMIT_WINDOW: timeWindow.default('1 minute'),
  WEBHOOK_RETRY_DELAY_SECONDS: z.coerce.number().int().min(1).max(3600).default(10),
  WEBHOOK_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(60).default(10),
  WEBHOOK_ALLOW_PRIVATE: bool(false),
  MAIL_RETRY_HOURS: z.coerce.number().int().min(1).max(720).default(48),
  BODY_LIMIT: z.coerce.number().int().min(1024).default(100_000),
  REQUEST_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(600).default(30),
  DOCUMENT_THREADS: z.coerce.number().int().min(1).max(16).optional(),
  RESERVATION_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  DATA_RETENTION_DAYS: z.coerce
    .number()
    .int()
    .min(1)
    .max(3650)
    .default(limits.savedDataRetentionDays),
  DECLINED_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  JOB_TIMEOUT_SECONDS: z.coerce.number().int().min(5).max(3600).default(60),
  SEED_EXAMPLES: bool(true),
  TRUST_PROXY: bool(false),
  TARIFF_RATE_BASIS_POINTS: z.coerce.number().int().min(1).max(10_000).default(420),
  TARIFF_MINIMUM_YEARLY_CENTS: z.coerce.number().int().min(0).max(10_000_000).default(4000),
  RATES_MAX_AGE: z.coerce.number().int().min(0).max(86_400).default(3600),
  // The operator named in Impressum, privacy and contact pages (ADR 0805); the defaults say
  // clearly which variable to set.
  OPERATOR_NAME: operatorText('name'),
  OPERATOR_STREET: operatorText('street'),
  OPERATOR_ZIP_CITY: operatorText('zipCity'),
  OPERATOR_EMAIL: operatorText('email'),
  OPERATOR_PHONE: operatorText('phone'),
  OPERATOR_REGISTER: operatorText('register'),
  OPERATOR_VAT_ID: operatorText('vatId'),
  OPERATOR_REPRESENTATIVES: operatorText('representatives'),
  OPERATOR_SUPERVISOR: operatorText('supervisor'),
  SEAL_P12_PATH: z.string().min(1).optional(),
  SEAL_P12_PASSWORD: z.string().default(''),
  DOCUMENT_LINK_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  ...evidenceEnv,
  // Staff sign-in with OpenID Connect as the alternative to passkeys (ADR 1207): all three or none.
  STAFF_OIDC_ISSUER: url(['http:', 'https:']).optional(),
  STAFF_OIDC_CLIENT_ID: z.string().trim().min(1).optional(),
  STAFF_OIDC_CLIENT_SECRET: z.string().min(1).optional(),
  STAFF_SIGN_IN_ATTEMPTS: z.coerce.number().int().min(1).default(20),
});

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /**
   * Base of every e-mailed link. Required when NODE_ENV=production; otherwise
   * http://localhost:PORT. Never taken from a request's Host header (ADR 1105).
   */
  publicUrl: string;
  logLevel: string;
  corsOrigins: string[];
  webDistDir: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Key for the bot-check signature (pbk) and the captcha HMAC. Random per start when unset. */
  serverSecret: string;
  apiGeneration: 'new' | 'old';
  reconfigured: boolean;
  reservation: boolean;
  steps: StepId[];
  sidebarHost: string;
  /** Origin the web app sends its API calls to ('' = the origin that served it; ADR 0834). */
  apiHost: string;
  chatUrl: string;
  /** SEPA creditor identifier in the mandate text (default: the Bundesbank's documented example). */
  sepaCreditorId: string;
  /** Money (ADR 1221): the creditor account, debit lead time and pre-notification days. */
  sepa: {
    creditorIban: string;
    creditorBic: string | undefined;
    leadBusinessDays: number;
    prenoticeDays: number;
    /** Insurance tax in the gross premium, basis points (Bordero; the tax adviser confirms). */
    insuranceTaxBasisPoints: number;
    /** A claim payout above this many cents needs a second person's approval (ADR 1256). */
    claimPayoutFourEyesCents: number;
    /** The insurers (Bordero per insurer); the first is every contract's default (ADR 1232). */
    insurers: Insurer[];
  };
  geocoderUrl: string | undefined;
  /** Where the browser goes after processing (+ /callback/danke|sofortzusage); unset: this app. */
  callbackBaseUrl: string | undefined;
  /** ALTCHA work: the secret counter is drawn below this (SHA-256, ~1 s on a phone at 50,000). */
  captchaMaxNumber: number;
  botMinFillSeconds: number;
  rateLimitWrites: number;
  rateLimitWindow: string;
  /** Partner lookups per client and window (codes must not be enumerable). */
  rateLimitLookups: number;
  /** "Später fortfahren" mails a client may request per hour. */
  saveProgressMailsPerClient: number;
  /** "Später fortfahren" mails one recipient address may receive per hour. */
  saveProgressMailsPerAddress: number;
  /** /widerruf and /vertrag requests with number and address per client and hour (ADR 1117). */
  contractRequestsPerClient: number;
  /** Confirmation-link and magic-link mails one recipient may receive per hour (ADR 1117). */
  contractMailsPerAddress: number;
  /** Calls per partner key and window (authenticated calls; ADR 0710). */
  partnerRateLimit: number;
  partnerRateLimitWindow: string;
  /** First webhook retry after about this many seconds, doubling for 14 retries (> 24 h). */
  webhookRetryDelaySeconds: number;
  /** A webhook receiver must answer within this many seconds. */
  webhookTimeoutSeconds: number;
  /** Webhooks may use http and non-public addresses (tests, local development; ADR 1134). */
  webhookAllowPrivate: boolean;
  /** A mail refused temporarily (SMTP 4xx, network) is retried with back-off this long, then given up. */
  mailRetryHours: number;
  bodyLimit: number;
  /** The whole request (headers and body) must arrive within this many seconds. */
  requestTimeoutSeconds: number;
  /** At most this many document threads (unset: one per core but one, at most 4; ADR 1495). */
  documentThreads: number | undefined;
  reservationDays: number;
  dataRetentionDays: number;
  /** Declined applications are deleted this many days after the decision (processing). */
  declinedRetentionDays: number;
  /** A job running longer counts as crashed and is retried (processing). */
  jobTimeoutSeconds: number;
  seedExamples: boolean;
  /** Behind a reverse proxy: take the client address from X-Forwarded-For (rate limits). */
  trustProxy: boolean;
  /** The tariff (DECISIONS.md defaults: 4.2 % a year, at least 40 EUR). */
  tariff: Tariff;
  /** Seconds browsers and proxies may cache /api/rates answers. */
  ratesMaxAge: number;
  /** The operator's details for the legal pages (OPERATOR_*; placeholders by default). */
  operator: OperatorDetails;
  /**
   * Key and certificate of the documents' electronic seal (SEAL_P12_PATH + SEAL_P12_PASSWORD);
   * unset: a self-signed one is made once and kept in the database (ADR 0902).
   */
  sealIdentity: SealIdentity | undefined;
  /** Days an e-mailed document download link stays valid (DOCUMENT_LINK_DAYS). */
  documentLinkDays: number;
  /** Evidence files of claims: limits, link minutes, the S3 store if any (ADR 1250). */
  evidence: EvidenceConfig;
  /** Staff sign-in with OpenID Connect (STAFF_OIDC_*); unset: passkeys only (ADR 1207). */
  staffOidc: StaffOidcConfig | undefined;
  /** Staff sign-in requests (passkey, enrolment, OIDC) per client and window (ADR 1207). */
  staffSignInAttempts: number;
}

export interface StaffOidcConfig {
  issuer: string;
  clientId: string;
  clientSecret: string;
}

export class ConfigError extends Error {}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration in the environment:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (!e.PUBLIC_URL && env.NODE_ENV === 'production') {
    throw new ConfigError(
      'Invalid configuration in the environment:\n  PUBLIC_URL: required when NODE_ENV=production ' +
        '(the base of e-mailed links, e.g. https://antrag.example.de)',
    );
  }
  const oidc = [e.STAFF_OIDC_ISSUER, e.STAFF_OIDC_CLIENT_ID, e.STAFF_OIDC_CLIENT_SECRET];
  if (oidc.some(Boolean) && !oidc.every(Boolean)) {
    throw new ConfigError(
      'Invalid configuration in the environment:\n  STAFF_OIDC_ISSUER/STAFF_OIDC_CLIENT_ID/' +
        'STAFF_OIDC_CLIENT_SECRET: set all three (OpenID Connect sign-in) or none',
    );
  }
  return {
    staffOidc:
      e.STAFF_OIDC_ISSUER && e.STAFF_OIDC_CLIENT_ID && e.STAFF_OIDC_CLIENT_SECRET
        ? {
            issuer: e.STAFF_OIDC_ISSUER,
            clientId: e.STAFF_OIDC_CLIENT_ID,
            clientSecret: e.STAFF_OIDC_CLIENT_SECRET,
          }
        : undefined,
    staffSignInAttempts: e.STAFF_SIGN_IN_ATTEMPTS,
    sealIdentity: e.SEAL_P12_PATH
      ? loadSealIdentity(e.SEAL_P12_PATH, e.SEAL_P12_PASSWORD)
      : undefined,
    documentLinkDays: e.DOCUMENT_LINK_DAYS,
    evidence: evidenceConfigOf(e, (variable, message) => {
      throw new ConfigError(`Invalid configuration in the environment:\n  ${variable}: ${message}`);
    }),
    port: e.PORT,
    host: e.HOST,
    dataDir: resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT || 3000}`).replace(/\/$/, ''),
    logLevel: e.LOG_LEVEL,
    corsOrigins: e.CORS_ORIGINS,
    webDistDir: resolve(e.WEB_DIST_DIR),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    serverSecret: e.SERVER_SECRET ?? randomBytes(32).toString('hex'),
    apiGeneration: e.API_GENERATION,
    reconfigured: e.RECONFIGURED,
    reservation: e.RESERVATION,
    steps: e.STEPS,
    sidebarHost: e.SIDEBAR_HOST,
    apiHost: e.API_HOST,
    chatUrl: e.CHAT_URL,
    sepaCreditorId: e.SEPA_CREDITOR_ID,
    sepa: {
      creditorIban: e.SEPA_CREDITOR_IBAN,
      creditorBic: e.SEPA_CREDITOR_BIC || undefined,
      leadBusinessDays: e.SEPA_LEAD_BUSINESS_DAYS,
      prenoticeDays: e.SEPA_PRENOTICE_DAYS,
      insuranceTaxBasisPoints: e.INSURANCE_TAX_BASIS_POINTS,
      claimPayoutFourEyesCents: e.CLAIM_PAYOUT_FOUR_EYES_CENTS,
      insurers: e.INSURERS,
    },
    geocoderUrl: e.GEOCODER_URL,
    callbackBaseUrl: e.CALLBACK_BASE_URL?.replace(/\/$/, ''),
    captchaMaxNumber: e.CAPTCHA_MAX_NUMBER,
    botMinFillSeconds: e.BOT_MIN_FILL_SECONDS,
    rateLimitWrites: e.RATE_LIMIT_WRITES,
    rateLimitWindow: e.RATE_LIMIT_WINDOW,
    rateLimitLookups: e.RATE_LIMIT_LOOKUPS,
    saveProgressMailsPerClient: e.SAVE_PROGRESS_MAILS_PER_CLIENT,
    saveProgressMailsPerAddress: e.SAVE_PROGRESS_MAILS_PER_ADDRESS,
    contractRequestsPerClient: e.CONTRACT_REQUESTS_PER_CLIENT,
    contractMailsPerAddress: e.CONTRACT_MAILS_PER_ADDRESS,
    partnerRateLimit: e.PARTNER_RATE_LIMIT,
    partnerRateLimitWindow: e.PARTNER_RATE_LIMIT_WINDOW,
    webhookRetryDelaySeconds: e.WEBHOOK_RETRY_DELAY_SECONDS,
    webhookTimeoutSeconds: e.WEBHOOK_TIMEOUT_SECONDS,
    mailRetryHours: e.MAIL_RETRY_HOURS,
    webhookAllowPrivate: e.WEBHOOK_ALLOW_PRIVATE,
    bodyLimit: e.BODY_LIMIT,
    requestTimeoutSeconds: e.REQUEST_TIMEOUT_SECONDS,
    documentThreads: e.DOCUMENT_THREADS,
    reservationDays: e.RESERVATION_DAYS,
    dataRetentionDays: e.DATA_RETENTION_DAYS,
    declinedRetentionDays: e.DECLINED_RETENTION_DAYS,
    jobTimeoutSeconds: e.JOB_TIMEOUT_SECONDS,
    seedExamples: e.SEED_EXAMPLES,
    trustProxy: e.TRUST_PROXY,
    tariff: {
      ...defaultTariff,
      rateBasisPoints: e.TARIFF_RATE_BASIS_POINTS,
      minimumYearlyCents: e.TARIFF_MINIMUM_YEARLY_CENTS,
    },
    ratesMaxAge: e.RATES_MAX_AGE,
    operator: {
      name: e.OPERATOR_NAME,
      street: e.OPERATOR_STREET,
      zipCity: e.OPERATOR_ZIP_CITY,
      email: e.OPERATOR_EMAIL,
      phone: e.OPERATOR_PHONE,
      register: e.OPERATOR_REGISTER,
      vatId: e.OPERATOR_VAT_ID,
      representatives: e.OPERATOR_REPRESENTATIVES,
      supervisor: e.OPERATOR_SUPERVISOR,
      sepaCreditorId: e.SEPA_CREDITOR_ID,
    },
  };
}

/** Reads the configured seal PKCS#12 at start, so a missing or unreadable file stops it. */
function loadSealIdentity(path: string, passphrase: string): SealIdentity {
  let p12: Buffer;
  try {
    p12 = readFileSync(resolve(path));
  } catch (err) {
    throw new ConfigError(
      `Invalid configuration in the environment:\n  SEAL_P12_PATH: cannot read ${path} (${(err as NodeJS.ErrnoException).code ?? 'error'})`,
    );
  }
  return { p12, passphrase };
}

/**
 * The configuration (loadConfig) with the configured seal opened, so a wrong password or a file
 * that is no PKCS#12 stops the start (and a command) before anything else. Opening it needs the
 * PKCS#12 library (node-forge), which only the PDF thread uses otherwise: it is loaded here only
 * when SEAL_P12_PATH is set, not at every start (ADR 1343).
 */
export async function loadCheckedConfig(
  env: Record<string, string | undefined> = process.env,
): Promise<Config> {
  const config = loadConfig(env);
  if (config.sealIdentity) {
    const { checkSealIdentity } = await import('./documents/sealCheck');
    try {
      checkSealIdentity(config.sealIdentity);
    } catch (err) {
      throw new ConfigError(
        `Invalid configuration in the environment:\n  SEAL_P12_PATH/SEAL_P12_PASSWORD: cannot open the PKCS#12 file (${(err as Error).message})`,
      );
    }
  }
  return config;
}
