import { sql } from 'drizzle-orm';
import type { Orm, Tx } from '../db/client';
import { berlinTime } from '../../domain/index';
import { businessNumber } from '../../domain/rules/patterns';

/**
 * The next human-readable number: MK-2026-000042 for contracts, MR-2026-000007 for reservations.
 * A database sequence makes it unique across instances; a number drawn by a job that then finds
 * the work already done is simply skipped (gaps are harmless).
 */
export async function nextNumber(
  db: Orm | Tx,
  kind: 'contract' | 'reservation',
  now: Date,
  sandbox = false,
): Promise<string> {
  // Sandbox applications never use up business numbers (ADR 0712): TEST-MK-2026-000001.
  const seq = sandbox
    ? 'test_number_seq'
    : kind === 'contract'
      ? 'contract_number_seq'
      : 'reservation_number_seq';
  const rows = await db.execute<{ n: string }>(sql`select nextval(${seq}::regclass)::text as n`);
  const n =
    (rows as unknown as { rows?: { n: string }[] }).rows?.[0]?.n ??
    (rows as unknown as { n: string }[])[0]?.n;
  if (!n) throw new Error('sequence returned nothing');
  return businessNumber(kind, berlinTime(now).year, n, sandbox);
}
