import { createHash, randomBytes } from 'node:crypto';
import { and, asc, eq, isNull, like, or } from 'drizzle-orm';
import type { Clock } from '../clock';
import type { Database } from '../db/client';
import { partnerKeys, partners, type PartnerKeyRow } from '../db/schema/index';

/** Who is calling, once a Bearer key was accepted. */
export interface PartnerCaller {
  keyId: string;
  partnerCode: string;
  sandbox: boolean;
  prefix: string;
}

export class PartnerKeyError extends Error {}

/** Keys are 256 random bits: one SHA-256 is enough to keep them unusable in a dump (ADR 0710). */
export const hashKey = (key: string): string => createHash('sha256').update(key).digest('hex');

const keyPattern = /^mk_(live|test)_[A-Za-z0-9_-]{43}$/;
const prefixLength = 12;

/** Partner API keys: created and revoked by a command, checked on every authenticated call. */
export class PartnerKeyService {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
  ) {}

  /** A new key for an existing partner; the key itself is returned once and never stored. */
  async create(
    partnerCode: string,
    opts: { sandbox: boolean },
  ): Promise<{ key: string; row: PartnerKeyRow }> {
    const partner = (
      await this.db.orm.select().from(partners).where(eq(partners.code, partnerCode)).limit(1)
    )[0];
    if (!partner)
      throw new PartnerKeyError(
        `Unbekannter Partnercode: ${partnerCode} (Partner mit npm run import:partners anlegen; die Beispielpartner lädt der erste Serverstart)`,
      );
    const key = `mk_${opts.sandbox ? 'test' : 'live'}_${randomBytes(32).toString('base64url')}`;
    const rows = await this.db.orm
      .insert(partnerKeys)
      .values({
        partnerCode,
        prefix: key.slice(0, prefixLength),
        keyHash: hashKey(key),
        sandbox: opts.sandbox,
        createdAt: this.clock.now(),
      })
      .returning();
    return { key, row: rows[0]! };
  }

  async list(partnerCode?: string): Promise<PartnerKeyRow[]> {
    return this.db.orm
      .select()
      .from(partnerKeys)
      .where(partnerCode ? eq(partnerKeys.partnerCode, partnerCode) : undefined)
      .orderBy(asc(partnerKeys.partnerCode), asc(partnerKeys.createdAt));
  }

  /** Revokes by id or by the shown prefix (must name exactly one key). */
  async revoke(idOrPrefix: string): Promise<PartnerKeyRow> {
    const isUuid = /^[0-9a-f-]{36}$/i.test(idOrPrefix);
    const found = await this.db.orm
      .select()
      .from(partnerKeys)
      .where(
        isUuid
          ? eq(partnerKeys.id, idOrPrefix)
          : or(eq(partnerKeys.prefix, idOrPrefix), like(partnerKeys.prefix, `${idOrPrefix}%`)),
      );
    if (found.length === 0) throw new PartnerKeyError(`Kein Schlüssel ${idOrPrefix} gefunden.`);
    if (found.length > 1)
      throw new PartnerKeyError(
        `${idOrPrefix} passt zu mehreren Schlüsseln; bitte die Id angeben.`,
      );
    const row = found[0]!;
    if (row.revokedAt) return row;
    const updated = await this.db.orm
      .update(partnerKeys)
      .set({ revokedAt: this.clock.now() })
      .where(eq(partnerKeys.id, row.id))
      .returning();
    return updated[0]!;
  }

  /** The caller of a presented key, or undefined (unknown, malformed or revoked). */
  async authenticate(key: string): Promise<PartnerCaller | undefined> {
    if (!keyPattern.test(key)) return undefined;
    const row = (
      await this.db.orm
        .select()
        .from(partnerKeys)
        .where(and(eq(partnerKeys.keyHash, hashKey(key)), isNull(partnerKeys.revokedAt)))
        .limit(1)
    )[0];
    if (!row) return undefined;
    this.touch(row.id);
    return {
      keyId: row.id,
      partnerCode: row.partnerCode,
      sandbox: row.sandbox,
      prefix: row.prefix,
    };
  }

  private readonly touched = new Map<string, number>();

  /** last_used_at for the list, written at most once a minute per key and never awaited. */
  private touch(id: string): void {
    const now = this.clock.now();
    if (now.getTime() - (this.touched.get(id) ?? 0) < 60_000) return;
    this.touched.set(id, now.getTime());
    this.db.orm
      .update(partnerKeys)
      .set({ lastUsedAt: now })
      .where(eq(partnerKeys.id, id))
      .catch(() => undefined);
  }
}
