import { index, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { ofApplication } from './columns';

/**
 * The staff search's index (ADR 1271): normalised terms of every submitted, live application,
 * one row per term, kept by a trigger on `applications` (custom migration) so no code path can
 * forget it. A term names its kind: `n:` a name word or whole name, `e:` the e-mail address,
 * `i:` the IBAN's last four digits, `z:` a postcode, all lower case. Plain btree indexes (no
 * extension), so PGlite and PostgreSQL answer the same way: equality for e-mail, IBAN tail and
 * postcode, prefix (`LIKE 'n:mül%'`, text_pattern_ops) for names.
 */
export const staffSearchTerms = pgTable(
  'staff_search_terms',
  {
    applicationId: ofApplication(),
    term: text('term').notNull(),
    /** The application's submitted_at: the order of the results and the key of their pages. */
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.applicationId, t.term] }),
    index('staff_search_terms_term_idx').on(
      t.term.op('text_pattern_ops'),
      t.submittedAt,
      t.applicationId,
    ),
    // Newest first with the term at hand: a common name's first page without sorting all its
    // matches (ADR 1326).
    index('staff_search_terms_newest_idx').on(
      // NULLS FIRST as PostgreSQL's own DESC, so the index serves `ORDER BY ... DESC`.
      t.submittedAt.desc().nullsFirst(),
      t.applicationId.desc().nullsFirst(),
      t.term,
    ),
  ],
);
