import { and, desc, eq, isNotNull, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../db/client';
import { applications, decisions } from '../db/schema/index';
import { summaryOf } from './cases';
import {
  contractNumberPattern,
  postcodePattern,
  reservationNumberPattern,
} from '../../domain/rules/patterns';

const SEARCH_PAGE = 20;

/** What the search box holds decides where it looks (ADR 1204). */
function condition(q: string): SQL | undefined {
  const v = q.trim();
  if (!v) return undefined;
  const data = sql`${applications.data}`;
  const number = v.toUpperCase();
  if (contractNumberPattern.test(number) || reservationNumberPattern.test(number))
    return eq(decisions.number, number);
  if (/^\d{4}$/.test(v))
    return sql`replace(coalesce(${data}->'bankAccount'->>'iban', ''), ' ', '') like ${`%${v}`}`;
  if (postcodePattern.test(v))
    return sql`(${data}->'object'->'address'->>'zip' = ${v} or ${data}->'firstTenant'->'address'->>'zip' = ${v})`;
  if (v.includes('@')) return sql`lower(${data}->'firstTenant'->>'email') = ${v.toLowerCase()}`;
  const name = `%${v.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return sql`(lower(concat_ws(' ', ${data}->'firstTenant'->>'firstName', ${data}->'firstTenant'->>'lastName')) like ${name}
    or lower(concat_ws(' ', ${data}->'secondTenant'->>'firstName', ${data}->'secondTenant'->>'lastName')) like ${name})`;
}

/** The cursor of a row: its submission time and id (keyset pagination, never an offset). */
const cursorOf = (at: Date, id: string) => `${at.toISOString()}_${id}`;
function readCursor(c: string | undefined): { at: Date; id: string } | undefined {
  const m = /^(\d{4}-\d{2}-\d{2}T[\d:.]+Z)_([0-9a-f-]{36})$/.exec(c ?? '');
  return m ? { at: new Date(m[1]!), id: m[2]! } : undefined;
}

/**
 * Contract search by contract or reservation number, name, e-mail, postcode or the IBAN's last
 * four digits; newest first, 20 at a time, continued after the last row's (submitted_at, id).
 */
export async function searchCases(db: Database, q: string, after?: string, size = SEARCH_PAGE) {
  const where = condition(q);
  if (!where) return { items: [], next: null };
  const cursor = readCursor(after);
  const rows = await db.orm
    .selectDistinctOn([applications.submittedAt, applications.id], {
      app: applications,
      number: decisions.number,
    })
    .from(applications)
    .innerJoin(decisions, eq(decisions.applicationId, applications.id))
    .where(
      and(
        eq(applications.sandbox, false),
        isNotNull(applications.submittedAt),
        where,
        cursor
          ? sql`(${applications.submittedAt}, ${applications.id}) < (${cursor.at.toISOString()}::timestamptz, ${cursor.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(desc(applications.submittedAt), desc(applications.id))
    .limit(size + 1);
  const page = rows.slice(0, size);
  const last = page[page.length - 1];
  return {
    items: page.map(({ app, number }) => ({
      number,
      orderState: app.orderState,
      ...summaryOf(app),
    })),
    next: rows.length > size && last ? cursorOf(last.app.submittedAt!, last.app.id) : null,
  };
}
