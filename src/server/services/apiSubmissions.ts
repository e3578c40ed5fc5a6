import { executeSqlIn, type Database, type Tx } from '../db/client';
import type { PartnerCaller } from '../partnerApi/keys';

/**
 * What authenticated partner calls added to an application (table api_submissions): the key, the
 * product, the consents the partner asserted (with the time of the first assertion) and the
 * defaults applied (ADR 0711). One row per application, updated by every partner save.
 */
export class ApiSubmissionStore {
  constructor(private readonly db: Database) {}

  /** The fields an earlier partner save filled with a default (they are computed afresh). */
  async defaultedOf(applicationId: string): Promise<string[]> {
    const r = await this.db.executeSql(
      'SELECT defaulted FROM api_submissions WHERE application_id = $1::uuid',
      [applicationId],
    );
    const value = r.rows[0]?.defaulted;
    return Array.isArray(value) ? value.filter((x): x is string => typeof x === 'string') : [];
  }

  /** The partner whose key made (or last saved) the application; undefined for a browser draft. */
  async partnerOf(applicationId: string): Promise<string | undefined> {
    const r = await this.db.executeSql(
      'SELECT partner_code FROM api_submissions WHERE application_id = $1::uuid',
      [applicationId],
    );
    const code = r.rows[0]?.partner_code;
    return typeof code === 'string' ? code : undefined;
  }

  async record(
    values: {
      applicationId: string;
      caller: PartnerCaller;
      product: string | undefined;
      asserted: readonly string[];
      defaulted: readonly string[];
      now: Date;
    },
    tx?: Tx,
  ): Promise<void> {
    const at = values.now.toISOString();
    const asserted = Object.fromEntries(values.asserted.map((p) => [p, at]));
    const params = [
      values.applicationId,
      values.caller.keyId,
      values.caller.partnerCode,
      values.caller.sandbox,
      values.product ?? null,
      JSON.stringify(asserted),
      JSON.stringify(values.defaulted),
      at,
    ];
    // An earlier assertion keeps its time (the right-hand side of || wins for equal keys).
    const text = `INSERT INTO api_submissions
        (application_id, key_id, partner_code, sandbox, product, asserted_consents, defaulted,
         created_at, updated_at)
      VALUES ($1::uuid, $2::uuid, $3, $4, $5, $6::jsonb, $7::jsonb, $8::timestamptz, $8::timestamptz)
      ON CONFLICT (application_id) DO UPDATE SET
        key_id = excluded.key_id,
        product = COALESCE(excluded.product, api_submissions.product),
        asserted_consents = excluded.asserted_consents || api_submissions.asserted_consents,
        defaulted = excluded.defaulted,
        updated_at = excluded.updated_at`;
    if (tx) await executeSqlIn(tx, text, params);
    else await this.db.executeSql(text, params);
  }
}
