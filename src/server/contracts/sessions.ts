import { and, eq, gt } from 'drizzle-orm';
import type { Clock } from '../clock';
import type { Database } from '../db/client';
import { contractSessionRevocations } from '../db/schema/index';
import { readSession, sha256 } from './credentials';

/**
 * The contract page's session cookie (ADR 0923) with a server-side end (ADR 1120): valid when its
 * signature and expiry hold and it has not been revoked by "Abmelden".
 */
export class ContractSessions {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly secret: string,
  ) {}

  /** The contract of a valid, unrevoked session value (else undefined). */
  async contractOf(value: string | undefined): Promise<string | undefined> {
    if (!value) return undefined;
    const now = this.clock.now();
    const id = readSession(this.secret, value, now.getTime());
    if (!id) return undefined;
    const revoked = await this.db.orm
      .select({ h: contractSessionRevocations.sessionHash })
      .from(contractSessionRevocations)
      .where(
        and(
          eq(contractSessionRevocations.sessionHash, sha256(value)),
          gt(contractSessionRevocations.expiresAt, now),
        ),
      );
    return revoked.length === 0 ? id : undefined;
  }

  /** Ends a session for good, until its cookie would have expired anyway. */
  async revoke(value: string | undefined): Promise<void> {
    if (!value || !readSession(this.secret, value, this.clock.now().getTime())) return;
    const expiresMs = Number(value.split('.')[1]);
    await this.db.orm
      .insert(contractSessionRevocations)
      .values({ sessionHash: sha256(value), expiresAt: new Date(expiresMs) })
      .onConflictDoNothing();
  }
}
