// German messages of the staff review of claims (issue 26 item 4, ADR 1257): the field errors the
// back office shows and the server answers with.
import type { ReviewErrorCode } from '../claims/review';

export const claimReviewMessages = {
  decision_required: 'Bitte wählen Sie eine Entscheidung.',
  amount_required: 'Bitte geben Sie den Betrag an, der ausgezahlt wird.',
  amount_invalid: 'Bitte geben Sie einen Betrag in Euro an, z. B. 450,00.',
  amount_not_partial:
    'Ein Teilbetrag liegt über 0 € und unter dem geforderten Betrag; sonst wählen Sie „in voller Höhe“ oder „abgelehnt“.',
  reason_required: 'Bitte begründen Sie die Entscheidung; beide Seiten lesen die Begründung.',
  reason_too_long: 'Die Begründung darf nicht mehr als 2000 Zeichen enthalten.',
  not_awaiting_decision: 'Diese Position ist bereits entschieden oder wartet noch auf den Mieter.',
} as const satisfies Record<ReviewErrorCode, string>;
