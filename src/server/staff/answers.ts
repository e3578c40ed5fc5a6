import { errorAnswer } from '../http/answers';

// The answers the staff guard (guard.ts) and the sign-in limit give before a handler runs, declared
// once and spread into each staff route's `answers` (ADR 1265).

/** A route with a permission, read (GET): no valid session, or a role without the permission. */
export const staffReadAnswers = {
  401: errorAnswer('not_signed_in, session_ended: no valid staff session'),
  403: errorAnswer('forbidden_role: the role lacks the permission (the refusal is audited)'),
} as const;

/** A route with a permission that changes state: as a read, and the Origin must be our page. */
export const staffChangeAnswers = {
  401: staffReadAnswers[401],
  403: errorAnswer(
    'forbidden_role: the role lacks the permission (audited); forbidden_origin: not sent from the back office page',
  ),
} as const;

/** A sign-in step (public, counted into the sign-in limit, ADR 1207). */
export const signInStepAnswers = {
  429: errorAnswer('too_many_requests: too many sign-in steps from this client in a minute'),
} as const;

/** A public state change (a sign-in step by POST): the Origin must be our page. */
export const publicChangeAnswers = {
  403: errorAnswer('forbidden_origin: not sent from the back office page'),
} as const;
