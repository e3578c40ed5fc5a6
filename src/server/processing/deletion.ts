import { eq, lt } from 'drizzle-orm';
import { executeSqlIn, type Database } from '../db/client';
import { deletedApplications } from '../db/schema/index';
import type { ProcessingSettings } from './context';

const DAY = 86_400_000;
/** Tombstones (cid hashes only) are kept a year, then a resume link just counts as unknown. */
const tombstoneDays = 365;

/** Applications made with a sandbox key are tests: gone a day after they were made. */
const sandboxRetentionDays = 1;
/** Webhook events (ids and states only) and their delivery log are kept this long. */
const webhookEventDays = 30;

type DeletionReason =
  'days_to_keep_data_exceeded' | 'reservation_expired' | 'declined_retention' | 'sandbox_expired';

export interface DeletionReport {
  days_to_keep_data_exceeded: number;
  reservation_expired: number;
  declined_retention: number;
  sandbox_expired: number;
  tombstonesRemoved: number;
  webhookEventsRemoved: number;
  /** Ended contracts whose retention period is over (ADR 0922), with everything they hold. */
  contractsRetentionEnded: number;
  /** Magic-link tokens that expired or were used. */
  accessTokensRemoved: number;
  /** Letter records older than their six-year retention. */
  lettersRemoved: number;
  /** Rate-limit counters whose window is over (ADR 1114). */
  rateLimitCountersRemoved: number;
  /** Requests for an individual guarantee answered more than DATA_RETENTION_DAYS ago (ADR 0836). */
  guaranteeRequestsRemoved: number;
}

/**
 * Deletion on time (DECISIONS.md, privacy): exactly three kinds of application go, each leaving a
 * tombstone (cid hash and reason, no personal data):
 * - not completed (never submitted) 30 days (DATA_RETENTION_DAYS) after the last change;
 * - accepted reservations not continued within RESERVATION_DAYS after submission (expired);
 * - declined applications DECLINED_RETENTION_DAYS after the decision (the window for asking a
 *   human review).
 * Submitted, pending and active contracts are never deleted here; an ended contract (withdrawn,
 * cancelled, released) goes once its retention (contracts.retain_until, ADR 0922) has passed.
 * Expired or used magic-link tokens go at every run; letter records after six years; rate-limit
 * counters once their window is over.
 * Sandbox applications (partner test keys) go one day after they were made, whatever their state
 * (ADR 0712); webhook events after 30 days. Decisions, documents, e-mail
 * rows and resume links go with the application (ON DELETE CASCADE).
 *
 * In batches of `batchSize` applications, one transaction each (ADR 1004): between two batches the
 * single PGlite connection serves requests again, and no transaction holds thousands of row locks.
 * On the embedded engine a VACUUM follows (PGlite has no autovacuum): the space of the deleted rows
 * and of the day's dead row versions (every save leaves one) is reused instead of growing the files.
 */
