/** The claims review in the audit trail (ADR 1257), spread into `auditActions`. */
export const claimAuditActions = {
  'claims.queue.read': 'Forderungen (Arbeitsliste) angesehen',
  'claims.read': 'Forderung angesehen',
  'claims.item.decide': 'Forderungsposition entschieden',
  'claims.proposal': 'Einigungsvorschlag verschickt',
  'claims.payout.approve': 'Auszahlung freigegeben',
  'claims.payout.approve_refused':
    'Freigabe der eigenen Auszahlung verweigert (Vier-Augen-Prinzip)',
  'claims.payout.paid': 'Auszahlung als bezahlt markiert',
} as const satisfies Record<`claims.${string}`, string>;
