import type { Database } from '../db/client';
import type { Clock } from '../clock';
import { hashCid } from './cid';

/** Longest product name kept; a longer one is cut, never refused (the page names it, not the tenant). */
const productSelectionMax = 60;

/**
 * The page-global product selection an application began with (spec §7, ADR 0831): the first one
 * named is kept, later ones do not replace it (like the first known partner code, ADR 0700).
 */
export class ProductSelectionStore {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
  ) {}

  async recordFirst(applicationId: string, product: string, now: Date): Promise<void> {
    const value = product.trim().slice(0, productSelectionMax);
    if (!value) return;
    await this.db.executeSql(
      `INSERT INTO application_products (application_id, product_selection, created_at)
       VALUES ($1::uuid, $2, $3::timestamptz) ON CONFLICT (application_id) DO NOTHING`,
      [applicationId, value, now.toISOString()],
    );
  }

  /** The same for the application of a cid (the uce checkout-step call names the cid). */
  async recordFirstForCid(cid: string, product: string): Promise<void> {
    const value = product.trim().slice(0, productSelectionMax);
    if (!value || !cid) return;
    await this.db.executeSql(
      `INSERT INTO application_products (application_id, product_selection, created_at)
       SELECT id, $2, $3::timestamptz FROM applications WHERE cid_hash = $1
       ON CONFLICT (application_id) DO NOTHING`,
      [hashCid(cid), value, this.clock.now().toISOString()],
    );
  }

  async of(applicationId: string): Promise<string | undefined> {
    const r = await this.db.executeSql(
      'SELECT product_selection FROM application_products WHERE application_id = $1::uuid',
      [applicationId],
    );
    const v = r.rows[0]?.product_selection;
    return typeof v === 'string' ? v : undefined;
  }
}
