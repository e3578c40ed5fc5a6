import { and, eq, isNull, sql } from 'drizzle-orm';
import { executeSqlIn, type Database, type Tx } from '../db/client';
import {
  applications,
  contracts,
  deletedApplications,
  type ApplicationRow,
} from '../db/schema/index';
import type { ContractStatus } from '../../domain/index';
import { hashCid } from './cid';

export type ApplicationKind = 'contract' | 'reservation';

/** The columns the state poll reads (ApplicationStore.statusByCid), the form's objective only. */
export type StatusRow = Pick<
  ApplicationRow,
  | 'id'
  | 'kind'
  | 'orderState'
  | 'orderId'
  | 'contractState'
  | 'rateCents'
  | 'digital'
  | 'partnerCode'
  | 'subPartnerCode'
  | 'submittedAt'
  | 'reservedAt'
  | 'data'
> & { contractStatus: ContractStatus | null };

/** Storage of applications by cid (only its hash reaches the database). */
/** What a save writes: the same on the first save (insert) and on every later one (update). */
interface EditableValues {
  data: unknown;
  reachedSteps: string[];
  contractState?: string | null;
  partnerCode?: string | null;
  subPartnerCode?: string | null;
  captchaVerified?: boolean;
  now: Date;
}

export class ApplicationStore {
  /**
   * The lookup every load and save starts with, built once (ADR 0601): drizzle otherwise rebuilds
   * the SQL text on every call, a visible share of a save's CPU.
   */
  private readonly byCidHash;

  /**
   * The state poll's lookup (GET /api/application/state, once a second per waiting browser, ADR
   * 1357): only the columns the answer reads, of the form only its objective, and the contract's
   * status in the same statement, instead of the whole row (every group of the form) and a
   * second query for the contract.
   */
  private readonly statusByCidHash;

  constructor(private readonly db: Database) {
    this.byCidHash = db.orm
      .select()
      .from(applications)
      .where(eq(applications.cidHash, sql.placeholder('cidHash')))
      .limit(1)
      .prepare('applications_by_cid_hash');
    this.statusByCidHash = db.orm
      .select({
        id: applications.id,
        kind: applications.kind,
        orderState: applications.orderState,
        orderId: applications.orderId,
        contractState: applications.contractState,
        rateCents: applications.rateCents,
        digital: applications.digital,
        partnerCode: applications.partnerCode,
        subPartnerCode: applications.subPartnerCode,
        submittedAt: applications.submittedAt,
        reservedAt: applications.reservedAt,
        // A form without an objective group reads as before: the group's defaults (storedModel.ts).
        data: sql<unknown>`CASE WHEN ${applications.data} ? 'objective' THEN jsonb_build_object('objective', ${applications.data}->'objective') ELSE '{}'::jsonb END`,
        contractStatus: sql<ContractStatus | null>`(SELECT ${contracts.status} FROM ${contracts} WHERE ${contracts.applicationId} = ${applications.id} LIMIT 1)`,
      })
      .from(applications)
      .where(eq(applications.cidHash, sql.placeholder('cidHash')))
      .limit(1)
      .prepare('applications_status_by_cid_hash');
  }

  /** What the state poll answers from (statusByCidHash above), or undefined. */
  async statusByCid(cid: string): Promise<StatusRow | undefined> {
    return (await this.statusByCidHash.execute({ cidHash: hashCid(cid) }))[0];
  }

  async findByCid(cid: string, tx?: Tx): Promise<ApplicationRow | undefined> {
    if (!tx) return (await this.byCidHash.execute({ cidHash: hashCid(cid) }))[0];
    const rows = await tx
      .select()
      .from(applications)
      .where(eq(applications.cidHash, hashCid(cid)))
      .limit(1);
    return rows[0];
  }

  /** Why a cid's application was deleted (processing's tombstones), if it was. */
  async deletionReason(cid: string): Promise<string | undefined> {
    const rows = await this.db.orm
      .select({ reason: deletedApplications.reason })
      .from(deletedApplications)
      .where(eq(deletedApplications.cidHash, hashCid(cid)))
      .limit(1);
    return rows[0]?.reason;
  }