export async function runDeletion(
  db: Database,
  settings: Pick<
    ProcessingSettings,
    'dataRetentionDays' | 'reservationDays' | 'declinedRetentionDays'
  >,
  now: Date,
  batchSize = 500,
): Promise<DeletionReport> {
  const report: DeletionReport = {
    days_to_keep_data_exceeded: 0,
    reservation_expired: 0,
    declined_retention: 0,
    sandbox_expired: 0,
    tombstonesRemoved: 0,
    webhookEventsRemoved: 0,
    contractsRetentionEnded: 0,
    accessTokensRemoved: 0,
    lettersRemoved: 0,
    rateLimitCountersRemoved: 0,
    guaranteeRequestsRemoved: 0,
  };
  for (;;) {
    const deleted = await deleteBatch(db, settings, now, batchSize, report);
    if (deleted < batchSize) break;
  }
  await db.transaction(async (tx) => {
    const removed = await tx
      .delete(deletedApplications)
      .where(lt(deletedApplications.deletedAt, new Date(now.getTime() - tombstoneDays * DAY)))
      .returning({ h: deletedApplications.cidHash });
    report.tombstonesRemoved = removed.length;
    const nowIso = now.toISOString();
    const ended = await executeSqlIn(
      tx,
      `DELETE FROM applications WHERE id IN (
         SELECT application_id FROM contracts
         WHERE retain_until IS NOT NULL AND retain_until < ($1::timestamptz AT TIME ZONE 'Europe/Berlin')::date)
       RETURNING id`,
      [nowIso],
    );
    report.contractsRetentionEnded = ended.rows.length;
    const tokens = await executeSqlIn(
      tx,
      `DELETE FROM contract_access_tokens WHERE expires_at < $1::timestamptz OR used_at IS NOT NULL RETURNING token_hash`,
      [nowIso],
    );
    report.accessTokensRemoved = tokens.rows.length;
    // Links of requests made with number and address (ADR 1116); used ones are kept until they
    // expire, so a link clicked twice says "used" rather than "unknown".
    const requests = await executeSqlIn(
      tx,
      'DELETE FROM contract_requests WHERE expires_at < $1::timestamptz RETURNING token_hash',
      [nowIso],
    );
    report.accessTokensRemoved += requests.rows.length;
    await executeSqlIn(
      tx,
      'DELETE FROM contract_session_revocations WHERE expires_at < $1::timestamptz',
      [nowIso],
    );
    const letters = await executeSqlIn(
      tx,
      `DELETE FROM contract_letters
       WHERE date_trunc('year', created_at AT TIME ZONE 'Europe/Berlin') + interval '7 years'
             <= ($1::timestamptz AT TIME ZONE 'Europe/Berlin')
       RETURNING id`,
      [nowIso],
    );
    report.lettersRemoved = letters.rows.length;
    const events = await executeSqlIn(
      tx,
      'DELETE FROM webhook_events WHERE created_at < $1::timestamptz RETURNING id',
      [new Date(now.getTime() - webhookEventDays * DAY).toISOString()],
    );
    report.webhookEventsRemoved = events.rows.length;
    const counters = await executeSqlIn(
      tx,
      'DELETE FROM rate_limit_counters WHERE expires_at < $1::timestamptz RETURNING purpose',
      [nowIso],
    );
    report.rateLimitCountersRemoved = counters.rows.length;
    const guaranteeRequests = await executeSqlIn(
      tx,
      `DELETE FROM guarantee_requests WHERE state = 'answered' AND answered_at < $1::timestamptz
       RETURNING reference`,
      [new Date(now.getTime() - settings.dataRetentionDays * DAY).toISOString()],
    );
    report.guaranteeRequestsRemoved = guaranteeRequests.rows.length;
  });
  if (db.engine === 'pglite') await db.executeSql('VACUUM');
  return report;
}

/** One batch: at most `limit` applications deleted with their tombstones; answers how many. */
async function deleteBatch(
  db: Database,
  settings: Pick<
    ProcessingSettings,
    'dataRetentionDays' | 'reservationDays' | 'declinedRetentionDays'
  >,
  now: Date,
  limit: number,
  report: DeletionReport,
): Promise<number> {
  const before = (days: number) => new Date(now.getTime() - days * DAY).toISOString();
  return db.transaction(async (tx) => {
    const r = await executeSqlIn(
      tx,
      `WITH doomed AS (
         SELECT a.id, a.cid_hash,
           CASE
             WHEN a.sandbox AND a.created_at < $6::timestamptz THEN 'sandbox_expired'
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
            OR (a.sandbox AND a.created_at < $6::timestamptz)
         LIMIT $5
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
        limit,
        before(sandboxRetentionDays),
      ],
    );
    let n = 0;
    for (const row of r.rows) {
      report[row.reason as DeletionReason] += Number(row.n);
      n += Number(row.n);
    }
    return n;
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
