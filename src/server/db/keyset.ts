import { asc, desc, sql, type AnyColumn, type SQL } from 'drizzle-orm';

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

export const cursorPattern = /^(\d{4}-\d{2}-\d{2}T[\d:.]+Z)_([0-9a-f-]{36})$/;

export function readCursor(c: string | undefined): Key | undefined {
  const m = cursorPattern.exec(c ?? '');
  return m ? { at: new Date(m[1]!), id: m[2]! } : undefined;
}

/** Rows after the key in the list's direction (ascending lists go on upwards). */
function afterKey(
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

/**
 * One page of a list ordered by (`at`, `id`): the condition to AND with the list's own filter,
 * the order, the limit (one row more than the page, to know whether another follows) and the
 * page cut from the fetched rows. Every paged list uses it, so the rule is written once:
 * `.where(and(filter, k.after)).orderBy(...k.orderBy).limit(k.limit)`, then `k.page(rows, keyOf)`.
 */
export function keyset(
  at: AnyColumn,
  id: AnyColumn,
  direction: 'asc' | 'desc',
  after: string | undefined,
  size: number,
) {
  const by = direction === 'asc' ? asc : desc;
  return {
    after: afterKey(at, id, readCursor(after), direction),
    orderBy: [by(at), by(id)] as const,
    limit: size + 1,
    page: <T>(rows: T[], keyOf: (row: T) => Key) => pageOf(rows, size, keyOf),
  };
}
