import { errorAnswer } from '../http/answers';

// The answers the sign-in limit and the Origin check give before a public staff route's handler
// runs, spread into those routes' `answers` (ADR 1265). The guard's 401/403 for routes with a
// permission are added by route() itself (http/route.ts).

/** A sign-in step (public, counted into the sign-in limit, ADR 1207). */
export const signInStepAnswers = {
  429: errorAnswer('too_many_requests: too many sign-in steps from this client in a minute'),
} as const;

/** A public state change (a sign-in step by POST): the Origin must be our page. */
export const publicChangeAnswers = {
  403: errorAnswer('forbidden_origin: not sent from the back office page'),
} as const;
