import { eq, lt } from 'drizzle-orm';
import { executeSqlIn, type Database } from '../db/client';
import { deletedApplications } from '../db/schema/index';
import type { ProcessingSettings } from './context';

const DAY = 86_400_000;
/** Tombstones (cid hashes only) are kept a year, then a resume link just counts as unknown. */
export const tombstoneDays = 365;

export type DeletionReason =
  'days_to_keep_data_exceeded' | 'reservation_expired' | 'declined_retention';

export interface DeletionReport {
  days_to_keep_data_exceeded: number;
  reservation_expired: number;
  declined_retention: number;
  tombstonesRemoved: number;
}

/**
 * Deletion on time (DECISIONS.md, privacy): exactly three kinds of application go, each leaving a
 * tombstone (cid hash and reason, no personal data):
 * - not completed (never submitted) 30 days (DATA_RETENTION_DAYS) after the last change;
 * - accepted reservations not continued within RESERVATION_DAYS after submission (expired);
 * - declined applications DECLINED_RETENTION_DAYS after the decision (the window for asking a
 *   human review).
 * Submitted, pending and accepted contracts are never deleted here. Decisions, documents, e-mail
 * rows and resume links go with the application (ON DELETE CASCADE).
 */
export async function runDeletion(
  db: Database,
  settings: ProcessingSettings,
  now: Date,
): Promise<DeletionReport> {
  const before = (days: number) => new Date(now.getTime() - days * DAY).toISOString();
  return db.transaction(async (tx) => {
    const r = await executeSqlIn(
      tx,
      `WITH doomed AS (
         SELECT a.id, a.cid_hash,
           CASE
             WHEN a.submitted_at IS NULL THEN 'days_to_keep_data_exceeded'
             WHEN a.order_state = 'declined' THEN 'declined_retention'
             ELSE 'reservation_expired'
           END AS reason
         FROM applications a
         WHERE (a.submitted_at IS NULL AND a.updated_at < $1::timestamptz)
            OR (a.kind = 'reservation' AND a.order_state = 'accepted' AND a.submitted_at < $2::timestamptz)
            OR (a.order_state = 'declined' AND EXISTS (
                 SELECT 1 FROM decisions d
                 WHERE d.application_id = a.id AND d.outcome = 'declined' AND d.decided_at < $3::timestamptz))
         FOR UPDATE OF a SKIP LOCKED
       ), tombs AS (
         INSERT INTO deleted_applications (cid_hash, reason, deleted_at)
         SELECT cid_hash, reason, $4::timestamptz FROM doomed
         ON CONFLICT (cid_hash) DO UPDATE SET reason = excluded.reason, deleted_at = excluded.deleted_at
       ), gone AS (
         DELETE FROM applications WHERE id IN (SELECT id FROM doomed) RETURNING id
       )
       SELECT d.reason, count(*)::int AS n FROM doomed d JOIN gone g ON g.id = d.id GROUP BY d.reason`,
      [
        before(settings.dataRetentionDays),
        before(settings.reservationDays),
        before(settings.declinedRetentionDays),
        now.toISOString(),
      ],
    );
    const report: DeletionReport = {
      days_to_keep_data_exceeded: 0,
      reservation_expired: 0,
      declined_retention: 0,
      tombstonesRemoved: 0,
    };
    for (const row of r.rows) report[row.reason as DeletionReason] = Number(row.n);
    const removed = await tx
      .delete(deletedApplications)
      .where(lt(deletedApplications.deletedAt, new Date(now.getTime() - tombstoneDays * DAY)))
      .returning({ h: deletedApplications.cidHash });
    report.tombstonesRemoved = removed.length;
    return report;
  });
}

/**
 * Why a cid's application no longer exists, for the load endpoint: the /error key to answer, or
 * undefined when there never was one (or the tombstone has expired too).
 */
export async function deletedReason(
  db: Database,
  cidHash: string,
): Promise<'days_to_keep_data_exceeded' | 'reservation_expired' | undefined> {
  const row = (
    await db.orm.select().from(deletedApplications).where(eq(deletedApplications.cidHash, cidHash))
  )[0];
  if (!row) return undefined;
  return row.reason === 'reservation_expired'
    ? 'reservation_expired'
    : 'days_to_keep_data_exceeded';
}
