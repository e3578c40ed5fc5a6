import { statusPollMax } from '../rules/limits';

export type PollDecision =
  { continue: true } | { continue: false; is_accepted: boolean; is_pending: boolean };

/**
 * Spec §4: keep polling while submitted, created or pending, at most 90 polls. accepted ->
 * is_accepted; declined -> not accepted; anything else (also pending after 90 polls) -> pending.
 * `polls` counts the answers received so far, including this one.
 */
export function pollDecision(state: unknown, polls: number): PollDecision {
  const waiting = state === 'submitted' || state === 'created' || state === 'pending';
  if (waiting && polls <= statusPollMax) return { continue: true };
  if (state === 'accepted') return { continue: false, is_accepted: true, is_pending: false };
  if (state === 'declined') return { continue: false, is_accepted: false, is_pending: false };
  return { continue: false, is_accepted: false, is_pending: true };
}
