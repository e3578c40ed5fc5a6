import { sql, type AnyColumn, type SQL } from 'drizzle-orm';

/** A PostgreSQL array literal of strings, each quoted (commas, quotes, backslashes safe). */
const arrayLiteral = (values: readonly string[]) =>
  `{${values.map((v) => `"${v.replace(/["\\]/g, '\\$&')}"`).join(',')}}`;

/**
 * `column = any($1::uuid[])`: a page of ids as ONE bound parameter (ADR 1400). drizzle's
 * `inArray` binds every id on its own (`IN ($1, ..., $500)`): for a page of 500 the query
 * builder, PGlite's protocol and the database's bind step each handle 500 parameters, and every
 * page size is another statement text, never one prepared statement. Same rows, same plan.
 */
export const anyUuid = (column: AnyColumn, ids: readonly string[]): SQL =>
  sql`${column} = any(${arrayLiteral(ids)}::uuid[])`;

/** The same for text keys (mandate references). */
export const anyText = (column: AnyColumn, values: readonly string[]): SQL =>
  sql`${column} = any(${arrayLiteral(values)}::text[])`;
