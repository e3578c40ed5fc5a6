import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import * as z from 'zod/mini';
import { edgeMeta, type EdgeMeta } from '../http/edge';

/**
 * Keyset pagination for every back-office list (issue 30, ADR 1271): a page continues after
 * the last row's (time, id), never at an offset, so a page costs the same on the millionth row
 * and rows arriving meanwhile neither repeat nor vanish. The cursor is `<ISO time>_<uuid>`.
 */
export interface Key {
  at: Date;
  id: string;
}

/** Rows per page of a work queue when the caller does not ask for fewer. */
export const QUEUE_PAGE = 50;

export const cursorOf = (at: Date, id: string) => `${at.toISOString()}_${id}`;

const cursorPattern = /^(\d{4}-\d{2}-\d{2}T[\d:.]+Z)_([0-9a-f-]{36})$/;

export function readCursor(c: string | undefined): Key | undefined {
  const m = cursorPattern.exec(c ?? '');
  return m ? { at: new Date(m[1]!), id: m[2]! } : undefined;
}

/** Rows after the key in the list's direction (ascending lists go on upwards). */
export function afterKey(
  at: AnyColumn,
  id: AnyColumn,
  key: Key | undefined,
  direction: 'asc' | 'desc',
): SQL | undefined {
  if (!key) return undefined;
  const cmp = direction === 'asc' ? sql`>` : sql`<`;
  return sql`(${at}, ${id}) ${cmp} (${key.at.toISOString()}::timestamptz, ${key.id}::uuid)`;
}

/** Fetched `size + 1` rows: the page and the cursor of the next one (null at the end). */
export function pageOf<T>(rows: T[], size: number, keyOf: (row: T) => Key) {
  const page = rows.slice(0, size);
  const last = page[page.length - 1];
  return {
    page,
    next: rows.length > size && last ? cursorOf(keyOf(last).at, keyOf(last).id) : null,
  };
}

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
