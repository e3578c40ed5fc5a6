// The back office's texts for the claims review (issue 26 item 4, ADR 1257), apart from texts.ts
// so the review stays one change. Field errors come from src/domain/messages/claimReview.ts.
import type { ClaimDecision } from '../../domain/claims/decisions';
import type { StaffDecision } from '../../domain/claims/review';

export const ct = {
  nav: 'Forderungen',
  title: 'Forderungen der Vermieter',
  intro:
    'Anerkannte Positionen zahlen wir sofort aus. Widersprochene, mit niedrigerem Betrag beantwortete und unbeantwortete Positionen entscheiden Sie hier mit einer Begründung, die beide Seiten lesen.',
  counts: {
    itemsToDecide: 'Forderungspositionen zu entscheiden',
    payoutsToApprove: 'Auszahlungen warten auf Freigabe',
  },
  empty: 'Keine offenen Forderungen.',
  cols: {
    reference: 'Forderung',
    contract: 'Vertrag',
    state: 'Stand',
    total: 'Gefordert',
    toDecide: 'Zu entscheiden',
  },
  back: 'Zurück zur Liste',
  detailTitle: (reference: string) => `Forderung ${reference}`,
  facts: {
    contract: 'Vertrag',
    state: 'Stand',
    due: 'Antwortfrist bis',
    landlord: 'Vermieter (Zahlungsempfänger)',
    total: 'Gefordert insgesamt',
  },
  item: (position: number, kind: string) => `Position ${position}: ${kind}`,
  claimed: 'Gefordert',
  landlordSays: 'Angaben des Vermieters',
  tenantSays: 'Antwort des Mieters',
  noAnswer: 'Keine Antwort (Schweigen ist keine Zustimmung)',
  counter: (amount: string) => `Vorschlag: ${amount}`,
  evidence: {
    landlord: 'Nachweise des Vermieters',
    tenant: 'Nachweise des Mieters',
    size: (kb: number) => `${kb} KB`,
    expiry:
      'Die Links zu den Nachweisen gelten 15 Minuten; laden Sie die Seite neu, um neue zu erhalten.',
  },
  decided: (label: string, amount: string) => `Entschieden: ${label}, ${amount}`,
  /** How an item was decided, as the decided line names it (every decision, the compiler checks). */
  outcomes: {
    accepted_by_tenant: 'vom Mieter anerkannt',
    agreed_counter: 'Vorschlag des Mieters angenommen',
    granted: 'in voller Höhe',
    partly_granted: 'teilweise',
    rejected: 'abgelehnt',
  } satisfies Record<ClaimDecision, string>,
  reason: 'Begründung',
  payout: {
    label: 'Auszahlung',
    status: {
      awaiting_approval: 'wartet auf Freigabe durch eine zweite Person',
      open: 'für die nächste Bankdatei vorgemerkt',
      in_batch: 'in einer Bankdatei (Zahlungsverkehr)',
      sent: 'an die Bank gegeben',
      paid: 'bezahlt',
    },
    approve: 'Auszahlung freigeben',
    markPaid: 'Als bezahlt markieren',
    approved: 'Auszahlung freigegeben.',
    paid: 'Auszahlung als bezahlt markiert.',
  },
  decision: {
    legend: 'Entscheidung',
    labels: {
      granted: 'in voller Höhe auszahlen',
      partly_granted: 'teilweise auszahlen',
      rejected: 'ablehnen (nichts auszahlen)',
    } satisfies Record<StaffDecision, string>,
    amount: 'Auszuzahlender Betrag in Euro (nur bei „teilweise“)',
    reason: 'Begründung (lesen Mieter und Vermieter)',
    submit: 'Entscheidung speichern',
    saved: 'Entscheidung gespeichert; beide Seiten sind per E-Mail informiert.',
    firstDemand:
      'Wichtig für den Mieter: Eine Auszahlung erfolgt auf erstes Anfordern, auch gegen seinen Widerspruch. Der Mieter schuldet uns den Betrag dann und kann ihn vom Vermieter zurückverlangen, wenn die Forderung unberechtigt war. Die E-Mail an den Mieter sagt das ausdrücklich.',
  },
  proposal: {
    title: 'Einigungsvorschlag an beide Seiten',
    label: 'Vorschlag (geht per E-Mail an Mieter und Vermieter)',
    submit: 'Vorschlag senden',
    sent: 'Vorschlag an beide Seiten gesendet.',
  },
} as const;
