/**
 * The query string each plainly split query object was parsed from (bodies.ts parseQueryString's
 * fast path). The same text always gives the same query, so a memoised query check (edge.ts) keys
 * its kept values by the text itself instead of walking the parsed object for a key per request
 * (issue 30: GET /api/rates, ~2 % of its main thread's time). Objects qs made are not in it.
 */
export const plainQueryText = new WeakMap<object, string>();