  async insert(
    values: EditableValues & { cid: string; kind: ApplicationKind; sandbox?: boolean },
    tx?: Tx,
  ): Promise<ApplicationRow> {
    const rows = await (tx ?? this.db.orm)
      .insert(applications)
      .values({
        cidHash: hashCid(values.cid),
        kind: values.kind,
        data: values.data,
        reachedSteps: values.reachedSteps,
        contractState: values.contractState ?? null,
        partnerCode: values.partnerCode ?? null,
        subPartnerCode: values.subPartnerCode ?? null,
        captchaVerifiedAt: values.captchaVerified ? values.now : null,
        sandbox: values.sandbox ?? false,
        createdAt: values.now,
        updatedAt: values.now,
      })
      .returning();
    return rows[0]!;
  }

  /**
   * Saves edits; refuses (returns undefined) once the application has been submitted. One
   * statement, atomic on its own; it answers only the id (the caller has the data already). Plain
   * SQL: drizzle's builder spent ~12 % of a save's CPU composing this statement (ADR 0601).
   */
  async updateEditable(
    id: string,
    values: EditableValues,
    tx?: Tx,
  ): Promise<{ id: string } | undefined> {
    const params: unknown[] = [
      id,
      JSON.stringify(values.data),
      JSON.stringify(values.reachedSteps),
      values.now.toISOString(),
    ];
    const sets = ['data = $2::jsonb', 'reached_steps = $3::jsonb', 'updated_at = $4::timestamptz'];
    const optional = (column: string, value: string | null | undefined) => {
      if (value === undefined) return;
      params.push(value);
      sets.push(`${column} = $${params.length}::text`);
    };
    optional('contract_state', values.contractState);
    optional('partner_code', values.partnerCode);
    optional('sub_partner_code', values.subPartnerCode);
    if (values.captchaVerified) sets.push('captcha_verified_at = $4::timestamptz');
    const text =
      `UPDATE applications SET ${sets.join(', ')} ` +
      'WHERE id = $1::uuid AND submitted_at IS NULL RETURNING id';
    const r = tx ? await executeSqlIn(tx, text, params) : await this.db.executeSql(text, params);
    const row = r.rows[0];
    return row ? { id: String(row.id) } : undefined;
  }

  /** An accepted reservation becomes a contract application the tenant completes (same cid). */
  async convertReservation(tx: Tx, id: string, now: Date): Promise<void> {
    await tx
      .update(applications)
      .set({
        kind: 'contract',
        contractState: 'not_completed_reservation',
        orderState: null,
        submittedAt: null,
        reservedAt: now,
        updatedAt: now,
      })
      .where(and(eq(applications.id, id), eq(applications.kind, 'reservation')));
  }

  /**
   * The final submission's guard: only the one call that flips submitted_at from NULL wins, so a
   * repeated or concurrent submission can never create a second contract.
   */
  async markSubmitted(
    tx: Tx,
    id: string,
    values: {
      data: unknown;
      reachedSteps: string[];
      kind?: ApplicationKind;
      partnerCode?: string | null;
      subPartnerCode?: string | null;
      captchaVerified?: boolean;
      now: Date;
    },
  ): Promise<ApplicationRow | undefined> {
    const rows = await tx
      .update(applications)
      .set({
        data: values.data,
        reachedSteps: values.reachedSteps,
        ...(values.kind ? { kind: values.kind } : {}),
        ...(values.partnerCode !== undefined ? { partnerCode: values.partnerCode } : {}),
        ...(values.subPartnerCode !== undefined ? { subPartnerCode: values.subPartnerCode } : {}),
        ...(values.captchaVerified ? { captchaVerifiedAt: values.now } : {}),
        orderState: 'submitted',
        submittedAt: values.now,
        updatedAt: values.now,
      })
      .where(and(eq(applications.id, id), isNull(applications.submittedAt)))
      .returning();
    return rows[0];
  }

  async count(): Promise<number> {
    const r = await this.db.orm.select({ n: sql<number>`count(*)::int` }).from(applications);
    return r[0]?.n ?? 0;
  }
}
