import type { Database, Tx } from '../db/client';
import { staffAudit } from '../db/schema/index';
import { recordContractEvent, type EventDetails } from '../contracts/events';
import type { ContractEventType } from '../../domain/contracts/status';
import { moneyAuditActions } from './moneyAudit';
import { claimAuditActions } from './claimAudit';

/**
 * What the audit trail records (ADR 1201): every staff read of personal data and every change.
 * One closed list; the text is how the back office shows the row.
 */
export const auditActions = {
  'queue.read': 'Arbeitsliste angesehen',
  'search.read': 'Vertragssuche',
  'contract.read': 'Vertrag angesehen',
  'document.read': 'Dokument geöffnet',
  'decision.accept': 'Antrag angenommen',
  'decision.decline': 'Antrag abgelehnt',
  'review.reopen': 'Ablehnung zur Überprüfung geöffnet',
  'letters.print': 'Briefe gedruckt',
  'letters.posted': 'Briefe als versendet markiert',
  'approval.draft': 'Vier-Augen-Vorgang entworfen',
  'approval.approve': 'Vier-Augen-Vorgang freigegeben',
  'approval.refuse': 'Vier-Augen-Vorgang abgelehnt',
  'approval.done': 'Vier-Augen-Vorgang ausgeführt',
  'contract.original_returned': 'Eingang der Originalurkunde erfasst',
  'staff.invite': 'Mitarbeiter eingeladen',
  'staff.disable': 'Mitarbeiter gesperrt',
  'staff.enable': 'Mitarbeiter wieder freigeschaltet',
  'staff.role_change': 'Rolle geändert',
  'staff.sessions_revoke': 'Sitzungen eines Mitarbeiters beendet',
  'partner.update': 'Partner geändert',
  'partner.deactivate': 'Partner deaktiviert',
  'partner.reactivate': 'Partner wieder aktiviert',
  'partner.import': 'Partner importiert (CSV)',
  'partner.create': 'Partner angelegt',
  'partner.key_create': 'API-Schlüssel erzeugt',
  'partner.key_revoke': 'API-Schlüssel widerrufen',
  'partner.webhook_set': 'Webhook-URL gesetzt',
  'partner.webhook_remove': 'Webhook-URL entfernt',
  'partner.webhook_redeliver': 'Webhook erneut zugestellt',
  'request.answered': 'Anfrage als beantwortet markiert',
  'session.sign_in': 'Angemeldet',
  'session.sign_out': 'Abgemeldet',
  forbidden: 'Nicht erlaubte Aktion versucht',
  ...moneyAuditActions,
  ...claimAuditActions,
} as const satisfies Record<string, string>;

export type AuditAction = keyof typeof auditActions;

export interface AuditEntry {
  staff: { id: string; displayName: string };
  action: AuditAction;
  requestId: string;
  at: Date;
  applicationId?: string | null;
  contractNumber?: string | null;
  details?: Record<string, string | number | boolean | null>;
}

/** Appends one audit row (in the caller's transaction when given one). */
export async function writeAudit(db: Database | Tx, e: AuditEntry): Promise<void> {
  const orm = 'orm' in db ? db.orm : db;
  await orm.insert(staffAudit).values({
    at: e.at,
    staffId: e.staff.id,
    staffName: e.staff.displayName,
    action: e.action,
    applicationId: e.applicationId ?? null,
    contractNumber: e.contractNumber ?? null,
    requestId: e.requestId,
    details: e.details ?? {},
  });
}

/** The actor of a staff action in the contract timeline: `staff:{name}` (ADR 1201). */
export const staffActor = (displayName: string) => `staff:${displayName}` as const;

/** A staff change also appears in the contract's timeline, in the same transaction. */
export async function recordStaffEvent(
  tx: Tx,
  e: {
    applicationId: string;
    type: ContractEventType;
    staffName: string;
    at: Date;
    details?: EventDetails;
  },
): Promise<void> {
  await recordContractEvent(tx, {
    applicationId: e.applicationId,
    type: e.type,
    actor: staffActor(e.staffName),
    at: e.at,
    details: e.details,
  });
}
