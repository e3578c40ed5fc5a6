import type { FormModel } from '../../domain/index';
import type { ReasonCode } from '../../domain/rules/reasons';

export type Outcome = 'accepted' | 'declined' | 'pending';

/**
 * The e-mail about a decision, as the mails table and the mail job name it: one per application,
 * kind of decision and outcome ('contract-accepted', 'reservation-pending', ...).
 */
export type MailKind = `${'contract' | 'reservation'}-${Outcome}`;

/** Rule codes, stored with the decision; their German texts are in the domain (ADR 1209). */
export type { ReasonCode } from '../../domain/rules/reasons';

/** Above this deposit a person looks at the application (DECISIONS.md). */
const manualReviewDepositAbove = 15_000;

export interface RuleResult {
  outcome: Outcome;
  reasons: ReasonCode[];
}

/**
 * The underwriting rules of DECISIONS.md as a pure function of the submitted form model.
 * "declined" beats "pending" beats "accepted". Absent answers never decide anything: a
 * reservation has no object step, so only the deposit rule can apply to it.
 */
export function applyRules(model: FormModel): RuleResult {
  const declined: ReasonCode[] = [];
  const pending: ReasonCode[] = [];
  const o = model.object;
  // The object step blocks a terminated contract; the server refuses it again here.
  if (o.isContractTerminated === true) declined.push('contract_terminated');
  if (model.objective.target === 'retrieveDeposit') {
    if (o.isRentPaidUnpunctual === true) declined.push('late_rent');
    if (o.isDepositPaidCompletely === false) declined.push('deposit_not_paid_completely');
    if (o.isDepositConsumed === true) declined.push('deposit_consumed');
    if (o.isObjectDamaged === true) pending.push('object_damaged');
  }
  if (o.hasPredamage === true) pending.push('predamage');
  if ((model.objective.deposit ?? 0) > manualReviewDepositAbove)
    pending.push('deposit_above_limit');
  if (declined.length > 0) return { outcome: 'declined', reasons: declined };
  if (pending.length > 0) return { outcome: 'pending', reasons: pending };
  return { outcome: 'accepted', reasons: [] };
}

/** Combines the rules' result with the credit check's answer (same precedence). */
export function combine(rules: RuleResult, credit: Outcome): RuleResult {
  if (rules.outcome === 'declined') return rules;
  if (credit === 'declined') return { outcome: 'declined', reasons: ['credit_declined'] };
  const reasons: ReasonCode[] = [
    ...rules.reasons,
    ...(credit === 'pending' ? (['credit_review'] as const) : []),
  ];
  return { outcome: reasons.length > 0 ? 'pending' : 'accepted', reasons };
}
