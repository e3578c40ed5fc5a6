import * as z from 'zod/mini';
import { edgeMeta, edgeObject, type EdgeMeta } from '../http/edge';
import { cursorPattern, QUEUE_PAGE } from '../db/keyset';

// The query parameters of the back office's paged lists; the paging itself is db/keyset.ts.

/** The `limit` query parameter of a list: 1 to `max`, `fallback` when absent or unreadable. */
export const pageSize = (v: string | undefined, fallback = QUEUE_PAGE, max = 200) =>
  Math.min(max, Math.max(1, Number(v) || fallback));

/**
 * A lenient query value of the lists (ADR 1306): one text, or nothing. What does not fit (the
 * cursor's pattern, a name sent twice, brackets) reads as not given, never as a 400: the lists
 * answered that way before they were declared, and a stale or mangled cursor gives the first page.
 */
export const lenientQuery = (meta: EdgeMeta, pattern?: RegExp) =>
  z
    .optional(
      z.catch(z.optional(pattern ? z.string().check(z.regex(pattern)) : z.string()), undefined),
    )
    .register(edgeMeta, meta);

/** `after`: the `next` of the previous page (`<ISO time>_<uuid>`); malformed: the first page. */
export const cursorParam = lenientQuery(
  {
    description:
      'The `next` of the previous page (`<ISO time>_<uuid>`); without it, or malformed, the first page',
  },
  cursorPattern,
);

/** `limit`: rows per page (1 to `max`; absent or unreadable: `fallback`). */
export const limitParam = (fallback: number, max: number) =>
  lenientQuery({
    description: `Rows per page, 1 to ${max} (absent or unreadable: ${fallback})`,
  });

/**
 * The query of every paged back-office list: `?after=<next of the previous page>&limit=`
 * (at most 200 rows, 50 without `limit`).
 */
export const pageQuery = edgeObject({
  after: cursorParam,
  limit: limitParam(QUEUE_PAGE, 200),
});
