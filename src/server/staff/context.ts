import type { FastifyRequest } from 'fastify';
import type { Clock } from '../clock';
import type { Config } from '../config';
import type { Database } from '../db/client';
import type { Mailer } from '../mail/index';
import type { Processing } from '../processing/index';
import type { Logger } from '../log';
import type { WebhookQueue } from '../services/tenancies';
import type { AuditAction } from './audit';
import { writeAudit } from './audit';
import { currentCaller } from './guard';

/** What the staff routes work with. */
export interface StaffDeps {
  db: Database;
  clock: Clock;
  config: Config;
  log: Logger;
  mailer: Mailer;
  /** Partners' webhooks, for contract changes made in the back office (ADR 0713). */
  webhooks?: WebhookQueue;
  /** The running decision processing (decisions and reviews need it to issue and mail). */
  processing?: Processing;
}

/** One audit row for this request by its caller. */
export function auditOf(deps: StaffDeps, req: FastifyRequest) {
  return (
    action: AuditAction,
    e: {
      applicationId?: string | null;
      contractNumber?: string | null;
      details?: Record<string, string | number | boolean | null>;
    } = {},
  ) =>
    writeAudit(deps.db, {
      staff: currentCaller(req),
      action,
      requestId: req.id,
      at: deps.clock.now(),
      ...e,
    });
}
