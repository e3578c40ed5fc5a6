/** The money actions of the back office in the audit trail (ADR 1226), spread into `auditActions`. */
export const moneyAuditActions = {
  'money.batches.read': 'Bankdateien angesehen',
  'money.batch.submit': 'Bankdatei zur Freigabe vorgelegt',
  'money.batch.approve': 'Bankdatei freigegeben',
  'money.batch.approve_refused': 'Freigabe der eigenen Bankdatei verweigert (Vier-Augen-Prinzip)',
  'money.batch.download': 'Bankdatei heruntergeladen',
  'money.batch.discard': 'Bankdatei verworfen',
  'money.import': 'Bankdatei eingelesen',
  'money.unmatched.read': 'Nicht zugeordnete Buchungen angesehen',
  'money.item.resolve': 'Nicht zugeordnete Buchung erledigt',
  'money.refunds.read': 'Erstattungen angesehen',
  'money.refund.paid': 'Erstattung als bezahlt markiert',
  'money.bordero.read': 'Bordero heruntergeladen',
} as const satisfies Record<`money.${string}`, string>;
