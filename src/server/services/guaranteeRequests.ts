import { randomBytes } from 'node:crypto';
import type { Clock } from '../clock';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { pageOf, QUEUE_PAGE, readCursor } from '../db/keyset';
import type { Mailer } from '../mail/index';
import { guaranteeRequestMail } from '../mail/templates';
import {
  readGuaranteeRequest,
  type GuaranteeRequestErrors,
  type GuaranteeRequestField,
} from '../../domain/requests/guaranteeRequest';
import type { OpenGuaranteeRequest } from '../../domain/requests/openRequest';
import type { ListPage } from '../../domain/staff/listPage';
import { guaranteeRequestReference } from '../../domain/rules/patterns';

/** A request reference with 12 random hex digits (48 bits; the column is unique). */
const newReference = () => guaranteeRequestReference(randomBytes(6).toString('hex'));

/**
 * Requests for an individual digital guarantee above the online maximum (spec §2 /start, ADR
 * 0836): checked with the domain's rules, stored for the staff who answer them, confirmed to the
 * tenant by e-mail (spooled and retried like every mail).
 */
export class GuaranteeRequestService {
  constructor(
    private readonly deps: { db: Database; mailer: Mailer; clock: Clock; config: Config },
  ) {}

  async create(
    input: Partial<Record<GuaranteeRequestField, unknown>>,
  ): Promise<{ reference: string } | { errors: GuaranteeRequestErrors }> {
    const read = readGuaranteeRequest(input, { reconfigured: this.deps.config.reconfigured });
    if (read.errors) return { errors: read.errors };
    const r = read.request;
    const reference = newReference();
    await this.deps.db.executeSql(
      `INSERT INTO guarantee_requests
         (reference, amount_cents, name, email, phone, message, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7::timestamptz)`,
      [
        reference,
        Math.round(r.amount * 100),
        r.name,
        r.email,
        r.phone ?? null,
        r.message ?? null,
        this.deps.clock.now().toISOString(),
      ],
    );
    const mail = guaranteeRequestMail({
      name: r.name,
      reference,
      amount: r.amount,
      deleteAfterDays: this.deps.config.dataRetentionDays,
    });
    await this.deps.mailer.send({ to: r.email, ...mail });
    return { reference };
  }
}

/** The open requests, oldest first: what the back office lists for staff to answer. */
export async function openGuaranteeRequests(
  db: Database,
  after?: string,
  size = QUEUE_PAGE,
): Promise<ListPage<OpenGuaranteeRequest>> {
  // Keyset on (created, id), oldest first (ADR 1271): a page continues after the last row.
  const key = readCursor(after);
  const r = await db.executeSql(
    `SELECT id, reference, amount_cents, name, email, phone, message, created_at
         FROM guarantee_requests
        WHERE state = 'open' AND ($1::timestamptz IS NULL OR (created_at, id) > ($1, $2::uuid))
        ORDER BY created_at, id LIMIT $3`,
    [key?.at.toISOString() ?? null, key?.id ?? null, size + 1],
  );
  const { page, next } = pageOf(r.rows, size, (row) => ({
    at: new Date(row.created_at as string),
    id: String(row.id),
  }));
  return {
    next,
    items: page.map((row) => ({
      reference: String(row.reference),
      amountCents: Number(row.amount_cents),
      name: String(row.name),
      email: String(row.email),
      phone: (row.phone as string | null) ?? null,
      message: (row.message as string | null) ?? null,
      state: 'open' as const,
      createdAt: new Date(row.created_at as string).toISOString(),
    })),
  };
}
