import { and, desc, eq, inArray, isNotNull, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../db/client';
import { applications, decisions, staffSearchTerms } from '../db/schema/index';
import { summaryOf } from './cases';
import {
  contractNumberPattern,
  postcodePattern,
  reservationNumberPattern,
} from '../../domain/rules/patterns';
import { cursorOf, readCursor } from '../db/keyset';

const SEARCH_PAGE = 20;

const escapeLike = (v: string) => v.replace(/[\\%_]/g, (c) => `\\${c}`);

type Query = { number: string } | { term: SQL };

/**
 * What the search box holds decides where it looks (ADR 1204). Everything but a number reads
 * the terms index (ADR 1271): e-mail, IBAN tail and postcode by equality, a name by the prefix
 * of a name word or of the whole name ("max must", "muster", "anna").
 */
function queryOf(q: string): Query | undefined {
  const v = q.trim().toLowerCase().replace(/\s+/g, ' ');
  if (!v) return undefined;
  const number = v.toUpperCase();
  if (contractNumberPattern.test(number) || reservationNumberPattern.test(number))
    return { number };
  const term = staffSearchTerms.term;
  if (/^\d{4}$/.test(v)) return { term: eq(term, `i:${v}`) };
  if (postcodePattern.test(v)) return { term: eq(term, `z:${v}`) };
  if (v.includes('@')) return { term: eq(term, `e:${v}`) };
  return { term: sql`${term} like ${`n:${escapeLike(v)}%`}` };
}

/** One page of matching application ids, newest first, from the terms index alone. */
async function hits(
  db: Database,
  term: SQL,
  cursor: { at: Date; id: string } | undefined,
  n: number,
) {
  const t = staffSearchTerms;
  // An application can match by several name words: one row each, then the page. Grouped in
  // the order of the page, so that for a common term PostgreSQL can walk the index
  // staff_search_terms_newest_idx newest first and stop after the page (ADR 1326), while a
  // rare one is read from the term index and its few rows sorted.
  return db.orm
    .select({ id: t.applicationId, at: t.submittedAt })
    .from(t)
    .where(
      and(
        term,
        cursor
          ? sql`(${t.submittedAt}, ${t.applicationId}) < (${cursor.at.toISOString()}::timestamptz, ${cursor.id}::uuid)`
          : undefined,
      ),
    )
    .groupBy(t.submittedAt, t.applicationId)
    .orderBy(desc(t.submittedAt), desc(t.applicationId))
    .limit(n);
}

/**
 * Contract search by contract or reservation number, name, e-mail, postcode or the IBAN's last
 * four digits; newest first, 20 at a time, continued after the last row's (submitted_at, id).
 * The page is found in the terms index; only its rows are read from the applications.
 */
export async function searchCases(db: Database, q: string, after?: string, size = SEARCH_PAGE) {
  const query = queryOf(q);
  if (!query) return { items: [], next: null };
  const cursor = readCursor(after);
  const found = 'number' in query ? undefined : await hits(db, query.term, cursor, size + 1);
  const ids = found?.slice(0, size).map((h) => h.id);
  if (ids?.length === 0) return { items: [], next: null };
  const where: SQL | undefined =
    'number' in query ? eq(decisions.number, query.number) : inArray(applications.id, ids!);
  const rows = await db.orm
    .selectDistinctOn([applications.submittedAt, applications.id], {
      app: applications,
      number: decisions.number,
    })
    .from(applications)
    .innerJoin(decisions, eq(decisions.applicationId, applications.id))
    .where(and(eq(applications.sandbox, false), isNotNull(applications.submittedAt), where))
    .orderBy(desc(applications.submittedAt), desc(applications.id));
  // The key of the next page is the last hit's, even when that hit has no decision yet.
  const last = found && found.length > size ? found[size - 1] : undefined;
  return {
    items: rows.slice(0, size).map(({ app, number }) => ({
      number,
      orderState: app.orderState,
      ...summaryOf(app),
    })),
    next: last ? cursorOf(last.at, last.id) : null,
  };
}
