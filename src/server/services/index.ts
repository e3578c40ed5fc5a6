import type { Config } from '../config';
import type { Clock } from '../clock';
import type { Database } from '../db/client';
import type { Logger } from '../log';
import { ApplicationStore } from './applications';
import { BotCheck, CaptchaService } from './captcha';
import { createMailer, type Mailer } from '../mail/index';
import { AddressService } from './addresses';
import { BankService } from './banks';
import { PartnerService } from './partners';
import { SaveProgressService } from './saveProgress';
import { StatusService } from './status';
import { UceService } from './uce';
import { CaptchaSubmissionChecks } from './submission';
import {
  TenancyService,
  type DecisionQueue,
  type SubmissionChecks,
  type WebhookQueue,
} from './tenancies';
import { ApiSubmissionStore } from './apiSubmissions';
import { ProductSelectionStore } from './productSelections';
import { GuaranteeRequestService } from './guaranteeRequests';
import { PartnerKeyService } from '../partnerApi/keys';

export interface Services {
  applications: ApplicationStore;
  tenancies: TenancyService;
  checks: SubmissionChecks;
  decisions: DecisionQueue;
  captcha: CaptchaService;
  bots: BotCheck;
  status: StatusService;
  partners: PartnerService;
  uce: UceService;
  banks: BankService;
  addresses: AddressService;
  mailer: Mailer;
  saveProgress: SaveProgressService;
  partnerKeys: PartnerKeyService;
  apiSubmissions: ApiSubmissionStore;
  products: ProductSelectionStore;
  guaranteeRequests: GuaranteeRequestService;
  /** Partners' webhook events; the processing's when it runs, else none are recorded. */
  webhooks: WebhookQueue | undefined;
}

export type ServiceOverrides = Partial<Services>;

export interface ServiceDeps {
  config: Config;
  db: Database;
  clock: Clock;
  log: Logger;
  overrides?: ServiceOverrides;
}

/** Until the processing module is wired in, submitted applications wait in state 'submitted'. */
const waitingQueue: DecisionQueue = { enqueueDecision: async () => undefined };

/** Wires the application services once per server; routes of both API generations share them. */
export function createServices(deps: ServiceDeps): Services {
  const o = deps.overrides ?? {};
  const applications = o.applications ?? new ApplicationStore(deps.db);
  const { config, db, clock } = deps;
  const captcha = o.captcha ?? new CaptchaService(db, config.serverSecret, config.captchaMaxNumber);
  const bots = o.bots ?? new BotCheck(clock, config.serverSecret, config.botMinFillSeconds);
  const checks = o.checks ?? new CaptchaSubmissionChecks(captcha, bots);
  const decisions = o.decisions ?? waitingQueue;
  const partners = o.partners ?? new PartnerService(db);
  const webhooks = o.webhooks;
  const apiSubmissions = o.apiSubmissions ?? new ApiSubmissionStore(db);
  const products = o.products ?? new ProductSelectionStore(db, clock);
  const partnerKeys = o.partnerKeys ?? new PartnerKeyService(db, clock);
  const tenancies =
    o.tenancies ??
    new TenancyService({
      config: deps.config,
      db: deps.db,
      clock: deps.clock,
      store: applications,
      checks,
      decisions,
      partners,
      webhooks,
      apiSubmissions,
      products,
    });
  const status =
    o.status ??
    new StatusService(applications, config.tariff, config.reservationDays, {
      secret: config.serverSecret,
      clock,
    });
  const uce = o.uce ?? new UceService(partners, tenancies);
  const banks = o.banks ?? new BankService(db);
  const addresses = o.addresses ?? new AddressService(config.geocoderUrl);
  const mailer =
    o.mailer ?? createMailer({ config, log: deps.log, dataDir: config.dataDir, clock });
  const saveProgress = o.saveProgress ?? new SaveProgressService(config, tenancies, mailer);
  const guaranteeRequests =
    o.guaranteeRequests ?? new GuaranteeRequestService({ db, mailer, clock, config });
  return {
    applications,
    tenancies,
    checks,
    decisions,
    captcha,
    bots,
    status,
    partners,
    uce,
    banks,
    addresses,
    mailer,
    saveProgress,
    partnerKeys,
    apiSubmissions,
    products,
    guaranteeRequests,
    webhooks,
  };
}
